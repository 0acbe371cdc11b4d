"""Properties of the attack engine over the bundled legal ships, random threats and rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from trucker.core.decisions import Decision, Option
from trucker.core.dice import outcomes
from trucker.core.geometry import DIRECTIONS, Direction
from trucker.core.parts import Part
from trucker.core.rulings import Rulings
from trucker.core.threats import Threat, ThreatKind, is_side, read_roll, shift_axis
from trucker.formats.load import load_ship
from trucker.rules.stats import armed_cells
from trucker.rules.validate import validate
from trucker.sim.attacks import attack
from trucker.sim.captains import RandomPolicy
from trucker.sim.exposure import exact_odds
from trucker.sim.intruders import _armed
from trucker.sim.shifts import LinePreview, offer_shift, shift_ways
from trucker.sim.state import ShipState
from trucker.sim.table import Table

pytestmark = pytest.mark.rules("5")

LEGAL = [
    "class-i-starter.toml",
    "class-iii-cruiser.toml",
    "class-iiia-longship.toml",
    "iib-cylinder.toml",
    "iiib-holes.toml",
    "class-iv-liner.toml",
    "abe-gadgets.toml",
]
SHIPS = {name: load_ship(SCENARIOS / "ships" / name) for name in LEGAL}
SHIPS["yellow-cylinder.toml"] = load_ship(SCENARIOS / "attacks" / "yellow-cylinder.toml")
SHIPS["green-thruster.toml"] = load_ship(SCENARIOS / "attacks" / "green-thruster.toml")

threats = st.builds(Threat, st.sampled_from(list(ThreatKind)), st.sampled_from(DIRECTIONS))
rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(sorted(SHIPS)),
    volley=st.lists(st.tuples(threats, rolls), min_size=1, max_size=6),
    seed=st.integers(0, 10_000),
)
def test_hits_never_add_and_leave_one_legal_piece(name, volley, seed) -> None:
    ship = ShipState.from_ship(SHIPS[name])
    table = Table(policies=RandomPolicy(seed))
    for threat, roll in volley:
        tiles_before = set(ship.tiles)
        humans_before = ship.humans()
        attack(table, ship, threat, roll)
        assert set(ship.tiles) <= tiles_before
        assert ship.humans() <= humans_before
        assert len(ship.structure.pieces()) <= 1
        report = validate(ship.to_ship(), flight=True)
        assert report.legal, report.violations


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(sorted(SHIPS)), threat=threats, roll=rolls)
def test_same_roll_same_outcome(name, threat, roll) -> None:
    results = []
    for _ in range(2):
        log: list = []
        result = attack(Table(log=log), ShipState.from_ship(SHIPS[name]), threat, roll)
        results.append((result.to_dict(), [e.to_dict() for e in log]))
    assert results[0] == results[1]


def _line_holds_a_tile(ship: ShipState, direction: Direction, roll: tuple[int, int]) -> bool:
    """Read from the rules, not through the engine's lines (RULES §1.1, §1.5): on a 2d6 board
    the sum names the column (front, rear) or row (sides); on IIB a front/rear pair is looked
    up in the board's column table, and a side roll's first die is the row (1 and 6 miss), the
    threat going round the whole cylinder."""
    first, second = roll
    board, cells = ship.board, ship.tiles.keys()
    if board.dice == "pairs":
        if is_side(direction):
            return first not in (1, 6) and any(c.row == first for c in cells)
        column = board.pair_columns.get(roll)
        return column is not None and any(c.col == column for c in cells)
    if is_side(direction):
        return any(c.row == first + second for c in cells)
    return any(c.col == first + second for c in cells)


def test_exposure_adds_up_against_the_dice_table() -> None:
    """For every side, the tiles' chances of being met add up to the chance that the rolled
    line holds a tile, counted directly over the 36 rolls."""
    for name, built in SHIPS.items():
        ship = ShipState.from_ship(built)
        for side in exact_odds(ship, ThreatKind.SMALL_METEOR):
            direct = sum(
                (p for roll, p in outcomes() if _line_holds_a_tile(ship, side.direction, roll)),
                Fraction(0),
            )
            assert side.meets == direct, (name, side.direction)
            assert sum((o.met for o in side.tiles.values()), Fraction(0)) == direct
            assert side.damage_powered <= side.damage_unpowered <= side.meets


@settings(max_examples=100, deadline=None)
@given(
    name=st.sampled_from(sorted(SHIPS)),
    picks=st.lists(st.lists(st.integers(0, 200), min_size=1, max_size=3), max_size=6),
)
def test_a_state_keeps_its_structure_as_a_fresh_one_would(
    name: str, picks: list[list[int]]
) -> None:
    """Tiles removed a few at a time, from a copy now and then: the structure kept up in place
    (joined neighbours, router connections, parts, one piece or not, exposed connectors) is
    the one worked out afresh from the tiles left."""
    from trucker.rules.graph import components
    from trucker.rules.stats import exposed_connectors
    from trucker.sim.state import Structure

    state = ShipState.from_ship(SHIPS[name])
    state.exposed()
    for number, chosen in enumerate(picks):
        if number % 2:
            state = state.copy()
        cells = sorted(state.tiles)
        if not cells:
            break
        state.remove({cells[i % len(cells)] for i in chosen})
        fresh = Structure.of(state.board, dict(state.tiles))
        kept = state.structure
        assert kept.joined == fresh.joined
        assert kept.connected == fresh.connected
        assert kept.parts == fresh.parts
        if state.tiles:
            assert len(kept.pieces()) == len(components(fresh.joined))
        assert state.exposed() == len(exposed_connectors(state.board, state.tiles))


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(sorted(SHIPS)),
    volley=st.lists(st.tuples(threats, rolls), max_size=4),
    threat=threats,
    roll=rolls,
    needs_crew=st.booleans(),
    seed=st.integers(0, 10_000),
)
def test_a_shift_offer_lists_every_way_and_only_those(
    name, volley, threat, roll, needs_crew, seed
) -> None:
    """``offer_shift`` lists its batteries once for both moves: its options are still every
    way :func:`~trucker.sim.shifts.shift_ways` gives for each move, in that order."""
    ship = ShipState.from_ship(SHIPS[name])
    table = Table(policies=RandomPolicy(seed))
    for hit, rolled in volley:
        attack(table, ship, hit, rolled)
    line = read_roll(ship.board, threat.direction, roll)
    expected = [
        (moves, thruster, power)
        for moves in shift_axis(line.direction)
        for thruster, power in shift_ways(ship, line, moves, needs_crew=needs_crew)
    ]
    staying = _Staying()
    offer_shift(
        Table(policies=staying),
        ship,
        line,
        lambda where: LinePreview(),
        needs_crew=needs_crew,
        context="",
    )
    offered = [
        (o.value.direction, o.value.thruster, o.value.power)
        for decision in staying.asked
        for o in decision.options[1:]
    ]
    assert offered == expected


class _Staying:
    """A captain that never shifts, and keeps the decisions it was asked."""

    def __init__(self) -> None:
        self.asked: list[Decision] = []

    def decide(self, decision: Decision) -> Option:
        self.asked.append(decision)
        return decision.options[0]


@settings(max_examples=100, deadline=None)
@given(
    name=st.sampled_from(sorted(SHIPS)),
    losses=st.lists(st.integers(0, 999), max_size=8),
    reach=st.sampled_from(["connected", "adjacent"]),
)
def test_armed_crew_kept_with_the_structure_sees_every_lost_tile(name, losses, reach) -> None:
    """The intruder engine keeps the squares armories reach with the ship's structure: after
    each lost tile it still finds the armed crew :func:`~trucker.rules.stats.armed_cells` finds
    (the first loss copies the shared structure, the next ones change it in place)."""
    ship = ShipState.from_ship(SHIPS[name])
    table = Table(rulings=Rulings(armory_reach=reach))
    assert _armed(ship, table) == armed_cells(ship, table.rulings)
    for pick in losses:
        if not ship.tiles:
            break
        armories = ship.of(Part.ARMORY)
        cells = armories if armories and pick % 3 == 0 else sorted(ship.tiles)
        ship.remove([cells[pick % len(cells)]])
        assert _armed(ship, table) == armed_cells(ship, table.rulings)
