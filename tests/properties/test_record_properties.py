"""The fold of a flight's log (trucker/play/record.py) gives each ship after each card exactly
as the engine left it: tiles and their contents, tiles lost in order, give-ups and credits."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.flights import PLANS, plans
from trucker.play.flights import FlightPlan, flight_record, fly
from trucker.sim.captains import RandomPolicy
from trucker.sim.flight import Flight

pytestmark = pytest.mark.slow


def live_and_folded(plan: FlightPlan, captains=None):
    """The engine's ships after each card (watched here only, by wrapping Flight.resolve)
    and the fold's, side by side."""
    live = {}
    resolve = Flight.resolve

    def watched(flight, index, card, resolver):
        resolve(flight, index, card, resolver)
        live[index] = tuple(
            (
                p.name,
                dict(p.ship.tiles),
                dict(p.ship.contents),
                tuple(p.ship.lost),
                p.gave_up,
                p.credits,
            )
            for p in flight.players
        )

    with patch.object(Flight, "resolve", watched):
        result = fly(plan, captains=captains)
    record = flight_record(plan, result)
    folded = {
        index: tuple(
            (s.name, dict(s.ship.tiles), dict(s.ship.contents), s.lost, s.gave_up, s.credits)
            for s in ships
        )
        for index, ships in record.after.items()
    }
    return result, record, live, folded


def check(plan: FlightPlan, captains=None) -> None:
    result, record, live, folded = live_and_folded(plan, captains)
    assert sorted(folded) == sorted(live) == list(range(len(result.card_labels)))
    for index in live:
        for mine, theirs in zip(folded[index], live[index], strict=True):
            assert mine == theirs, f"card {index + 1}, ship {theirs[0]}"
    assert record.card_costs() == result.card_costs
    last = record.after[max(record.after)] if record.after else record.launch
    assert {s.name: [str(c) for c in s.lost] for s in last} == result.lost_squares


@pytest.mark.parametrize("plan", PLANS, ids=lambda p: p.deck.name or "deck")
def test_the_fold_matches_the_engine_on_the_bundled_decks(plan: FlightPlan) -> None:
    check(plan)


@settings(max_examples=60, deadline=None)
@given(plan=plans, random_captains=st.booleans())
def test_the_fold_matches_the_engine(plan: FlightPlan, random_captains: bool) -> None:
    captains = (
        {c.name: RandomPolicy(i) for i, c in enumerate(plan.crews)} if random_captains else None
    )
    check(plan, captains)
