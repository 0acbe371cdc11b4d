"""Properties of repair over random layouts (the spec's "Repair": for every repairable layout
the result is legal, and repairing a legal ship changes nothing; RULES §3.2: the default repair
loses the fewest tiles, held here to a brute-force search on small ships of every board)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.properties.layouts import BOARDS, layouts
from trucker.core.ship import Contents, Ship
from trucker.formats.load import ship_from_document
from trucker.rules.repair import CannotRepair, repair
from trucker.rules.validate import validate, violations
from trucker.rules.violations import RuleId
from trucker.sim.captains import RandomPolicy

pytestmark = [pytest.mark.slow, pytest.mark.rules("3.2")]


def build(doc: dict[str, Any]) -> Ship:
    return ship_from_document(doc, "random.toml")


def repairable(ship: Ship) -> bool:
    """Step 5 of the spec's Repair, worked out independently: exactly one starting cabin really
    on the board (not off it, not on a hole), lying on the start square unless a IIIB double
    freed it."""
    board, holes = ship.board, ship.hole_squares
    starts = [c for c, t in ship.tiles.items() if t.start and c in board.squares - holes]
    if len(starts) != 1:
        return False
    return board.start_is_free(ship.holes) or starts[0] == board.start


def unloaded_only(after: Contents, before: Contents) -> bool:
    """Repair may take contents off a tile (RULES §3.2, the spec's step 1), never add any."""
    return (
        after.crew <= before.crew
        and after.charge <= before.charge
        and after.sleepers <= before.sleepers
        and after.alien in (before.alien, None)
        and not Counter(after.goods) - Counter(before.goods)
        and (after.robots, after.active, after.passenger)
        == (before.robots, before.active, before.passenger)
    )


@settings(max_examples=100, deadline=None)
@given(doc=layouts())
def test_repair_gives_a_legal_subset_or_cannot(doc: dict[str, Any]) -> None:
    ship = build(doc)
    if not repairable(ship):
        try:
            repair(ship)
        except CannotRepair:
            return
        raise AssertionError("repaired a layout without one starting cabin on its square")
    result = repair(ship)
    assert result.report.legal, result.report.violations
    assert validate(result.ship).legal
    assert set(result.ship.tiles) <= set(ship.tiles)
    for cell, tile in result.ship.tiles.items():
        assert tile == ship.tiles[cell]
        assert unloaded_only(result.ship.contents[cell], ship.contents[cell])
    assert {r.cell for r in result.removed} == set(ship.tiles) - set(result.ship.tiles)
    assert result.tiles_lost == len(ship.tiles) - len(result.ship.tiles)


@settings(max_examples=60, deadline=None)
@given(doc=layouts())
def test_repair_is_idempotent(doc: dict[str, Any]) -> None:
    ship = build(doc)
    if not repairable(ship):
        return
    once = repair(ship)
    twice = repair(once.ship)
    assert not twice.changed
    assert dict(twice.ship.tiles) == dict(once.ship.tiles)
    assert dict(twice.ship.contents) == dict(once.ship.contents)


@settings(max_examples=60, deadline=None)
@given(doc=layouts())
def test_repair_changes_nothing_on_a_legal_ship(doc: dict[str, Any]) -> None:
    """Random layouts are seldom legal, so the legal ship is the repair of one (which must
    itself be legal: the property the test above checks)."""
    try:
        ship = repair(build(doc)).ship
    except CannotRepair:
        assume(False)
    assert validate(ship).legal
    result = repair(ship)
    assert not result.changed
    assert dict(result.ship.tiles) == dict(ship.tiles)


@settings(max_examples=50, deadline=None)
@given(doc=layouts(), seed=st.integers(0, 1000))
def test_any_policy_choice_leaves_a_legal_ship_or_cannot(doc: dict[str, Any], seed: int) -> None:
    """Whichever tile of each pair a (random) captain removes, the result is legal, or repair
    refuses because the starting cabin itself was taken off."""
    ship = build(doc)
    if not repairable(ship):
        return
    try:
        result = repair(ship, policy=RandomPolicy(seed), method="stepwise")
    except CannotRepair as exc:
        assert "starting cabin" in str(exc)
        return
    assert result.report.legal
    assert set(result.ship.tiles) <= set(ship.tiles)


LOADOUT = frozenset(
    {
        RuleId.ALIEN_NO_LIFE_SUPPORT,
        RuleId.ALIEN_IN_START_CABIN,
        RuleId.ALIEN_DUPLICATE,
        RuleId.OVERLOADED,
    }
)
"""Rules the repair clears by unloading contents, never by removing a tile (step 1)."""


def fewest_by_brute_force(ship: Ship) -> int:
    """The fewest tiles whose removal leaves the ship legal but for its contents: every set of
    tiles but the starting cabin tried, smallest first, each judged by the validator."""
    on_board = ship.board.squares - ship.hole_squares
    start = next(c for c, t in ship.tiles.items() if t.start and c in on_board)
    others = sorted(c for c in ship.tiles if c != start)
    for size in range(len(others) + 1):
        for gone in combinations(others, size):
            rest = ship.without(gone)
            if all(v.rule in LOADOUT for v in violations(rest)):
                return size
    raise AssertionError("removing everything but the starting cabin always works")


@pytest.mark.parametrize("board", BOARDS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_the_default_repair_loses_the_fewest_tiles(board: str, data: st.DataObject) -> None:
    """On small random ships of each board (the IIB seam, the IIIB holes and Class IV
    included), the default repair loses exactly as many tiles as the fewest any removal does,
    and says so (``exact``)."""
    ship = build(data.draw(layouts(boards=(board,), max_tiles=7)))
    if not repairable(ship):
        return
    result = repair(ship)
    assert result.report.legal, result.report.violations
    assert result.tiles_lost == fewest_by_brute_force(ship)
    assert result.search is None or result.search.exact


@settings(max_examples=60, deadline=None)
@given(doc=layouts(max_tiles=14))
def test_the_default_repair_never_loses_more_than_the_stepwise_one(doc: dict[str, Any]) -> None:
    ship = build(doc)
    if not repairable(ship):
        return
    cheapest = repair(ship)
    assert cheapest.tiles_lost <= repair(ship, method="stepwise").tiles_lost
    removed = {r.cell for r in cheapest.removed if r.reason not in ("fell off", "disconnected")}
    assert removed <= set(ship.tiles)
