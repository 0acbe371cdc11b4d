"""What every check looks at: the ship, its graph and the rulings, computed once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from trucker.core.boards import Board
from trucker.core.geometry import Cell, Direction
from trucker.core.parts import Part
from trucker.core.rulings import Rulings
from trucker.core.ship import Ship, Tile
from trucker.rules.graph import Touching, connections, joined_adjacency, ship_graph, touching_table
from trucker.rules.violations import RuleId

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["RuleContext", "misplaced_tiles"]


def misplaced_tiles(ship: Ship) -> dict[Cell, RuleId]:
    """Tiles not really on the board: off it (RULES §3.1), or on a IIIB hole (§1.6); the
    spec's edge case leaves them out of the other checks."""
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
    def touching(self) -> Touching:
        """For each tile, the tiles touching its four sides (None: nothing there)."""
        return touching_table(self.board, self.tiles)

    @cached_property
    def adjacency(self) -> dict[Cell, dict[Cell, Direction]]:
        """Joined neighbours of every tile, and the direction toward each."""
        return joined_adjacency(self.board, self.tiles, self.touching)

    @cached_property
    def graph(self) -> nx.Graph:
        """The same as a networkx graph, for analysis (the checks use :attr:`adjacency`)."""
        return ship_graph(self.board, self.tiles)

    @cached_property
    def connected(self) -> dict[Cell, frozenset[Cell]]:
        return connections(self.adjacency, self.tiles)

    @cached_property
    def by_part(self) -> dict[Part, list[tuple[Cell, Tile]]]:
        """The tiles grouped by part, so a check reads only the parts it is about."""
        groups: dict[Part, list[tuple[Cell, Tile]]] = {}
        for cell, tile in self.tiles.items():
            groups.setdefault(tile.part, []).append((cell, tile))
        return groups

    def of(self, *parts: Part) -> list[tuple[Cell, Tile]]:
        """Tiles of the given parts (in board order within each part)."""
        groups = self.by_part
        return [item for part in parts for item in groups.get(part, ())]

    @cached_property
    def starting_cabins(self) -> list[Cell]:
        return sorted(c for c, t in self.tiles.items() if t.start)
