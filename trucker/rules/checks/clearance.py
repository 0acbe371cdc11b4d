"""Engines point to the rear; nothing may lie right behind an exhaust, in front of a barrel or
behind a thruster nozzle (RULES §3.1 items 3-5), across the IIB seam too (§1.5)."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.core.geometry import Cell, Direction
from trucker.core.parts import Part
from trucker.rules.view import RuleContext
from trucker.rules.violations import RuleId, Violation

__all__ = [
    "check_engine_facing",
    "check_engine_clearance",
    "check_cannon_clearance",
    "check_thruster_clearance",
]


def _blocked(
    ctx: RuleContext, cell: Cell, direction: Direction, rule: RuleId, what: str
) -> Iterator[Violation]:
    ahead = ctx.board.neighbour(cell, direction)
    blocker = ctx.tiles.get(ahead)
    if blocker is not None and ahead != cell:
        yield Violation(rule, (cell, ahead), f"{what} ({ahead}) holds a {blocker.part}", direction)


def check_engine_facing(ctx: RuleContext) -> Iterator[Violation]:
    """Engines and double engines have their exhaust to the rear (RULES §3.1.3)."""
    for cell, tile in ctx.items(*ctx.part_facts.engines.every):
        if tile.facing is not Direction.REAR:
            yield Violation(
                RuleId.ENGINE_FACING,
                (cell,),
                f"{tile.part} exhaust points {tile.facing}; engines point to the rear",
                tile.facing,
            )


def check_engine_clearance(ctx: RuleContext) -> Iterator[Violation]:
    """The square right behind an exhaust is empty (RULES §3.1.3)."""
    for cell, tile in ctx.items(*ctx.part_facts.engines.every):
        if tile.facing is not None:
            yield from _blocked(
                ctx, cell, tile.facing, RuleId.ENGINE_BLOCKED, "the square behind the exhaust"
            )


def check_cannon_clearance(ctx: RuleContext) -> Iterator[Violation]:
    """The square right in front of a barrel is empty (RULES §3.1.4)."""
    for cell, tile in ctx.items(*ctx.part_facts.cannons.every):
        if tile.facing is not None:
            yield from _blocked(
                ctx, cell, tile.facing, RuleId.CANNON_BLOCKED, "the square in front of the barrel"
            )


def check_thruster_clearance(ctx: RuleContext) -> Iterator[Violation]:
    """The square behind each nozzle is empty (RULES §3.1.5; ruling ``thruster_clearance``:
    ``one-square`` checks only the first-listed nozzle)."""
    for cell, tile in ctx.items(Part.THRUSTER):
        nozzles = (
            tile.nozzles[:1] if ctx.rulings.thruster_clearance == "one-square" else tile.nozzles
        )
        for nozzle in nozzles:
            yield from _blocked(
                ctx, cell, nozzle, RuleId.THRUSTER_BLOCKED, f"the square behind the {nozzle} nozzle"
            )
