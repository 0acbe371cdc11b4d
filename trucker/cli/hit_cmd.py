"""``trucker hit`` and ``trucker exposure``: one threat against a ship, and exact exposure."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from trucker.cli.options import JsonOpt, RepairOpt, RulingOpt, SvgOpt

__all__ = ["hit", "exposure"]

ThreatOpt = Annotated[
    str,
    typer.Option(
        "--threat",
        "-t",
        help="small-meteor, large-meteor, light-fire, heavy-fire or paired-meteor.",
    ),
]


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
    from trucker.cli.output import check_output, out, print_json, write_output
    from trucker.core.threats import Threat, ThreatKind, read_roll
    from trucker.sim.attacks import attack, why_no_shift
    from trucker.sim.state import ShipState
    from trucker.sim.table import Table

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
    board = flying.ship.board
    the_roll, used_seed = choose_roll(board, roll, dice, seed, "the threat's line")
    ship = ShipState.from_ship(flying.ship)
    ship.lost.extend(flying.repaired)
    threat_obj = Threat(kind, direction)
    if moves is not None:
        reason = why_no_shift(
            ship,
            read_roll(board, direction, the_roll),
            moves,
            needs_crew=rulings.thruster_crew_for_meteors,
        )
        if reason:
            raise bad_input("--shift", shift or "", reason)
    captain = CommandLineCaptain(
        shift=moves, keep=keep_cell, use_batteries=not no_battery, use_solar=not no_solar
    )
    before = ship.to_ship()
    log: list = []
    try:
        result = attack(
            Table(rulings=rulings, policies=captain, log=log), ship, threat_obj, the_roll
        )
    except KeepNotFound as exc:
        raise bad_input("--keep", keep or "", str(exc).split(": ", 1)[1]) from None
    if svg is not None:
        from trucker.render.svg import hit_svg

        write_output(svg, hit_svg(before, ship.to_ship(), result), "--svg")
    if json_out:
        print_json(trace_document(result, flying, ship, seed=used_seed, rulings=rulings, log=log))
        raise typer.Exit(0)
    _print_hit(out, before, ship, result, log, used_seed, flying.repaired, rulings)
    raise typer.Exit(0)


def _print_hit(out, before, ship, result, log, seed, repaired, rulings) -> None:
    from trucker.cli.output import plural, print_drawing
    from trucker.render.narrate import narrate
    from trucker.render.text import LOST, Mark, draw_ship

    rolled = (
        result.roll if isinstance(result.roll, int) else f"{result.roll[0]} and {result.roll[1]}"
    )
    out.print(
        f"{before.file or before.label}  board {before.board.id}: "
        f"{result.threat.kind} from the {result.threat.direction}, roll {rolled} → {result.rolled}",
        style="bold",
    )
    if seed is not None:
        out.print(f"rolled with seed {seed}; rerun with --seed {seed}", style="bright_black")
    marks = {}
    for impact in result.impacts:
        if impact.hit is not None:
            marks[impact.hit] = Mark("hit")
        if impact.defender is not None:
            marks[impact.defender] = Mark("defended")
    arrows = {}
    line = result.line
    if line.index is not None:
        symbol = {"front": "vv", "rear": "^^", "left": ">>", "right": "<<"}[str(line.direction)]
        arrows[(line.direction, line.index)] = symbol
    print_drawing(draw_ship(before, marks=marks, arrows=arrows))
    for number, event in enumerate(log, 1):
        out.print(f"  {number}. {narrate(event)}")
    stops = [i.stopped_by for i in result.impacts if i.stopped_by]
    lost = result.lost
    summary = (
        f"stopped by {', '.join(stops)}"
        if stops and not lost
        else ("a miss" if all(i.hit is None for i in result.impacts) else "")
    )
    parts = [p for p in (summary, plural(result.batteries_used, "battery token") + " spent") if p]
    if result.solar_used:
        parts.append("solar power from " + ", ".join(map(str, result.solar_used)))
    parts.append(f"lost: {', '.join(map(str, lost))}" if lost else "nothing lost")
    out.print("result: " + " · ".join(parts), style="bold")
    if repaired:
        out.print(f"repaired before the hit: {', '.join(map(str, repaired))} (counted as lost)")
    if lost:
        after = ship.to_ship()
        gone = dict.fromkeys(lost, LOST)
        out.print("the ship after the hit:")
        print_drawing(draw_ship(after, marks=gone))
        out.print(
            f"tiles lost so far: {len(ship.lost)} (each costs a credit at the end of the flight)"
        )
    if rulings.non_default():
        settled = ", ".join(f"{k} = {v}" for k, v in rulings.non_default().items())
        out.print(f"rulings not at their defaults: {settled}", style="yellow")


def exposure(
    file: Annotated[Path, typer.Argument(help="A ship layout file.")],
    threat: ThreatOpt,
    from_: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--from", "-f", help="Only this side (default: all four)."),
    ] = None,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    svg: SvgOpt = None,
) -> None:
    """Exact odds, from the dice table, that each tile is met and lost, per side.

    Example: trucker exposure scenarios/ships/class-iii-cruiser.toml --threat small-meteor
    --svg heat.svg
    """
    from trucker.cli.common import bad_input, load_flight_ships, parse_direction
    from trucker.cli.output import check_output, out, print_drawing, print_json, write_output
    from trucker.core.geometry import DIRECTIONS
    from trucker.core.threats import ThreatKind
    from trucker.render.text import Mark, draw_ship
    from trucker.sim.exposure import exposure as run
    from trucker.sim.state import ShipState

    try:
        kind = ThreatKind.parse(threat)
    except ValueError as exc:
        raise bad_input("--threat", threat, str(exc)) from None
    sides = [parse_direction(from_, "--from")] if from_ else list(DIRECTIONS)
    if svg is not None:
        check_output(svg, "--svg", [file])
    (flying,), rulings = load_flight_ships([file], ruling, repair=repair, quiet=json_out)
    ship = ShipState.from_ship(flying.ship)
    found = run(ship, kind, rulings, sides)
    if svg is not None:
        from trucker.render.svg import exposure_svg

        write_output(svg, exposure_svg(flying.ship, found), "--svg")
    if json_out:
        print_json(
            {
                "file": str(file),
                "board": ship.board.id,
                "threat": str(kind),
                "sides": [s.to_dict() for s in found],
                "rulings": rulings.non_default(),
            }
        )
        raise typer.Exit(0)
    built = flying.ship
    out.print(
        f"{file}  board {built.board.id}: exposure to a {kind}, exact odds over the 36 rolls",
        style="bold",
    )
    out.print(
        "without batteries: only smooth sides, armor and single cannons help; with batteries: "
        "unlimited tokens, the best shield or double cannon for each impact; never a thruster",
        style="bright_black",
    )
    for side in found:
        out.print()
        out.print(
            f"from the {side.direction}: meets the ship {_pct(side.meets)} · loses a tile "
            f"{_pct(side.damage_unpowered)} without batteries, "
            f"{_pct(side.damage_powered)} with them",
            style="bold",
        )
        marks = {
            cell: Mark(
                "hit" if odds.destroyed_unpowered else "dim",
                f"{round(100 * odds.destroyed_unpowered):>2}%",
            )
            for cell, odds in side.tiles.items()
            if odds.destroyed_unpowered
        }
        print_drawing(draw_ship(built, marks=marks))
        ranked = sorted(side.tiles.items(), key=lambda kv: (-kv[1].lost_unpowered, kv[0]))
        for cell, odds in ranked:
            if odds.lost_unpowered or odds.lost_powered:
                out.print(
                    f"  {cell} {built.tiles[cell].part}: met {_pct(odds.met)}, destroyed "
                    f"{_pct(odds.destroyed_unpowered)} / {_pct(odds.destroyed_powered)}, lost "
                    f"{_pct(odds.lost_unpowered)} / {_pct(odds.lost_powered)} "
                    "(without / with batteries)"
                )
    raise typer.Exit(0)


def _pct(p: object) -> str:
    from fractions import Fraction

    assert isinstance(p, Fraction)
    return f"{float(p) * 100:.1f}% ({p * 36}/36)"
