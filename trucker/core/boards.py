"""Ship boards as frozen domain objects built from board data (RULES §1, the spec's Boards).

Boards are not subclasses: the cylinder (IIB), the die-marked holes (IIIB) and the tail start
(IV) are knobs in the data (``wrap``, ``hole_marks``, ``start``, ``dice``). Where a procedure
really differs (reading the dice on IIB) the board names it and the attack code picks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from trucker.core.geometry import Cell, Direction

__all__ = ["Board", "Insurance", "MAX_BOARD_NUMBER"]

MAX_BOARD_NUMBER = 40
"""Rows and columns of a board are numbered 0 to 40 (the printed boards use 1 to 11): a board
file cannot ask for millions of squares, nor a drawing for millions of lines."""


class Insurance(NamedTuple):
    """The insurance a board prints (RULES §1.9): a cap, or optional with a price (§9.3)."""

    cap: int | None = None
    optional: bool = False
    price: int | None = None
    representative: bool = False


NO_INSURANCE = Insurance()
"""A board that prints nothing about insurance."""


@dataclass(frozen=True, eq=False)
class Board:
    """A ship board: its squares, start square, dice reading, wrap, holes and insurance."""

    id: str
    name: str
    level: int
    source: str
    squares: frozenset[Cell]
    start: Cell
    aliases: tuple[str, ...] = ()
    reserve: int = 2
    reserve_printed: bool = True
    wrap: bool = False
    dice: str = "sum"
    pair_columns: Mapping[tuple[int, int], int] = field(default_factory=dict)
    side_entry: tuple[int, int] | None = None
    hole_marks: Mapping[Cell, int] = field(default_factory=dict)
    insurance: Insurance = NO_INSURANCE
    path: str | None = None
    rows: tuple[int, ...] = field(init=False)
    cols: tuple[int, ...] = field(init=False)
    _around: dict[Cell, tuple[Cell, Cell, Cell, Cell]] = field(init=False, repr=False)
    _crossed: dict[tuple[Direction, int | None, int | None], tuple[Cell, ...]] = field(
        init=False, repr=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(sorted({c.row for c in self.squares})))
        object.__setattr__(self, "cols", tuple(sorted({c.col for c in self.squares})))
        object.__setattr__(self, "_around", {})
        object.__setattr__(self, "_crossed", {})

    def __getstate__(self) -> dict[str, object]:
        """Picklable (a read-only mapping is not): boards travel to worker processes."""
        state = dict(self.__dict__)
        state.update(pair_columns=dict(self.pair_columns), hole_marks=dict(self.hole_marks))
        state["_around"] = {}
        state["_crossed"] = {}
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        object.__setattr__(self, "pair_columns", MappingProxyType(dict(self.pair_columns)))
        object.__setattr__(self, "hole_marks", MappingProxyType(dict(self.hole_marks)))

    def __repr__(self) -> str:
        return f"Board({self.id!r})"

    @property
    def reconstructed(self) -> bool:
        return self.source == "reconstruction"

    @property
    def has_holes(self) -> bool:
        return bool(self.hole_marks)

    def neighbour(self, cell: Cell, direction: Direction) -> Cell:
        """The square next to ``cell``; on a wrapped board the side columns meet (RULES §1.5)."""
        return self.around(cell)[direction.index]

    def around(self, cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
        """The four squares next to ``cell``: front, right, rear, left (cached)."""
        found = self._around.get(cell)
        if found is None:
            row, col = cell
            left, right = col - 1, col + 1
            if self.wrap:
                low, high = self.cols[0], self.cols[-1]
                left = high if left < low else left
                right = low if right > high else right
            found = (Cell(row - 1, col), Cell(row, right), Cell(row + 1, col), Cell(row, left))
            self._around[cell] = found
        return found

    def crossed(
        self, direction: Direction, index: int | None, entry: int | None = None
    ) -> tuple[Cell, ...]:
        """The squares a threat from ``direction`` crosses on row or column ``index``, in the
        order it meets them, from edge to edge (None: a roll that misses the board). A side
        threat on IIB enters at column ``entry`` and wraps round the cylinder (RULES §1.5).
        Worked out once per line and kept by the board."""
        key = (direction, index, entry)
        found = self._crossed.get(key)
        if found is None:
            found = self._crossed[key] = tuple(self._crossing(direction, index, entry))
        return found

    def _crossing(self, direction: Direction, index: int | None, entry: int | None) -> list[Cell]:
        if index is None:
            return []
        if direction in (Direction.LEFT, Direction.RIGHT):
            cols = list(range(self.cols[0], self.cols[-1] + 1))
            if entry is not None:
                start = cols.index(entry) if entry in cols else 0
                if direction is Direction.LEFT:
                    cols = cols[start:] + cols[:start]
                else:
                    cols = cols[: start + 1][::-1] + cols[start + 1 :][::-1]
            elif direction is Direction.RIGHT:
                cols.reverse()
            return [Cell(index, c) for c in cols]
        rows = list(range(self.rows[0], self.rows[-1] + 1))
        if direction is Direction.REAR:
            rows.reverse()
        return [Cell(r, index) for r in rows]

    def holes(self, dice: tuple[int, int] | None) -> frozenset[Cell]:
        """The hole squares for the two dice rolled when building started (RULES §1.6).

        On a double the start square is a hole too.
        """
        if not dice or not self.hole_marks:
            return frozenset()
        faces = set(dice)
        out = {cell for cell, face in self.hole_marks.items() if face in faces}
        if dice[0] == dice[1]:
            out.add(self.start)
        return frozenset(out)

    def start_is_free(self, dice: tuple[int, int] | None) -> bool:
        """After a IIIB double the starting cabin may lie on any square that is not a hole."""
        return bool(dice and self.hole_marks and dice[0] == dice[1])

    def columns_of(self, row: int) -> list[int]:
        return sorted(c.col for c in self.squares if c.row == row)
