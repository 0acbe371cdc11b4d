"""One read-only view of a ship, as every rule reads it: the checks and the stats of a built
ship (:class:`RuleContext`), and the flight engine's ship in flight
(:class:`trucker.sim.state.ShipState`), which offers the same names.

A rule written against :class:`ShipView` is written once and holds for both: firepower, engine
power, the crew counts and the armed crew (:mod:`trucker.rules.stats`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

from trucker.core.boards import Board
from trucker.core.geometry import Cell, Direction
from trucker.core.parts import Part, PartFacts
from trucker.core.rulings import Rulings
from trucker.core.ship import Contents, Ship, Tile
from trucker.rules.graph import Touching, connections, joined_adjacency, ship_graph, touching_table
from trucker.rules.violations import RuleId

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["ShipView", "RuleContext", "misplaced_tiles"]


class ShipView(Protocol):
    """What a rule may read of a ship: its board, tiles and what each holds, the printed facts
    of its parts, which
    tiles are joined and which are connected (through routers too, RULES §8.2), and the
    squares of each part in board order. Nothing here changes the ship."""

    @property
    def board(self) -> Board: ...
    @property
    def tiles(self) -> Mapping[Cell, Tile]: ...
    @property
    def contents(self) -> Mapping[Cell, Contents]: ...
    @property
    def part_facts(self) -> PartFacts: ...
    @property
    def joined(self) -> Mapping[Cell, Mapping[Cell, Direction]]: ...
    @property
    def connected(self) -> Mapping[Cell, frozenset[Cell]]: ...
    def of(self, part: Part) -> Sequence[Cell]: ...


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
    """A built ship as the checks and the stats see it (a :class:`ShipView`). Off-board and
    hole tiles are left out of ``tiles``: their neighbours see an empty square."""

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

    @property
    def contents(self) -> Mapping[Cell, Contents]:
        return self.ship.contents

    @property
    def part_facts(self) -> PartFacts:
        return self.ship.part_facts

    @cached_property
    def touching(self) -> Touching:
        """For each tile, the tiles touching its four sides (None: nothing there)."""
        return touching_table(self.board, self.tiles)

    @cached_property
    def joined(self) -> dict[Cell, dict[Cell, Direction]]:
        """Joined neighbours of every tile, and the direction toward each."""
        return joined_adjacency(self.board, self.tiles, self.touching)

    @cached_property
    def graph(self) -> nx.Graph:
        """The same as a networkx graph, for analysis (the checks use :attr:`joined`)."""
        return ship_graph(self.board, self.tiles)

    @cached_property
    def connected(self) -> dict[Cell, frozenset[Cell]]:
        return connections(self.joined, self.tiles)

    @cached_property
    def _by_part(self) -> dict[Part, tuple[Cell, ...]]:
        groups: dict[Part, list[Cell]] = {}
        for cell in sorted(self.tiles):
            groups.setdefault(self.tiles[cell].part, []).append(cell)
        return {part: tuple(cells) for part, cells in groups.items()}

    def of(self, part: Part) -> tuple[Cell, ...]:
        """The squares holding ``part``, in board order."""
        return self._by_part.get(part, ())

    def items(self, *parts: Part) -> list[tuple[Cell, Tile]]:
        """The tiles of the given parts with their squares, part by part, each in board
        order: what a check about those parts reads."""
        tiles = self.tiles
        return [(cell, tiles[cell]) for part in parts for cell in self.of(part)]

    @cached_property
    def starting_cabins(self) -> list[Cell]:
        return sorted(c for c, t in self.tiles.items() if t.start)
