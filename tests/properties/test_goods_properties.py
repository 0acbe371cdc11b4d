"""The quick best-value rule for gained goods agrees with listing every arrangement, and what
is read once per arrangement of holds is read again when a hold is lost."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from trucker.core.geometry import Cell, Connector
from trucker.core.parts import Part, goods_value
from trucker.core.ship import Contents, Ship, Tile
from trucker.formats.catalogue import find_board, parts
from trucker.sim.goods import arrangements, best_kept_value, pack_goods
from trucker.sim.state import ShipState

GOODS = st.text(alphabet="RYGB", max_size=6)
HOLDS = st.lists(st.tuples(st.integers(1, 3), st.booleans(), GOODS), min_size=0, max_size=4)


def _built(holds: list[tuple[int, bool, str]]) -> Ship:
    tiles = {Cell(7, 7): Tile(Part.CABIN, (Connector.UNIVERSAL,) * 4, start=True)}
    contents = {}
    for i, (capacity, red, goods) in enumerate(holds):
        capacity = min(capacity, 2) if red else capacity
        load = "".join(g for g in goods if red or g != "R")[:capacity]
        sides = (Connector.SMOOTH,) * 4
        tiles[Cell(8, 5 + i)] = Tile(Part.CARGO, sides, capacity=capacity, red=red)
        contents[Cell(8, 5 + i)] = Contents(goods=load)
    return Ship(find_board("II"), tiles, contents=contents, part_facts=parts())


@given(holds=HOLDS, gained=GOODS)
def test_best_kept_value_is_the_best_arrangement(holds, gained) -> None:
    ship = ShipState.from_ship(_built(holds))
    best = goods_value(arrangements(ship, gained)[0][0])
    assert best_kept_value(ship, gained) == best


@given(holds=HOLDS, gained=GOODS, lost=st.sets(st.integers(0, 3)))
def test_goods_fit_the_holds_left_after_a_loss(holds, gained, lost) -> None:
    built = _built(holds)
    ship = ShipState.from_ship(built)
    for kept, _ in arrangements(ship, gained):  # read with every hold aboard
        list(pack_goods(ship, kept))
    gone = [Cell(8, 5 + i) for i in sorted(lost) if i < len(holds)]
    ship.remove(gone)
    fresh = ShipState.from_ship(built.without(gone))
    assert arrangements(ship, gained) == arrangements(fresh, gained)
    assert best_kept_value(ship, gained) == best_kept_value(fresh, gained)
    left = {c: t for c, t in ship.tiles.items() if t.part is Part.CARGO}
    red_room = sum(t.capacity for t in left.values() if t.red)
    room = sum(t.capacity for t in left.values())
    for kept, _ in arrangements(ship, gained):
        assert kept.count("R") <= red_room and len(kept) <= room
        packed = list(pack_goods(ship, kept))
        assert [c for c, _ in packed] == sorted(left)
        for cell, load in packed:
            assert len(load) <= left[cell].capacity and ("R" not in load or left[cell].red)
        assert sorted("".join(load for _, load in packed)) == sorted(kept)
