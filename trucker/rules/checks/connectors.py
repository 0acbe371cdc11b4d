"""Touching sides must match (RULES §2.1, §3.1 item 2), across the IIB seam too (§1.5)."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction, compatible
from trucker.core.ship import Tile
from trucker.rules.view import RuleContext
from trucker.rules.violations import RuleId, Violation

__all__ = ["check_connectors", "mismatch_message", "fixed_side", "side_word"]

_COMPATIBLE = tuple(tuple(compatible(a, b) for b in Connector) for a in Connector)
_OPPOSITE_INDEX = (2, 3, 0, 1)
_WORD = ("smooth", "single", "double", "universal")
_FITS = ("", "a single or universal connector", "a double or universal connector", "a connector")
"""What a smooth side needs to join a side of each kind."""


def check_connectors(ctx: RuleContext) -> Iterator[Violation]:
    """Smooth against a connector, or single against double: reported once per pair, from the
    lower square, with the side of that square."""
    tiles = ctx.tiles
    for cell, others in ctx.touching.items():
        sides = tiles[cell].sides
        for index in range(4):
            other = others[index]
            if other is None or other <= cell:
                continue
            mine, theirs = sides[index], tiles[other].sides[_OPPOSITE_INDEX[index]]
            if not _COMPATIBLE[mine][theirs]:
                direction = DIRECTIONS[index]
                yield Violation(
                    RuleId.CONNECTOR_MISMATCH,
                    (cell, other),
                    mismatch_message(
                        (cell, tiles[cell], direction),
                        (other, tiles[other], DIRECTIONS[_OPPOSITE_INDEX[index]]),
                    ),
                    direction,
                )


Side = tuple[Cell, Tile, Direction]
"""One of the two touching sides: the square, its tile and which side of it."""


def fixed_side(tile: Tile, direction: Direction) -> str | None:
    """What makes a side what it is whatever the file says: the starting cabin's universal
    connector, or the smooth edge under a barrel, an exhaust, a nozzle or armor."""
    if tile.start:
        return "the starting cabin"
    if tile.facing is direction:
        return "the exhaust" if tile.part.is_engine else "the barrel"
    if direction in tile.nozzles:
        return "a nozzle"
    if direction in tile.armor:
        return "armor"
    return None


def side_word(tile: Tile, direction: Direction) -> str:
    """A side as a report names it: ``single``, or ``smooth (the barrel)`` where the side is what
    it is whatever the file says."""
    word = _WORD[tile.side(direction)]
    why = fixed_side(tile, direction)
    return f"{word} ({why})" if why else word


def mismatch_message(first: Side, second: Side) -> str:
    """What each side is, and what would make them join: ``7,8's right side is single, 7,9's
    left is double: make one of them universal or match them``. A side the file cannot change
    (the starting cabin's, or one under a barrel, exhaust, nozzle or armor) is named as such,
    and the advice is then for the other side, or to turn or move the tile."""
    words = [side_word(tile, direction) for _cell, tile, direction in (first, second)]
    (a, _, da), (b, _, db) = first, second
    said = f"{a}'s {da} side is {words[0]}, {b}'s {db} is {words[1]}"
    smooth = [s for s in (first, second) if s[1].side(s[2]) is Connector.SMOOTH]
    if not smooth:
        return f"{said}: make one of them universal or match them"
    (s_cell, s_tile, s_dir) = smooth[0]
    (c_cell, c_tile, c_dir) = second if smooth[0] is first else first
    if fixed_side(s_tile, s_dir) is None:
        return f"{said}: give {s_cell}'s {s_dir} side {_FITS[c_tile.side(c_dir)]}"
    turn = f"turn or move the {s_tile.part} on {s_cell}"
    if fixed_side(c_tile, c_dir) is None:
        return f"{said}: make {c_cell}'s {c_dir} side smooth, or {turn}"
    return f"{said}: {turn}"
