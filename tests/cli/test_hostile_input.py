"""Hostile input and hostile surroundings (issue 13 B): whatever a file, an option or the
output stream does, ``trucker`` answers in one line with exit 2 (or, for a closed pipe, stops
quietly), within bounded time and memory, and never changes or leaves behind a file."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.conftest import SCENARIOS
from trucker.formats.examples import bundled_examples

CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")
STARTER = str(SCENARIOS / "ships" / "class-i-starter.toml")
ENTRY = [sys.executable, "-c", "from trucker.cli.app import main; main()"]


def _env(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "CLICOLOR_FORCE")}
    env.update(changes)
    return env


# --- the output stream ------------------------------------------------------------------------


def test_output_that_cannot_be_utf8_falls_back_to_ascii_glyphs() -> None:
    """PYTHONIOENCODING=ascii once crashed after partial output (exit 3)."""
    args = [*ENTRY, "fly", CRUISER, "--deck", "random:III", "--seed", "7"]
    utf8 = subprocess.run(args, capture_output=True, env=_env(PYTHONIOENCODING="utf-8"))
    for encoding in ("ascii", "cp1252"):
        done = subprocess.run(args, capture_output=True, env=_env(PYTHONIOENCODING=encoding))
        assert done.returncode == 0, done.stderr
        text = done.stdout.decode(encoding)
        assert len(text.splitlines()) == len(utf8.stdout.decode("utf-8").splitlines())
    assert (
        "RULES S"
        in subprocess.run(
            [*ENTRY, "rulings"], capture_output=True, env=_env(PYTHONIOENCODING="ascii"), text=True
        ).stdout
    )


def test_a_closed_pipe_stops_quietly_and_not_with_exit_1() -> None:
    """``trucker fly ... | head -1`` once exited 1, the code of an illegal ship."""
    for command in (["fly", CRUISER, "--deck", "random:III", "--seed", "7"], ["cards"],
                    ["validate", STARTER, "--json"], ["fly", "--help"]):  # fmt: skip
        child = subprocess.Popen(
            [*ENTRY, *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env()
        )
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()
        code = child.wait(timeout=60)
        assert (command[0], code, child.stderr.read()) == (command[0], 141, b"")


def test_an_escape_code_in_a_ship_name_never_reaches_the_terminal(tmp_path) -> None:
    """A ship named with a clear-screen and a title-setting sequence once printed them raw;
    the report shows them as visible symbols, on every command that names the ship."""
    ship = tmp_path / "evil.toml"
    text = (SCENARIOS / "ships" / "class-i-starter.toml").read_text(encoding="utf-8")
    ship.write_text(text.replace('"Little Yellow"', '"Evil\\u001b[2J\\u001b]0;pwned\\u0007"'))
    for command in (["validate", str(ship)], ["show", str(ship)],
                    ["fly", str(ship), "-d", "random:I", "--seed", "1"]):  # fmt: skip
        done = subprocess.run([*ENTRY, *command], capture_output=True, env=_env())
        assert done.returncode == 0, done.stderr
        assert b"\x1b" not in done.stdout + done.stderr and b"\x07" not in done.stdout
        assert "Evil␛[2J␛]0;pwned" in done.stdout.decode("utf-8")


# --- outputs that cannot be written (issue 24 D) -------------------------------------------


def test_a_closed_or_full_standard_output_is_one_line_and_exit_2() -> None:
    """``trucker ... >&-`` once passed in silence (exit 0) or crashed (exit 3), and ``>
    /dev/full`` was an internal error: now one line saying so, exit 2, whatever prints."""
    commands = (
        ["validate", STARTER], ["validate", STARTER, "--json"], ["new", "-b", "I"],
        ["fly", STARTER, "-d", "random:I", "--seed", "1"], ["--help"], ["cards"],
    )  # fmt: skip
    for command in commands:
        closed = subprocess.run(
            [*ENTRY, *command], capture_output=False, stderr=subprocess.PIPE, env=_env(),
            preexec_fn=lambda: os.close(1),
        )  # fmt: skip
        with open("/dev/full", "w") as full:
            filled = subprocess.run([*ENTRY, *command], stdout=full, stderr=subprocess.PIPE,
                                    env=_env())  # fmt: skip
        for done, why in ((closed, "it is closed"), (filled, "No space left on device")):
            said = done.stderr.decode("utf-8")
            assert (command, done.returncode, said) == (
                command, 2, f"trucker: cannot write to standard output: {why}\n"
            )  # fmt: skip


def test_a_closed_or_full_standard_error_loses_its_lines_not_the_exit_code(
    tmp_path: Path,
) -> None:
    """``2> /dev/full`` once turned a report of bad input into exit 1 (the code of an illegal
    ship), and ``2>&-`` a usage error into exit 1: the exit code is all that is left to say
    how the run went, so it is the run's own."""
    bad = tmp_path / "bad.toml"
    bad.write_text("x\n", encoding="utf-8")
    commands = (
        (["validate", str(bad)], 2), (["validate", STARTER], 0), (["cards", "x"], 2),
        (["fly", STARTER, "-d", "random:I", "--seed", "1", "--html", str(tmp_path / "f.html")], 0),
    )  # fmt: skip
    for command, code in commands:
        closed = subprocess.run([*ENTRY, *command], stdout=subprocess.DEVNULL, env=_env(),
                                preexec_fn=lambda: os.close(2))  # fmt: skip
        with open("/dev/full", "w") as full:
            filled = subprocess.run([*ENTRY, *command], stdout=subprocess.DEVNULL, stderr=full,
                                    env=_env())  # fmt: skip
        assert (command, closed.returncode, filled.returncode) == (command, code, code)


