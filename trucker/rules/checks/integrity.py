"""Every tile is joined, through joined connectors, to the starting cabin (RULES §3.1.6)."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.rules.graph import distances
from trucker.rules.view import RuleContext
from trucker.rules.violations import RuleId, Violation

__all__ = ["check_disconnected", "disconnected"]


def check_disconnected(ctx: RuleContext) -> Iterator[Violation]:
    """Judged only when there is exactly one starting cabin (the spec)."""
    if len(ctx.starting_cabins) != 1:
        return
    start = ctx.starting_cabins[0]
    reached = distances(ctx.joined, start)
    if len(reached) == len(ctx.tiles):
        return
    for cell in sorted(ctx.tiles.keys() - reached.keys()):
        yield disconnected(cell, ctx.tiles[cell].part, start)


def disconnected(cell: Cell, part: Part, start: Cell) -> Violation:
    """The violation of a tile on ``cell`` that no joined path leads to from ``start``."""
    return Violation(
        RuleId.DISCONNECTED, (cell,), f"{part} not joined to the starting cabin on {start}"
    )
