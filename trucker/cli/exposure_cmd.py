"""``trucker exposure``: the exact odds that a threat meets and destroys each tile, per side."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from trucker.cli.options import JsonOpt, RepairOpt, RulingOpt, SvgOpt, ThreatOpt

__all__ = ["exposure"]


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
    from trucker.cli.output import check_output, print_json, print_lines, write_output
    from trucker.core.geometry import DIRECTIONS
    from trucker.core.threats import ThreatKind
    from trucker.render.terminal.encounters import exposure_lines
    from trucker.sim import encounters

    try:
        kind = ThreatKind.parse(threat)
    except ValueError as exc:
        raise bad_input("--threat", threat, str(exc)) from None
    sides = [parse_direction(from_, "--from")] if from_ else list(DIRECTIONS)
    if svg is not None:
        check_output(svg, "--svg", [file])
    (flying,), rulings = load_flight_ships([file], ruling, repair=repair, quiet=json_out)
    found = encounters.exposure(flying.ship, kind, sides=sides, rulings=rulings)
    if svg is not None:
        from trucker.render.pictures import exposure_svg

        write_output(svg, exposure_svg(flying.ship, found), "--svg")
    if json_out:
        print_json(
            {
                "file": str(file),
                "board": flying.ship.board.id,
                "threat": str(kind),
                "sides": [s.to_dict() for s in found],
                "rulings": rulings.non_default(),
            }
        )
        raise typer.Exit(0)
    print_lines(exposure_lines(str(file), flying.ship, kind, found))
    raise typer.Exit(0)
