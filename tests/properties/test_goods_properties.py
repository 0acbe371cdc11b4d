"""The quick best-value rule for gained goods agrees with listing every arrangement."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from trucker.core.geometry import Cell, Connector
from trucker.core.parts import Part, goods_value
from trucker.core.ship import Contents, Ship, Tile
from trucker.formats.catalogue import find_board, parts
from trucker.sim.goods import arrangements, best_kept_value
from trucker.sim.state import ShipState

GOODS = st.text(alphabet="RYGB", max_size=6)
HOLDS = st.lists(st.tuples(st.integers(1, 3), st.booleans(), GOODS), min_size=0, max_size=4)


@given(holds=HOLDS, gained=GOODS)
def test_best_kept_value_is_the_best_arrangement(holds, gained) -> None:
    tiles = {Cell(7, 7): Tile(Part.CABIN, (Connector.UNIVERSAL,) * 4, start=True)}
    contents = {}
    for i, (capacity, red, goods) in enumerate(holds):
        capacity = min(capacity, 2) if red else capacity
        load = "".join(g for g in goods if red or g != "R")[:capacity]
        sides = (Connector.SMOOTH,) * 4
        tiles[Cell(8, 5 + i)] = Tile(Part.CARGO, sides, capacity=capacity, red=red)
        contents[Cell(8, 5 + i)] = Contents(goods=load)
    built = Ship(find_board("II"), tiles, contents=contents, part_facts=parts())
    ship = ShipState.from_ship(built)
    best = goods_value(arrangements(ship, gained)[0][0])
    assert best_kept_value(ship, gained) == best
