"""``trucker weigh``: what each small change to a ship is worth, on the same decks and dice."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Optional

import typer

from trucker.cli.options import (
    DaskOpt,
    EffortOpt,
    JsonOpt,
    ObjectiveOpt,
    RepairOpt,
    RulingOpt,
    RunSeedOpt,
    SvgOpt,
    WorkersOpt,
)

__all__ = ["weigh"]


def weigh(
    ship: Annotated[Path, typer.Argument(help="A ship layout file.")],
    deck: Annotated[
        str,
        typer.Option(
            "--deck",
            "-d",
            help="random:I to random:IV (a new deck each flight) or a deck file.",
        ),
    ],
    parts: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--parts",
            metavar="PART,...",
            help="The parts to try adding, e.g. shield,battery:3,cargo:red1 (default: shield, "
            "battery, cannon, double-cannon, engine, double-engine, cabin, cargo).",
        ),
    ] = None,
    precision: Annotated[
        str,
        typer.Option(
            "--precision",
            metavar="X | X%",
            help="Fly the contenders until the 95% interval of each one's change in mean "
            "credits is at most ±X (X%: in the chance of coming home, ±X points); that measure "
            "also ranks them.",
        ),
    ] = "0.25",
    flights: Annotated[
        int,
        typer.Option(
            "-n",
            "--flights",
            min=1,
            help="The most flights for any one change (at most 10,000,000).",
        ),
    ] = 20_000,
    join: Annotated[
        str,
        typer.Option(
            "--join",
            help="any: also where a neighbour's side is smooth, which the change opens (what "
            "the part would be worth there); open: only where a neighbour offers a connector.",
        ),
    ] = "any",
    top: Annotated[int, typer.Option("--top", min=1, help="Changes to list.")] = 10,
    seed: RunSeedOpt = None,
    workers: WorkersOpt = 1,
    dask: DaskOpt = None,
    policy: Annotated[
        str, typer.Option("--policy", help="The captain: sensible, cautious, greedy or expert.")
    ] = "sensible",
    effort: EffortOpt = None,
    objective: ObjectiveOpt = None,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    svg: SvgOpt = None,
) -> None:
    """What is each small change to a ship worth? Every tile removed and every part of a list
    added on every free square where the ship stays legal, in every way it lies, each flown
    against the ship as it is on the same decks and dice: the change in mean credits and in
    the chance of coming home, with 95% intervals, ranked. Staged culling: every change flies
    125 flights, then only those that could still be the best fly on. Ctrl-C (or SIGTERM)
    stops early and reports what was flown, marked partial (in the picture too).

    Example: trucker weigh scenarios/ships/class-iii-cruiser.toml --deck random:III
    --workers 2

    Example: trucker weigh scenarios/ships/class-iii-cruiser.toml --deck random:III
    --parts shield,battery --svg value.svg
    """
    from trucker.cli.common import bad_input, draw_seed, expert_options, load_flight_ships
    from trucker.cli.flying import (
        check_dask,
        check_flights,
        check_policy,
        deck_option,
        ended,
        parse_precision,
    )
    from trucker.cli.output import check_output, err, print_json, print_lines, write_output
    from trucker.cli.progress import progress
    from trucker.play.changes import DEFAULT_PARTS, parse_parts
    from trucker.play.parallel import worker_count
    from trucker.play.weigh import Stage
    from trucker.play.weigh import weigh as weigh_ship
    from trucker.render.terminal.weigh import weigh_lines

    check_policy(policy)
    check_flights(flights)
    options = expert_options(policy == "expert", effort, objective)
    check_dask(dask, workers)
    if (usable := worker_count(workers)) < workers:
        err.print(f"note: --workers {workers}: this machine has {usable} CPUs, so {usable} fly")
        workers = usable
    if join not in ("any", "open"):
        raise bad_input("--join", join, "use any or open")
    target = parse_precision(precision)
    chosen = parse_parts(parts if parts is not None else DEFAULT_PARTS)
    if svg is not None:
        check_output(svg, "--svg", [ship])
    (flying,), rulings = load_flight_ships([ship], ruling, repair=repair, quiet=json_out)
    the_deck = deck_option(deck)
    used_seed = draw_seed(seed)
    bar = progress(1, quiet=json_out)
    started = time.perf_counter()
    with bar as advance:

        def stage_started(stage: Stage, cost: int) -> None:
            bar.restart(f"stage {stage.number}: {stage.candidates} changes", cost)

        result = weigh_ship(
            flying.ship,
            the_deck,
            parts=chosen,
            rulings=rulings,
            seed=used_seed,
            precision=target,
            most=flights,
            captain=policy,
            captain_options=options,
            name=flying.ship.name or ship.stem,
            join="any" if join == "any" else "open",
            workers=workers,
            dask=dask,
            progress=advance,
            stage_started=stage_started,
        )
    elapsed = time.perf_counter() - started
    if svg is not None:
        from trucker.render.pictures.value import value_svg

        write_output(svg, value_svg(result, flying.ship), "--svg")
    code = ended(result.partial, result.stopped, dask)
    run = {
        "workers": workers if dask is None else None,
        "dask": dask,
        "seconds": round(elapsed, 3),
        "flights_per_second": round(result.flown / elapsed, 1) if elapsed > 0 else None,
        **({"stopped": result.stopped} if result.stopped else {}),
    }
    if json_out:
        print_json({"file": str(ship), **result.to_dict(), "run": run})
        raise typer.Exit(code)
    lines = weigh_lines(result, flying.ship, top=top)
    print_lines(lines[:1])
    if err.is_terminal:
        err.print(f"{result.flown:,} flights in {elapsed:.1f} s")
    print_lines(lines[1:])
    raise typer.Exit(code)
