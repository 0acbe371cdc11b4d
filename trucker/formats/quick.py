"""Read a well-formed ship or board file without pydantic: the fast path of every command.

The pydantic models in :mod:`trucker.formats.ship_file` and :mod:`trucker.formats.board_file`
define the formats and word the errors. Most files are well formed, though, and building those
models costs more than a tenth of a second of start-up, so these readers go first. Each accepts
a document only when the model would accept it and give the same values; anything else, however
harmless, gets ``None`` and goes to the model, which explains what is wrong. The tests hold the
two to that: the same keys, and on thousands of damaged documents, never a different answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from trucker.core.geometry import Connector, Direction, parse_sides
from trucker.formats.boards import key_number, parse_columns

__all__ = ["read_ship", "read_board", "TILE_KEYS", "SHIP_KEYS", "BOARD_KEYS"]


class Decline(Exception):
    """Not a document this reader is sure about: the pydantic model decides."""


class Entry:
    """A read tile or file: the keys the model would give, with the model's defaults."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__ = values


class TileEntry(Entry):
    part: str
    sides: tuple[Connector, ...] | None = None
    armor: list[Direction] = []  # noqa: RUF012 - a default read, never changed
    start = False
    crew: int | None = None
    alien: str | None = None
    capacity: int | None = None
    charge: int | None = None
    red = False
    goods = ""
    facing: Direction | None = None
    covers: list[Direction] = []  # noqa: RUF012
    color: str | None = None
    colors: list[str] = []  # noqa: RUF012
    nozzles: list[Direction] = []  # noqa: RUF012
    active: bool | None = None
    passenger: bool | None = None
    sleepers: int | None = None


def _exactly(kind: type) -> Callable[[object], Any]:
    """A reader of values of exactly ``kind``: the models' strict types (True is no int)."""

    def read(value: object) -> Any:
        if type(value) is not kind:
            raise Decline
        return value

    return read


_bool = _exactly(bool)
_str = _exactly(str)
_int = _exactly(int)


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise Decline
    return value


def _direction(value: object) -> Direction:
    if type(value) is not str:
        raise Decline
    try:
        return Direction.parse(value)
    except ValueError:
        raise Decline from None


def _directions(value: object) -> list[Direction]:
    if type(value) is not list:
        raise Decline
    return [_direction(v) for v in value]


def _two_directions(value: object) -> list[Direction]:
    out = _directions(value)
    if len(out) != 2 or out[0] == out[1]:
        raise Decline
    return out


def _sides(value: object) -> tuple[Connector, ...]:
    try:
        return parse_sides(value)
    except (ValueError, TypeError):
        raise Decline from None


_COLORS = frozenset({"brown", "purple", "cyan"})


def _color(value: object) -> str:
    if type(value) is not str or value not in _COLORS:
        raise Decline
    return value


def _armor(value: object) -> list[Direction]:
    out = _directions(value)
    if len(set(out)) != len(out):
        raise Decline
    return out


def _battery_capacity(value: object) -> int:
    if type(value) is not int or value not in (2, 3):
        raise Decline
    return value


def _goods(value: object) -> str:
    letters = _str(value).upper()
    if letters.strip("RYGB"):
        raise Decline
    return letters


def _colors(value: object) -> list[str]:
    if type(value) is not list or len(value) != 2 or value[0] == value[1]:
        raise Decline
    return [_color(v) for v in value]


def _nozzles(value: object) -> list[Direction]:
    out = _two_directions(value)
    if not out[0].is_perpendicular(out[1]):
        raise Decline
    return out


Reader = Callable[[object], Any]

_SIDES: dict[str, Reader] = {"sides": _sides}
_FACING: dict[str, Reader] = {"sides": _sides, "facing": _direction}
_PLAIN = ({"sides"}, _SIDES)

