"""Reading input files: size and encoding checks, TOML or JSON by suffix, and the ship builder.

Every problem becomes one :class:`~trucker.core.errors.InputError` naming the file, the square or
key, and what is wrong; all of a file's problems are collected before :class:`BadInput` is
raised. Nothing here ever writes to an input file.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import stat
import sys
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli

from trucker.core.boards import MAX_BOARD_NUMBER, Board
from trucker.core.errors import BadInput, InputError
from trucker.core.geometry import Cell, Connector
from trucker.core.parts import AlienColor, Part
from trucker.core.rulings import Rulings, RulingSource, parse_assignments, resolve_rulings
from trucker.core.ship import EMPTY, Contents, Ship, Tile, sort_goods
from trucker.formats.catalogue import find_board, parse_board, part_info, parts
from trucker.formats.fast import read_ship, read_tile

if TYPE_CHECKING:  # pydantic is imported only for a file the fast path declines
    from pydantic_core import ErrorDetails

    from trucker.formats.ship_file import ShipFile

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "STDIN",
    "display_name",
    "read_document",
    "load_ship",
    "load_ships",
    "ship_from_document",
    "tile_from_entry",
    "board_from_path",
]

MAX_BYTES = 1 << 20
"""Input files larger than 1 MiB are refused (no ship needs more)."""

MAX_TILES = (MAX_BOARD_NUMBER + 1) ** 2
"""A layout lists at most as many tiles as the largest board has squares (rows and columns 0
to 40): counted before the tiles are read."""

MAX_DEPTH = 32
"""Tables and lists nest at most this deep in an input file: a flight log, the deepest
document, needs 8 levels; a file nested thousands deep would exhaust the parsers' stack."""

STDIN = "-"
"""The path that means standard input (``trucker validate - < ship.toml``)."""

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_KINDS = (
    (stat.S_ISDIR, "is a directory"),
    (stat.S_ISFIFO, "is a named pipe"),
    (stat.S_ISCHR, "is a device"),
    (stat.S_ISBLK, "is a device"),
    (stat.S_ISSOCK, "is a socket"),
)


class _Pairs(dict[str, Any]):
    """A JSON object that remembers the keys it was given more than once."""

    twice: tuple[str, ...] = ()


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A plain dict, or a :class:`_Pairs` naming its repeated keys (refused once the whole
    document is read, when the key's path is known)."""
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    marked = _Pairs(out)
    seen: set[str] = set()
    twice = []
    for key, _ in pairs:
        if key in seen:
            twice.append(key)
        seen.add(key)
    marked.twice = tuple(twice)
    return marked


def display_name(path: str | os.PathLike[str], display: str | None = None) -> str:
    """How error lines name an input: as given, or ``stdin`` for ``-``."""
    name = display or str(path)
    return "stdin" if name == STDIN else name


_SQUARE_KEY = re.compile(r"\s*(\d+)\s*,\s*(\d+)\s*=")
_BARE_TEXT = re.compile(r"[A-Za-z][\w-]*")


def _toml_problem(exc: tomli.TOMLDecodeError, text: str) -> str:
    """The parser's complaint, and for the slips of a hand-written file what to write instead:
    a square as a bare key, text without quotes (a key given twice is named by
    :func:`_toml_error`)."""
    at = f"(at line {exc.lineno}, column {exc.colno})"
    lines = text.splitlines()
    line = lines[exc.lineno - 1] if 0 < exc.lineno <= len(lines) else ""
    square = _SQUARE_KEY.match(line)
    if square:
        row, col = square.groups()
        return f'{exc.msg} {at}: a square is written in quotes, "{row},{col}" = ...'
    word = _BARE_TEXT.match(text, exc.pos)
    if exc.msg == "Invalid value" and word and word.group() not in {"true", "false", "inf", "nan"}:
        return f'{exc.msg} {at}: text is written in quotes, "{word.group()}"'
    return str(exc)


def read_document(path: str | os.PathLike[str], *, display: str | None = None) -> dict[str, Any]:
    """Read a ``.toml`` or ``.json`` file (``-``: standard input, TOML or JSON by its first
    character) into a table; :class:`BadInput` on any problem."""
    name = display_name(path, display)
    if str(path) == STDIN:
        raw = _read_stdin(name)
        first = raw.removeprefix(b"\xef\xbb\xbf").lstrip()[:1]
        return parse_document(raw, name, ".json" if first in (b"{", b"[") else ".toml")
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".toml", ".json"):
        raise BadInput.one(
            name, "", f"unknown file type {p.suffix or '(none)'!r}: use .toml or .json"
        )
    return parse_document(_read_file(p, name), name, suffix)


