"""Touching sides must match (RULES §2.1, §3.1 item 2), across the IIB seam too (§1.5)."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.geometry import compatible
from trucker.graph import touching
from trucker.report import RuleId, Violation
from trucker.rules.context import RuleContext

__all__ = ["check_connectors"]


def check_connectors(ctx: RuleContext) -> Iterator[Violation]:
    """Smooth against a connector, or single against double: reported once per pair, from the
    lower square, with the side of that square."""
    seen = set()
    for cell, tile in ctx.tiles.items():
        for direction, other, neighbour in touching(ctx.board, ctx.tiles, cell):
            pair = (min(cell, other), max(cell, other))
            if pair in seen:
                continue
            seen.add(pair)
            mine, theirs = tile.side(direction), neighbour.side(direction.opposite)
            if compatible(mine, theirs):
                continue
            first, second = (cell, other) if cell < other else (other, cell)
            side = direction if cell == first else direction.opposite
            a, b = (mine, theirs) if cell == first else (theirs, mine)
            yield Violation(
                RuleId.CONNECTOR_MISMATCH, (first, second), f"{a.word} meets {b.word}", side
            )
