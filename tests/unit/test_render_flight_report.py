"""The flight told in the terminal (trucker/render/terminal/flight.py): narration from the log,
each ship drawn after a card that cost it tiles, as the log's fold says it stands."""

from __future__ import annotations

from dataclasses import replace

from tests.conftest import SCENARIOS
from tests.unit.test_render_flight_page import DICE, ROUND_1, SHIPS, flight
from trucker.render.terminal.flight import flight_report


def drawn_after(report) -> list[str]:
    """The line above each drawing (a text of several lines): which ship, with how many tiles."""
    return [report[i - 1].plain.strip() for i, part in enumerate(report) if "\n" in part.plain]


def test_a_ship_is_drawn_after_each_card_that_cost_it_tiles() -> None:
    plan, result = flight(
        [SHIPS / "class-iii-cruiser.toml", SHIPS / "class-i-starter.toml"], ROUND_1
    )
    report = flight_report(plan, result)
    assert drawn_after(report) == ["Cruiser now (23 tiles):", "Little Yellow now (9 tiles):"]
    assert report[0].plain == "flight: Round I, a calm start, level I, 8 cards"
    assert report[0].style == "bold"


def test_the_drawings_come_from_the_log_alone() -> None:
    plan, result = flight(
        [SHIPS / "class-iii-cruiser.toml", SHIPS / "class-i-starter.toml"], ROUND_1
    )
    kept = [e for e in result.events if not (e.kind == "destroyed" and e.square == "6,5")]
    report = flight_report(plan, replace(result, events=kept))
    assert drawn_after(report) == ["Little Yellow now (9 tiles):"]


def test_quiet_is_the_title_and_the_table() -> None:
    plan, result = flight([SCENARIOS / "flights" / "red.toml"], ROUND_1, faces=DICE)
    report = flight_report(plan, result, quiet=True)
    assert not any("\n" in p.plain for p in report)
    assert [p.plain for p in report][1:3] == [
        "",
        "end of the flight (RULES §9): credits earned on cards, arrival reward, best-looking "
        "prize, goods sold, lost tiles paid",
    ]
