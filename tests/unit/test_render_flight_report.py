"""The flight told in the terminal (trucker/render/terminal/flight.py): narration from the log,
each ship drawn after a card that cost it tiles, as the log's fold says it stands."""

from __future__ import annotations

from dataclasses import replace

from tests.conftest import SCENARIOS
from tests.unit.test_render_flight_page import DICE, ROUND_1, SHIPS, flight
from trucker.play.flights import launch as launch_of
from trucker.render.terminal.flight import brief_changes, brief_report, final_table, flight_report


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


def test_brief_is_one_line_per_card_and_ship_then_the_table() -> None:
    plan, result = flight(
        [SHIPS / "class-iii-cruiser.toml", SHIPS / "class-i-starter.toml"], ROUND_1
    )
    lines = [t.plain for t in brief_report(plan, result)]
    assert lines[0] == "flight: Round I, a calm start, level I, 8 cards"
    assert lines[1:5] == [
        "card 1  I-planets-1            Cruiser        -3 days, goods +RGBBB",
        "card 1  I-planets-1            Little Yellow  -3 days, goods +YB",
        "card 2  I-meteor-swarm-1       Cruiser        -1 tile, -3 battery tokens",
        "card 2  I-meteor-swarm-1       Little Yellow  nothing",
    ]
    assert "card 5  I-abandoned-ship-2     Cruiser        -1 day, -2 crew, +3 credits" in lines
    assert lines[17] == ""
    assert lines[18:] == [t.plain for t in final_table(result.ships)]


def test_brief_leaves_out_a_ship_once_it_gave_up() -> None:
    ships = [SCENARIOS / "flights" / "red.toml", SCENARIOS / "flights" / "green.toml"]
    plan, result = flight(ships, ROUND_1, faces=DICE)
    green = [t.plain for t in brief_report(plan, result) if "  Green  " in t.plain]
    assert (
        green[-1] == "card 3  I-open-space-2         Green  gives up: no engine power in open space"
    )


def test_brief_changes_in_words() -> None:
    plan, _ = flight([SCENARIOS / "flights" / "red.toml"], ROUND_1, faces=DICE)
    launch = launch_of(plan)[0]
    assert brief_changes(launch, launch) == "nothing"
    assert brief_changes(launch, launch, -1) == "-1 day"
    assert brief_changes(launch, replace(launch, credits=1, gave_up="chose to give up"), 2) == (
        "+2 days, +1 credit, gives up: chose to give up"
    )
