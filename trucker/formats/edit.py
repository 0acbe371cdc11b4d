"""A changed layout written into the user's own file: only what changed is changed, so
comments, key order, blank lines and spacing stay as the user wrote them. ``trucker fix``
writes its repair this way, and the studio every save.

The file is parsed with tomlkit, which keeps every byte it does not have to change (a JSON file
keeps its keys' order). The entries of tiles that are gone are removed; a new tile's entry is
added after the others, as the project writes one; an entry whose tile or contents changed
keeps the keys the user wrote, in their order, each with its new value, and gains the keys it
now needs (a key the new entry leaves to its default keeps saying what the tile holds; one
that no longer fits goes). An entry written as an inline table (``"7,7" = { part = "cabin",
crew = 3 }``) keeps its keys in their order; when a key must go or come, the line is written
again in the project's style, its comment kept. The top-level keys (name, holes, insured,
loadout, rulings, board) follow the same way. The result is read back and compared with the new
ship; a file this cannot follow gives None, and the caller writes the canonical form
(:func:`trucker.formats.write.dumps_ship`) instead.
"""

from __future__ import annotations

import json
import os
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from trucker.core.errors import BadInput
from trucker.core.geometry import Cell
from trucker.core.ship import Contents, Ship, Tile
from trucker.formats.write import ship_to_document, toml_value

__all__ = ["edit_layout", "CONTENT_KEYS"]

CONTENT_KEYS = ("alien", "crew", "charge", "goods", "active", "passenger", "sleepers")
"""The keys of a tile entry that say what it holds (the rest say what the tile is)."""
_TOP_KEYS = ("name", "holes", "insured", "loadout", "rulings")
"""The top-level keys a ship document may change, besides its board and tiles."""


def edit_layout(
    text: str,
    before: Ship,
    after: Ship,
    *,
    relative_to: Path | None = None,
    suffix: str = ".toml",
) -> str | None:
    """``text`` (the file ``before`` was read from, TOML or JSON by ``suffix``) edited into
    ``after``: its tiles, what they hold and its top-level keys; a board file named again
    from ``relative_to`` (the folder the result goes to) when that is not the input's folder.
    None when the file cannot be edited so that it reads back as ``after``."""
    as_json = suffix.lower() == ".json"
    doc = _parse(text, as_json)
    if doc is None:
        return None
    tiles = doc.get("tiles")
    if not isinstance(tiles, MutableMapping):
        return None
    keys = {}
    for key in tiles:
        try:
            keys[Cell.parse(key)] = key
        except ValueError:
            return None
    if set(keys) != set(before.tiles):
        return None
    launch = after.loadout == "launch"
    was = ship_to_document(before, relative_to=relative_to)
    now = ship_to_document(after, relative_to=relative_to)
    for key in _TOP_KEYS:
        if was.get(key) != now.get(key):
            if key not in now:
                doc.pop(key, None)
            else:
                doc[key] = now[key]
    canonical = now["tiles"]
    for cell in sorted(set(before.tiles) - set(after.tiles)):
        del tiles[keys[cell]]
    for cell in sorted(after.tiles):
        want = canonical[str(cell)]
        if cell not in before.tiles:
            tiles[str(cell)] = want if as_json else _inline(want)
            continue
        tile, held = after.tiles[cell], after.contents[cell]
        if before.tiles[cell] == tile and before.contents[cell] == held:
            continue
        key = keys[cell]
        chosen = _keys_for(_plain(tiles[key]), want, tile, held, launch)
        tiles[key] = chosen if as_json else _rewritten(tiles[key], chosen)
    if _board_file(before) != _board_file(after) or before.board.id != after.board.id:
        doc["board"] = now["board"]
    else:
        _name_board(doc, after, relative_to)
    edited = json.dumps(doc, indent=2, ensure_ascii=False) + "\n" if as_json else _dumps(doc)
    return edited if _reads_as(edited, after, as_json) else None


