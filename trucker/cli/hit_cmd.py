"""``trucker hit``: one threat against a ship, and why it did what it did (RULES §5)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from trucker.cli.options import JsonOpt, RepairOpt, RulingOpt, SvgOpt, ThreatOpt

__all__ = ["hit"]


def hit(
    file: Annotated[Path, typer.Argument(help="A ship layout file.")],
    threat: ThreatOpt,
    from_: Annotated[str, typer.Option("--from", "-f", help="The side the threat comes from.")],
    roll: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--roll", help="The 2d6 total (not on IIB: give --dice)."),
    ] = None,
    dice: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--dice", metavar="A,B", help="Both die faces, in order (any board)."),
    ] = None,
    seed: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--seed", help="Roll with this seed when no roll is given."),
    ] = None,
    shift: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--shift", metavar="DIR", help="Fire a thruster: the direction the ship moves."
        ),
    ] = None,
    keep: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--keep", metavar="ROW,COL", help="If the ship breaks, keep this piece."),
    ] = None,
    no_battery: Annotated[
        bool, typer.Option("--no-battery", help="Spend no battery token.")
    ] = False,
    no_solar: Annotated[bool, typer.Option("--no-solar", help="Use no solar power.")] = False,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    svg: SvgOpt = None,
) -> None:
    """What one threat does to a ship, and why: the line, the tile met, the defence, the loss.

    Example: trucker hit scenarios/ships/class-iii-cruiser.toml -t large-meteor -f left --roll 8
    --svg hit.svg
    """
    from trucker.cli.captains import CommandLineCaptain, KeepNotFound
    from trucker.cli.common import (
        bad_input,
        choose_roll,
        load_flight_ships,
        parse_direction,
        parse_square,
        trace_document,
    )
    from trucker.cli.output import check_output, print_json, print_lines, write_output
    from trucker.core.threats import Threat, ThreatKind
    from trucker.render.terminal.encounters import hit_lines
    from trucker.sim import encounters

    try:
        kind = ThreatKind.parse(threat)
    except ValueError as exc:
        raise bad_input("--threat", threat, str(exc)) from None
    direction = parse_direction(from_, "--from")
    moves = parse_direction(shift, "--shift") if shift else None
    keep_cell = parse_square(keep, "--keep") if keep else None
    if roll is not None and dice is not None:
        raise bad_input("--roll", str(roll), "give --roll or --dice, not both")
    if svg is not None:
        check_output(svg, "--svg", [file])
    (flying,), rulings = load_flight_ships([file], ruling, repair=repair, quiet=json_out)
    the_roll, used_seed = choose_roll(flying.ship.board, roll, dice, seed, "the threat's line")
    captain = CommandLineCaptain(
        shift=moves, keep=keep_cell, use_batteries=not no_battery, use_solar=not no_solar
    )
    try:
        found = encounters.hit(
            flying.ship,
            Threat(kind, direction),
            the_roll,
            captain=captain,
            shift=moves,
            repaired=flying.repaired,
            rulings=rulings,
        )
    except encounters.CannotShift as exc:
        raise bad_input("--shift", shift or "", exc.reason) from None
    except KeepNotFound as exc:
        raise bad_input("--keep", keep or "", str(exc).split(": ", 1)[1]) from None
    if svg is not None:
        from trucker.render.pictures import hit_svg

        write_output(svg, hit_svg(found.before, found.after, found.result), "--svg")
    if json_out:
        print_json(trace_document(found, flying.file, used_seed))
        raise typer.Exit(0)
    print_lines(hit_lines(found, used_seed))
    raise typer.Exit(0)
