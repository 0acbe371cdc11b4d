"""Small slips of the command line (issue 13, A.7): each answered where it was made."""

from __future__ import annotations

import tomllib

import pytest

from tests.cli.invoke import run_main


def test_rulings_print_their_defaults_as_a_file_writes_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = run_main(capsys, "rulings")
    assert run.code == 0
    defaults = [line for line in run.stdout.splitlines() if " = " in line and "(RULES" in line]
    assert defaults
    for line in defaults:
        assignment = line.split("   (")[0]
        assert not any(word in assignment for word in ("False", "True", "'")), assignment
        assert tomllib.loads(assignment)  # each default reads back as TOML
