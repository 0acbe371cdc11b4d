"""``trucker radiation``: what a Radiation Leak would do to a ship (RULES §8.1), drawn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from trucker.cli.options import JsonOpt, RepairOpt, RulingOpt, SvgOpt

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
    from trucker.cli.output import check_output, out, print_json, write_output
    from trucker.core.parts import Part
    from trucker.sim.captains import SensibleCaptain
    from trucker.sim.radiation import plan_radiation, radiation_leak
    from trucker.sim.state import ShipState
    from trucker.sim.table import Table

    if svg is not None:
        check_output(svg, "--svg", [file])
    (flying,), rulings = load_flight_ships([file], ruling, repair=repair, quiet=json_out)
    ship = ShipState.from_ship(flying.ship)
    ship.lost.extend(flying.repaired)
    for text in spend or []:
        cell = parse_square(text, "--spend")
        tile = ship.tiles.get(cell)
        if tile is None or tile.part is not Part.BATTERY:
            raise bad_input("--spend", text, "no battery there")
        held = ship.contents[cell]
        if held.charge == 0:
            raise bad_input("--spend", text, "that battery holds no token left to spend")
        ship.set(cell, held._replace(charge=held.charge - 1))
    before = ship.to_ship()
    plan = plan_radiation(ship, rulings)
    log: list = []
    _, damage = radiation_leak(Table(rulings=rulings, policies=SensibleCaptain(), log=log), ship)
    after = ship.to_ship()
    lost = sorted(set(ship.lost) - set(flying.repaired))
    if svg is not None:
        from trucker.render.svg import after_svg

        title = f"{before.label}: a Radiation Leak (explodes at {plan.threshold} tokens)"
        write_output(svg, after_svg(after, lost, title, before), "--svg")
    if json_out:
        data = plan.to_dict()
        data.update(
            file=str(file),
            board=before.board.id,
            spent=list(spend or []),
            tiles_lost=[str(c) for c in lost],
            rulings=rulings.non_default(),
            events=[e.to_dict() for e in log],
        )
        print_json(data)
        raise typer.Exit(0)
    _print(out, before, after, plan, log, lost, rulings, damage)
    raise typer.Exit(0)


def _print(out, before, after, plan, log, lost, rulings, damage) -> None:
    from trucker.cli.output import plural, print_drawing
    from trucker.render.narrate import narrate
    from trucker.render.text import Mark, draw_ship

    out.print(
        f"{before.file or before.label}  board {before.board.id}: a Radiation Leak "
        f"(RULES §8.1; networks of {plan.threshold} tokens or more explode)",
        style="bold",
    )
    marks = {cell: Mark("lost") for cell, _ in plan.exposed}
    for network in plan.networks:
        for cell in network.cells:
            marks[cell] = Mark("hit" if network.explodes else "defended")
    print_drawing(draw_ship(before, marks=marks))
    if plan.exposed:
        crew = ", ".join(f"{who} on {cell}" for cell, who in plan.exposed)
        out.print(f"crew exposed (one each): {crew}")
    else:
        out.print("crew exposed: nobody awake is connected to a solar panel or charged battery")
    for number, network in enumerate(plan.networks, 1):
        verdict = "EXPLODES" if network.explodes else "safe"
        out.print(
            f"network {number}: {', '.join(map(str, network.cells))} — "
            f"{plural(network.tokens, 'token')}: {verdict}",
            style="bold red" if network.explodes else None,
        )
    if not plan.networks:
        out.print("no energy network: no solar panel, router or charged battery")
    for number, event in enumerate(log, 1):
        out.print(f"  {number}. {narrate(event)}")
    if lost:
        out.print(f"after the leak ({plural(len(after.tiles), 'tile')} left):", style="bold")
        print_drawing(draw_ship(after))
    summary = [
        plural(len(plan.exposed), "crew member") + " lost",
        plural(len(lost), "tile") + " lost",
    ]
    out.print(" · ".join(summary), style="bold")
    if rulings.non_default():
        settled = ", ".join(f"{k} = {v}" for k, v in rulings.non_default().items())
        out.print(f"rulings not at their defaults: {settled}", style="yellow")