def _parse(text: str, as_json: bool) -> Any:
    if as_json:
        try:
            found = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            return None
        return found if isinstance(found, dict) else None
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    try:
        return tomlkit.parse(text)
    except TOMLKitError:
        return None


def _dumps(doc: Any) -> str:
    import tomlkit

    return tomlkit.dumps(doc)


def _keys_for(
    written: Any, want: dict[str, Any], tile: Tile, held: Contents, launch: bool
) -> dict[str, Any]:
    """The keys a changed entry is written with: the user's, in their order, with the new
    values; a content key the new entry leaves to its default keeps saying what the tile
    holds; the keys the new entry needs added at the end. Where that does not read back as
    the tile, the keys the new entry does not name go (contents first), and at worst the new
    entry is written as the project writes it."""
    if not isinstance(written, dict):
        return want
    kept: dict[str, Any] = {}
    for key, value in written.items():
        if key in want:
            kept[key] = want[key]
        elif key in CONTENT_KEYS:
            if key != "alien":
                kept[key] = getattr(held, key)
        else:
            kept[key] = value
    kept.update((k, v) for k, v in want.items() if k not in kept)
    plain = {k: v for k, v in kept.items() if k in want or k not in CONTENT_KEYS}
    needed = {k: v for k, v in kept.items() if k in want}
    for candidate in (kept, plain, needed):
        if _reads_as_tile(candidate, tile, held, launch):
            return candidate
    return want


def _reads_as_tile(entry: dict[str, Any], tile: Tile, held: Contents, launch: bool) -> bool:
    from trucker.formats.load import tile_from_entry

    try:
        return tile_from_entry(entry, launch=launch) == (tile, held)
    except ValueError:
        return False


def _inline(entry: dict[str, Any]) -> Any:
    import tomlkit

    return tomlkit.parse(f"x = {toml_value(entry)}")["x"]


def _rewritten(entry: Any, chosen: dict[str, Any]) -> Any:
    """``entry`` made to hold ``chosen``: each value changed in place; an inline table whose
    keys change is written again on its line, its comment kept."""
    import tomlkit

    if isinstance(entry, tomlkit.items.InlineTable) and list(entry) != list(chosen):
        line = _inline(chosen)
        line.trivia.comment_ws = entry.trivia.comment_ws
        line.trivia.comment = entry.trivia.comment
        return line
    for key in [k for k in entry if k not in chosen]:
        del entry[key]
    for key, value in chosen.items():
        if key not in entry or _plain(entry[key]) != value:
            entry[key] = value
    return entry


def _plain(item: Any) -> Any:
    return item.unwrap() if hasattr(item, "unwrap") else item


def _board_file(ship: Ship) -> Path | None:
    return Path(ship.board.path).resolve() if ship.board.path else None


def _name_board(doc: Any, ship: Ship, relative_to: Path | None) -> None:
    """A board file is named from the folder the layout is written to, as the loader reads it:
    the words the user wrote stay while they still lead to the board's file from there."""
    path = _board_file(ship)
    written = doc.get("board")
    if path is None or relative_to is None or not isinstance(written, str):
        return
    if (relative_to / str(written)).resolve() != path:
        doc["board"] = os.path.relpath(path, relative_to)


def _reads_as(text: str, after: Ship, as_json: bool) -> bool:
    """Does the edited file read back as the new ship (its tiles, what they hold, and the
    top-level keys)?"""
    import tomli

    from trucker.formats.load import ship_from_document

    try:
        data = json.loads(text) if as_json else tomli.loads(text)
        read = ship_from_document({**data, "board": after.board.path or after.board.id}, "")
    except (tomli.TOMLDecodeError, json.JSONDecodeError, BadInput):
        return False
    return (
        read.tiles == after.tiles
        and read.contents == after.contents
        and (read.name, read.holes, read.insured, read.loadout, dict(read.rulings))
        == (after.name, after.holes, after.insured, after.loadout, dict(after.rulings))
    )