def test_a_long_legal_output_name_is_written(tmp_path: Path) -> None:
    """A 250-byte name is legal (the limit is 255), but its temporary file's name once was
    not: the write failed with 'File name too long'."""
    for name, command in (("x" * 246 + ".svg", ["show", STARTER, "--svg"]),
                          ("é" * 123 + ".toml", ["fix", STARTER, "-o"])):  # fmt: skip
        done = subprocess.run([*ENTRY, *command, name], capture_output=True, cwd=tmp_path,
                              env=_env())  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert (tmp_path / name).is_file()
        assert [p.name for p in tmp_path.iterdir()] == [name]
        (tmp_path / name).unlink()


def _file_size_limit(size: int) -> Callable[[], None]:
    """For a child: files larger than ``size`` bytes cannot be written (a disk that fills up
    at a large file; Python ignores SIGXFSZ, so the write fails with EFBIG)."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def test_examples_into_a_full_disk_copy_nothing(tmp_path: Path) -> None:
    """The examples once were copied one by one: a disk that filled up midway left half of
    them. Now all or nothing, into a new folder, an empty one or one with other files."""
    sizes = [len(source.read_bytes()) for _, source in bundled_examples()]
    limit = 10_000
    assert sizes[0] < limit < max(sizes), "the limit must stop the copy midway"
    (tmp_path / "empty").mkdir()
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.md").write_text("mine\n", encoding="utf-8")
    for folder in ("new", "empty", "other"):
        done = subprocess.run([*ENTRY, "examples", folder], capture_output=True, cwd=tmp_path,
                              env=_env(), preexec_fn=_file_size_limit(limit))  # fmt: skip
        lines = done.stderr.decode("utf-8").splitlines()
        assert done.returncode == 2 and len(lines) == 1 and "File too large" in lines[0], lines
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == [
        "empty", "other", "other/notes.md"
    ]  # fmt: skip
    done = subprocess.run([*ENTRY, "examples", "other"], capture_output=True, cwd=tmp_path,
                          env=_env())  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert len(list((tmp_path / "other").rglob("*.toml"))) == sum(
        1 for path, _ in bundled_examples() if path.suffix == ".toml"
    )


def test_intruder_frames_into_a_full_disk_change_nothing(tmp_path: Path) -> None:
    """``intruder --frames`` once wrote its pictures one by one: a disk that filled up midway
    left the first few new and the rest as an earlier run drew them. Now all or none, and a
    rerun still replaces them."""
    commando = str(SCENARIOS / "intruders" / "commando-card.toml")
    args = [*ENTRY, "intruder", STARTER, "--card", commando, "--roll", "7", "--frames"]
    (tmp_path / "empty").mkdir()
    (tmp_path / "earlier").mkdir()
    done = subprocess.run([*args, "earlier"], capture_output=True, cwd=tmp_path, env=_env())
    assert done.returncode == 0, done.stderr
    sizes = sorted(p.stat().st_size for p in (tmp_path / "earlier").iterdir())
    limit = 20_000
    assert len(sizes) > 3 and sizes[0] < limit < sizes[-1], "the limit must stop it midway"
    for frame in (tmp_path / "earlier").iterdir():
        frame.write_text("an earlier run's frame\n", encoding="utf-8")
    before = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*")
              if p.is_file()}  # fmt: skip
    for folder in ("empty", "earlier"):
        done = subprocess.run([*args, folder], capture_output=True, cwd=tmp_path, env=_env(),
                              preexec_fn=_file_size_limit(limit))  # fmt: skip
        lines = done.stderr.decode("utf-8").splitlines()
        assert done.returncode == 2 and len(lines) == 1 and "File too large" in lines[0], lines
        after = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*")
                 if p.is_file()}  # fmt: skip
        assert after == before and not list((tmp_path / "empty").iterdir()), folder
    done = subprocess.run([*args, "earlier"], capture_output=True, cwd=tmp_path, env=_env())
    assert done.returncode == 0, done.stderr
    assert sorted(p.stat().st_size for p in (tmp_path / "earlier").iterdir()) == sizes


def test_a_name_cannot_fake_a_report_line(tmp_path: Path) -> None:
    """A ship named with a newline, a right-to-left override, a zero-width joiner and a line
    separator once printed them as they are: the newline began a line of the name's own
    choosing, the override turned the rest of the line around. Now every command that prints
    the name prints it on its own line, those characters visible."""
    ship = tmp_path / "evil.toml"
    text = (SCENARIOS / "ships" / "class-i-starter.toml").read_text(encoding="utf-8")
    fake = "Evil\\nLittle Yellow  board I  legal\\u202eXYZ\\u200d\\u2028Q"
    ship.write_text(text.replace('"Little Yellow"', f'"{fake}"'), encoding="utf-8")
    log = tmp_path / "log.json"
    commands = (
        ["validate", str(ship)], ["show", str(ship)],
        ["fly", str(ship), "-d", "random:I", "--seed", "1"],
        ["fly", str(ship), "-d", "random:I", "--seed", "1", "--brief"],
        ["odds", str(ship), "-d", "random:I", "-n", "20", "--seed", "1"],
        ["weigh", str(ship), "-d", "random:I", "-n", "20", "--seed", "1", "--parts", "shield"],
        ["advise", str(log), "--at", "1", "--effort", "2"],
        ["hit", str(ship), "-t", "small-meteor", "-f", "front", "--roll", "7"],
        ["intruder", str(ship), "--card", str(SCENARIOS / "intruders" / "commando-card.toml"),
         "--roll", "7"],
        ["radiation", str(ship)], ["replay", str(log)],
    )  # fmt: skip
    flown = subprocess.run([*ENTRY, "fly", str(ship), "-d", "random:I", "--seed", "1", "--json"],
                           capture_output=True, env=_env(), check=True)  # fmt: skip
    log.write_bytes(flown.stdout)
    named = 0
    for command in commands:
        done = subprocess.run([*ENTRY, *command], capture_output=True, env=_env())
        said = (done.stdout + done.stderr).decode("utf-8")
        named += "Evil" in said
        assert done.returncode == 0, (command, said[-2000:])
        if "Evil" in said:  # hit and radiation name the file
            assert "Evil␤Little Yellow  board I  legal\\u202eXYZ\\u200d\\u2028Q" in said, command
        assert not any(line.startswith("Little Yellow") for line in said.splitlines()), command
        assert not {"\u202e", "\u200d", "\u2028"} & set(said), command
    assert named >= 9


def test_what_was_typed_cannot_turn_an_error_around(tmp_path: Path) -> None:
    """A usage error quotes what was typed, and once printed a right-to-left override or an
    escape code in it as it was; so did nothing else, a deck's name included."""
    evil = "x\u202eLittle\x1b[2J\u2066"
    usage = (["cards", evil], ["rulings", f"--{evil}"], ["fly", STARTER, "-d", "random:I", evil])
    for command in usage:
        done = subprocess.run([*ENTRY, *command], capture_output=True, env=_env())
        said = done.stderr.decode("utf-8")
        assert done.returncode == 2, (command, said)
        assert "x\\u202eLittle\\x1b[2J\\u2066" in said.translate({0x241B: "\\x1b"}), said
        assert not {"\u202e", "\x1b", "\u2066"} & set(said), (command, said)
    deck = tmp_path / "deck.toml"
    deck.write_text(
        (SCENARIOS / "decks" / "spec-example.toml").read_text(encoding="utf-8").replace(
            '"Round II, table 3"', '"Deck\\nLittle Yellow\\u202eXY"'
        ), encoding="utf-8",
    )  # fmt: skip
    done = subprocess.run([*ENTRY, "odds", CRUISER, "-d", str(deck), "-n", "10", "--seed", "1"],
                          capture_output=True, env=_env())  # fmt: skip
    said = done.stdout.decode("utf-8")
    assert done.returncode == 0 and "deck Deck␤Little Yellow\\u202eXY, seed 1" in said, said