TILE_KEYS: dict[str, tuple[set[str], dict[str, Reader]]] = {
    "cabin": (
        set(),
        {"start": _bool, "sides": _sides, "crew": _count, "alien": _color},
    ),
    "structure": _PLAIN,
    "battery": ({"sides", "capacity"}, {**_SIDES, "capacity": _battery_capacity, "charge": _count}),
    "cargo": ({"sides", "capacity"}, {**_SIDES, "capacity": _int, "red": _bool, "goods": _goods}),
    "engine": ({"sides", "facing"}, _FACING),
    "double-engine": ({"sides", "facing"}, _FACING),
    "cannon": ({"sides", "facing"}, _FACING),
    "double-cannon": ({"sides", "facing"}, _FACING),
    "shield": ({"sides", "covers"}, {**_SIDES, "covers": _two_directions}),
    "life-support": ({"sides", "color"}, {**_SIDES, "color": _color}),
    "hybrid-life-support": ({"sides", "colors"}, {**_SIDES, "colors": _colors}),
    "solar-panel": _PLAIN,
    "thruster": ({"sides", "nozzles"}, {**_SIDES, "nozzles": _nozzles}),
    "router": _PLAIN,
    "robot-center": ({"sides"}, {**_SIDES, "active": _bool}),
    "turret": _PLAIN,
    "armory": _PLAIN,
    "luxury-cabin": ({"sides"}, {**_SIDES, "passenger": _bool}),
    "stasis-chamber": ({"sides"}, {**_SIDES, "sleepers": _count}),
}
"""Per part: the keys a tile must have besides ``part``, and a reader for each key it may
have besides ``part`` and ``armor`` (every part may be armored)."""


def _part(value: object) -> str:
    return value  # type: ignore[return-value] - checked by the caller, which chose the readers


_READERS = {
    part: {"part": _part, "armor": _armor, **readers} for part, (_, readers) in TILE_KEYS.items()
}


def _tile(raw: object) -> TileEntry:
    if type(raw) is not dict:
        raise Decline
    part = raw.get("part")
    readers = _READERS.get(part) if type(part) is str else None
    if readers is None:
        raise Decline
    values: dict[str, Any] = {}
    for key, value in raw.items():
        reader = readers.get(key)
        if reader is None:
            raise Decline
        values[key] = reader(value)
    if not TILE_KEYS[part][0] <= values.keys():
        raise Decline
    entry = TileEntry(values)
    _whole_tile(entry)
    return entry


def _whole_tile(entry: TileEntry) -> None:
    """The checks of one tile's keys together (the models' ``model_validator``s)."""
    sides = entry.sides
    part = entry.part
    if part == "cabin":
        if entry.crew is not None and entry.alien is not None:
            raise Decline
        if entry.start:
            if sides is not None and sides != _UNIVERSAL:
                raise Decline
        elif sides is None:
            raise Decline
    elif part == "cargo" and entry.capacity not in ((1, 2) if entry.red else (2, 3)):
        raise Decline
    if sides is None:
        return
    smooth = Connector.SMOOTH
    facing = entry.facing
    if facing is not None and sides[facing.index] is not smooth:
        raise Decline
    for direction in (*entry.armor, *entry.nozzles):
        if sides[direction.index] is not smooth:
            raise Decline


_UNIVERSAL = (Connector.UNIVERSAL,) * 4


def _one_of(*words: str) -> Reader:
    def read(value: object) -> str:
        if type(value) is not str or value not in words:
            raise Decline
        return value

    return read


def _holes(value: object) -> list[int]:
    if type(value) is not list or len(value) != 2:
        raise Decline
    for die in value:
        if type(die) is not int or not 1 <= die <= 6:
            raise Decline
    return value


def _table(value: object) -> dict[str, Any]:
    if type(value) is not dict:
        raise Decline
    return value


def _tiles(value: object) -> dict[str, TileEntry]:
    return {key: _tile(raw) for key, raw in _table(value).items()}


class ShipEntry(Entry):
    format: str
    board: str
    tiles: dict[str, TileEntry]
    name: str | None = None
    holes: list[int] | None = None
    insured: bool | None = None
    loadout = "launch"
    rulings: dict[str, Any] = {}  # noqa: RUF012


