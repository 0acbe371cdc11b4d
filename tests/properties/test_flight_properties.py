"""Properties of whole flights: random bundled ships, dealt decks, seeded dice, random or
default captains."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.flights import PLANS, SHIPS, plans
from trucker.core.rulings import Rulings
from trucker.play.flights import (
    Crew,
    FlightPlan,
    deck_for,
    flight_log,
    flight_record,
    fly,
    replay,
    replay_divergence,
)
from trucker.sim.captains import RandomPolicy

pytestmark = pytest.mark.slow


@settings(max_examples=40, deadline=None)
@given(plan=plans, random_captains=st.booleans())
def test_flight_invariants(plan: FlightPlan, random_captains: bool) -> None:
    captains = (
        {c.name: RandomPolicy(i) for i, c in enumerate(plan.crews)} if random_captains else None
    )

    result = fly(plan, captains=captains)
    # every ship after every card (the fold of the log equals the engine's ships, see
    # test_record_properties.py)
    for ships in flight_record(plan, result).after.values():
        for after in ships:
            for cell, tile in after.ship.tiles.items():
                held = after.ship.contents[cell]
                assert min(held.crew, held.charge, held.sleepers, held.robots) >= 0
                assert len(held.goods) <= max(tile.capacity, 0) or tile.part != "cargo"
            assert after.credits >= 0
    by_name = {s.name: s for s in result.ships}
    for crew in plan.crews:
        ship = by_name[crew.name]
        assert ship.tiles + ship.tiles_lost == len(crew.ship.tiles)
        assert ship.tiles_lost == len(result.lost_squares[crew.name])
        assert ship.humans >= 0 and ship.batteries >= 0 and ship.final_credits >= 0
        assert all(g in "RYGB" for g in ship.goods)
    gone: set[str] = set()
    for event in result.events:
        ship = getattr(event, "ship", None)
        if ship in gone and event.kind != "settled":
            raise AssertionError(f"{ship} gave up but was affected: {event.to_dict()}")
        if event.kind == "gave-up":
            gone.add(event.ship)


@settings(max_examples=25, deadline=None)
@given(plan=plans)
def test_same_seed_same_log_and_replay_ends_the_same(plan: FlightPlan) -> None:
    one = flight_log(plan, fly(plan))
    two = flight_log(plan, fly(plan))
    assert one == two
    saved = json.loads(json.dumps(one))
    _, again = replay(saved)
    assert [s.to_dict() for s in again.ships] == saved["ships"]
    assert [e.to_dict() for e in again.events] == saved["events"]
    assert replay_divergence(saved, again) is None


IV_SHIPS = ["class-iv-liner.toml", "class-iv-leviathan.toml"]


@settings(max_examples=25, deadline=None)
@given(
    names=st.lists(st.sampled_from(IV_SHIPS), min_size=1, max_size=3),
    insured=st.lists(st.sampled_from([True, False, None]), min_size=3, max_size=3),
    seed=st.integers(0, 10**6),
)
def test_class_iv_insurance(names: list[str], insured: list[bool | None], seed: int) -> None:
    """RULES §9.3: an insured ship pays at most the cap for its lost tiles (and the price once);
    an uninsured one pays a credit per lost tile; the captain decides when nobody else did; a
    Class IV flight with a seed is reproducible."""
    crews = tuple(Crew(f"{i}:{n}", SHIPS[n], insured=insured[i]) for i, n in enumerate(names))
    plan = FlightPlan(crews, deck_for("random:IV", seed), Rulings(), seed=seed)
    result = fly(plan)
    assert flight_log(plan, result) == flight_log(plan, fly(plan))
    bought = {e.ship: e.insured for e in result.events if e.kind == "insured"}
    assert set(bought) == {c.name for c in crews}
    for crew, ship in zip(crews, result.ships, strict=True):
        insurance = crew.ship.board.insurance
        fixed = crew.ship.insured if crew.insured is None else crew.insured
        if fixed is not None:
            assert bought[crew.name] is fixed
        if bought[crew.name]:
            assert ship.losses == min(ship.tiles_lost, insurance.cap)
            assert ship.losses <= insurance.cap
            assert ship.insurance == insurance.price
        else:
            assert ship.losses == ship.tiles_lost
            assert ship.insurance == 0


@settings(max_examples=25, deadline=None)
@given(plan=plans)
def test_a_flight_without_a_log_ends_the_same(plan: FlightPlan) -> None:
    """The engine skips work nobody reads when no log is kept (events, the sensible captain's
    known answers); the flight itself must not change."""
    same_without_a_log(plan)


@pytest.mark.parametrize("plan", PLANS, ids=lambda p: p.deck.name or "deck")
def test_the_bundled_flights_end_the_same_without_a_log(plan: FlightPlan) -> None:
    same_without_a_log(plan)


def same_without_a_log(plan: FlightPlan) -> None:
    """Every field of the result but the log itself: ships, per-card costs, lost squares, cards
    played, representative values, rulings."""
    logged, quiet = fly(plan), fly(plan, keep_log=False)
    assert quiet.events is None and logged.events
    assert replace(quiet, events=None) == replace(logged, events=None)
    assert [s.to_dict() for s in quiet.ships] == [s.to_dict() for s in logged.ships]
