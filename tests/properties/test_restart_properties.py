"""A rollout started from the end of its answer's first rollout (:meth:`FlightState.restart`)
is the rollout :meth:`FlightState.branch` builds by playing the card again: for dealt flights
of the bundled ships at every level, at every decision of two or more options, for every
option and two rollout seeds, the same flight at the end of the card (every field a later card
or the settlement reads, the deck's order and its generator's state) and the same end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.flights import plans
from trucker.core.cards import CardType
from trucker.core.decisions import Decision, Option
from trucker.core.dice import StreamDice
from trucker.play.flights import FlightPlan, fly
from trucker.sim.captains import SensibleCaptain
from trucker.sim.expert import ExpertCaptain, _fingerprint
from trucker.sim.stepping import FlightState

pytestmark = pytest.mark.slow

_SENSIBLE = SensibleCaptain()
SEEDS = 4
"""Dealt Class III decks flown with a log by the probe (a Hazardous Business among them)."""


def started(state: FlightState) -> tuple[object, ...]:
    """Everything of a rollout at the end of its first phase that what follows can read."""
    flight = state.flight
    assert state.table.log is None and state.table.tape is None and state._tape is None
    assert state.waiting is None and state.result is None and state.costs == []
    return (
        _fingerprint(flight),
        [id(card) for card in flight.cards],
        flight.deck_rng.getstate(),
        [
            (p.name, p.start, p.order, p.pending, p.ship.contents, tuple(p.ship.tiles),
             sorted(map(str, p.ship.solar_used)), p.ship.unlimited_power)
            for p in flight.players
        ],
        (flight.card_index, flight.track, flight.five, flight._flies_on, flight._told),
        (state.played, state.started, state._decided, state.searches, state.seed),
        (state._counting, state._mark, state._stale),
    )  # fmt: skip


def ended(state: FlightState) -> tuple[object, ...]:
    result = state.finish()
    flight = state.flight
    return (
        [s.to_dict() for s in result.ships],
        [card.label for card in flight.cards[: state.played]],
        [(p.ship.contents, p.ship.lost) for p in flight.players],
    )


class Probe(ExpertCaptain):
    """At each decision of two or more options, holds every option's restarted rollouts to
    the replayed ones; then answers as the sensible captain."""

    def __init__(self, first: int, other: int) -> None:
        super().__init__(effort=1)
        self.first, self.other = first, other
        self.restarted = self.replayed = 0
        self.cards: list[tuple[CardType | None, bool]] = []
        """Each option checked: the type of the card it was asked on, restarted or not."""

    def search(self, state: FlightState, decision: Decision) -> Option:
        if len(decision.options) > 1:
            for option in decision.options:
                self._check(state, option.label)
        return self.decide(decision)

    def _branch(self, state: FlightState, label: str, seed: int) -> FlightState:
        dice, shuffle = StreamDice(seed), random.Random(seed)
        return state.branch(label, dice=dice, policies=_SENSIBLE, shuffle=shuffle)

    def _check(self, state: FlightState, label: str) -> None:
        first = self._branch(state, label, self.first)
        start = first.restart()
        card = state.card
        self.cards.append((card.type if card is not None else None, start is not None))
        if start is None:
            self.replayed += 1
            return
        self.restarted += 1
        for seed in (self.first, self.other):
            reused = start.branch(dice=StreamDice(seed), shuffle=random.Random(seed))
            replayed = self._branch(state, label, seed)
            assert started(reused) == started(replayed), (label, seed)
            assert ended(reused) == ended(replayed), (label, seed)
        assert ended(first) == ended(start.branch(
            dice=StreamDice(self.first), shuffle=random.Random(self.first)
        ))  # fmt: skip


def probe(plan: FlightPlan, first: int, other: int, keep_log: bool = False) -> Probe:
    """Fly the plan with the probe as its first ship's captain (with a log, every ship is
    asked before each card whether to give up: a Hazardous Business's draw is then the first
    phase of a branch)."""
    expert = Probe(first, other)
    fly(plan, keep_log=keep_log, captains={plan.crews[0].name: expert})
    return expert


@settings(max_examples=30, deadline=None)
@given(plans, st.integers(0, 2**32), st.integers(0, 2**32), st.booleans())
def test_a_restarted_rollout_is_the_replayed_one(
    plan: FlightPlan, first: int, other: int, keep_log: bool
) -> None:
    probe(plan, first, other, keep_log)


def test_restarts_are_most_rollouts_and_not_all() -> None:
    """The check above is not empty: on dealt Class III flights most options' rollouts start
    from the end of the card, and some (a roll after the decision) play it again; the
    decisions asked before a Hazardous Business, whose draw reads the deck's generator or
    adds cards, always play it again."""
    from tests.properties.flights import SHIPS
    from trucker.core.rulings import Rulings
    from trucker.play.flights import Crew, deck_for

    cards: list[tuple[CardType | None, bool]] = []
    for seed in range(SEEDS):
        crews = (Crew("red", SHIPS["class-iii-cruiser.toml"]),)
        plan = FlightPlan(crews, deck_for("random:III", seed), Rulings(), seed=seed)
        cards += probe(plan, seed, seed + 1, keep_log=True).cards
    restarted = sum(again for _, again in cards)
    assert restarted > len(cards) - restarted > 0
    hazardous = [again for kind, again in cards if kind is CardType.HAZARDOUS_BUSINESS]
    assert hazardous and not any(hazardous)
