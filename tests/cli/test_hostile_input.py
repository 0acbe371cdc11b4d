"""Hostile input and hostile surroundings (issue 13 B): whatever a file, an option or the
output stream does, ``trucker`` answers in one line with exit 2 (or, for a closed pipe, stops
quietly), within bounded time and memory, and never changes or leaves behind a file."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import SCENARIOS

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
