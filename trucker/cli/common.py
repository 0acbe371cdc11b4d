"""Pieces shared by the commands that fly ships (hit, exposure, intruder, fly): loading a legal
ship (or repairing it on request), reading rolls, seeds and squares from options."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from trucker.cli.output import err, print_errors, print_lines
from trucker.core.boards import Board
from trucker.core.dice import faces_from_text
from trucker.core.errors import BadInput
from trucker.core.geometry import Cell, Direction
from trucker.core.rulings import Rulings
from trucker.core.ship import Ship
from trucker.render.terminal.reports import report_text

if TYPE_CHECKING:
    from trucker.sim.encounters import Encounter

__all__ = [
    "FlightShip",
    "load_flight_ships",
    "parse_dice_option",
    "parse_direction",
    "parse_square",
    "draw_seed",
    "bad_input",
    "trace_document",
]


def bad_input(where: str, value: str, problem: str) -> typer.Exit:
    """Print one input-error line and return the exit to raise (code 2)."""
    print_errors(BadInput.one(where, value, problem))
    return typer.Exit(2)


@dataclass(frozen=True)
class FlightShip:
    """A ship ready to fly: legal, or repaired with ``--repair`` (removed tiles count as lost)."""

    ship: Ship
    file: str
    repaired: tuple[Cell, ...] = ()


def load_flight_ships(
    files: Sequence[Path], rulings: list[str] | None, *, repair: bool, quiet: bool = False
) -> tuple[list[FlightShip], Rulings]:
    """Read the ships of a flight command; an illegal layout is refused (exit 1, violations
    printed) unless ``--repair`` was given (the spec's "In flight")."""
    from trucker.formats.load import load_ships
    from trucker.rules.repair import CannotRepair
    from trucker.rules.repair import repair as run_repair
    from trucker.rules.validate import validate

    loaded, chosen = load_ships(list(files), rulings)
    ready = []
    for path, ship, problem in loaded:
        if ship is None:
            print_errors(problem)  # type: ignore[arg-type]
            raise typer.Exit(2)
        assert chosen is not None
        report = validate(ship, chosen)
        if report.legal:
            ready.append(FlightShip(ship, str(path)))
            continue
        if not repair:
            if not quiet:
                print_lines(report_text(ship, report))
            err.print(
                f"{path}: the layout is illegal; fix it (trucker fix) or add --repair", style="red"
            )
            raise typer.Exit(1)
        try:
            result = run_repair(ship, chosen)
        except CannotRepair as exc:
            err.print(f"{path}: cannot repair: {exc}", style="red")
            raise typer.Exit(1) from None
        removed = tuple(r.cell for r in result.removed)
        if not quiet:
            err.print(
                f"{path}: repaired before flight, {len(removed)} tile(s) removed and counted "
                "as lost"
            )
        ready.append(FlightShip(result.ship, str(path), removed))
    assert chosen is not None
    return ready, chosen


def parse_dice_option(text: str, option: str, *, pairs: int | None = None) -> list[int]:
    try:
        faces = faces_from_text(text)
    except ValueError as exc:
        raise bad_input(option, text, str(exc)) from None
    if len(faces) % 2 or (pairs is not None and len(faces) != 2 * pairs):
        wanted = f"{2 * pairs} faces" if pairs else "faces in pairs"
        raise bad_input(option, text, f"expected {wanted}, got {len(faces)}")
    return faces


def parse_direction(text: str, option: str) -> Direction:
    try:
        return Direction.parse(text)
    except ValueError as exc:
        raise bad_input(option, text, str(exc)) from None


def parse_square(text: str, option: str) -> Cell:
    try:
        return Cell.parse(text)
    except ValueError as exc:
        raise bad_input(option, text, str(exc)) from None


def expert_options(
    searching: bool, effort: int | None, objective: str | None
) -> tuple[tuple[str, Any], ...]:
    """``--effort`` and ``--objective`` checked (given only with an expert aboard), as the
    expert captain's options by name."""
    from trucker.sim.expert import MAX_EFFORT, OBJECTIVES

    if effort is not None and (not 1 <= effort <= MAX_EFFORT or not searching):
        problem = (
            f"rollouts per option, 1 to {MAX_EFFORT:,}" if searching else "only the expert searches"
        )
        raise bad_input("--effort", str(effort), problem)
    if objective is not None and (objective not in OBJECTIVES or not searching):
        problem = (
            f"use {' or '.join(OBJECTIVES)}" if searching else "only the expert has an objective"
        )
        raise bad_input("--objective", objective, problem)
    return tuple(
        (key, value) for key, value in (("effort", effort), ("objective", objective)) if value
    )


def draw_seed(seed: int | None) -> int:
    """The seed to use: the given one, or a fresh one the report prints for a rerun."""
    return seed if seed is not None else random.SystemRandom().randrange(1, 10**6)


def choose_roll(
    board: Board, roll: int | None, dice: str | None, seed: int | None, purpose: str
) -> tuple[tuple[int, int] | int, int | None]:
    """The line's roll from ``--dice A,B`` or ``--roll TOTAL`` (a total only on boards that read
    a sum), else rolled from ``--seed`` (or a fresh seed, returned for the report). The
    commands refuse ``--roll`` with ``--dice`` before reading any file."""
    from trucker.core.dice import SeededDice

    if dice is not None:
        a, b = parse_dice_option(dice, "--dice", pairs=1)
        return (a, b), None
    if roll is not None:
        if board.dice == "pairs":
            raise bad_input("--roll", str(roll), f"board {board.id} reads two dice: use --dice A,B")
        if not 2 <= roll <= 12:
            raise bad_input("--roll", str(roll), "a 2d6 total is 2 to 12")
        return roll, None
    used_seed = draw_seed(seed)
    return SeededDice(used_seed).roll(purpose), used_seed


def trace_document(found: Encounter[Any], file: str, seed: int | None) -> dict[str, Any]:
    """The ``--json`` of a single-encounter command (``hit``, ``intruder``): the result's own
    keys, then where it happened, what it cost, and every event."""
    data = found.result.to_dict()
    data.update(
        file=file,
        board=found.before.board.id,
        seed=seed,
        repaired=[str(c) for c in found.repaired],
        tiles_lost=len(found.lost),
        rulings=found.rulings.non_default(),
        events=[e.to_dict() for e in found.log],
    )
    return data
