"""Every tile is joined, through joined connectors, to the starting cabin (RULES §3.1.6)."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.rules.graph import distances
from trucker.rules.view import RuleContext
from trucker.rules.violations import RuleId, Violation

__all__ = ["check_disconnected"]


def check_disconnected(ctx: RuleContext) -> Iterator[Violation]:
    """Judged only when there is exactly one starting cabin (the spec)."""
    if len(ctx.starting_cabins) != 1:
        return
    start = ctx.starting_cabins[0]
    reached = distances(ctx.joined, start)
    if len(reached) == len(ctx.tiles):
        return
    for cell in sorted(ctx.tiles.keys() - reached.keys()):
        yield Violation(
            RuleId.DISCONNECTED,
            (cell,),
            f"{ctx.tiles[cell].part} not joined to the starting cabin on {start}",
        )
