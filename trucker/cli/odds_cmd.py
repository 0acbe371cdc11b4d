"""``trucker odds``: thousands of seeded flights, and the statistics a designer can act on."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from trucker.cli.options import EffortOpt, JsonOpt, ObjectiveOpt, RepairOpt, RulingOpt

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
    flights: Annotated[int, typer.Option("-n", "--flights", min=1, help="Flights to fly.")] = 1000,
    vs: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--vs",
            metavar="FILE",
            help="Another design for the first ship: both meet the same decks and dice, flight "
            "by flight, and the difference comes with its confidence interval.",
        ),
    ] = None,
    seed: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--seed", help="The run's seed (printed when not given, for a rerun)."),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers", "-w", min=1, help="Local processes (the numbers do not depend on it)."
        ),
    ] = 1,
    dask: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--dask",
            metavar="ADDRESS",
            help="Run on this Dask scheduler (e.g. tcp://host:8786; pip install -e '.[dask]').",
        ),
    ] = None,
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
    compares two designs, --vs-policy two captains, on the same decks and dice. Ctrl-C stops
    early and reports what was flown, marked partial.

    Example: trucker odds scenarios/ships/class-iii-cruiser.toml --deck random:III -n 20000
    """
    from trucker.cli.common import bad_input, draw_seed, expert_options, load_flight_ships
    from trucker.cli.output import err, print_json, print_lines
    from trucker.cli.progress import progress
    from trucker.formats.decks import load_deck, random_deck_level
    from trucker.play.flights import Crew, unique_names
    from trucker.play.montecarlo import MAX_FLIGHTS, OddsSpec, summarise
    from trucker.play.parallel import fly_chunks, worker_count
    from trucker.render.terminal.odds import odds_lines, odds_timing
    from trucker.sim.roster import CAPTAINS

    if not 1 <= len(ships) <= 5:
        raise bad_input("ships", str(len(ships)), "a flight has one to five ships")
    for flag, name in (("--policy", policy), ("--vs-policy", vs_policy)):
        if name is not None and name not in CAPTAINS:
            raise bad_input(flag, name, f"unknown captain: use {', '.join(CAPTAINS)}")
    if vs is not None and vs_policy is not None:
        raise bad_input("--vs-policy", vs_policy, "compare designs (--vs) or captains, not both")
    options = expert_options("expert" in (policy, vs_policy), effort, objective)
    if dask is not None and workers != 1:
        raise bad_input("--workers", str(workers), "give --workers or --dask, not both")
    if flights > MAX_FLIGHTS:
        raise bad_input(
            "-n",
            str(flights),
            f"at most {MAX_FLIGHTS:,} flights in one run; for more, run again with another --seed",
        )
    if (usable := worker_count(workers)) < workers:
        err.print(f"note: --workers {workers}: this machine has {usable} CPUs, so {usable} fly")
        workers = usable
    files = [*ships, *([vs] if vs is not None else [])]
    loaded, rulings = load_flight_ships(files, ruling, repair=repair, quiet=json_out)
    the_deck: Any = deck
    if random_deck_level(deck) is None:
        the_deck = load_deck(Path(deck), display=deck)
        if the_deck.name is None:
            the_deck = replace(the_deck, name=deck)
    names = unique_names([f.ship.name or Path(f.file).stem for f in loaded])

    def crew(index: int, captain: str = policy) -> Crew:
        flying = loaded[index]
        ship_insured = insured if flying.ship.board.insurance.optional else False
        mind = options if captain == "expert" else ()
        return Crew(names[index], flying.ship, captain, ship_insured, flying.repaired, mind)

    first = tuple(crew(i) for i in range(len(ships)))
    lineups = [first]
    if vs is not None:
        lineups.append((crew(len(ships)), *first[1:]))
    if vs_policy is not None:
        lineups.append((crew(0, vs_policy), *first[1:]))
    used_seed = draw_seed(seed)
    spec = OddsSpec(tuple(lineups), the_deck, rulings, used_seed, flights)
    started = time.perf_counter()
    with progress(flights, quiet=json_out) as advance:
        outcome = fly_chunks(spec, workers=workers, dask=dask, progress=advance)
    elapsed = time.perf_counter() - started
    result = summarise(spec, outcome.tally, partial=outcome.partial)
    run = {
        "workers": workers if dask is None else None,
        "dask": dask,
        "seconds": round(elapsed, 3),
        "flights_per_second": round(result.flights / elapsed, 1) if elapsed > 0 else None,
    }
    if json_out:
        print_json({**result.to_dict(), "run": run})
        raise typer.Exit(130 if outcome.partial else 0)
    lines = odds_lines(result, spec)
    print_lines(lines[:1])
    if err.is_terminal:
        # after the run's first line, and only at a terminal (like the progress bar), so that a
        # saved report holds the numbers alone
        err.print(odds_timing(run))
    print_lines(lines[1:])
    raise typer.Exit(130 if outcome.partial else 0)
