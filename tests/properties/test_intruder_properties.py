"""Properties of intruder walks over random legal ships (repaired random layouts)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.properties.layouts import layouts, mirror
from trucker.core.cards import Hand, Intruder, IntruderKind, Level, Reward
from trucker.core.geometry import Cell, Direction
from trucker.formats.load import ship_from_document
from trucker.rules.repair import CannotRepair, repair
from trucker.sim.captains import RandomPolicy
from trucker.sim.intruders import intrude
from trucker.sim.state import ShipState
from trucker.sim.table import Table

pytestmark = [pytest.mark.slow, pytest.mark.rules("7.2")]

SYMMETRIC = ("I", "II", "III", "IIIa", "IV")


def legal(doc: dict) -> ShipState:
    try:
        fixed = repair(ship_from_document(doc, "random.toml")).ship
    except CannotRepair:
        assume(False)
    return ShipState.from_ship(fixed)


cards = st.builds(
    lambda kind, direction, steps, hand, fuse, double: Intruder(
        level=Level.parse(1),
        kind=kind,
        direction=direction,
        steps=steps,
        hand=None if double else hand,
        fuses=(min(fuse, steps),) if kind.places_fuses else (),
        double=double,
        reward=Reward(credits=1),
    ),
    st.sampled_from(list(IntruderKind)),
    st.sampled_from(list(Direction)),
    st.integers(1, 12),
    st.sampled_from(list(Hand)),
    st.integers(1, 12),
    st.booleans(),
)
rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


@settings(max_examples=150, deadline=None)
@given(doc=layouts(max_tiles=14), card=cards, roll=rolls, seed=st.integers(0, 99))
def test_walks_follow_joins_and_never_overstep(doc, card, roll, seed) -> None:
    ship = legal(doc)
    joined = {c: set(n) for c, n in ship.structure.joined.items()}
    result = intrude(Table(policies=RandomPolicy(seed)), ship, card, roll)
    for walk in result.walks:
        assert len(walk.steps) <= card.steps
        for a, b in zip(walk.path, walk.path[1:], strict=False):
            assert b in joined[a], (a, b)
        assert [s.number for s in walk.steps] == list(range(1, len(walk.steps) + 1))


@settings(max_examples=80, deadline=None)
@given(doc=layouts(boards=SYMMETRIC, max_tiles=14), card=cards, roll=rolls)
def test_mirrored_ship_mirrored_walk(doc, card, roll) -> None:
    """A ship and its mirror image, the intruder coming from the mirrored side with the other
    hand (and a front/rear roll mirrored about column 7), walk mirror-image paths."""
    ship = legal(doc)
    twin = legal(mirror(doc))
    assume(len(twin.tiles) == len(ship.tiles))
    flip = {Direction.LEFT: Direction.RIGHT, Direction.RIGHT: Direction.LEFT}
    other = Intruder(
        level=card.level,
        kind=card.kind,
        direction=flip.get(card.direction, card.direction),
        steps=card.steps,
        hand=None if card.hand is None else (Hand.RIGHT if card.hand is Hand.LEFT else Hand.LEFT),
        fuses=card.fuses,
        double=card.double,
        reward=card.reward,
    )
    total = roll[0] + roll[1]
    mirrored_roll = total if card.direction in flip else 14 - total
    one = intrude(Table(), ship, card, total, allow_shift=False)
    two = intrude(Table(), twin, other, mirrored_roll, allow_shift=False)
    assert one.outcome == two.outcome
    paths = {str(w.hand): [Cell(c.row, 14 - c.col) for c in w.path] for w in one.walks}
    swapped = {"left": "right", "right": "left"}
    assert paths == {swapped[str(w.hand)]: w.path for w in two.walks}


@settings(max_examples=60, deadline=None)
@given(doc=layouts(max_tiles=12), card=cards, roll=rolls)
def test_same_roll_same_trace(doc, card, roll) -> None:
    ship = legal(doc)
    traces = []
    for _ in range(2):
        log: list = []
        result = intrude(Table(log=log), ship.copy(), card, roll)
        traces.append((result.to_dict(), [e.to_dict() for e in log]))
    assert traces[0] == traces[1]


@settings(max_examples=150, deadline=None)
@given(doc=layouts(max_tiles=14), card=cards, roll=rolls, seed=st.integers(0, 99))
def test_the_result_is_the_same_with_or_without_a_log(doc, card, roll, seed) -> None:
    """A log records what happened; it never changes the result (each step's why included)."""
    ship = legal(doc)
    logged = intrude(Table(policies=RandomPolicy(seed), log=[]), ship.copy(), card, roll)
    quiet = intrude(Table(policies=RandomPolicy(seed)), ship.copy(), card, roll)
    assert quiet == logged
