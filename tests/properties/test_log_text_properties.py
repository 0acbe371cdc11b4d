"""The fast log writer (trucker.play.flights.log_text, trucker.formats.logtext) writes exactly
the text json.dumps writes of flight_log: over dealt flights of one to five bundled ships, the
flight goldens (scripted dice and choices, rulings off their defaults), names no ship file would
hold, and any text."""

from __future__ import annotations

import json

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.flights import PLANS, SHIPS, plans
from trucker.core.rulings import Rulings
from trucker.formats.logtext import _ascii
from trucker.play.flights import Crew, FlightPlan, deck_for, flight_log, fly, log_text


def written_alike(plan: FlightPlan) -> None:
    result = fly(plan)
    for indent in (None, 2):
        assert log_text(plan, result, indent=indent) == json.dumps(
            flight_log(plan, result), indent=indent
        )


@settings(max_examples=25, deadline=None)
@given(plan=plans)
def test_a_dealt_flight_is_written_as_json_dumps_writes_it(plan: FlightPlan) -> None:
    written_alike(plan)


@pytest.mark.parametrize("plan", PLANS, ids=lambda p: p.deck.name or "deck")
def test_the_bundled_and_golden_flights_are_written_as_json_dumps_writes_them(
    plan: FlightPlan,
) -> None:
    written_alike(plan)


@pytest.mark.parametrize(
    "name",
    [
        "Cruiser",
        "Ünïcødé ship ·",
        "rocket \U0001f680",
        "del\x7fete",
        "tab\tand\nline",
        "lone \ud800",
    ],
)
def test_a_name_beyond_ascii_is_escaped_as_json_dumps_escapes_it(name: str) -> None:
    """A lone surrogate cannot be written by msgspec at all: the plain writer takes over."""
    ship = SHIPS["class-iii-cruiser.toml"]
    written_alike(FlightPlan((Crew(name, ship),), deck_for("random:III", 5), Rulings(), seed=5))


@given(st.text(st.characters(exclude_categories=["Cs"])))
def test_any_text_is_escaped_as_json_dumps_escapes_it(text: str) -> None:
    assert _ascii(msgspec.json.encode(text).decode()) == json.dumps(text)


def test_a_flight_is_written_by_msgspec_not_by_the_plain_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The plain writer is only the way out for what msgspec cannot write; a flight of the
    bundled ships never takes it."""
    import trucker.formats.logtext as logtext

    def plain(*args: object, **kwargs: object) -> str:
        raise AssertionError("the log was written the plain way")

    monkeypatch.setattr(logtext.json, "dumps", plain)
    plan = PLANS[0]
    assert log_text(plan, fly(plan), indent=2).startswith('{\n  "flight": {')
