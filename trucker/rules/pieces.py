"""Choosing what is left of a broken ship: the keep-piece options and their facts.

Used by repair after building (RULES §3.2) and by every destruction in flight (the spec's
"In flight"): the Policy keeps one piece, the others are lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from trucker.core.decisions import Decision, Option
from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.core.ship import Contents, Tile

__all__ = ["PieceOption", "piece_options", "keep_best_piece"]


class PieceOption(NamedTuple):
    """An option of a keep-piece decision, with the facts the default captain weighs."""

    cells: frozenset[Cell]
    has_start: bool
    humans: int
    has_cabin: bool

    @property
    def lowest(self) -> Cell:
        return min(self.cells)

    @property
    def rank(self) -> tuple[int, int, int, Cell]:
        return (0 if self.has_start else 1, -self.humans, -len(self.cells), self.lowest)


def piece_options(
    tiles: Mapping[Cell, Tile], contents: Mapping[Cell, Contents], parts: Iterable[Iterable[Cell]]
) -> tuple[Option, ...]:
    """Label each piece by its lowest square: ``keep piece at 7,7``; in that order."""
    out = []
    cabin = Part.CABIN
    for part in parts:
        cells = frozenset(part)
        has_start = has_cabin = False
        humans = 0
        for cell in cells:  # one pass over the piece for the three facts
            tile = tiles[cell]
            has_start = has_start or tile.start
            has_cabin = has_cabin or tile.part is cabin
            humans += contents[cell].crew
        value = PieceOption(cells, has_start, humans, has_cabin)
        lowest = min(cells)
        out.append((lowest, Option(f"keep piece at {lowest}", value)))
    out.sort(key=lambda pair: pair[0])
    return tuple(option for _, option in out)


def keep_best_piece(decision: Decision) -> Option:
    """Keep the piece with the starting cabin, else the most humans, else the most tiles, else
    the one holding the lowest square (the spec's "In flight"): every shipped captain's
    answer, and the repair's."""
    return min(decision.options, key=lambda o: o.value.rank)
