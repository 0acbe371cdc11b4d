"""With several ships, every narrated line about a ship names it (issue 13, A.5); with one,
the lines stay as they were."""

from __future__ import annotations

from functools import cache

from tests.properties.flights import PLANS
from trucker.play.flights import fly
from trucker.render.narrate import UNNAMED, narrate


@cache
def _logs() -> list[list[dict]]:
    """The events of the bundled flights of several ships, as dicts."""
    return [[e.to_dict() for e in fly(p).events] for p in PLANS if len(p.crews) > 1]


def test_every_line_about_a_ship_names_it() -> None:
    seen = set()
    for log in _logs():
        for event in log:
            if "ship" in event:
                seen.add(event["kind"])
                assert event["ship"] in narrate(event, named=True), event
    assert seen & UNNAMED >= {"met", "stopped", "landed", "walked", "ate", "escaped"}


def test_one_ship_lines_are_unchanged_and_named_lines_only_gain_the_name() -> None:
    for log in _logs():
        for event in log:
            plain, named = narrate(event), narrate(event, named=True)
            if event["kind"] in UNNAMED:
                told = plain.lstrip()
                indent = plain[: len(plain) - len(told)]
                assert named == f"{indent}{event['ship']}: {told}"
            else:
                assert named == plain


def test_a_meteor_at_one_of_several_ships_says_whose() -> None:
    event = {"kind": "met", "ship": "C", "threat": "light-fire", "direction": "rear",
             "line": 7, "square": "8,7", "part": "engine"}  # fmt: skip
    assert narrate(event) == "light-fire from the rear along column 7 meets the engine on 8,7"
    assert narrate(event, named=True) == (
        "C: light-fire from the rear along column 7 meets the engine on 8,7"
    )
    ate = {"kind": "ate", "ship": "C", "hand": "left", "step": 2, "square": "7,8", "humans": 2}
    assert narrate(ate, named=True) == "  C: it eats 2 astronauts on 7,8"
