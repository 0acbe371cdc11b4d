"""Check a ship against every rule and gather the verdict (the spec's "Checking a layout")."""

from __future__ import annotations

from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import Ship
from trucker.rules.checks import FLIGHT_SKIPS, RULES, RuleContext
from trucker.rules.notes import part_notes
from trucker.rules.report import Report
from trucker.rules.stats import ship_stats
from trucker.rules.violations import Violation

__all__ = ["validate", "violations", "is_legal", "board_notes"]


def violations(
    ship: Ship, rulings: Rulings = DEFAULT_RULINGS, *, flight: bool = False
) -> list[Violation]:
    """Every violation, sorted by rule id then squares. ``flight=True`` is the flight-phase
    check: the starting cabin is not needed (the spec's "In flight")."""
    return _run(RuleContext(ship, rulings), flight)


def _run(ctx: RuleContext, flight: bool) -> list[Violation]:
    return sorted(
        violation
        for spec in RULES
        if not (flight and spec.id in FLIGHT_SKIPS)
        for violation in spec.check(ctx)
    )


def board_notes(ship: Ship, rulings: Rulings) -> list[str]:
    """What is legal but worth knowing about the board: a reconstruction, an unknown cap."""
    board = ship.board
    notes = []
    if board.reconstructed:
        notes.append(
            f"board {board.id} is a reconstruction of the printed board (source: reconstruction)"
        )
    elif board.source == "custom":
        notes.append(f"board {board.id} comes from a board file ({board.path})")
    insurance = board.insurance
    if insurance.optional:
        state = {True: "bought", False: "not bought", None: "not stated"}[ship.insured]
        values = " (representative price and cap)" if insurance.representative else ""
        notes.append(
            f"Class IV insurance {state}: price {insurance.price}, cap {insurance.cap}{values}"
        )
    elif insurance.cap is None:
        cap = rulings.unknown_insurance_cap
        effect = (
            "every lost tile costs a credit" if cap == "none" else f"losses are capped at {cap}"
        )
        notes.append(
            f"board {board.id}'s printed insurance cap is not known: {effect} "
            f"(ruling unknown_insurance_cap = {cap})"
        )
    return notes


def validate(ship: Ship, rulings: Rulings = DEFAULT_RULINGS, *, flight: bool = False) -> Report:
    """The report on one ship: violations (sorted), notes on the board and on parts that do
    nothing where they stand, numbers and non-default rulings.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-i-starter.toml")
    >>> report = trucker.validate(ship)
    >>> report.legal, report.stats.tiles
    (True, 10)
    """
    ctx = RuleContext(ship, rulings)
    return Report(
        file=ship.file,
        board=ship.board.id,
        violations=tuple(_run(ctx, flight)),
        stats=ship_stats(ctx),
        notes=tuple(board_notes(ship, rulings)),
        rulings=rulings.non_default(),
        part_notes=tuple(part_notes(ctx)),
        ship=ship,
    )


def is_legal(ship: Ship, rulings: Rulings = DEFAULT_RULINGS, *, flight: bool = False) -> bool:
    return not violations(ship, rulings, flight=flight)
