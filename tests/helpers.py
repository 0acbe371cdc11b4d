"""Small ships for tests, written compactly so that each case fits on screen.

A tile is a short string ``"PART SIDES [FACING] [key=value ...]"`` (or a plain dict, as in a
layout file)::

    ship({"7,7": "start", "6,7": "cannon --s- front", "8,7": "engine u--- rear"})

``start`` is the starting cabin, ``pipe`` a structural module. Values are read as TOML would
give them: ``crew=1`` is an integer, ``red=true`` a boolean, and ``covers``, ``nozzles``,
``colors`` and ``armor`` are comma-separated lists. Ships are built through the real loader
(:func:`trucker.formats.load.ship_from_document`), so every helper-made ship is also a valid file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from trucker.core.rulings import Rulings
from trucker.core.ship import Ship
from trucker.formats.load import ship_from_document
from trucker.rules.report import Report
from trucker.rules.validate import validate
from trucker.rules.violations import Violation

__all__ = ["tile", "document", "ship", "verdict", "rules", "as_lists"]

_SIDES = re.compile(r"^[-sdu0123]{4}$")
_LISTS = {"covers", "nozzles", "colors", "armor"}
_FACING = {"engine", "double-engine", "cannon", "double-cannon"}
_ALIASES = {"pipe": "structure"}


def _value(key: str, text: str) -> Any:
    if key in _LISTS:
        return [t for t in text.split(",") if t]
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def tile(spec: str | Mapping[str, Any]) -> dict[str, Any]:
    """One tile entry of a layout file from the compact form (dicts pass through)."""
    if not isinstance(spec, str):
        return dict(spec)
    words = spec.split()
    if words[0] == "start":
        entry: dict[str, Any] = {"part": "cabin", "start": True}
        words = words[1:]
    else:
        entry = {"part": _ALIASES.get(words[0], words[0])}
        words = words[1:]
    if words and _SIDES.match(words[0]):
        entry["sides"] = words.pop(0)
    if words and "=" not in words[0] and entry["part"] in _FACING:
        entry["facing"] = words.pop(0)
    for word in words:
        key, sep, text = word.partition("=")
        if not sep:
            raise ValueError(f"cannot read {word!r} in tile {spec!r}")
        entry[key] = _value(key, text)
    return entry


def document(
    tiles: Mapping[str, str | Mapping[str, Any]], board: str = "II", **top: Any
) -> dict[str, Any]:
    """A ``trucker-ship/1`` document (a parsed layout file)."""
    doc: dict[str, Any] = {"format": "trucker-ship/1", "board": board}
    doc.update(top)
    doc["tiles"] = {square: tile(spec) for square, spec in tiles.items()}
    return doc


def ship(tiles: Mapping[str, str | Mapping[str, Any]], board: str = "II", **top: Any) -> Ship:
    """A ship on ``board`` built through the loader, named ``test.toml`` in messages."""
    return ship_from_document(document(tiles, board, **top), "test.toml")


def as_lists(violations: Iterable[Violation]) -> list[list[str]]:
    """Violations as ``[rule, square, ...]`` lists, the shape golden files use."""
    return [[str(v.rule), *map(str, v.squares)] for v in violations]


def verdict(
    tiles: Mapping[str, str | Mapping[str, Any]],
    board: str = "II",
    *,
    rulings: Rulings | None = None,
    flight: bool = False,
    **top: Any,
) -> list[list[str]]:
    """Validate a compact ship and return its violations as lists."""
    s = ship(tiles, board, **top)
    report = validate(s, rulings or Rulings(), flight=flight)
    return as_lists(report.violations)


def rules(report: Report) -> list[str]:
    """The rule ids of a report, in order (with repeats)."""
    return [str(v.rule) for v in report.violations]
