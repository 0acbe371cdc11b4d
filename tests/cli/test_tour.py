"""The README's tour works as printed (issue 13 A.4), for a user who installed the wheel: in an
empty folder, `trucker examples scenarios` and then every line of "A short tour", in order, each
answering 0 or 1 (legal or illegal), never 2 (bad input) or 3 (a bug). A placeholder file the
tour names is made by a line above it, or the run fails."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.cli.invoke import run_main

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FAST = {"20000": "200", "1000": "10"}
"""The odds lines fly 20,000 flights (the expert 1,000); the test flies 200 (10): the same code,
in a fraction of the time."""


def tour() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## A short tour\n", 1)[1].split("```\n", 2)[1]
    return [re.sub(r"\s+#\s.*$", "", line) for line in block.splitlines() if line.strip()]


def test_the_tour_is_found() -> None:
    lines = tour()
    assert len(lines) > 15 and all(line.startswith("trucker ") for line in lines)
    assert lines[0] == "trucker validate scenarios/ships/*.toml"


def test_every_line_of_the_tour_runs_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = run_main(capsys, "examples", "scenarios", cwd=tmp_path)
    assert first.code == 0, first.stderr
    for line in tour():
        words = shlex.split(line)[1:]
        target = None
        if ">" in words:
            words, target = words[: words.index(">")], words[words.index(">") + 1]
        expanded: list[str] = []
        for word in words:
            matched = sorted(tmp_path.glob(word)) if "*" in word else []
            expanded += [str(p.relative_to(tmp_path)) for p in matched] or [FAST.get(word, word)]
        run = run_main(capsys, *expanded, cwd=tmp_path)
        assert run.code in (0, 1), f"{line}\n{run.stderr}"
        assert "Traceback" not in run.stderr, line
        if target is not None:
            (tmp_path / target).write_text(run.stdout, encoding="utf-8")
