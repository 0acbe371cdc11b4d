"""What every check looks at: the ship, its graph and the rulings, computed once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

import networkx as nx

from trucker.boards import Board
from trucker.geometry import Cell
from trucker.graph import connections, ship_graph
from trucker.report import RuleId
from trucker.rulings import Rulings
from trucker.ship import Ship, Tile

__all__ = ["RuleContext", "misplaced_tiles"]


def misplaced_tiles(ship: Ship) -> dict[Cell, RuleId]:
    """Tiles not really on the board: off it, or on a IIIB hole (the spec's edge case)."""
    holes = ship.hole_squares
    out: dict[Cell, RuleId] = {}
    for cell in ship.tiles:
        if cell not in ship.board.squares:
            out[cell] = RuleId.OFF_BOARD
        elif cell in holes:
            out[cell] = RuleId.HOLE
    return out


@dataclass(frozen=True, eq=False)
class RuleContext:
    """A ship as the checks see it. Off-board and hole tiles are left out of ``tiles``: their
    neighbours see an empty square."""

    ship: Ship
    rulings: Rulings
    misplaced: Mapping[Cell, RuleId] = field(init=False)
    tiles: Mapping[Cell, Tile] = field(init=False)

    def __post_init__(self) -> None:
        misplaced = misplaced_tiles(self.ship)
        object.__setattr__(self, "misplaced", misplaced)
        object.__setattr__(
            self, "tiles", {c: t for c, t in self.ship.tiles.items() if c not in misplaced}
        )

    @property
    def board(self) -> Board:
        return self.ship.board

    @cached_property
    def graph(self) -> nx.Graph:
        return ship_graph(self.board, self.tiles)

    @cached_property
    def connected(self) -> dict[Cell, frozenset[Cell]]:
        return connections(self.graph.adj, self.tiles)

    @cached_property
    def starting_cabins(self) -> list[Cell]:
        return sorted(c for c, t in self.tiles.items() if t.start)
