"""Writing ship layout files (``trucker-ship/1``), atomically, in the spec's compact style.

Only what differs from the loadout's defaults is written, so a repaired legal ship reads the
same as its input. Outputs are written atomically by :mod:`trucker.formats.outputs` (re-exported
here as ``write_atomic``), which never writes an input file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import tomli_w

from trucker.core.geometry import DIRECTIONS, Connector
from trucker.core.parts import Part
from trucker.core.ship import Contents, Ship, Tile
from trucker.formats.outputs import write_atomic

__all__ = ["ship_to_document", "dumps_ship", "write_atomic", "toml_value", "tile_entry"]


def tile_entry(tile: Tile, held: Contents, launch: bool = True) -> dict[str, Any]:
    """One tile as a layout file writes it: its part and printed keys, then what it holds where
    that differs from the ``launch`` loadout's default (or the empty one's)."""
    entry: dict[str, Any] = {"part": str(tile.part)}
    if tile.start:
        entry["start"] = True
    else:
        entry["sides"] = "".join(s.char for s in tile.sides)
    if tile.facing is not None:
        entry["facing"] = str(tile.facing)
    if tile.covers:
        entry["covers"] = [str(d) for d in tile.covers]
    if tile.nozzles:
        entry["nozzles"] = [str(d) for d in tile.nozzles]
    if tile.armor:
        entry["armor"] = [str(d) for d in DIRECTIONS if d in tile.armor]
    match tile.part:
        case Part.CABIN:
            if held.alien is not None:
                entry["alien"] = str(held.alien)
            elif held.crew != (2 if launch else 0):
                entry["crew"] = held.crew
        case Part.BATTERY:
            entry["capacity"] = tile.capacity
            if held.charge != (tile.capacity if launch else 0):
                entry["charge"] = held.charge
        case Part.CARGO:
            entry["capacity"] = tile.capacity
            if tile.red:
                entry["red"] = True
            if held.goods:
                entry["goods"] = held.goods
        case Part.LIFE_SUPPORT:
            entry["color"] = str(tile.colors[0])
        case Part.HYBRID_LIFE_SUPPORT:
            entry["colors"] = [str(c) for c in tile.colors]
        case Part.ROBOT_CENTER:
            if held.active:
                entry["active"] = True
        case Part.LUXURY_CABIN:
            if held.passenger != launch:
                entry["passenger"] = held.passenger
        case Part.STASIS_CHAMBER:
            if held.sleepers:
                entry["sleepers"] = held.sleepers
    if tile.start and any(s is not Connector.UNIVERSAL for s in tile.sides):
        entry["sides"] = "".join(s.char for s in tile.sides)
    return entry


def ship_to_document(ship: Ship, *, relative_to: Path | None = None) -> dict[str, Any]:
    """The layout as a document of the spec's shape (tiles by square, sorted). A board file is
    named relative to ``relative_to`` (the folder the document will be written to)."""
    doc: dict[str, Any] = {"format": "trucker-ship/1"}
    if ship.name is not None:
        doc["name"] = ship.name
    board = ship.board.id
    if ship.board.path:
        board = os.path.relpath(ship.board.path, relative_to) if relative_to else ship.board.path
    doc["board"] = board
    if ship.holes is not None:
        doc["holes"] = list(ship.holes)
    if ship.insured is not None:
        doc["insured"] = ship.insured
    if ship.loadout != "launch":
        doc["loadout"] = ship.loadout
    if ship.rulings:
        doc["rulings"] = dict(ship.rulings)
    launch = ship.loadout == "launch"
    doc["tiles"] = {
        str(c): tile_entry(ship.tiles[c], ship.contents[c], launch) for c in sorted(ship.tiles)
    }
    return doc


def toml_value(value: Any) -> str:
    """One TOML value on one line (arrays and tables inline)."""
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    return tomli_w.dumps({"v": value})[len("v = ") :].rstrip("\n")


def _key(key: str) -> str:
    return tomli_w.dumps({key: 0}).split(" = ")[0]


def dumps_ship(ship: Ship, *, suffix: str = ".toml", relative_to: Path | None = None) -> str:
    """The layout as TOML (one inline table per tile, as the spec writes it) or JSON.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-i-starter.toml")
    >>> print(trucker.dumps_ship(ship).splitlines()[0])
    format = "trucker-ship/1"
    """
    doc = ship_to_document(ship, relative_to=relative_to)
    if suffix.lower() == ".json":
        return json.dumps(doc, indent=2) + "\n"
    lines = [f"{_key(k)} = {toml_value(v)}" for k, v in doc.items() if k != "tiles"]
    lines += ["", "[tiles]"]
    lines += [f"{_key(cell)} = {toml_value(entry)}" for cell, entry in doc["tiles"].items()]
    return "\n".join(lines) + "\n"
