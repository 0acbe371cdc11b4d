"""Ship boards as frozen domain objects built from board data (RULES §1, the spec's Boards).

Boards are not subclasses: the cylinder (IIB), the die-marked holes (IIIB) and the tail start
(IV) are knobs in the data (``wrap``, ``hole_marks``, ``start``, ``dice``). Where a procedure
really differs (reading the dice on IIB) the board names it and the attack code picks it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from trucker.core.geometry import Cell, Direction

if TYPE_CHECKING:  # a board is read by trucker.formats.quick, or by this model when it declines
    from trucker.formats.board_file import BoardFile
    from trucker.formats.quick import BoardEntry

__all__ = ["Board", "Insurance", "board_from_file", "parse_columns", "key_number"]


@dataclass(frozen=True, slots=True)
class Insurance:
    """The insurance a board prints (RULES §1.9): a cap, or optional with a price (§9.3)."""

    cap: int | None = None
    optional: bool = False
    price: int | None = None
    representative: bool = False


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
    insurance: Insurance = Insurance()
    path: str | None = None
    rows: tuple[int, ...] = field(init=False)
    cols: tuple[int, ...] = field(init=False)
    _around: dict[Cell, tuple[Cell, Cell, Cell, Cell]] = field(init=False, repr=False)
    lines: dict[Any, tuple[Cell, ...]] = field(init=False, repr=False)
    """A cache of the squares each threat line crosses (:func:`trucker.core.threats.crossed`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(sorted({c.row for c in self.squares})))
        object.__setattr__(self, "cols", tuple(sorted({c.col for c in self.squares})))
        object.__setattr__(self, "_around", {})
        object.__setattr__(self, "lines", {})

    def __getstate__(self) -> dict[str, object]:
        """Picklable (a read-only mapping is not): boards travel to worker processes."""
        state = dict(self.__dict__)
        state.update(pair_columns=dict(self.pair_columns), hole_marks=dict(self.hole_marks))
        state["_around"] = {}
        state["lines"] = {}
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


_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$", re.ASCII)
_NUMBER = re.compile(r"\s*(-?\d+)\s*", re.ASCII)


def key_number(text: str) -> int | None:
    """A row or column written as a table key (``"6"``, ``" -1 "``), or None: plain digits only
    (``"²"`` is a digit to Python's ``isdigit``, not to ``int``)."""
    match = _NUMBER.fullmatch(text)
    return int(match.group(1)) if match else None


def parse_columns(text: str) -> list[int]:
    """``"3, 5-9, 11"`` -> ``[3, 5, 6, 7, 8, 9, 11]``."""
    out: list[int] = []
    for chunk in text.split(","):
        match = _RANGE.match(chunk)
        if match is None:
            raise ValueError(f'{text!r} is not a column list like "3, 5-9, 11"')
        low = int(match.group(1))
        high = int(match.group(2) or low)
        if high < low:
            raise ValueError(f"range {chunk.strip()!r} runs backwards")
        out.extend(range(low, high + 1))
    if len(set(out)) != len(out):
        raise ValueError(f"{text!r} lists a column twice")
    return out


def _row(text: str) -> int:
    row = key_number(text)
    if row is None:
        raise ValueError(f"squares.{text}: row {text!r} is not a number")
    return row


def _square(text: str, key: str) -> Cell:
    """A square of a board file; the ``ValueError`` names the key it came from."""
    try:
        return Cell.parse(text)
    except ValueError as exc:
        raise ValueError(f"{key}: {exc}") from None


def board_from_file(model: BoardFile | BoardEntry, path: str | None = None) -> Board:
    """Build a :class:`Board`; raise ``ValueError`` (``"key: problem"``) on impossible data."""
    squares = frozenset(
        Cell(_row(row), col) for row, cols in model.squares.items() for col in parse_columns(cols)
    )
    start = _square(model.start, "start")
    if start not in squares:
        raise ValueError(f"start: {start} is not one of the board's squares")
    pair_columns: dict[tuple[int, int], int] = {}
    if model.dice == "pairs":
        if not model.columns:
            raise ValueError('columns: a board with dice = "pairs" lists the pairs of each column')
        if model.side_entry is None:
            raise ValueError('side_entry: a board with dice = "pairs" gives the two entry columns')
    board_cols = {c.col for c in squares}
    for col_text, labels in model.columns.items():
        col = key_number(col_text)
        if col is None or col not in board_cols:
            raise ValueError(f"columns.{col_text}: not a column of the board")
        for label in labels:
            if len(label) != 2 or any(ch not in "123456" for ch in label):
                raise ValueError(
                    f'columns.{col_text}: {label!r} is not a pair of die faces like "31"'
                )
            first, second = int(label[0]), int(label[1])
            keys = [(first, second)]
            if model.pairs == "unordered" and first != second:
                keys.append((second, first))
            for key in keys:
                if key in pair_columns:
                    raise ValueError(
                        f"columns.{col_text}: pair {label} is already printed under column "
                        f"{pair_columns[key]}"
                    )
                pair_columns[key] = col
    hole_marks: dict[Cell, int] = {}
    for face_text, cells in model.hole_marks.items():
        if face_text not in {"1", "2", "3", "4", "5", "6"}:
            raise ValueError(f"hole_marks.{face_text}: not a die face 1-6")
        for text in cells:
            cell = _square(text, f"hole_marks.{face_text}")
            if cell not in squares:
                raise ValueError(
                    f"hole_marks.{face_text}: {cell} is not one of the board's squares"
                )
            if cell in hole_marks:
                raise ValueError(
                    f"hole_marks.{face_text}: {cell} is already marked {hole_marks[cell]}"
                )
            hole_marks[cell] = int(face_text)
    insurance = Insurance(
        cap=model.insurance.cap,
        optional=model.insurance.optional,
        price=model.insurance.price,
        representative=model.insurance.values == "representative",
    )
    return Board(
        id=model.id,
        name=model.name,
        level=model.level,
        source=model.source,
        squares=squares,
        start=start,
        aliases=tuple(model.aliases),
        reserve=model.reserve,
        reserve_printed=model.reserve_printed,
        wrap=model.wrap,
        dice=model.dice,
        pair_columns=MappingProxyType(pair_columns),
        side_entry=model.side_entry,
        hole_marks=MappingProxyType(hole_marks),
        insurance=insurance,
        path=path,
    )