SHIP_KEYS: tuple[set[str], dict[str, Reader]] = (
    {"format", "board", "tiles"},
    {
        "format": _one_of("trucker-ship/1"),
        "board": _str,
        "name": _str,
        "holes": _holes,
        "insured": _bool,
        "loadout": _one_of("launch", "empty"),
        "rulings": _table,
        "tiles": _tiles,
    },
)


def _read(data: Mapping[str, Any], keys: tuple[set[str], dict[str, Reader]]) -> dict[str, Any]:
    required, readers = keys
    values: dict[str, Any] = {}
    for key, value in data.items():
        reader = readers.get(key)
        if reader is None:
            raise Decline
        values[key] = reader(value)
    if not required <= values.keys():
        raise Decline
    return values


def read_ship(data: Mapping[str, Any]) -> ShipEntry | None:
    """A ship layout document as :class:`~trucker.formats.ship_file.ShipFile` would read it, or
    None to let the model decide (and explain)."""
    try:
        return ShipEntry(_read(data, SHIP_KEYS))
    except Decline:
        return None


class InsuranceEntry(Entry):
    cap: int | None = None
    optional = False
    price: int | None = None
    values = "printed"


class BoardEntry(Entry):
    format: str
    id: str
    name: str
    level: int
    start: str
    squares: dict[str, str]
    aliases: list[str] = []  # noqa: RUF012
    source = "custom"
    reserve = 2
    reserve_printed = True
    wrap = False
    dice = "sum"
    pairs = "ordered"
    side_entry: tuple[int, int] | None = None
    columns: dict[str, list[str]] = {}  # noqa: RUF012
    hole_marks: dict[str, list[str]] = {}  # noqa: RUF012
    insurance = InsuranceEntry({})


def _strings(value: object) -> list[str]:
    if type(value) is not list:
        raise Decline
    return [_str(v) for v in value]


def _level(value: object) -> int:
    if type(value) is not int or not 1 <= value <= 4:
        raise Decline
    return value


def _pair(value: object) -> tuple[int, int]:
    if type(value) is not list or len(value) != 2:
        raise Decline
    return _int(value[0]), _int(value[1])


def _rows(value: object) -> dict[str, str]:
    rows = {key: _str(cols) for key, cols in _table(value).items()}
    for row, cols in rows.items():
        if key_number(row) is None:
            raise Decline
        try:
            parse_columns(cols)
        except ValueError:
            raise Decline from None
    return rows


def _lists(value: object) -> dict[str, list[str]]:
    return {key: _strings(v) for key, v in _table(value).items()}


INSURANCE_KEYS: tuple[set[str], dict[str, Reader]] = (
    set(),
    {
        "cap": _count,
        "optional": _bool,
        "price": _count,
        "values": _one_of("printed", "representative"),
    },
)


def _insurance(value: object) -> InsuranceEntry:
    return InsuranceEntry(_read(_table(value), INSURANCE_KEYS))


BOARD_KEYS: tuple[set[str], dict[str, Reader]] = (
    {"format", "id", "name", "level", "start", "squares"},
    {
        "format": _one_of("trucker-board/1"),
        "id": _str,
        "name": _str,
        "aliases": _strings,
        "level": _level,
        "source": _one_of("printed", "reconstruction", "custom"),
        "start": _str,
        "reserve": _count,
        "reserve_printed": _bool,
        "wrap": _bool,
        "dice": _one_of("sum", "pairs"),
        "pairs": _one_of("ordered", "unordered"),
        "side_entry": _pair,
        "squares": _rows,
        "columns": _lists,
        "hole_marks": _lists,
        "insurance": _insurance,
    },
)


def read_board(data: Mapping[str, Any]) -> BoardEntry | None:
    """A board document as :class:`~trucker.formats.board_file.BoardFile` would read it, or
    None to let the model decide (and explain)."""
    try:
        return BoardEntry(_read(data, BOARD_KEYS))
    except Decline:
        return None
