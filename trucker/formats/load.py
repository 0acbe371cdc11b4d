"""Reading a ship: a layout document (read by :mod:`trucker.formats.documents`) to a
:class:`~trucker.core.ship.Ship`, by the fast path or, for a file it declines, the model that
explains what is wrong.

Every problem becomes one :class:`~trucker.core.errors.InputError` naming the file, the square or
key, and what is wrong; all of a file's problems are collected before :class:`BadInput` is
raised. Nothing here ever writes to an input file.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trucker.core.boards import MAX_BOARD_NUMBER, Board
from trucker.core.errors import BadInput, InputError
from trucker.core.geometry import Cell, Connector
from trucker.core.parts import AlienColor, Part
from trucker.core.rulings import Rulings, RulingSource, parse_assignments, resolve_rulings
from trucker.core.ship import EMPTY, Contents, Ship, Tile, sort_goods
from trucker.formats.catalogue import find_board, parse_board, part_info, parts
from trucker.formats.documents import display_name, read_document
from trucker.formats.fast import read_ship, read_tile
from trucker.formats.outputs import OutputRefused

if TYPE_CHECKING:  # pydantic is imported only for a file the fast path declines
    from pydantic_core import ErrorDetails

    from trucker.formats.ship_file import ShipFile

__all__ = [
    "MAX_TILES",
    "load_ship",
    "load_ships",
    "ship_from_document",
    "tile_from_entry",
    "read_tile_entry",
    "board_from_path",
]

MAX_TILES = (MAX_BOARD_NUMBER + 1) ** 2
"""A layout lists at most as many tiles as the largest board has squares (rows and columns 0
to 40): counted before the tiles are read."""


def board_from_path(path: Path, display: str) -> Board:
    """A player's own board file (``trucker-board/1``)."""
    return parse_board(read_document(path, display=display), display, str(path))


def _resolve_board(
    text: str, name: str, base: Path | None, confine: Path | None = None
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
    if confine is not None and not path.resolve().is_relative_to(confine.resolve()):
        return None, [InputError(name, "board", f"{text} is outside the folder the studio serves")]
    try:
        return board_from_path(path, text), []
    except OutputRefused:
        raise  # an output of the run is this board file: the output is refused, not the ship
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


def read_tile_entry(entry: object, name: str, *, launch: bool = True) -> tuple[Tile, Contents]:
    """One tile entry as :func:`tile_from_entry` reads it, its problems as a layout file's
    would be told (``hand: sides: expected 4 characters...``, named ``name``):
    :class:`BadInput` lists them all."""
    read = read_tile(entry) if isinstance(entry, Mapping) else None
    if read is not None:
        return _tile(read, launch)
    errors: list[InputError] = []
    model = _ship_model(
        {"format": "trucker-ship/1", "board": "I", "tiles": {"0,0": entry}}, name, errors
    )
    if model is not None:
        return _tile(model.tiles["0,0"], launch)
    inside = 'tiles."0,0"'
    found = [
        InputError(e.file, e.where.removeprefix(inside).lstrip("."), e.problem)
        for e in errors
        if e.where.startswith(inside)
    ]
    raise BadInput(found or [InputError(name, "", "not a tile a layout file could hold")])


def ship_from_document(
    data: Mapping[str, Any], name: str, *, base: Path | None = None, confine: Path | None = None
) -> Ship:
    """Build a :class:`Ship` from a parsed layout document; a board file it names is read from
    ``base`` (and, given ``confine``, only from inside that folder).

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
        board, board_errors = _resolve_board(data["board"], name, base, confine)
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
    """Read a ship layout file (``trucker-ship/1``, TOML or JSON; ``-``: standard input).

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> ship.name, ship.board.id, len(ship.tiles)
    ('Cruiser', 'III', 24)
    """
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
