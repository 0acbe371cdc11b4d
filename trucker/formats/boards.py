"""Board data to a :class:`~trucker.core.boards.Board`: the one builder that both readers of a
board file feed (the fast path for a well-formed file, the pydantic model for the rest).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Protocol

from trucker.core.boards import MAX_BOARD_NUMBER, Board, Insurance
from trucker.core.geometry import Cell

__all__ = [
    "BoardData",
    "InsuranceData",
    "board_from_file",
    "parse_columns",
    "key_number",
    "row_number",
]


class InsuranceData(Protocol):
    """What either reader gives for a board's ``[insurance]`` table."""

    @property
    def cap(self) -> int | None: ...
    @property
    def optional(self) -> bool: ...
    @property
    def price(self) -> int | None: ...
    @property
    def values(self) -> str: ...


class BoardData(Protocol):
    """What either reader of a board file gives: the file's keys, checked for type."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> Sequence[str]: ...
    @property
    def level(self) -> int: ...
    @property
    def source(self) -> str: ...
    @property
    def start(self) -> str: ...
    @property
    def reserve(self) -> int: ...
    @property
    def reserve_printed(self) -> bool: ...
    @property
    def wrap(self) -> bool: ...
    @property
    def dice(self) -> str: ...
    @property
    def pairs(self) -> str: ...
    @property
    def side_entry(self) -> tuple[int, int] | None: ...
    @property
    def squares(self) -> Mapping[str, str]: ...
    @property
    def columns(self) -> Mapping[str, Sequence[str]]: ...
    @property
    def hole_marks(self) -> Mapping[str, Sequence[str]]: ...
    @property
    def insurance(self) -> InsuranceData: ...


_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$", re.ASCII)
_NUMBER = re.compile(r"\s*(-?\d+)\s*", re.ASCII)


def key_number(text: str) -> int | None:
    """A row or column written as a table key (``"6"``, ``" -1 "``), or None: plain digits only
    (``"²"`` is a digit to Python's ``isdigit``, not to ``int``), and not so many that no board
    could have the number."""
    match = _NUMBER.fullmatch(text)
    return int(match.group(1)) if match and len(match.group(1)) <= 18 else None


_SCALE = f"number rows and columns from 0 to {MAX_BOARD_NUMBER}"


def row_number(text: str) -> int:
    """A row of ``squares``, written as its table key; ``ValueError`` unless it is a number
    from 0 to :data:`~trucker.core.boards.MAX_BOARD_NUMBER`."""
    row = key_number(text)
    if row is None and _NUMBER.fullmatch(text) is None:
        raise ValueError(f"row {text!r} is not a number")
    if row is None or not 0 <= row <= MAX_BOARD_NUMBER:
        raise ValueError(f"row {text.strip()} is off the scale: {_SCALE}")
    return row


def parse_columns(text: str) -> list[int]:
    """``"3, 5-9, 11"`` -> ``[3, 5, 6, 7, 8, 9, 11]``; each from 0 to
    :data:`~trucker.core.boards.MAX_BOARD_NUMBER`, checked before a range is counted out."""
    out: list[int] = []
    for chunk in text.split(","):
        match = _RANGE.match(chunk)
        if match is None:
            raise ValueError(f'{text!r} is not a column list like "3, 5-9, 11"')
        if any(len(n) > 3 or int(n) > MAX_BOARD_NUMBER for n in match.groups() if n):
            raise ValueError(f"{chunk.strip()!r} is off the scale: {_SCALE}")
        low = int(match.group(1))
        high = int(match.group(2) or low)
        if high < low:
            raise ValueError(f"range {chunk.strip()!r} runs backwards")
        out.extend(range(low, high + 1))
    if len(set(out)) != len(out):
        raise ValueError(f"{text!r} lists a column twice")
    return out


def _row(text: str) -> int:
    try:
        return row_number(text)
    except ValueError as exc:
        raise ValueError(f"squares.{text}: {exc}") from None


def _square(text: str, key: str) -> Cell:
    """A square of a board file; the ``ValueError`` names the key it came from."""
    try:
        return Cell.parse(text)
    except ValueError as exc:
        raise ValueError(f"{key}: {exc}") from None


def board_from_file(model: BoardData, path: str | None = None) -> Board:
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
