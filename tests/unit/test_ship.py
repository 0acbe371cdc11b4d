"""The ship model (trucker/core/ship.py): frozen tiles on squares."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import ship
from trucker.core.geometry import Cell, Connector, Direction
from trucker.core.parts import AlienColor
from trucker.core.ship import Contents, sort_goods

FIELDS = {
    "crew": st.integers(0, 3),
    "alien": st.none() | st.sampled_from(list(AlienColor)),
    "charge": st.integers(0, 3),
    "goods": st.text("RYGB", max_size=3),
    "active": st.booleans(),
    "robots": st.integers(0, 4),
    "sleepers": st.integers(0, 3),
    "passenger": st.booleans(),
}
"""A value for every field of :class:`Contents`."""


def test_ship_is_read_only() -> None:
    s = ship({"7,7": "start", "7,8": "pipe ---u"})
    with pytest.raises(TypeError):
        s.tiles[Cell(1, 1)] = s.tiles[Cell(7, 7)]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.name = "x"  # type: ignore[misc]


def test_without_and_with_tiles_make_new_ships() -> None:
    s = ship({"7,7": "start", "7,8": "pipe ---u"})
    smaller = s.without([Cell(7, 8)])
    assert list(smaller.tiles) == [Cell(7, 7)]
    assert len(s.tiles) == 2
    assert smaller.board is s.board


def test_starting_cabins_and_label() -> None:
    s = ship({"7,8": "start", "7,7": "start"}, name="Twins")
    assert s.starting_cabins() == [Cell(7, 7), Cell(7, 8)]
    assert s.label == "Twins"
    assert ship({"7,7": "start"}).label == "test.toml"
    assert repr(ship({"7,7": "start"})) == "<Ship 'test.toml' on II, 1 tiles>"


def test_tile_sides_and_occupants() -> None:
    s = ship({"7,7": "start", "7,8": "cabin -sdu alien=brown"})
    tile, held = s.tiles[Cell(7, 8)], s.contents[Cell(7, 8)]
    assert tile.side(Direction.FRONT) is Connector.SMOOTH
    assert tile.side(Direction.LEFT) is Connector.UNIVERSAL
    assert held.occupants == 1
    assert s.contents[Cell(7, 7)].occupants == 2
    assert held._replace(alien=None).alien is None
    assert s.with_contents({Cell(7, 8): held._replace(alien=None)}).tiles == s.tiles


def test_hole_squares() -> None:
    assert ship({"7,7": "start"}, "IIIB", holes=[3, 3]).hole_squares == {
        Cell(3, 9), Cell(6, 7), Cell(8, 9), Cell(9, 10), Cell(11, 7), Cell(7, 7),
    }  # fmt: skip


def test_sort_goods() -> None:
    assert sort_goods("BRYG") == "RYGB"


@given(
    held=st.builds(Contents, **FIELDS),
    n=st.integers(0, 4),
    goods=st.text("RYGB", max_size=3),
    on=st.booleans(),
)
def test_the_engines_changes_to_contents_are_replace(held, n, goods, on) -> None:
    """Each constructor-call change keeps every other field, as ``_replace`` does (a new field
    fails here first: the strategy names every field)."""
    assert held._fields == tuple(FIELDS)
    assert held.with_crew(n) == held._replace(crew=n)
    assert held.with_charge(n) == held._replace(charge=n)
    assert held.with_goods(goods) == held._replace(goods=goods)
    assert held.with_active(on) == held._replace(active=on)
