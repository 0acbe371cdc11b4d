"""Small slips a new player met (issue 13, A.7): each one pinned where it was made."""

from __future__ import annotations

from tests.conftest import SCENARIOS
from trucker.core.cards import Level, Planets
from trucker.core.rulings import Rulings
from trucker.formats.decks import Deck
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, fly
from trucker.render.narrate import narrate
from trucker.render.rulings import settled_rulings
from trucker.render.settlement import settlement_table

FLIGHTS = SCENARIOS / "flights"


def _fly(*cards):
    crews = (Crew("Red", load_ship(FLIGHTS / "red.toml")),)
    return fly(FlightPlan(crews, Deck("test", Level.I, cards), Rulings(), seed=0)).events


def test_a_planet_that_costs_one_day_says_one_day() -> None:
    events = _fly(Planets(level=Level.I, planets=("GG",), days=1))
    contexts = {e.context for e in events if e.kind == "decided" and e.decision == "land"}
    assert contexts == {"planets, 1 day"}


def test_no_lost_tile_costs_zero_credits_not_minus_zero() -> None:
    crews = (Crew("Red", load_ship(FLIGHTS / "red.toml")),)
    result = fly(FlightPlan(crews, Deck("test", Level.I, ()), Rulings(), seed=0))
    settled = [narrate(e) for e in result.events if e.kind == "settled"]
    assert settled == [
        "Red arrives 1st: earned 0, arrival 4, best-looking 2, goods 0, losses 0: 6 credits"
    ]
    headers, rows = settlement_table(result.ships)
    assert rows[0][headers.index("losses")] == "0"
    assert "-0" not in rows[0]


def test_rulings_under_a_report_read_as_they_are_written() -> None:
    values = {"radiation_solar_counts": True, "thruster_clearance": "one-square", "n": 4}
    assert settled_rulings(values) == (
        "radiation_solar_counts = true, thruster_clearance = one-square, n = 4"
    )
