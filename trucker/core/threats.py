"""Threats and the lines they travel: reading a roll on every board, thruster shifts, paths.

A threat comes *from* a side of the board and travels across it (RULES §0): from the front it
travels rearward down a column, from the left rightward along a row. A 2d6 board reads the sum
of the two dice as the column or row; IIB reads front/rear rolls as an ordered pair in its
column table and side rolls as a row (first die; 1 or 6 miss) and an entry column (second die),
from which the threat travels around the cylinder (RULES §1.5, the spec's "Rolls").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from trucker.core.boards import Board
from trucker.core.geometry import Cell, Direction

if TYPE_CHECKING:  # the dice module is not needed to read a ship (start-up time)
    from trucker.core.dice import Roll

__all__ = [
    "ThreatKind",
    "Threat",
    "Line",
    "read_roll",
    "shift_line",
    "line_squares",
    "crossed",
    "shift_axis",
    "is_side",
]


class ThreatKind(StrEnum):
    """A kind of threat, as cards and ``trucker hit`` name it (RULES §5.2).

    >>> import trucker
    >>> [str(kind) for kind in trucker.ThreatKind.parse("paired-meteor").impacts]
    ['large-meteor', 'small-meteor']
    """

    SMALL_METEOR = "small-meteor"
    LARGE_METEOR = "large-meteor"
    LIGHT_FIRE = "light-fire"
    HEAVY_FIRE = "heavy-fire"
    PAIRED_METEOR = "paired-meteor"

    @property
    def impacts(self) -> tuple[ThreatKind, ...]:
        """A paired meteor is a large one, then a small one on the same line (RULES §5.3)."""
        if self is ThreatKind.PAIRED_METEOR:
            return (ThreatKind.LARGE_METEOR, ThreatKind.SMALL_METEOR)
        return (self,)

    @property
    def is_meteor(self) -> bool:
        return self in (ThreatKind.SMALL_METEOR, ThreatKind.LARGE_METEOR, ThreatKind.PAIRED_METEOR)

    @classmethod
    def parse(cls, text: str) -> ThreatKind:
        try:
            return cls(text.strip().lower())
        except ValueError:
            kinds = ", ".join(k.value for k in cls)
            raise ValueError(f"{text!r} is not a threat: use one of {kinds}") from None


_THREAT = re.compile(r"^\s*(\S+)\s+(\S+)\s*$")


@dataclass(frozen=True, slots=True)
class Threat:
    """A threat kind and the side it comes from, written ``"small-meteor front"``.

    >>> import trucker
    >>> threat = trucker.Threat.parse("heavy-fire left")
    >>> str(threat.kind), str(threat.direction), str(threat)
    ('heavy-fire', 'left', 'heavy-fire left')
    """

    kind: ThreatKind
    direction: Direction

    @classmethod
    def parse(cls, text: object) -> Threat:
        """Read ``"<kind> <direction>"``; ``ValueError`` naming what was given otherwise (any
        value: a file's reader hands over what it found)."""
        match = _THREAT.match(text) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f'{text!r} is not a threat: write "<kind> <direction>"')
        return cls(ThreatKind.parse(match.group(1)), Direction.parse(match.group(2)))

    def __str__(self) -> str:
        return f"{self.kind} {self.direction}"


def is_side(direction: Direction) -> bool:
    return direction in (Direction.LEFT, Direction.RIGHT)


def shift_axis(direction: Direction) -> tuple[Direction, Direction]:
    """The two ways a thruster can move the ship against a threat from ``direction``: across
    its line (left/right against front and rear threats, front/rear against side threats;
    RULES §2.4, on IIB §1.5)."""
    return _AXIS[direction]


_AXIS = {
    Direction.FRONT: (Direction.LEFT, Direction.RIGHT),
    Direction.REAR: (Direction.LEFT, Direction.RIGHT),
    Direction.LEFT: (Direction.FRONT, Direction.REAR),
    Direction.RIGHT: (Direction.FRONT, Direction.REAR),
}
_SHIFT_DELTA = {Direction.RIGHT: -1, Direction.LEFT: 1, Direction.FRONT: 1, Direction.REAR: -1}
"""How a thruster shift changes a line's number (see :func:`shift_line`)."""


