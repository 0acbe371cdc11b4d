"""``trucker studio``: its refusals are one line and exit 2; started for real, it serves the
shipyard on the port it was given and stops on SIGINT."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.cli.invoke import run_main


def test_help_teaches(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "studio", "--help")
    assert run.code == 0
    assert "Example: trucker studio my-ships/" in run.stdout
    assert "--host" in run.stdout and "--no-browser" in run.stdout


def test_not_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "studio", str(tmp_path / "nowhere"), "--no-browser")
    assert run.code == 2
    assert run.err_lines == [f"{tmp_path / 'nowhere'}: not a folder: give a folder of ship files"]


def test_a_token_is_for_another_host(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "studio", str(tmp_path), "--token", "x" * 20, "--no-browser")
    assert run.code == 2
    assert "a token is for --host" in run.stderr


def test_a_port_in_use_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        run = run_main(capsys, "studio", str(tmp_path), "--port", str(port), "--no-browser")
    assert run.code == 2
    assert run.err_lines == [f"trucker studio: port {port} is in use: try --port {port + 1}"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_server_serves_and_stops(tmp_path: Path) -> None:
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trucker",
            "studio",
            str(tmp_path),
            "--port",
            str(port),
            "--no-browser",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        url = f"http://127.0.0.1:{port}/?format=json"
        for _ in range(100):
            try:
                with urllib.request.urlopen(url, timeout=2) as answer:
                    data = json.load(answer)
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the studio did not answer")
        assert data["answer"]["verdict"] == "legal"
        # a page with the file open hears of every save of it (server-sent events)
        events = urllib.request.urlopen(
            f"http://127.0.0.1:{port}/events/file%3Anew.toml", timeout=10
        )
        assert events.readline() == b": listening\n"
        saved = urllib.request.Request(
            f"http://127.0.0.1:{port}/files/save",
            json.dumps(
                {"path": "new.toml", "ship": data["answer"]["ship"], "version": None}
            ).encode(),
            {"content-type": "application/json"},
        )
        with urllib.request.urlopen(saved, timeout=10) as answer:
            version = json.load(answer)["version"]
        assert events.readline() == b"\n"
        heard = events.readline().decode()
        assert json.loads(heard.removeprefix("data: ")) == {"path": "new.toml", "version": version}
        events.close()
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert f"serving {tmp_path.resolve()} at http://127.0.0.1:{port}/" in out
    assert process.returncode in (0, 130), err


def test_beyond_loopback_the_start_up_line_gives_the_token(tmp_path: Path) -> None:
    port = _free_port()
    command = [sys.executable, "-m", "trucker", "studio", str(tmp_path), "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--host", "127.0.0.2", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        second = process.stdout.readline()
        token = first.split("?token=")[1].strip()
        assert first.startswith(
            f"trucker studio: serving {tmp_path.resolve()} at http://127.0.0.2:"
        )
        assert second == (
            f"listening on 127.0.0.2: other devices open http://127.0.0.2:{port}/?token={token} "
            "(the token is required)\n"
        )
        base = f"http://127.0.0.2:{port}/?format=json"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base, timeout=10)
        assert refused.value.code == 403
        with urllib.request.urlopen(f"{base}&token={token}", timeout=10) as answer:
            assert json.load(answer)["answer"]["verdict"] == "legal"
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)


def test_two_tabs_saving_one_file_at_once_lose_nothing(tmp_path: Path) -> None:
    """Both save the version they opened: one is written, the other is told of the conflict
    (and shown the file as the first left it), never a silent overwrite."""
    import shutil
    from concurrent.futures import ThreadPoolExecutor

    from tests.conftest import SCENARIOS

    shutil.copy(SCENARIOS / "ships" / "class-iii-cruiser.toml", tmp_path / "cruiser.toml")
    port = _free_port()
    command = [sys.executable, "-m", "trucker", "studio", str(tmp_path), "--port", str(port)]
    process = subprocess.Popen([*command, "--no-browser"], stdout=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        assert process.stdout is not None
        process.stdout.readline()
        with urllib.request.urlopen(f"{base}/?file=cruiser.toml&format=json", timeout=30) as got:
            opened = json.load(got)

        def save(name: str) -> int:
            ship = {**opened["answer"]["ship"], "name": name}
            body = {"path": "cruiser.toml", "ship": ship, "version": opened["file"]["version"]}
            request = urllib.request.Request(
                f"{base}/files/save",
                json.dumps(body).encode(),
                {"content-type": "application/json"},
            )
            try:
                with urllib.request.urlopen(request, timeout=60) as answer:
                    return int(answer.status)
            except urllib.error.HTTPError as refused:
                return int(refused.code)

        with ThreadPoolExecutor(2) as pool:
            codes = sorted(pool.map(save, ["First", "Second"]))
        assert codes == [200, 409]
        text = (tmp_path / "cruiser.toml").read_text(encoding="utf-8")
        assert ('name = "First"' in text) != ('name = "Second"' in text)
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
