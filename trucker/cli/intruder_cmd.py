"""``trucker intruder``: an intruder card against a ship, step by step, for play and teaching."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from trucker.cli.options import JsonOpt, RepairOpt, RulingOpt

__all__ = ["intruder"]


def intruder(
    file: Annotated[Path, typer.Argument(help="A ship layout file.")],
    kind: Annotated[
        str | None, typer.Option("--kind", "-k", help="predator, commando or predator-commando.")
    ] = None,
    steps: Annotated[
        int | None, typer.Option("--steps", "-s", help="Steps the card shows (1 to 99).")
    ] = None,
    fuses: Annotated[
        str | None, typer.Option("--fuses", metavar="A,B", help="Commandos: the fuse steps.")
    ] = None,
    hand: Annotated[str | None, typer.Option("--hand", help="left (default) or right.")] = None,
    double: Annotated[
        bool, typer.Option("--double", help="Two intruders: one left-hand, one right-hand.")
    ] = False,
    from_: Annotated[
        str | None, typer.Option("--from", "-f", help="The side it comes from.")
    ] = None,
    reward: Annotated[
        str | None, typer.Option("--reward", metavar="N|GOODS", help="Credits, or goods like RY.")
    ] = None,
    card: Annotated[
        str | None,
        typer.Option("--card", metavar="FILE|ID", help="An intruder card: a deck file or an id."),
    ] = None,
    roll: Annotated[int | None, typer.Option("--roll", help="The 2d6 total (not on IIB).")] = None,
    dice: Annotated[str | None, typer.Option("--dice", metavar="A,B", help="Both faces.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Roll with this seed.")] = None,
    shift: Annotated[
        str | None,
        typer.Option(
            "--shift", metavar="DIR", help="Fire a crewed thruster: where the ship moves."
        ),
    ] = None,
    activate_robots: Annotated[
        bool,
        typer.Option(
            "--activate-robots",
            help="Wake the robots that would work the --shift thruster (a battery token or "
            "solar power).",
        ),
    ] = False,
    keep: Annotated[
        str | None, typer.Option("--keep", metavar="ROW,COL", help="If it breaks, keep this piece.")
    ] = None,
    explain: Annotated[bool, typer.Option("--explain", help="Narrate every step and why.")] = False,
    frames: Annotated[
        str | None,
        typer.Option(
            "--frames",
            metavar="-|DIR",
            help="One picture per step: - in the terminal, DIR one SVG file per step there "
            "(the folder is made if it does not exist).",
        ),
    ] = None,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    svg: Annotated[
        Path | None, typer.Option("--svg", metavar="FILE", help="Also draw the walk as SVG.")
    ] = None,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html", metavar="FILE", help="Also write a page that plays it step by step."
        ),
    ] = None,
) -> None:
    """Land an intruder on a ship and follow its walk: what it eats, where it fuses, where it
    is defeated (RULES §7).

    Example: trucker intruder scenarios/intruders/yellow-predator.toml --card
    scenarios/intruders/small-predator.toml --roll 7 --shift front --explain --html walk.html
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
    from trucker.cli.intruder_card import card_from_options
    from trucker.cli.output import (
        check_output,
        print_json,
        print_lines,
        write_output,
        write_outputs,
    )
    from trucker.formats.outputs import claim_folder
    from trucker.render.terminal.encounters import intruder_lines
    from trucker.sim import encounters

    the_card = card_from_options(card, kind, steps, fuses, hand, double, from_, reward)
    moves = parse_direction(shift, "--shift") if shift else None
    keep_cell = parse_square(keep, "--keep") if keep else None
    if activate_robots and moves is None:
        raise bad_input(
            "--activate-robots",
            "",
            "it wakes the robots that would work the --shift thruster: give --shift too",
        )
    if roll is not None and dice is not None:
        raise bad_input("--roll", str(roll), "give --roll or --dice, not both")
    inputs = [file, *([Path(card)] if card else [])]
    for option, target in (("--svg", svg), ("--html", html)):
        if target is not None:
            check_output(target, option, inputs)
    folder = Path(frames) if frames not in (None, "-") else None
    if folder is not None and folder.exists() and not folder.is_dir():
        raise bad_input("--frames", str(folder), "is a file, not a folder")
    if folder is not None:
        # a folder not there yet is made when the frames are written, with any folders above
        # it, as mkdir -p does
        claim_folder(folder, "--frames", parents=True)
    (flying,), rulings = load_flight_ships([file], ruling, repair=repair, quiet=json_out)
    board = flying.ship.board
    the_roll, used_seed = choose_roll(board, roll, dice, seed, "the intruder's landing line")
    try:
        found = encounters.intruder(
            flying.ship,
            the_card,
            the_roll,
            captain=CommandLineCaptain(
                shift=moves, keep=keep_cell, activate_robots=activate_robots
            ),
            shift=moves,
            wake_robots=activate_robots,
            repaired=flying.repaired,
            rulings=rulings,
        )
    except encounters.CannotShift as exc:
        hint = ": add --activate-robots to wake them" if exc.robots else ""
        raise bad_input("--shift", shift or "", exc.reason + hint) from None
    except encounters.NoRobotsNeeded as exc:
        raise bad_input("--activate-robots", "", exc.reason) from None
    except KeepNotFound as exc:
        raise bad_input("--keep", keep or "", str(exc).split(": ", 1)[1]) from None
    if svg is not None:
        from trucker.render.pictures import walk_svg

        write_output(svg, walk_svg(found.before, found.result, found.log), "--svg")
    if folder is not None:
        from trucker.render.pictures import walk_frames

        frames_drawn = walk_frames(found.before, found.result, found.log)
        write_outputs(
            folder, ((f"{name}.svg", picture) for name, picture in frames_drawn), "--frames"
        )
    if html is not None:
        from trucker.render.pages.walk import walk_page

        page = walk_page(found.before, found.result, found.log)
        write_output(html, page, "--html")
    if json_out:
        print_json(trace_document(found, flying.file, used_seed))
        raise typer.Exit(0)
    print_lines(intruder_lines(found, used_seed, explain=explain, frames=frames == "-"))
    raise typer.Exit(0)
