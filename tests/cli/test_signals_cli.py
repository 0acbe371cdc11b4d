"""SIGTERM stops a long run as Ctrl-C does (issue 24 D): ``odds`` and ``weigh`` flying in
worker processes end them, leak nothing, print what was flown marked partial (a ``weigh``
picture says so too) and exit with the shell's code for the signal. Sent to the command alone
(``kill PID``) or to its whole process group (a batch system, ``kill -TERM -PGID``)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS

CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")
STARTER = str(SCENARIOS / "ships" / "class-i-starter.toml")


def _children(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []


def _stop_midway(args: list[str], sent: int, *, group: bool, workers: int = 2) -> tuple:
    """Start ``trucker ARGS``, wait until its workers fly, send it ``sent``; its exit code,
    stdout and stderr."""
    child = subprocess.Popen(
        [sys.executable, "-m", "trucker", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while len(_children(child.pid)) < workers + 1 and time.monotonic() < deadline:
        time.sleep(0.2)  # the workers and multiprocessing's resource tracker
    time.sleep(3)
    started = _children(child.pid)
    if group:
        os.killpg(child.pid, sent)
    else:
        child.send_signal(sent)
    try:
        out, err = child.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        for pid in [child.pid, *map(int, started)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        child.communicate()
        pytest.fail(f"trucker {args[0]} did not stop within 120 s of {signal.Signals(sent).name}")
    return child.returncode, out, err


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc for the workers")
@pytest.mark.parametrize("group", [False, True], ids=["command", "group"])
def test_sigterm_stops_odds_with_workers_as_ctrl_c_does(group: bool) -> None:
    code, out, err = _stop_midway(
        ["odds", STARTER, "--deck", "random:I", "-n", "1000000", "--seed", "1", "--json",
         "--workers", "2"], signal.SIGTERM, group=group,
    )  # fmt: skip
    assert code == 128 + signal.SIGTERM, err
    assert "Traceback" not in err and "leaked" not in err, err
    data = json.loads(out)
    assert data["partial"] is True and data["flights"] < 1_000_000  # its workers may be slow
    assert data["flights"] % 250 == 0 and data["lineups"][0][0]["flights"] == data["flights"]


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc for the workers")
@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_weigh_stopped_says_partial_in_its_report_and_its_picture(
    sent: int, tmp_path: Path
) -> None:
    picture = tmp_path / "value.svg"
    code, out, err = _stop_midway(
        ["weigh", CRUISER, "--deck", "random:III", "--seed", "1", "--json", "--workers", "2",
         "--svg", str(picture)], sent, group=sent == signal.SIGTERM,
    )  # fmt: skip
    assert code == 128 + sent, err
    assert "Traceback" not in err and "leaked" not in err, err
    assert json.loads(out)["partial"] is True
    assert "(PARTIAL: stopped early" in picture.read_text(encoding="utf-8").split("</title>")[0]


def _workers(pid: int) -> list[int]:
    """The run's worker processes (not multiprocessing's resource tracker)."""
    found = []
    for child in _children(pid):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(int(child))
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc for the workers")
def test_a_worker_killed_from_outside_ends_odds_with_what_was_flown() -> None:
    """``kill -9`` of one worker (as the kernel's out-of-memory killer does): the run reports
    what was flown, marked partial, says why in one line and exits 2; it does not wait for the
    lost piece for good."""
    child = subprocess.Popen(
        [sys.executable, "-m", "trucker", "odds", STARTER, "--deck", "random:I", "-n", "1000000",
         "--seed", "1", "--json", "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while len(_workers(child.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(3)
    workers = _workers(child.pid)
    os.kill(workers[0], signal.SIGKILL)
    try:
        out, err = child.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        for pid in [child.pid, *workers]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        child.communicate()
        pytest.fail("trucker odds waited for good for the piece of a worker killed under it")
    assert child.returncode == 2, err
    assert err.count("\n") == 1 and err.startswith("--workers: a worker process ended"), err
    data = json.loads(out)
    assert data["partial"] is True and data["flights"] < 1_000_000
    assert "worker process ended from outside" in data["run"]["stopped"]
    assert data["lineups"][0][0]["flights"] == data["flights"]
