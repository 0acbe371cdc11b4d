"""``trucker odds``: thousands of seeded flights, and the statistics a designer can act on."""

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
    WorkersOpt,
)

__all__ = ["odds"]


def odds(
    ships: Annotated[
        list[Path], typer.Argument(help="One to five ship layout files, flown together.")
    ],
    deck: Annotated[
        str,
        typer.Option(
            "--deck",
            "-d",
            help="random:I, random:II, random:III or random:IV (a new deck each flight, dealt "
            "from the flight's seed), or a deck file (the same cards every flight).",
        ),
    ],
    flights: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "-n",
            "--flights",
            min=1,
            help="Flights to fly (default 1000); with --precision, the most to fly (default "
            "100000); at most 10,000,000.",
        ),
    ] = None,
    precision: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--precision",
            metavar="X | X%",
            help="Fly in chunks until the 95% interval of the mean credits is at most ±X (X%: "
            "of the chance of coming home, ±X points), then stop and say how many flights it "
            "took; with --vs, the interval of the difference.",
        ),
    ] = None,
    vs: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--vs",
            metavar="FILE",
            help="Another design for the first ship: both meet the same decks and dice, flight "
            "by flight, and the difference comes with its confidence interval.",
        ),
    ] = None,
    seed: RunSeedOpt = None,
    workers: WorkersOpt = 1,
    dask: DaskOpt = None,
    policy: Annotated[
        str,
        typer.Option("--policy", help="The captain: sensible, cautious, greedy or expert."),
    ] = "sensible",
    vs_policy: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--vs-policy",
            metavar="NAME",
            help="Another captain for the first ship: both fly the same decks and dice, "
            "flight by flight, and the difference comes with its confidence interval.",
        ),
    ] = None,
    effort: EffortOpt = None,
    objective: ObjectiveOpt = None,
    insured: Annotated[
        Optional[bool],  # noqa: UP045
        typer.Option("--insured/--no-insured", help="Class IV insurance (over the files)."),
    ] = None,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
) -> None:
    """How likely is a ship to come home, with how many credits, and what breaks first?
    Flies many seeded flights and reports the odds with 95% confidence intervals; --vs
    compares two designs, --vs-policy two captains, on the same decks and dice. Ctrl-C (or
    SIGTERM) stops early and reports what was flown, marked partial.

    Example: trucker odds scenarios/ships/class-iii-cruiser.toml --deck random:III -n 20000

    Example: trucker odds scenarios/ships/class-iii-cruiser.toml --deck random:III
    --precision 0.25
    """
    from trucker.cli.common import bad_input, draw_seed, expert_options, load_flight_ships
    from trucker.cli.flying import (
        PRECISION_MOST,
        check_dask,
        check_flights,
        check_policy,
        crews_of,
        deck_option,
        ended,
        parse_precision,
    )
    from trucker.cli.output import err, print_json, print_lines
    from trucker.cli.progress import progress
    from trucker.play.montecarlo import OddsSpec
    from trucker.play.odds import fly_odds, odds_result
    from trucker.play.parallel import worker_count
    from trucker.render.terminal.odds import half_width_words, odds_lines, odds_timing

    if not 1 <= len(ships) <= 5:
        raise bad_input("ships", str(len(ships)), "a flight has one to five ships")
    check_policy(policy)
    if vs_policy is not None:
        check_policy(vs_policy, "--vs-policy")
    if vs is not None and vs_policy is not None:
        raise bad_input("--vs-policy", vs_policy, "compare designs (--vs) or captains, not both")
    options = expert_options("expert" in (policy, vs_policy), effort, objective)
    check_dask(dask, workers)
    check_flights(flights)
    if (usable := worker_count(workers)) < workers:
        err.print(f"note: --workers {workers}: this machine has {usable} CPUs, so {usable} fly")
        workers = usable
    target = parse_precision(precision) if precision is not None else None
    most = flights if flights is not None else (PRECISION_MOST if target else 1000)
    files = [*ships, *([vs] if vs is not None else [])]
    loaded, rulings = load_flight_ships(files, ruling, repair=repair, quiet=json_out)
    the_deck = deck_option(deck)
    crews = crews_of(loaded, policy, insured, options)
    first = tuple(crews[: len(ships)])
    lineups = [first]
    if vs is not None:
        lineups.append((crews[len(ships)], *first[1:]))
    if vs_policy is not None:
        (other,) = crews_of(loaded[:1], vs_policy, insured, options)
        lineups.append((other, *first[1:]))
    used_seed = draw_seed(seed)
    spec = OddsSpec(tuple(lineups), the_deck, rulings, used_seed, most)
    started = time.perf_counter()
    half = half_width_words(target) if target is not None else None
    with progress(most, quiet=json_out, half=half) as advance:
        outcome = fly_odds(spec, target, workers=workers, dask=dask, progress=advance)
    result = odds_result(spec, outcome)
    elapsed = time.perf_counter() - started
    run = {
        "workers": workers if dask is None else None,
        "dask": dask,
        "seconds": round(elapsed, 3),
        "flights_per_second": round(result.flights / elapsed, 1) if elapsed > 0 else None,
        **({"stopped": outcome.stopped} if outcome.stopped else {}),
    }
    code = ended(outcome.partial, outcome.stopped, dask)
    if json_out:
        print_json({**result.to_dict(), "run": run})
        raise typer.Exit(code)
    lines = odds_lines(result, spec)
    print_lines(lines[:1])
    if err.is_terminal:
        # after the run's first line, and only at a terminal (like the progress bar), so that a
        # saved report holds the numbers alone
        err.print(odds_timing(run))
    print_lines(lines[1:])
    raise typer.Exit(code)
