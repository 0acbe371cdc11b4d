"""``trucker radiation``: what a Radiation Leak would do to a ship (RULES §8.1), drawn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from trucker.cli.options import JsonOpt, RepairOpt, RulingOpt, SvgOpt

if TYPE_CHECKING:
    from trucker.core.geometry import Cell

__all__ = ["radiation"]


def radiation(
    file: Annotated[Path, typer.Argument(help="A ship layout file.")],
    spend: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(
            "--spend",
            metavar="ROW,COL",
            help="Spend one battery token here first (repeat for more): what if the "
            "captain had used it earlier?",
        ),
    ] = None,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    svg: SvgOpt = None,
) -> None:
    """What a Radiation Leak would do to a ship: the crew it takes (one awake crew member from
    each tile connected to a solar panel or a charged battery), its energy networks (solar
    panels, routers and charged batteries joined together) and which of them explode
    (radiation_explodes_at tokens or more, routers and all), then the ship that is left.

    Example: trucker radiation scenarios/ships/class-iv-leviathan.toml --spend 7,8
    """
    from trucker.cli.common import bad_input, load_flight_ships, parse_square
    from trucker.cli.output import check_output, print_json, print_lines, write_output
    from trucker.render.terminal.encounters import radiation_lines
    from trucker.sim import encounters

    if svg is not None:
        check_output(svg, "--svg", [file])
    (flying,), rulings = load_flight_ships([file], ruling, repair=repair, quiet=json_out)
    given: list[str] = []

    def squares() -> Iterator[Cell]:
        """Each --spend parsed when the leak comes to it: the first bad one, unreadable or
        without a token, is the one named (``given[-1]``)."""
        for text in spend or []:
            given.append(text)
            yield parse_square(text, "--spend")

    try:
        found = encounters.radiation(
            flying.ship, spend=squares(), repaired=flying.repaired, rulings=rulings
        )
    except encounters.CannotSpend as exc:
        raise bad_input("--spend", given[-1], exc.reason) from None
    before, plan, lost = found.before, found.result.plan, found.lost_here
    if svg is not None:
        from trucker.render.pictures.leak import radiation_svg

        title = f"{before.label}: a Radiation Leak (explodes at {plan.threshold} tokens)"
        write_output(svg, radiation_svg(before, found.after, plan, lost, title), "--svg")
    if json_out:
        data = plan.to_dict()
        data.update(
            file=str(file),
            board=before.board.id,
            spent=list(spend or []),
            tiles_lost=[str(c) for c in lost],
            rulings=rulings.non_default(),
            events=[e.to_dict() for e in found.log],
        )
        print_json(data)
        raise typer.Exit(0)
    print_lines(radiation_lines(found))
    raise typer.Exit(0)
