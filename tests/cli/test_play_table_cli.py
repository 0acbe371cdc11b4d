"""``trucker play`` as a table uses it: the give-up setting, decision numbers ``advise --at``
takes, the table's own dice, resuming into the same save, ``ship``/``track``/``score`` at any
prompt; and nothing lost whatever the terminal does (a line no person types, a closed or
unreadable input, a signal while the table waits or while the save is written, two tables in
one folder, a save that cannot be written)."""

from __future__ import annotations

import io
import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.invoke import run_main
from tests.cli.test_play_cli import CRUISER, ENOUGH, GREEN, RED, SMUGGLERS, decided, play

METEORS = """format = "trucker-deck/1"
level = "I"

[[card]]
type = "meteor-swarm"
threats = ["small-meteor front"]
"""
MAIN = "from trucker.cli.app import main; main()"


def _saved(path: Path) -> dict:
    return json.loads(path.read_text())


# --- what the table is asked --------------------------------------------------------------


def test_give_up_never_asks_nobody_and_always_asks_before_every_card(capsys, monkeypatch, tmp_path):
    args = (CRUISER, CRUISER, "-d", "random:II", "--seed", "2")
    never = play(capsys, monkeypatch, tmp_path, ENOUGH, *args, "--give-up", "never",
                 "--save", "never.json")  # fmt: skip
    assert never.code == 0, never.stderr
    assert "(give-up" not in never.stdout
    assert "giving up: never asked" in never.stdout
    always = play(capsys, monkeypatch, tmp_path, ENOUGH, *args, "--give-up", "always",
                  "--save", "always.json")  # fmt: skip
    matters = play(capsys, monkeypatch, tmp_path, ENOUGH, *args, "--save", "matters.json")
    asked = [run.stdout.count("(give-up — before the card") for run in (always, matters)]
    assert asked[0] > asked[1] > 0
    assert "  it can matter: " in matters.stdout
    logs = [_saved(tmp_path / f"{n}.json") for n in ("never", "matters", "always")]
    assert logs[0]["events"] == logs[1]["events"] == logs[2]["events"]
    assert [log["flight"]["give_up"] for log in logs] == ["never", "matters", "always"]
    bad = play(capsys, monkeypatch, tmp_path, ENOUGH, *args, "--give-up", "sometimes")
    assert bad.code == 2 and bad.err_lines == ["--give-up: sometimes: use never, matters, always"]


def test_the_decision_number_is_the_one_advise_takes(capsys, monkeypatch, tmp_path):
    # Red is asked decision #3 (the insurance-free level I flight: two give-up questions not
    # asked come first); saved there, `advise --at 3` values that very decision
    run = play(capsys, monkeypatch, tmp_path, "save\nquit\n", RED, GREEN, "-d", SMUGGLERS,
               "--seed", "1")  # fmt: skip
    assert run.code == 0, run.stderr
    assert "Red, your decision #3 (power-cannons — smugglers, strength 4):" in run.stdout
    advice = run_main(capsys, "advise", "flight-1.json", "--at", "3", "--effort", "4",
                      "--json", cwd=tmp_path)  # fmt: skip
    assert advice.code == 0, advice.stderr
    found = json.loads(advice.stdout)
    assert found["decision"] == 3 and found["ship"] == "Red"
    assert {label for o in found["options"] for label in (o["option"], *o["alike"])} == {
        "power 0 double cannons",
        "power 1 double cannon",
    }
    past = run_main(capsys, "advise", "flight-1.json", "--at", "4", cwd=tmp_path)
    assert past.code == 2 and "the log has decisions 1 to 3" in past.stderr


def test_ship_track_and_score_at_a_prompt(capsys, monkeypatch, tmp_path):
    run = play(capsys, monkeypatch, tmp_path, "ship\ntrack\nscore\n" + ENOUGH, RED, GREEN, "-d",
               SMUGGLERS, "--seed", "1")  # fmt: skip
    assert run.code == 0, run.stderr
    out = run.stdout
    assert "  Red (7 tiles):" in out  # the ship asked, drawn
    assert "  Green (6 tiles):" not in out
    assert "   1st  Red    #1 on space 2, +0 days" in out
    assert "   2nd  Green  #2 on space 0, +0 days" in out
    assert "  ships   2  ·  1  ·" in out
    assert "  ship   place  tiles  lost  crew  tokens  goods  credits" in out
    assert "  Green    2nd      6     0     2       2  -            0" in out
    assert out.count("Red> 1-2, Enter, save, quit or help:") == 4  # asked again after each


# --- the table's own dice -----------------------------------------------------------------


