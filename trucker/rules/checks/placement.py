"""Where tiles may lie: on the board, off the holes, one starting cabin on its square
(RULES §3.1 items 1 and 6, §1.6)."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.rules.view import RuleContext
from trucker.rules.violations import RuleId, Violation

__all__ = [
    "check_off_board",
    "check_holes",
    "check_no_start_cabin",
    "check_extra_start_cabin",
    "check_start_square",
]


def check_off_board(ctx: RuleContext) -> Iterator[Violation]:
    """A tile on a square the board does not have (RULES §3.1.1)."""
    for cell, rule in ctx.misplaced.items():
        if rule is RuleId.OFF_BOARD:
            part = ctx.ship.tiles[cell].part
            yield Violation(
                rule, (cell,), f"{part} on {cell}: board {ctx.board.id} has no such square"
            )


def check_holes(ctx: RuleContext) -> Iterator[Violation]:
    """A tile on a IIIB hole: a square marked with a rolled face, or the start square after a
    double (RULES §1.6). A starting cabin there is reported as a hole only."""
    marks = ctx.board.hole_marks
    for cell, rule in ctx.misplaced.items():
        if rule is RuleId.HOLE:
            part = ctx.ship.tiles[cell].part
            why = (
                "the start square is a hole after a double"
                if cell == ctx.board.start and cell not in marks
                else f"marked {marks[cell]}, a rolled face"
            )
            yield Violation(rule, (cell,), f"{part} on a hole ({why})")


def check_no_start_cabin(ctx: RuleContext) -> Iterator[Violation]:
    """Every ship has one starting cabin (RULES §2.2). A starting cabin on a IIIB hole is
    reported as ``hole`` only (the spec's rule table), so it is not "no starting cabin" either."""
    on_hole = any(
        rule is RuleId.HOLE and ctx.ship.tiles[cell].start for cell, rule in ctx.misplaced.items()
    )
    if not ctx.starting_cabins and not on_hole:
        yield Violation(RuleId.NO_START_CABIN, (), "no starting cabin (a cabin with start = true)")


def _kept_start(ctx: RuleContext) -> int:
    cabins = ctx.starting_cabins
    if ctx.board.start in cabins and not ctx.board.start_is_free(ctx.ship.holes):
        return cabins.index(ctx.board.start)
    return 0


def check_extra_start_cabin(ctx: RuleContext) -> Iterator[Violation]:
    """Only one starting cabin; each extra one is reported beside the one that counts (the one on
    the start square, else the lowest square)."""
    cabins = ctx.starting_cabins
    if len(cabins) < 2:
        return
    kept = cabins[_kept_start(ctx)]
    for cell in cabins:
        if cell != kept:
            yield Violation(
                RuleId.EXTRA_START_CABIN,
                (cell, kept),
                f"a second starting cabin (the first is on {kept})",
            )


def check_start_square(ctx: RuleContext) -> Iterator[Violation]:
    """The starting cabin lies on the board's start square; after a IIIB double, on any square
    that is not a hole (RULES §1.6)."""
    if ctx.board.start_is_free(ctx.ship.holes):
        return
    for cell in ctx.starting_cabins:
        if cell != ctx.board.start:
            yield Violation(
                RuleId.START_SQUARE,
                (cell,),
                f"starting cabin on {cell}; board {ctx.board.id} starts at {ctx.board.start}",
            )
