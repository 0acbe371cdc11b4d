"""Squares, directions and connectors: the vocabulary every other module speaks.

A square is a :class:`Cell` written ``"row,col"`` with the numbers printed on the ship board
(RULES §0). Rows grow toward the rear, columns to the right. Directions are the four edges of
the board as you look at it.
"""

from __future__ import annotations

import re
from enum import IntEnum, StrEnum
from functools import lru_cache
from typing import NamedTuple

__all__ = [
    "Cell",
    "Connector",
    "Direction",
    "DIRECTIONS",
    "compatible",
    "joins",
    "parse_sides",
]

_CELL = re.compile(r"\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*")
_PARSED: dict[str, Cell] = {}
_NAMES: dict[tuple[int, int], str] = {}
"""Each square's name, made once: logs, labels and pages name squares by the thousand."""


class Cell(NamedTuple):
    """A square of a ship board, ``Cell(7, 8)`` printed as ``7,8``.

    >>> Cell.parse("7,8")
    Cell(7, 8)
    >>> str(Cell(7, 8))
    '7,8'
    """

    row: int
    col: int

    @classmethod
    def parse(cls, text: str) -> Cell:
        """Read ``"row,col"``; raise ``ValueError`` naming the text otherwise."""
        found = _PARSED.get(text) if isinstance(text, str) else None
        if found is not None:
            return found
        match = _CELL.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f'{text!r} is not a square: write "row,col", e.g. "7,8"')
        cell = cls(int(match.group(1)), int(match.group(2)))
        if len(_PARSED) < 4096:
            _PARSED[text] = cell
        return cell

    def __str__(self) -> str:
        found = _NAMES.get(self)
        if found is None:
            found = f"{self.row},{self.col}"
            if len(_NAMES) < 4096:
                _NAMES[self] = found
        return found

    def __repr__(self) -> str:
        return f"Cell({self.row}, {self.col})"

    def step(self, direction: Direction) -> Cell:
        """The square next to this one in ``direction`` (no wrap; boards add it)."""
        dr, dc = _DELTA[direction]
        return Cell(self.row + dr, self.col + dc)


class Direction(StrEnum):
    """An edge of the board, and a heading: ``front`` is the top of the board.

    >>> import trucker
    >>> trucker.Direction.parse("b"), trucker.Direction.LEFT.opposite
    (<Direction.REAR: 'rear'>, <Direction.RIGHT: 'right'>)
    """

    FRONT = "front"
    RIGHT = "right"
    REAR = "rear"
    LEFT = "left"

    @property
    def index(self) -> int:  # type: ignore[override]  # a direction is never searched as a str
        """Position in a ``sides`` string: front, right, rear, left."""
        return _INDEX[self]

    @property
    def opposite(self) -> Direction:
        return DIRECTIONS[(_INDEX[self] + 2) % 4]

    def turn_left(self) -> Direction:
        """``left(h)`` of the spec: front→left, left→rear, rear→right, right→front."""
        return DIRECTIONS[(_INDEX[self] + 3) % 4]

    def turn_right(self) -> Direction:
        """``right(h)``: the inverse of :meth:`turn_left`."""
        return DIRECTIONS[(_INDEX[self] + 1) % 4]

    def is_perpendicular(self, other: Direction) -> bool:
        return (_INDEX[self] - _INDEX[other]) % 2 == 1

    @classmethod
    def _missing_(cls, value: object) -> Direction | None:
        """``Direction("N")``: the other forms :meth:`parse` takes, so that a reader that knows
        only the enum (the fast path's msgspec structs) takes the same words."""
        return _DIRECTION_NAMES.get(value.strip().lower()) if isinstance(value, str) else None

    @classmethod
    def parse(cls, text: object) -> Direction:
        """Accept the long words, ``f r b l`` and compass ``N E S W`` (any case)."""
        if isinstance(text, Direction):
            return text
        if isinstance(text, str):
            found = _DIRECTION_NAMES.get(text.strip().lower())
            if found is not None:
                return found
        raise ValueError(
            f"{text!r} is not a direction: use front, right, rear or left (or f r b l, or N E S W)"
        )


DIRECTIONS: tuple[Direction, ...] = (
    Direction.FRONT,
    Direction.RIGHT,
    Direction.REAR,
    Direction.LEFT,
)
_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}
_DELTA = {
    Direction.FRONT: (-1, 0),
    Direction.RIGHT: (0, 1),
    Direction.REAR: (1, 0),
    Direction.LEFT: (0, -1),
}
_DIRECTION_NAMES = {
    "front": Direction.FRONT, "f": Direction.FRONT, "n": Direction.FRONT,
    "right": Direction.RIGHT, "r": Direction.RIGHT, "e": Direction.RIGHT,
    "rear": Direction.REAR, "b": Direction.REAR, "s": Direction.REAR,
    "left": Direction.LEFT, "l": Direction.LEFT, "w": Direction.LEFT,
}  # fmt: skip


class Connector(IntEnum):
    """What a tile side carries (RULES §2.1); the value is the spec's digit."""

    SMOOTH = 0
    SINGLE = 1
    DOUBLE = 2
    UNIVERSAL = 3

    @property
    def char(self) -> str:
        return "-sdu"[self]

    @property
    def word(self) -> str:
        return ("smooth side", "single connector", "double connector", "universal connector")[self]

    @classmethod
    def parse(cls, char: str) -> Connector:
        found = _CONNECTOR_CHARS.get(char.lower())
        if found is None:
            raise ValueError(f"{char!r} is not a connector: use - s d u (or 0 1 2 3)")
        return found


_CONNECTOR_CHARS = {
    "-": Connector.SMOOTH, "0": Connector.SMOOTH,
    "s": Connector.SINGLE, "1": Connector.SINGLE,
    "d": Connector.DOUBLE, "2": Connector.DOUBLE,
    "u": Connector.UNIVERSAL, "3": Connector.UNIVERSAL,
}  # fmt: skip


def parse_sides(value: object) -> tuple[Connector, Connector, Connector, Connector]:
    """A tile's ``sides``, front, right, rear, left: ``"s-du"``; ``ValueError`` otherwise."""
    if not isinstance(value, str):
        raise ValueError(f'expected a string of 4 characters like "s-du", got {value!r}')
    return _sides_of(value)


@lru_cache(maxsize=1024)
def _sides_of(text: str) -> tuple[Connector, Connector, Connector, Connector]:
    if len(text) != 4:
        raise ValueError(f"expected 4 characters (front, right, rear, left), got {text!r}")
    a, b, c, d = (Connector.parse(ch) for ch in text)
    return a, b, c, d


def compatible(a: Connector, b: Connector) -> bool:
    """May these two sides touch? (RULES §2.1: smooth-smooth yes; smooth-connector and
    single-double no.)

    >>> compatible(Connector.SMOOTH, Connector.SMOOTH)
    True
    >>> compatible(Connector.SINGLE, Connector.DOUBLE)
    False
    """
    if a is Connector.SMOOTH or b is Connector.SMOOTH:
        return a is b
    return a is b or a is Connector.UNIVERSAL or b is Connector.UNIVERSAL


def joins(a: Connector, b: Connector) -> bool:
    """Do these two touching sides join the tiles? Both connectors, legal pair (RULES §0)."""
    return a is not Connector.SMOOTH and b is not Connector.SMOOTH and compatible(a, b)
