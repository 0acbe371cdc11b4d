"""A ship in flight: a mutable, cheap-to-copy view of its tiles with cached structure.

Tiles are immutable; a change of contents replaces one tile in the ship's own dict. What depends
only on where tiles lie (joined neighbours, router connections) is computed once and shared by
copies until a tile is removed, so thousands of flights can start from one built ship without
deep copies.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trucker.boards import Board
from trucker.geometry import Cell, Direction
from trucker.graph import components, connections, joined_adjacency
from trucker.parts import Part
from trucker.ship import Ship, Tile

__all__ = ["Structure", "ShipState"]


@dataclass(frozen=True, slots=True)
class Structure:
    """What follows from where the tiles lie, not from what they hold."""

    joined: dict[Cell, dict[Cell, Direction]]
    connected: dict[Cell, frozenset[Cell]]

    @classmethod
    def of(cls, board: Board, tiles: dict[Cell, Tile]) -> Structure:
        joined = joined_adjacency(board, tiles)
        return cls(joined, connections(joined, tiles))

    def pieces(self) -> list[set[Cell]]:
        return components(self.joined)


class ShipState:
    """One ship during a flight (or a single attack): its tiles now, and what it has lost."""

    __slots__ = (
        "template",
        "board",
        "name",
        "tiles",
        "lost",
        "solar_used",
        "unlimited_power",
        "_structure",
    )

    def __init__(
        self,
        template: Ship,
        tiles: dict[Cell, Tile] | None = None,
        *,
        name: str | None = None,
        structure: Structure | None = None,
    ) -> None:
        self.template = template
        self.board = template.board
        self.name = name or template.label
        self.tiles: dict[Cell, Tile] = dict(template.tiles) if tiles is None else tiles
        self.lost: list[Cell] = []
        self.solar_used: set[Cell] = set()
        self.unlimited_power = False
        self._structure = structure

    @classmethod
    def from_ship(cls, ship: Ship, *, name: str | None = None) -> ShipState:
        return cls(ship, name=name)

    def copy(self) -> ShipState:
        """An independent state sharing the immutable parts (tiles, structure)."""
        twin = ShipState(self.template, dict(self.tiles), name=self.name, structure=self._structure)
        twin.lost = list(self.lost)
        twin.solar_used = set(self.solar_used)
        twin.unlimited_power = self.unlimited_power
        return twin

    def __repr__(self) -> str:
        return f"<ShipState {self.name!r}: {len(self.tiles)} tiles, {len(self.lost)} lost>"

    @property
    def structure(self) -> Structure:
        if self._structure is None:
            self._structure = Structure.of(self.board, self.tiles)
        return self._structure

    def to_ship(self) -> Ship:
        """The ship as it stands, for drawing and checking."""
        return self.template.with_tiles(self.tiles)

    def set(self, cell: Cell, tile: Tile) -> None:
        """Replace a tile's contents (never its part or sides)."""
        self.tiles[cell] = tile

    def remove(self, cells: Iterable[Cell]) -> list[Cell]:
        """Take tiles off the ship, counting them as lost; the structure is recomputed lazily."""
        gone = [c for c in cells if c in self.tiles]
        for cell in gone:
            del self.tiles[cell]
        self.lost.extend(gone)
        if gone:
            self._structure = None
        return gone

    def new_card(self) -> None:
        """Solar panels and activated robots last one adventure card (RULES §2.4)."""
        self.solar_used.clear()
        for cell, tile in self.tiles.items():
            if tile.part is Part.ROBOT_CENTER and tile.active:
                self.tiles[cell] = tile.with_contents(active=False)

    def tokens(self) -> int:
        return sum(t.charge for t in self.tiles.values())

    def humans(self) -> int:
        return sum(t.crew for t in self.tiles.values())

    def cells_of(self, *parts: Part) -> list[Cell]:
        return sorted(c for c, t in self.tiles.items() if t.part in parts)
