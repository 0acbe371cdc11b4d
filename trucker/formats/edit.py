"""A repaired layout written into the user's own TOML file: only what the repair changed is
changed (the entries of the tiles it removed, the content keys of the tiles it unloaded), so
comments, key order, blank lines and spacing stay as the user wrote them.

The file is parsed with tomlkit, which keeps every byte it does not have to change. A tile
entry written as an inline table (``"7,7" = { part = "cabin", crew = 3 }``) keeps its keys in
their order; when a key must go or come, the line is written again in the project's style. The
result is read back and compared with the repaired ship; a file this cannot follow gives None,
and the caller writes the canonical form (:func:`trucker.formats.write.dumps_ship`) instead.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from trucker.core.errors import BadInput
from trucker.core.geometry import Cell
from trucker.core.ship import Contents, Ship
from trucker.formats.write import ship_to_document, toml_value

__all__ = ["edit_layout"]

CONTENT_KEYS = ("alien", "crew", "charge", "goods", "active", "passenger", "sleepers")
"""The keys of a tile entry that say what it holds (the rest say what the tile is)."""


def edit_layout(
    text: str, before: Ship, after: Ship, *, relative_to: Path | None = None
) -> str | None:
    """``text`` (the TOML file ``before`` was read from) edited into ``after``: the tiles
    ``after`` lacks removed, the contents that differ rewritten, and a board file named again
    from ``relative_to`` (the folder the result goes to) when that is not the input's folder.
    None when the file cannot be edited so that it reads back as ``after``."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    try:
        doc = tomlkit.parse(text)
    except TOMLKitError:
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
    for cell in sorted(set(before.tiles) - set(after.tiles)):
        del tiles[keys[cell]]
    canonical = ship_to_document(after)["tiles"]
    for cell in sorted(after.tiles):
        if before.contents[cell] != after.contents[cell]:
            key = keys[cell]
            tiles[key] = _edited(tiles[key], canonical[str(cell)], after.contents[cell])
    _name_board(doc, before, relative_to)
    edited = tomlkit.dumps(doc)
    return edited if _reads_as(edited, before, after) else None


def _edited(entry: Any, canonical: dict[str, Any], held: Contents) -> Any:
    """A tile entry with its content keys made to say ``held``: a key the canonical entry has
    takes its value, a key the user wrote that the canonical entry leaves to its default takes
    the value it now has (an alien, which has none to write, goes)."""
    import tomlkit

    changes: dict[str, Any] = {}
    gone = []
    for key in CONTENT_KEYS:
        want = canonical.get(key)
        if want is None and key in entry:
            if key == "alien":
                gone.append(key)
                continue
            want = getattr(held, key)
        if want is not None and _plain(entry.get(key)) != want:
            changes[key] = want
    if isinstance(entry, tomlkit.items.InlineTable) and (gone or set(changes) - set(entry)):
        kept = {k: _plain(v) for k, v in entry.items() if k not in gone}
        line = tomlkit.parse(f"x = {toml_value({**kept, **changes})}")["x"]
        line.trivia.comment_ws = entry.trivia.comment_ws
        line.trivia.comment = entry.trivia.comment
        return line
    for key in gone:
        del entry[key]
    for key, value in changes.items():
        entry[key] = value
    return entry


def _plain(item: Any) -> Any:
    return item.unwrap() if hasattr(item, "unwrap") else item


def _name_board(doc: Any, ship: Ship, relative_to: Path | None) -> None:
    """A board file is named from the folder the layout is written to, as the loader reads it;
    a built-in board, or a layout written beside its input, keeps the words the user wrote."""
    path = ship.board.path
    if not path or relative_to is None or ship.file is None:
        return
    if Path(ship.file).resolve().parent == relative_to.resolve():
        return
    doc["board"] = os.path.relpath(path, relative_to)


def _reads_as(text: str, before: Ship, after: Ship) -> bool:
    """Does the edited file read back as the repaired ship (its tiles and what they hold)?"""
    import tomli

    from trucker.formats.load import ship_from_document

    try:
        data = tomli.loads(text)
        read = ship_from_document({**data, "board": before.board.path or before.board.id}, "")
    except (tomli.TOMLDecodeError, BadInput):
        return False
    return read.tiles == after.tiles and read.contents == after.contents
