"""A shield covers two adjacent sides (RULES §4.6)."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.rules.view import RuleContext
from trucker.rules.violations import RuleId, Violation

__all__ = ["check_shield_covers"]


def check_shield_covers(ctx: RuleContext) -> Iterator[Violation]:
    """Two opposite covered sides describe no real shield tile (nor any tile that covers)."""
    for cell, tile in ctx.tiles.items():
        if tile.covers and not tile.covers[0].is_perpendicular(tile.covers[1]):
            yield Violation(
                RuleId.SHIELD_COVERS,
                (cell,),
                f"covers {tile.covers[0]} and {tile.covers[1]}, which are not adjacent",
            )
