"""Printing for the CLI (trucker/cli/output.py): the readable report and JSON on stdout."""

from __future__ import annotations

import json

import pytest

from tests.helpers import ship
from trucker.cli.output import plural, print_json, report_text, stats_line
from trucker.rules.validate import validate


def test_plural() -> None:
    assert plural(1, "tile") == "1 tile"
    assert plural(0, "tile") == "0 tiles"


def test_stats_line_and_report_text() -> None:
    s = ship({"7,7": "start", "6,7": "cannon --s- front", "7,8": "cannon ---u right"}, "I")
    report = validate(s)
    assert stats_line(report) == (
        "3 tiles · 2 exposed connectors · 2 humans · aliens: none · 0 battery tokens · "
        "firepower 1.5-1.5 · engine power 0-0 · 0 cargo slots"
    )
    text = "\n".join(line.plain for line in report_text(s, report))
    assert "board I  legal" in text


def test_report_text_lists_violations_and_rulings() -> None:
    from trucker.core.rulings import Rulings

    s = ship({"7,7": "start", "6,7": "cannon --s- front", "5,7": "pipe ----"})
    report = validate(s, Rulings(armory_reach="adjacent"))
    lines = [line.plain for line in report_text(s, report, draw=False)]
    assert "ILLEGAL (2 violations)" in lines[0]
    assert "  cannon-blocked  6,7 5,7 (front): " in "\n".join(lines)
    assert lines[-1] == "rulings not at their defaults: armory_reach = adjacent"


def test_print_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    print_json({"a": 1}, lines=True)
    print_json({"b": [1, 2]}, lines=True)
    out = capsys.readouterr().out.splitlines()
    assert [json.loads(line) for line in out] == [{"a": 1}, {"b": [1, 2]}]
