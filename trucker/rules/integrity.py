"""Every tile is joined, through joined connectors, to the starting cabin (RULES §3.1.6)."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.graph import components
from trucker.report import RuleId, Violation
from trucker.rules.context import RuleContext

__all__ = ["check_disconnected"]


def check_disconnected(ctx: RuleContext) -> Iterator[Violation]:
    """Judged only when there is exactly one starting cabin (the spec)."""
    if len(ctx.starting_cabins) != 1:
        return
    start = ctx.starting_cabins[0]
    reached = next(part for part in components(ctx.adjacency) if start in part)
    for cell in sorted(ctx.tiles):
        if cell not in reached:
            yield Violation(
                RuleId.DISCONNECTED,
                (cell,),
                f"{ctx.tiles[cell].part} not joined to the starting cabin on {start}",
            )