# --- bounds (issue 24 D) -----------------------------------------------------------------------


def test_every_number_that_sets_work_states_its_maximum_in_help() -> None:
    """The maxima the commands enforce are the ones their --help states."""
    from trucker.cli.app import build
    from trucker.play.advice import MAX_ADVICE_EFFORT
    from trucker.play.montecarlo import MAX_FLIGHTS
    from trucker.sim.expert import MAX_EFFORT

    stated = {
        ("odds", "--flights"): f"at most {MAX_FLIGHTS:,}",
        ("weigh", "--flights"): f"at most {MAX_FLIGHTS:,}",
        ("rulings", "--flights"): f"at most {MAX_FLIGHTS:,}",
        ("advise", "--effort"): f"at most {MAX_ADVICE_EFFORT:,}",
        ("intruder", "--steps"): "1 to 99",
        **{(c, "--effort"): f"at most {MAX_EFFORT:,}" for c in ("fly", "odds", "weigh", "play")},
        **{(c, "--workers"): "at most the CPUs" for c in ("odds", "weigh", "rulings")},
    }
    import typer.main

    commands = typer.main.get_command(build()).commands  # type: ignore[attr-defined]
    for (command, option), words in stated.items():
        found = next(p for p in commands[command].params if option in p.opts)
        assert words in (found.help or ""), (command, option, found.help)


def test_the_shipyard_saves_over_the_file_it_opened(tmp_path: Path) -> None:
    """A command never writes a file it read; the shipyard, which saves the file it opened on
    purpose, is not such a run (its save was once refused as an input's overwrite)."""
    import json
    import socket
    import time
    import urllib.request

    ship = tmp_path / "cruiser.toml"
    ship.write_bytes(Path(CRUISER).read_bytes())
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([*ENTRY, "studio", str(tmp_path), "--port", str(port),
                               "--no-browser"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env=_env())  # fmt: skip

    def ask(path: str, data: object = None) -> tuple[int, dict]:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{path}",
            data=None if data is None else json.dumps(data).encode(),
            headers={"Accept": "application/json", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                _, opened = ask("/?file=cruiser.toml")
                break
            except OSError:
                assert time.monotonic() < deadline, "the studio did not start"
                time.sleep(0.3)
        layout = opened["answer"]["ship"]
        del layout["tiles"]["9,8"]
        saved = {"path": "cruiser.toml", "ship": layout, "version": opened["file"]["version"]}
        assert ask("/files/save", saved)[0] == 200
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert '"9,8"' not in ship.read_text(encoding="utf-8")