@dataclass(frozen=True, slots=True)
class Line:
    """Where a threat travels: a column (front/rear) or a row (sides). ``index`` is None for a
    roll that misses every ship on this board (IIB: a first die of 1 or 6 on a side roll).
    ``entry`` is the IIB side entry column; a IIB side miss keeps it, and its first die in
    ``die``, because a thruster changes only that die (RULES §1.5): a 1 moved front is row 2."""

    direction: Direction
    index: int | None
    entry: int | None = None
    die: int | None = None

    @property
    def misses(self) -> bool:
        return self.index is None

    def to_json(self) -> int | dict[str, int | None] | None:
        if self.index is None:
            return None
        if self.entry is not None:
            return {"row": self.index, "entry": self.entry}
        return self.index

    def __str__(self) -> str:
        if self.index is None:
            return "a miss"
        if self.entry is not None:
            return f"row {self.index}, entering at column {self.entry}"
        return f"{'row' if is_side(self.direction) else 'column'} {self.index}"


def read_roll(board: Board, direction: Direction, roll: Roll | int) -> Line:
    """The line a roll gives on ``board`` (RULES §1.1; IIB §1.5). An ``int`` is a 2d6 total
    (2d6 boards only)."""
    if board.dice == "pairs":
        if isinstance(roll, int):
            raise ValueError(f"board {board.id} reads the two dice separately: give both faces")
        first, second = roll
        if is_side(direction):
            if board.side_entry is None:
                return _line(direction, None)
            entry = board.side_entry[0] if second <= 3 else board.side_entry[1]
            if first in (1, 6):
                return _line(direction, None, entry, first)
            return _line(direction, first, entry)
        return _line(direction, board.pair_columns.get((first, second)))
    total = roll if isinstance(roll, int) else roll[0] + roll[1]
    return _line(direction, total)


_LINES: dict[tuple[Direction, int | None, int | None, int | None], Line] = {}
"""One shared line per place: a flight reads thousands of rolls, and a shared line is found at
once in each board's cache of crossed squares (no field-by-field comparison)."""


def _line(
    direction: Direction, index: int | None, entry: int | None = None, die: int | None = None
) -> Line:
    key = (direction, index, entry, die)
    found = _LINES.get(key)
    if found is None:
        found = Line(direction, index, entry, die)
        if len(_LINES) < 4096:
            _LINES[key] = found
    return found


def shift_line(board: Board, line: Line, ship_moves: Direction) -> Line:
    """The line after a thruster moves the ship one square (RULES §2.4, the spec's "Rolls"):
    moving right, a front/rear threat at column c meets column c-1; moving front, a side threat
    at row r meets row r+1. On a wrapped board column shifts wrap around. A IIB side miss
    changes only its first die (RULES §1.5): 1 moved front is row 2, 6 moved rear row 5; any
    other miss stays the same line, a miss."""
    if ship_moves not in _AXIS[line.direction]:
        raise ValueError(f"a {ship_moves} shift does not move the ship off a {line.direction} line")
    delta = _SHIFT_DELTA[ship_moves]
    if line.index is None:
        if line.die is not None and 1 < line.die + delta < 6:
            return _line(line.direction, line.die + delta, line.entry)
        return line
    index = line.index + delta
    if board.wrap and not is_side(line.direction):
        low, high = board.cols[0], board.cols[-1]
        index = low + (index - low) % (high - low + 1)
    return _line(line.direction, index, line.entry)


def line_squares(board: Board, line: Line) -> list[Cell]:
    """The squares a threat crosses, in order, from its side of the board."""
    return list(crossed(board, line))


def crossed(board: Board, line: Line) -> tuple[Cell, ...]:
    """:func:`line_squares`, as a tuple the board works out once per line (a flight asks
    thousands of times; the tuple is shared)."""
    return board.crossed(line.direction, line.index, line.entry)