def test_the_table_types_its_dice_and_the_log_says_so(capsys, monkeypatch, tmp_path):
    # one small meteor from the front on Red and Green; the table throws 4 and 3 for it
    (tmp_path / "meteors.toml").write_text(METEORS)
    typed = "help\n9 9\n4 3\n" + ENOUGH
    run = play(capsys, monkeypatch, tmp_path, typed, RED, GREEN, "-d", "meteors.toml", "--seed",
               "1", "--dice", "table", "--give-up", "never")  # fmt: skip
    assert run.code == 0, run.stderr
    out = run.stdout
    assert "giving up: never asked; the table throws its own dice" in out
    assert "roll 1: throw two dice for" in out
    assert "Throw two dice and type both faces" in out
    assert "'9 9' is not two die faces: type them as 3 5" in out
    log = _saved(tmp_path / "flight-1.json")
    assert log["flight"]["table_dice"] is True
    rolled = [e for e in log["events"] if e["kind"] == "rolled"]
    assert rolled[0]["faces"] == [4, 3] and rolled[0]["entered"] is True
    again = run_main(capsys, "replay", "flight-1.json", "--json", cwd=tmp_path)
    assert again.code == 0, again.stderr
    assert json.loads(again.stdout)["ships"] == log["ships"]


def test_a_resume_goes_on_in_the_same_save(capsys, monkeypatch, tmp_path):
    args = (CRUISER, CRUISER, "-d", "random:II", "--seed", "3", "--dice", "table")
    answers = ["", "5 5", "", "2", "1 6", "", "", "3 3"] + [""] * 300
    whole = play(capsys, monkeypatch, tmp_path, "\n".join(answers), *args, "--save", "w.json")
    assert whole.code == 0, whole.stderr
    first = play(capsys, monkeypatch, tmp_path, "\n".join(answers[:5]) + "\n", *args)
    assert first.code == 0, first.stderr
    assert "saved to flight-3.json; go on with: trucker play --resume flight-3.json" in first.stdout
    second = play(capsys, monkeypatch, tmp_path, "\n".join(answers[5:]), "--resume",
                  "flight-3.json")  # fmt: skip
    assert second.code == 0, second.stderr
    assert "the flight is over: the log is in flight-3.json" in second.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flight-3.json", "w.json"]
    assert _saved(tmp_path / "flight-3.json") == _saved(tmp_path / "w.json")


# --- answers no person types --------------------------------------------------------------


@pytest.mark.parametrize("line", ["9" * 5000, "²", "١", "3²"])
def test_a_line_that_is_no_number_is_asked_again(capsys, monkeypatch, tmp_path, line):
    run = play(capsys, monkeypatch, tmp_path, line + "\n1\n" + ENOUGH, RED, GREEN, "-d",
               SMUGGLERS, "--seed", "1")  # fmt: skip
    assert run.code == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert any(
        words in run.stdout
        for words in ("is not an option", "there is no option", "too long to be an answer")
    )
    log = _saved(tmp_path / "flight-1.json")
    assert decided(log, "Red", "power-cannons") == ["power 0 double cannons"]


def test_a_ten_megabyte_answer_is_read_once_and_asked_again(capsys, monkeypatch, tmp_path):
    run = play(capsys, monkeypatch, tmp_path, "x" * 10_000_000 + "\n1\n" + ENOUGH, RED, GREEN,
               "-d", SMUGGLERS, "--seed", "1")  # fmt: skip
    assert run.code == 0, run.stderr
    assert "that line is too long to be an answer" in run.stdout
    assert len(run.stdout) < 20_000  # never echoed
    assert decided(_saved(tmp_path / "flight-1.json"), "Red", "power-cannons") == [
        "power 0 double cannons"
    ]


def _play_process(
    tmp_path: Path, stdin: object, *args: str, env: dict[str, str] | None = None, timeout=60
) -> subprocess.CompletedProcess[bytes]:
    """``trucker play ARGS`` as its own process in ``tmp_path``, its memory bounded (1 GB)."""

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    return subprocess.run(
        [sys.executable, "-c", MAIN, "play", *args],
        stdin=stdin,
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, **(env or {})},
        timeout=timeout,
        preexec_fn=bounded,
        check=False,
    )


