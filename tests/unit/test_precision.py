"""Odds to a precision (trucker.play.parallel.fly_until): the run stops at the first chunk whose
interval is narrow enough, the same chunk wherever the chunks are flown, or at the most flights
with a note saying the precision was not met."""

from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS
from trucker.core.rulings import Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.flights import Crew
from trucker.play.montecarlo import (
    CHUNK,
    OddsSpec,
    Precision,
    Tally,
    precision_note,
    run_chunk,
    summarise,
)
from trucker.play.parallel import fly_until

pytestmark = pytest.mark.slow

ODDS = SCENARIOS / "odds"


def _cabin(most: int, seed: int = 3) -> OddsSpec:
    ship = load_ship(ODDS / "lone-cabin.toml")
    deck = load_deck(ODDS / "one-small-meteor.toml")
    return OddsSpec(((Crew("cabin", ship),),), deck, Rulings(), seed, most)


def _meets(spec: OddsSpec, precision: Precision) -> list[bool]:
    """Whether the interval meets it after each number of flights, counted one flight at a
    time (index n: after n flights)."""
    tally, meets = Tally.empty(spec), [False]
    for index in range(spec.flights):
        tally.merge(run_chunk(spec, index, index + 1))
        meets.append(precision_note(spec, tally, precision).met)
    return meets


@pytest.mark.parametrize(
    "precision", [Precision(0.15), Precision(0.02, "finish")], ids=["credits", "finish"]
)
def test_the_run_stops_within_one_chunk_of_the_first_flight_that_meets_it(
    precision: Precision,
) -> None:
    """No run stops before its first chunk; from there, the first flight whose interval is
    narrow enough is at most one chunk before the stop, and no chunk boundary before met it."""
    spec = _cabin(4000)
    meets = _meets(spec, precision)
    first = meets.index(True, CHUNK)
    outcome = fly_until(spec, precision)
    assert outcome.precision is not None and outcome.precision.met and not outcome.partial
    flown = outcome.tally.flights
    assert first <= flown < first + CHUNK and flown % CHUNK == 0
    assert meets[flown] and not any(meets[n] for n in range(CHUNK, flown, CHUNK))
    assert outcome.precision.half_width <= precision.half_width


def test_the_same_stop_with_two_worker_processes() -> None:
    spec = _cabin(6000, seed=8)
    here = fly_until(spec, Precision(0.2))
    there = fly_until(spec, Precision(0.2), workers=2)
    assert here.tally.flights == there.tally.flights < 6000
    assert summarise(spec, here.tally).to_dict() == summarise(spec, there.tally).to_dict()


def test_the_most_flights_come_first_and_say_so() -> None:
    spec = _cabin(CHUNK * 2)
    seen: list[tuple[int, float]] = []
    outcome = fly_until(spec, Precision(0.01), progress=lambda n, half: seen.append((n, half)))
    assert outcome.tally.flights == CHUNK * 2 and not outcome.partial
    assert outcome.precision is not None and not outcome.precision.met
    assert [n for n, _ in seen] == [CHUNK, CHUNK] and seen[1][1] < seen[0][1]
    result = summarise(spec, outcome.tally, precision=outcome.precision)
    assert result.to_dict()["precision"] == {
        "measure": "credits",
        "target": 0.01,
        "half_width": outcome.precision.half_width,
        "met": False,
    }


def test_with_vs_the_difference_decides() -> None:
    """The same design against itself differs by nothing: met after the first chunk."""
    ship = load_ship(SCENARIOS / "ships" / "class-i-starter.toml")
    crew = Crew("a", ship)
    spec = OddsSpec(((crew,), (Crew("b", ship),)), "random:I", Rulings(), 1, 5000)
    outcome = fly_until(spec, Precision(0.01))
    assert outcome.tally.flights == CHUNK and outcome.precision is not None
    assert outcome.precision.half_width == 0 and outcome.precision.met


def test_a_precision_is_above_zero() -> None:
    with pytest.raises(ValueError, match="above 0"):
        Precision(0)


def test_a_stop_returns_what_was_flown_marked_partial() -> None:
    def stop(flights: int, half: float) -> None:
        raise KeyboardInterrupt

    outcome = fly_until(_cabin(4000), Precision(0.01), progress=stop)
    assert outcome.partial and outcome.tally.flights == CHUNK
    assert outcome.precision is not None and not outcome.precision.met
