"""Touching sides must match (RULES §2.1, §3.1 item 2), across the IIB seam too (§1.5)."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.core.geometry import DIRECTIONS, Connector, compatible
from trucker.rules.view import RuleContext
from trucker.rules.violations import RuleId, Violation

__all__ = ["check_connectors"]

_COMPATIBLE = tuple(tuple(compatible(a, b) for b in Connector) for a in Connector)
_OPPOSITE_INDEX = (2, 3, 0, 1)


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
                yield Violation(
                    RuleId.CONNECTOR_MISMATCH,
                    (cell, other),
                    f"{mine.word} meets {theirs.word}",
                    DIRECTIONS[index],
                )