def _read_file(path: Path, name: str) -> bytes:
    """At most :data:`MAX_BYTES` and one byte of a regular file. Anything else (a directory,
    a device such as /dev/zero, a named pipe) is refused before it is opened for reading, so
    that it can neither fill memory nor block; the file is opened without blocking and checked
    again, in case it was replaced in between."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise BadInput.one(name, "", "no such file") from None
    except ValueError:
        raise BadInput.one(name, "", "the path holds a NUL character; give a file name") from None
    except OSError as exc:
        raise BadInput.one(name, "", f"cannot read: {exc.strerror or exc}") from None
    _check_regular(mode, name)
    try:
        handle = os.open(path, os.O_RDONLY | _NONBLOCK)
    except OSError as exc:
        raise BadInput.one(name, "", f"cannot read: {exc.strerror or exc}") from None
    try:
        with os.fdopen(handle, "rb") as file:
            info = os.fstat(file.fileno())
            _check_regular(info.st_mode, name)
            _check_size(info.st_size, name)
            raw = file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise BadInput.one(name, "", f"cannot read: {exc.strerror or exc}") from None
    _check_size(len(raw), name)
    return raw


def _check_regular(mode: int, name: str) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((text for test, text in _KINDS if test(mode)), "is not a regular file")
    raise BadInput.one(name, "", f"{kind}, not a file: give a .toml or .json file")


def _check_size(size: int, name: str) -> None:
    if size > MAX_BYTES:
        raise BadInput.one(name, "", f"file is {size} bytes, over the 1 MiB limit")


_READ_STREAMS: list[object] = []
"""The standard inputs read so far: one can be read once only."""


def _read_stdin(name: str) -> bytes:
    """Standard input, at most :data:`MAX_BYTES` and one byte of it."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise BadInput.one(name, "", "there is no standard input to read; give a file")
    if any(stream is seen for seen in _READ_STREAMS):
        raise BadInput.one(name, "", "standard input can be read once: give - only once")
    _READ_STREAMS.append(stream)
    try:
        raw: bytes = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise BadInput.one(name, "", f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise BadInput.one(name, "", "input is over the 1 MiB limit")
    return raw


def parse_document(raw: bytes, name: str, suffix: str) -> dict[str, Any]:
    """Bytes to a table: UTF-8 text (a byte-order mark is skipped), then TOML or JSON."""
    _check_size(len(raw), name)
    if b"\x00" in raw:
        raise BadInput.one(name, "", "binary data, not a text file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput.one(name, "", f"not UTF-8 text (byte {exc.start})") from None
    text = text.removeprefix("\ufeff")
    kind = "JSON" if suffix == ".json" else "TOML"
    try:
        if suffix == ".json":
            data = json.loads(text, object_pairs_hook=_json_object)
        else:
            data = tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        raise BadInput([_toml_error(exc, text, name)]) from None
    except json.JSONDecodeError as exc:
        raise BadInput.one(
            name, "", f"malformed JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise BadInput.one(name, "", _too_deep(kind)) from None
    except ValueError as exc:  # an integer too long for int(), in either parser
        told = str(exc)
        if "digits" in told:
            told = f"a number longer than {sys.get_int_max_str_digits()} digits"
        raise BadInput.one(name, "", f"malformed {kind}: {told}") from None
    if not isinstance(data, dict):
        raise BadInput.one(name, "", "expected a table of keys at the top level")
    shape = _shape_problem(data)
    if shape is not None:
        where, what = shape
        raise BadInput.one(name, where, what or _too_deep(kind))
    return data


def _too_deep(kind: str) -> str:
    return f"malformed {kind}: nested more than {MAX_DEPTH} levels deep; no trucker file needs more"


def _shape_problem(data: dict[str, Any]) -> tuple[str, str] | None:
    """A key given twice in a JSON object (its path and the problem), or ("", "") for a
    document nested deeper than :data:`MAX_DEPTH`; walked level by level, never recursively."""
    level: list[tuple[str, Any]] = [("", data)]
    for _ in range(MAX_DEPTH):
        below: list[tuple[str, Any]] = []
        for where, item in level:
            if isinstance(item, dict):
                if isinstance(item, _Pairs) and item.twice:
                    return _join(where, item.twice[0]), "given twice; keep one of them"
                below.extend(
                    (_join(where, k), v) for k, v in item.items() if isinstance(v, dict | list)
                )
            else:
                below.extend(
                    (f"{where}[{i}]", v) for i, v in enumerate(item) if isinstance(v, dict | list)
                )
        if not below:
            return None
        level = below
    return "", ""


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _join(where: str, key: str) -> str:
    """A key path as a TOML user writes it: ``tiles."7,7"``."""
    part = key if _BARE_KEY.fullmatch(key) else '"' + key.replace('"', '\\"') + '"'
    return f"{where}.{part}" if where else part


_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')"""
_HEADER = re.compile(rf"\s*\[\[?\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*\]\]?\s*(?:#.*)?")
_ASSIGNED = re.compile(rf"\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")
_PART = re.compile(_KEY_PART)


def _toml_error(exc: tomli.TOMLDecodeError, text: str, name: str) -> InputError:
    """tomli's error as one line; a key given twice is named by its path, which tomli's
    message leaves out."""
    message = getattr(exc, "msg", str(exc))
    line = getattr(exc, "lineno", 0)
    twice = f"given twice (line {line}); keep one of them"
    if message == "Cannot overwrite a value" or message.startswith("Duplicate inline table key"):
        where = _assigned_key(text.splitlines()[:line]) or ""
        inner = message.removeprefix("Duplicate inline table key").strip(" '\"")
        if inner != message.strip(" '\""):
            where = _join(where, inner)
        return InputError(name, where, twice if where else f"malformed TOML: a key {twice}")
    if message.startswith(("Cannot declare", "Cannot redefine", "Cannot mutate")):
        return InputError(
            name, "", f"malformed TOML: a table given twice (line {line}); write each table once"
        )
    return InputError(name, "", f"malformed TOML: {_toml_problem(exc, text)}")


def _assigned_key(lines: list[str]) -> str | None:
    """The path of the key assigned on the last of ``lines``, under the table header above
    it; None when the line is not a plain ``key = value``."""
    found = _ASSIGNED.match(lines[-1]) if lines else None
    if found is None:
        return None
    where = ""
    for earlier in reversed(lines[:-1]):
        header = _HEADER.fullmatch(earlier)
        if header is not None:
            where = _key_path(header.group(1))
            break
    path = _key_path(found.group(1))
    return f"{where}.{path}" if where else path


def _key_path(written: str) -> str:
    """A dotted key as written (``tiles . "7,7"``) in the form the error lines use."""
    out = ""
    for part in _PART.findall(written):
        key = part[1:-1] if part[:1] in "\"'" else part
        out = _join(out, key)
    return out


def board_from_path(path: Path, display: str) -> Board:
    """A player's own board file (``trucker-board/1``)."""
    return parse_board(read_document(path, display=display), display, str(path))


def _resolve_board(
    text: str, name: str, base: Path | None
) -> tuple[Board | None, list[InputError]]:
    looks_like_path = text.lower().endswith((".toml", ".json")) or "/" in text or "\\" in text
    if not looks_like_path:
        try:
            return find_board(text), []
        except KeyError as exc:
            return None, [InputError(name, "board", str(exc.args[0]))]
    path = Path(text)
    if not path.is_absolute() and base is not None:
        path = base / path
    try:
        return board_from_path(path, text), []
    except BadInput as exc:
        return None, [InputError(name, "board", str(e)) for e in exc.errors]


def _square_keys(tiles: Mapping[str, Any], name: str) -> tuple[dict[str, Cell], list[InputError]]:
    cells: dict[str, Cell] = {}
    seen: dict[Cell, str] = {}
    errors = []
    for key in tiles:
        where = f'tiles."{key}"'
        try:
            cell = Cell.parse(key)
        except ValueError as exc:
            errors.append(InputError(name, where, str(exc)))
            continue
        if cell in seen:
            errors.append(InputError(name, where, f'the same square as "{seen[cell]}"'))
            continue
        seen[cell] = key
        cells[key] = cell
    return cells, errors


_PARTS = {p.value: p for p in Part}
_COLORS = {c.value: c for c in AlienColor}
_UNIVERSAL = (Connector.UNIVERSAL,) * 4


def _tile(entry: Any, launch: bool) -> tuple[Tile, Contents]:
    """A read tile entry as the tile that lies on the board and what it holds (a launch
    loadout fills what the file leaves out: crew in cabins, full batteries, a passenger)."""
    part = _PARTS[entry.part]
    sides = entry.sides if entry.sides is not None else _UNIVERSAL
    fields: dict[str, Any] = {"part": part, "sides": tuple(sides)}
    held: dict[str, Any] = {}
    if entry.armor:
        fields["armor"] = frozenset(entry.armor)
    match part:
        case Part.CABIN:
            fields["start"] = entry.start
            if entry.alien is not None:
                held["alien"] = _COLORS[entry.alien]
            else:
                held["crew"] = entry.crew if entry.crew is not None else (2 if launch else 0)
        case Part.BATTERY:
            fields["capacity"] = entry.capacity
            held["charge"] = (
                entry.charge if entry.charge is not None else (entry.capacity if launch else 0)
            )
        case Part.CARGO:
            fields.update(capacity=entry.capacity, red=entry.red)
            held["goods"] = sort_goods(entry.goods)
        case Part.ENGINE | Part.DOUBLE_ENGINE | Part.CANNON | Part.DOUBLE_CANNON:
            fields["facing"] = entry.facing
        case Part.SHIELD:
            fields["covers"] = tuple(entry.covers)
        case Part.LIFE_SUPPORT:
            fields["colors"] = (_COLORS[entry.color],)
        case Part.HYBRID_LIFE_SUPPORT:
            fields["colors"] = tuple(_COLORS[c] for c in entry.colors)
        case Part.THRUSTER:
            fields["nozzles"] = tuple(entry.nozzles)
        case Part.ROBOT_CENTER:
            held["active"] = bool(entry.active)
            held["robots"] = part_info(Part.ROBOT_CENTER).robots
        case Part.LUXURY_CABIN:
            held["passenger"] = entry.passenger if entry.passenger is not None else launch
        case Part.STASIS_CHAMBER:
            held["sleepers"] = entry.sleepers or 0
        case Part.STRUCTURE | Part.SOLAR_PANEL | Part.ROUTER | Part.TURRET | Part.ARMORY:
            pass
        case _:  # a part of no case above: how it lies, read by the keys it shares
            for key in ("facing", "covers", "nozzles"):
                value = getattr(entry, key, None)
                if value is not None:
                    fields[key] = tuple(value) if isinstance(value, list) else value
    return Tile(**fields), Contents(**held) if held else EMPTY


def tile_from_entry(entry: Mapping[str, Any], *, launch: bool = True) -> tuple[Tile, Contents]:
    """One tile as a layout file writes it (``{"part": "battery", "capacity": 2, "sides":
    "u---"}``), and what it holds under the ``launch`` loadout or the empty one: a tile a
    program adds to a ship is read by the file's own rules. ``ValueError`` for an entry a file
    could not hold."""
    read = read_tile(entry)
    if read is None:
        raise ValueError(f"not a tile a layout file could hold: {dict(entry)}")
    return _tile(read, launch)


def ship_from_document(data: Mapping[str, Any], name: str, *, base: Path | None = None) -> Ship:
    """Build a :class:`Ship` from a parsed layout document.

    :class:`BadInput` lists every problem found, not only the first.
    """
    errors: list[InputError] = []
    raw_tiles = data.get("tiles")
    if isinstance(raw_tiles, Mapping) and len(raw_tiles) > MAX_TILES:
        # before a model or a line for each (30,000 bad tiles took 8 s and 160 MB)
        raise BadInput.one(
            name, "tiles", f"{len(raw_tiles)} tiles: a board has at most {MAX_TILES} squares"
        )
    model = read_ship(data) or _ship_model(data, name, errors)
    cells: dict[str, Cell] = {}
    if isinstance(raw_tiles, Mapping):
        cells, key_errors = _square_keys(raw_tiles, name)
        errors.extend(key_errors)
    board: Board | None = None
    if isinstance(data.get("board"), str):
        board, board_errors = _resolve_board(data["board"], name, base)
        errors.extend(board_errors)
    if board is not None:
        holes = data.get("holes")
        if board.has_holes and holes is None:
            errors.append(
                InputError(
                    name,
                    "holes",
                    f"required on board {board.id}: the two dice rolled when building started",
                )
            )
        elif not board.has_holes and holes is not None:
            errors.append(
                InputError(
                    name, "holes", f"board {board.id} has no die-marked holes (only IIIB does)"
                )
            )
        if "insured" in data and not board.insurance.optional:
            errors.append(
                InputError(
                    name,
                    "insured",
                    f"board {board.id} has no optional insurance (only Class IV does)",
                )
            )
    rulings = data.get("rulings")
    if isinstance(rulings, Mapping) and rulings:
        try:
            resolve_rulings([RulingSource(name, rulings)])
        except BadInput as exc:
            errors.extend(exc.errors)
    if errors or model is None or board is None:
        raise BadInput(errors or [InputError(name, "", "not a ship layout")])
    launch = model.loadout == "launch"
    tiles: dict[Cell, Tile] = {}
    contents: dict[Cell, Contents] = {}
    for key, entry in model.tiles.items():
        tiles[cells[key]], contents[cells[key]] = _tile(entry, launch)
    return Ship(
        board=board,
        tiles=tiles,
        contents=contents,
        part_facts=parts(),
        name=model.name,
        holes=(model.holes[0], model.holes[1]) if model.holes else None,
        insured=model.insured,
        loadout=model.loadout,
        rulings=dict(model.rulings),
        file=name,
    )


def _ship_model(data: Mapping[str, Any], name: str, errors: list[InputError]) -> ShipFile | None:
    """The pydantic model's reading, for a layout the fast path declined: it explains what
    is wrong in ``errors``, or reads a file that was only unusual."""
    from pydantic import ValidationError

    from trucker.formats.errors import input_errors
    from trucker.formats.ship_file import TILE_MODELS, ShipFile, tile_keys

    try:
        return ShipFile.model_validate(data)
    except ValidationError as exc:
        keys_at: dict[tuple[str | int, ...], list[str]] = {(): sorted(ShipFile.model_fields)}
        raw_tiles = data.get("tiles")
        if isinstance(raw_tiles, Mapping):
            for key, entry in raw_tiles.items():
                part = entry.get("part") if isinstance(entry, Mapping) else None
                keys_at[("tiles", key)] = tile_keys(str(part))
        explain = partial(_part_error, name)
        errors.extend(input_errors(exc, name, drop=TILE_MODELS, keys_at=keys_at, explain=explain))
        return None


_WORD = re.compile(r"[\w-]*")


def _close_part(bad: str) -> str | None:
    """The part a slip most likely meant: its id misspelt, spaced ("double engine") or its
    printed name ("cargo hold", "shield generator")."""
    guess = re.sub(r"[\s_]+", "-", bad.strip().lower())
    if not _WORD.fullmatch(guess):
        return None
    known = {p.value: p.value for p in Part}
    known.update({re.sub(r"\s+", "-", i.name): p.value for p, i in parts().items()})
    close = difflib.get_close_matches(guess, list(known), n=1)
    return known[close[0]] if close else None


def _part_error(file: str, err: ErrorDetails, where: str) -> InputError | None:
    """Say "unknown part" plainly where pydantic's error is about the union's tag: a part
    that is none of the models' (``union_tag_invalid``), or no part at all
    (``union_tag_not_found``)."""
    if err["type"] == "union_tag_not_found":
        return InputError(file, f"{where}.part", "required key is missing")
    if err["type"] != "union_tag_invalid":
        return None
    bad = str(err.get("ctx", {}).get("tag", "?"))
    close = _close_part(bad)
    if close:
        problem = f"unknown part {bad!r} (did you mean {close!r}?)"
    elif not _WORD.fullmatch(bad):
        problem = f"expected a part name such as 'cabin', got {bad}"
    else:
        problem = f"unknown part {bad!r} (`trucker parts` lists them)"
    return InputError(file, where if where.endswith(".part") else f"{where}.part", problem)


def load_ship(path: str | os.PathLike[str], *, display: str | None = None) -> Ship:
    """Read a ship layout file (``trucker-ship/1``, TOML or JSON; ``-``: standard input)."""
    name = display_name(path, display)
    data = read_document(path, display=name)
    return ship_from_document(data, name, base=Path(path).parent)


def load_ships(
    files: list[Path], rulings: list[str] | None
) -> tuple[list[tuple[Path, Ship | None, BadInput | None]], Rulings]:
    """Read every file of one command, each with its own error (None when it read). The rulings
    are the given assignments (``NAME=VALUE``, as ``--ruling`` takes them) over those of the
    first readable file; a later file whose rulings differ is bad input unless an assignment
    settles the question (the spec)."""
    cli = parse_assignments(rulings or [])
    loaded: list[tuple[Path, Ship | None, BadInput | None]] = []
    first: RulingSource | None = None
    chosen = None
    for path in files:
        try:
            ship = load_ship(path, display=str(path))
            source = RulingSource(display_name(path), ship.rulings)
            if first is None:
                first = source
                chosen = resolve_rulings([source], cli)
            else:
                resolve_rulings([first, source], cli)
            loaded.append((path, ship, None))
        except BadInput as exc:
            loaded.append((path, None, exc))
    if chosen is None:
        chosen = resolve_rulings([], cli)
    return loaded, chosen
