"""The readable reports of a built ship (trucker/render/terminal/reports.py) and the words they
share (trucker/render/terminal/styles.py)."""

from __future__ import annotations

from tests.helpers import ship
from trucker.core.errors import BadInput, InputError
from trucker.core.rulings import Rulings
from trucker.render.terminal.reports import (
    board_facts,
    error_lines,
    repair_lines,
    report_text,
    stats_line,
)
from trucker.render.terminal.styles import STYLES, plural, styled
from trucker.render.text import Mark, draw_ship
from trucker.rules.repair import repair
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
    s = ship({"7,7": "start", "6,7": "cannon --s- front", "5,7": "pipe ----"})
    report = validate(s, Rulings(armory_reach="adjacent"))
    lines = [line.plain for line in report_text(s, report, draw=False)]
    assert "ILLEGAL (2 violations)" in lines[0]
    assert "  cannon-blocked  6,7 5,7 (front): " in "\n".join(lines)
    assert lines[-1] == "rulings not at their defaults: armory_reach = adjacent"


def test_repair_lines_say_what_was_removed_and_why() -> None:
    s = ship({"7,7": "start", "6,7": "cannon --s- front", "5,7": "pipe ----"})
    lines = repair_lines(repair(s))
    assert lines and all(line.startswith("removed ") for line in lines)
    assert any(line.startswith("removed 5,7 structure (") for line in lines)
    assert repair_lines(repair(ship({"7,7": "start"}))) == []


def test_error_lines_one_red_line_per_problem() -> None:
    problems = [InputError("a.toml", "tiles", "bad"), InputError("a.toml", "", "worse")]
    lines = error_lines(BadInput(problems))
    assert [line.plain for line in lines] == ["a.toml: tiles: bad", "a.toml: worse"]
    assert all(str(line.style) == "red" for line in lines)
    assert [line.plain for line in error_lines(problems)] == [line.plain for line in lines]


def test_styled_colours_each_marked_square() -> None:
    s = ship({"7,7": "start"})
    drawing = draw_ship(s, marks={next(iter(s.tiles)): Mark("hit")})
    text = styled(drawing)
    assert (
        text.plain
        == "\n".join("".join(chunk for chunk, _ in line) for line in drawing.lines).rstrip()
    )
    assert any(str(span.style) == STYLES["hit"] for span in text.spans)


def test_board_facts_say_how_each_board_reads_the_dice() -> None:
    from trucker.formats.catalogue import find_board

    pairs = board_facts(find_board("IIB"))
    assert pairs[0].startswith("level ") and " · start " in pairs[0]
    assert any(line.startswith("pairs: ") for line in pairs)
    sums = board_facts(find_board("I"))
    assert "threats: the sum of two dice is the row or column" in sums
    assert sums[-1].startswith("reserve: ")