def test_invalid_utf8_under_a_strict_locale_is_asked_again(tmp_path):
    typed = b"\xff\xfe\xc3\n1\n" + b"\n" * 100
    done = subprocess.run(
        [sys.executable, "-c", MAIN, "play", RED, GREEN, "-d", SMUGGLERS, "--seed", "1"],
        input=typed,
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode()
    assert "'\ufffd\ufffd\ufffd' is not an option" in out
    assert decided(_saved(tmp_path / "flight-1.json"), "Red", "power-cannons") == [
        "power 0 double cannons"
    ]


def test_a_closed_input_ends_the_game_saved(tmp_path):
    done = subprocess.run(
        ["/bin/sh", "-c", f'exec "$0" -c "{MAIN}" play "$@" <&-', sys.executable, RED, GREEN,
         "-d", SMUGGLERS, "--seed", "1"],
        capture_output=True,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()
    assert b"standard input is closed: saved to flight-1.json" in done.stdout
    assert _saved(tmp_path / "flight-1.json")["waiting"]["ship"] == "Red"


def test_an_endless_line_ends_the_game_saved(tmp_path):
    with open("/dev/zero", "rb") as zeros:
        done = _play_process(tmp_path, zeros, RED, GREEN, "-d", SMUGGLERS, "--seed", "1")
    assert done.returncode == 2, done.stderr.decode()[-2000:]
    assert b"a line of more than 16 MiB: not an answer: saved to flight-1.json" in done.stdout
    assert len(done.stdout) < 20_000
    assert _saved(tmp_path / "flight-1.json")["finished"] is False


def test_a_ten_megabyte_answer_on_a_pipe(tmp_path):
    typed = b"7" * 10_000_000 + b"\n1\n" + b"\n" * 100
    done = _play_process(tmp_path, None, RED, GREEN, "-d", SMUGGLERS, "--seed", "1")
    assert done.returncode == 0  # nothing typed: the end of the input, saved
    done = subprocess.run(
        [sys.executable, "-c", MAIN, "play", RED, GREEN, "-d", SMUGGLERS, "--seed", "1",
         "--save", "big.json"],
        input=typed, capture_output=True, cwd=tmp_path, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert len(done.stdout) < 20_000
    assert decided(_saved(tmp_path / "big.json"), "Red", "power-cannons") == [
        "power 0 double cannons"
    ]


# --- signals ------------------------------------------------------------------------------


def _waiting(process: subprocess.Popen[bytes], prompt: bytes) -> bytes:
    """What the process printed up to its prompt (read until it appears)."""
    seen = b""
    assert process.stdout is not None
    os.set_blocking(process.stdout.fileno(), False)
    deadline = time.monotonic() + 60
    while prompt not in seen:
        assert time.monotonic() < deadline, seen.decode()
        chunk = process.stdout.read()
        if chunk:
            seen += chunk
        else:
            time.sleep(0.05)
    return seen


@pytest.mark.parametrize(("name", "code"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_signal_while_the_table_waits_saves_the_game(tmp_path, name, code):
    process = subprocess.Popen(
        [sys.executable, "-c", MAIN, "play", RED, GREEN, "-d", SMUGGLERS, "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    _waiting(process, b"Red> 1-2")
    process.send_signal(getattr(signal, name))
    _, err = process.communicate(timeout=60)
    assert process.returncode == code, err.decode()
    assert b"Traceback" not in err
    saved = _saved(tmp_path / "flight-1.json")
    assert saved["finished"] is False and saved["waiting"]["number"] == 3


_SIGNAL_IN_SAVE = """
import os, signal, sys
real, calls = os.replace, []
def replace(src, dst, *args, **kwargs):
    calls.append(dst)
    if len(calls) == 2:  # the second save: a signal between writing it and renaming it
        os.kill(os.getpid(), signal.SIGTERM)
    return real(src, dst, *args, **kwargs)
os.replace = replace
from trucker.cli.app import main
main()
"""


def test_a_signal_between_writing_the_save_and_renaming_it(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", _SIGNAL_IN_SAVE, "play", RED, GREEN, "-d", SMUGGLERS, "--seed",
         "1", "--save", "game.json"],
        input=b"save\n1\nsave\n" + b"\n" * 50, capture_output=True, cwd=tmp_path, timeout=60,
        check=False,
    )  # fmt: skip
    assert done.returncode == 143, done.stderr.decode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no stray temp file
    saved = _saved(tmp_path / "game.json")
    assert saved["finished"] is False
    assert decided(saved, "Red", "power-cannons") == ["power 0 double cannons"]


# --- where the save goes ------------------------------------------------------------------


def test_two_tables_in_one_folder_never_share_a_save(tmp_path):
    def table() -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-c", MAIN, "play", RED, GREEN, "-d", SMUGGLERS, "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
        )

    first = table()
    _waiting(first, b"Red> 1-2")
    second = table()
    _waiting(second, b"Red> 1-2")
    for process, answer in ((first, b"1\nquit\n"), (second, b"2\nquit\n")):
        assert process.stdin is not None
        process.stdin.write(answer)
        process.stdin.close()
        process.wait(timeout=60)
        assert process.returncode == 0
    one, two = _saved(tmp_path / "flight-1.json"), _saved(tmp_path / "flight-1-2.json")
    assert decided(one, "Red", "power-cannons") == ["power 0 double cannons"]
    assert decided(two, "Red", "power-cannons") == ["power 1 double cannon"]


def test_a_save_that_cannot_be_written_is_found_before_the_flight(capsys, monkeypatch, tmp_path):
    # /proc takes no new files, even from root
    run = play(capsys, monkeypatch, tmp_path, ENOUGH, RED, GREEN, "-d", SMUGGLERS, "--seed", "1",
               "--save", "/proc/game.json")  # fmt: skip
    assert run.code == 2
    assert len(run.err_lines) == 1 and run.err_lines[0].startswith("--save: /proc/game.json: ")
    assert "your decision" not in run.stdout


def test_a_folder_that_takes_no_default_save_is_found_before_the_flight(
    capsys, monkeypatch, tmp_path
):
    def read_only(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("tempfile.mkstemp", read_only)
    monkeypatch.setattr("sys.stdin", io.StringIO(ENOUGH))
    run = run_main(capsys, "play", RED, "-d", SMUGGLERS, "--seed", "1", cwd=tmp_path)
    assert run.code == 2
    assert run.err_lines == ["--save: flight-1.json: Read-only file system"]
    assert "your decision" not in run.stdout
    assert list(tmp_path.iterdir()) == []
