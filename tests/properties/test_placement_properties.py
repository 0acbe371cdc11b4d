"""The shipyard's highlight held to the validator (rules/placement.py): for random ships and
random tiles in hand, on every free square and in every turn, the fast path's violations are
exactly those the validator finds on the ship with the tile placed and not without it, in its
words; so on a legal ship the highlighted squares and turns are exactly those that keep it
legal."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.properties.layouts import layouts, tile_entries
from trucker.core.geometry import DIRECTIONS
from trucker.core.ship import Ship
from trucker.formats.load import ship_from_document, tile_from_entry
from trucker.rules.placement import added_violations, placements
from trucker.rules.repair import CannotRepair, repair
from trucker.rules.validate import is_legal

in_hand = st.one_of(tile_entries(), st.just({"part": "cabin", "start": True}))
"""Any tile, and now and then a starting cabin (which the fast path leaves to the reference)."""


def build(doc: dict[str, Any]) -> Ship:
    return ship_from_document(doc, "random.toml")


def words(found: tuple[Any, ...]) -> list[tuple[str, tuple[Any, ...], str, object, object]]:
    return [(str(v.rule), v.squares, v.message, v.side, v.hint) for v in found]


def hand(entry: dict[str, Any], ship: Ship) -> tuple[Any, Any]:
    return tile_from_entry(entry, launch=ship.loadout == "launch")


@st.composite
def legal_ships(draw: st.DrawFn, tries: int = 40) -> Ship:
    """A legal ship grown from a random layout's repair: random tiles dropped on random
    squares next to it, each kept in the first turn that leaves the ship legal (the validator
    decides), so that ships of twenty tiles and more come up, not only the few tiles a random
    layout keeps after repair."""
    try:
        ship = repair(build(draw(layouts(max_tiles=8)))).ship
    except CannotRepair:
        assume(False)
        raise
    for _ in range(draw(st.integers(0, tries))):
        board = ship.board
        frontier = sorted(
            {board.neighbour(c, d) for c in ship.tiles for d in DIRECTIONS}
            & (board.squares - ship.tiles.keys() - ship.hole_squares)
        )
        if not frontier:
            break
        cell = draw(st.sampled_from(frontier))
        tile, held = hand(draw(tile_entries()), ship)
        for turn in range(4):
            grown = ship.placed(cell, tile.turned(turn), held)
            if is_legal(grown):
                ship = grown
                break
    return ship


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ship=legal_ships(), entry=in_hand)
def test_the_highlight_is_exactly_where_a_legal_ship_stays_legal(
    ship: Ship, entry: dict[str, Any]
) -> None:
    assert is_legal(ship)
    tile, held = hand(entry, ship)
    for choice in placements(ship, tile, held):
        for way in choice.ways:
            placed = ship.placed(choice.cell, way.tile, held)
            assert way.fits is is_legal(placed), (choice.cell, way.turn)
            assert words(way.violations) == words(
                added_violations(ship, choice.cell, way.tile, held)
            )
        assert choice.fits is any(w.fits for w in choice.ways)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=layouts(max_tiles=12), entry=in_hand, data=st.data())
def test_the_fast_path_says_what_the_validator_says_on_any_ship(
    doc: dict[str, Any], entry: dict[str, Any], data: st.DataObject
) -> None:
    ship = build(doc)
    tile, held = hand(entry, ship)
    free = sorted(ship.board.squares - ship.tiles.keys())
    assume(free)
    squares = data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=6, unique=True))
    for choice in placements(ship, tile, held, squares=squares):
        order = [(not w.fits, w.turn) for w in choice.ways]
        assert order == sorted(order)
        for way in choice.ways:
            assert words(way.violations) == words(
                added_violations(ship, choice.cell, way.tile, held)
            ), (choice.cell, way.turn)
