"""A thruster shift's preview of a line (RULES §2.4) is worked out the quick way: no copy of the
ship when nothing aboard would change, and the default captain's defence taken without writing
its decision out. Both give what resolving the impacts on a copy, asking that captain, gives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from trucker.core.geometry import DIRECTIONS
from trucker.core.parts import goods_value
from trucker.core.threats import Threat, ThreatKind, read_roll
from trucker.formats.load import load_ship
from trucker.sim.attacks import _impacts_outcome, _resolve, attack, resolve_impact
from trucker.sim.captains import RandomPolicy
from trucker.sim.shifts import LinePreview
from trucker.sim.state import ShipState
from trucker.sim.table import Table

pytestmark = pytest.mark.rules("5")

NAMES = [
    ("ships", "class-iii-cruiser.toml"),
    ("ships", "class-iv-leviathan.toml"),
    ("ships", "abe-gadgets.toml"),
    ("ships", "class-iv-liner.toml"),
    ("ships", "iib-cylinder.toml"),
    ("attacks", "green-thruster.toml"),
]
SHIPS = {name: load_ship(SCENARIOS / folder / name) for folder, name in NAMES}

threats = st.builds(Threat, st.sampled_from(list(ThreatKind)), st.sampled_from(DIRECTIONS))
rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


def _worn(name: str, volley: list, seed: int) -> ShipState:
    """The ship after a few hits answered at random: tiles lost, batteries and panels spent."""
    ship = ShipState.from_ship(SHIPS[name])
    table = Table(policies=RandomPolicy(seed))
    for threat, roll in volley:
        attack(table, ship, threat, roll, allow_shift=False)
    return ship


def _reference(table: Table, ship: ShipState, kinds: tuple, line) -> LinePreview:
    """The preview as worked out on a copy of the ship, the default captain asked."""
    twin = ship.copy()
    quiet = table.quiet()
    tokens, solar, lost = twin.tokens(), len(twin.solar_used), len(twin.lost)
    crew = value = tokens_lost = 0
    for kind in kinds:
        damage = resolve_impact(quiet, twin, kind, line).damage
        crew += damage.humans + len(damage.aliens)
        value += goods_value(damage.goods) + damage.tokens
        tokens_lost += damage.tokens
    spent = tokens - twin.tokens() - tokens_lost
    return LinePreview(len(twin.lost) - lost, crew, value, spent, len(twin.solar_used) - solar)


def _aboard(ship: ShipState) -> tuple:
    return (dict(ship.tiles), dict(ship.contents), list(ship.lost), set(ship.solar_used))


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(sorted(SHIPS)),
    volley=st.lists(st.tuples(threats, rolls), max_size=4),
    seed=st.integers(0, 1000),
    threat=threats,
    roll=rolls,
)
def test_a_preview_is_the_one_worked_out_on_a_copy(name, volley, seed, threat, roll) -> None:
    ship = _worn(name, volley, seed)
    before = _aboard(ship)
    table = Table(policies=RandomPolicy(seed))
    line = read_roll(ship.board, threat.direction, roll)
    kinds = threat.kind.impacts
    quick = _impacts_outcome(table, ship, kinds)(line)
    assert quick == _reference(table, ship, kinds, line)
    assert _aboard(ship) == before


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(sorted(SHIPS)),
    volley=st.lists(st.tuples(threats, rolls), max_size=4),
    seed=st.integers(0, 1000),
    threat=threats,
    roll=rolls,
)
def test_the_default_defence_taken_unasked_is_the_one_asked_for(
    name, volley, seed, threat, roll
) -> None:
    ship = _worn(name, volley, seed)
    quiet = Table().quiet()
    line = read_roll(ship.board, threat.direction, roll)
    asked, unasked = ship.copy(), ship.copy()
    for kind in threat.kind.impacts:
        assert _resolve(quiet, unasked, kind, line, ask=False) == resolve_impact(
            quiet, asked, kind, line
        )
        assert _aboard(unasked) == _aboard(asked)
