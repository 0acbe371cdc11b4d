"""``trucker advise``: what is each option of a flight's pending decision worth?"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from trucker.cli.options import JsonOpt, ObjectiveOpt, RepairOpt, RulingOpt

__all__ = ["advise"]


def advise(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="SHIPS... | LOG",
            help="One to five ship layouts (the first leads), or a flight log with --at.",
        ),
    ],
    deck: Annotated[
        str | None,
        typer.Option("--deck", "-d", help="A deck file, or random:I / II / III / IV (with ships)."),
    ] = None,
    dice: Annotated[
        str | None,
        typer.Option("--dice", metavar="F1,F2,...", help="The dice rolled so far, two per roll."),
    ] = None,
    choices: Annotated[
        Path | None,
        typer.Option("--choices", help="A trucker-choices/1 file: each ship's choices so far."),
    ] = None,
    at: Annotated[
        int | None,
        typer.Option(
            "--at", metavar="N", help="With a log: its N-th decision (every ship's, from 1)."
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="Deals a random deck, and seeds the rollouts.")
    ] = 0,
    order: Annotated[
        str | None, typer.Option("--order", metavar="2,1,3", help="Start order by file number.")
    ] = None,
    effort: Annotated[
        int | None,
        typer.Option(
            "--effort", metavar="N", help="Rollouts per option (default 200; at most 100,000)."
        ),
    ] = None,
    objective: ObjectiveOpt = None,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
) -> None:
    """What is each option worth? Plays a flight given so far (ships, a deck, the dice and each
    ship's choices up to now) to its first open decision, or a saved log to its N-th, then flies
    the rest of the flight from each option many times (the same dice for every option) and
    prints each option's expected final credits and chance of coming home with 95% intervals,
    best first; it says when two options cannot be told apart at this effort.

    Example: trucker advise ship.toml --deck deck.toml --dice 3,4,6,2 --choices so-far.toml

    Example: trucker advise log.json --at 5   (a log written by trucker fly --json)
    """
    from trucker.cli.common import bad_input, load_flight_ships
    from trucker.cli.output import print_json, print_lines
    from trucker.formats.documents import read_document
    from trucker.play.advice import ADVICE_EFFORT, MAX_ADVICE_EFFORT, advise_log
    from trucker.play.advice import advise as run
    from trucker.play.plans import plan_flight
    from trucker.render.terminal.advice import advice_lines
    from trucker.sim.expert import OBJECTIVES

    rollouts = ADVICE_EFFORT if effort is None else effort
    if not 1 <= rollouts <= MAX_ADVICE_EFFORT:
        raise bad_input(
            "--effort", str(rollouts), f"rollouts per option, 1 to {MAX_ADVICE_EFFORT:,}"
        )
    aim = objective or "credits"
    if aim not in OBJECTIVES:
        raise bad_input("--objective", aim, f"use {' or '.join(OBJECTIVES)}")
    if at is not None:
        if len(files) != 1:
            raise bad_input("--at", str(at), "give one flight log with --at")
        for flag, given in (("--deck", deck), ("--dice", dice), ("--choices", choices),
                            ("--order", order)):  # fmt: skip
            if given is not None:
                raise bad_input(flag, str(given), "a log carries its own; give it without --at")
        document = read_document(files[0], display=str(files[0]))
        advice = advise_log(
            document, at, name=str(files[0]), effort=rollouts, objective=aim, seed=seed
        )
    else:
        if deck is None:
            raise bad_input("--deck", "", "give the flight's deck (or a log and --at)")
        if not 1 <= len(files) <= 5:
            raise bad_input("ships", str(len(files)), "a flight has one to five ships")
        flying, rulings = load_flight_ships(files, ruling, repair=repair, quiet=json_out)
        boarding = [(f.ship, f.file, f.repaired) for f in flying]
        plan = plan_flight(boarding, deck, rulings, seed=seed, dice=dice, choices=choices,
                           order=order)  # fmt: skip
        advice = run(
            plan, faces=plan.faces or (), choices=plan.choices, effort=rollouts, objective=aim,
            seed=seed,
        )  # fmt: skip
    if json_out:
        print_json(advice.to_dict())
    else:
        print_lines(advice_lines(advice))
    raise typer.Exit(0)
