"""``trucker fly`` and ``trucker replay``: an adventure deck against one to five ships."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from trucker.cli.options import EffortOpt, JsonOpt, ObjectiveOpt, RepairOpt, RulingOpt

__all__ = ["fly", "replay"]

BriefOpt = Annotated[
    bool,
    typer.Option(
        "--brief",
        "-b",
        help="One line per card and ship (what it cost and earned), then the table.",
    ),
]
HtmlOpt = Annotated[
    Path | None,
    typer.Option("--html", metavar="FILE", help="Also write a page that plays it card by card."),
]


def fly(
    ships: Annotated[list[Path], typer.Argument(help="One to five ship layouts; the first leads.")],
    deck: Annotated[
        str, typer.Option("--deck", "-d", help="A deck file, or random:I / II / III / IV.")
    ],
    seed: Annotated[int | None, typer.Option("--seed", help="Dice and dealing seed.")] = None,
    dice: Annotated[
        str | None,
        typer.Option("--dice", metavar="F1,F2,...", help="Script the dice: faces, two per roll."),
    ] = None,
    choices: Annotated[
        Path | None,
        typer.Option("--choices", help="A trucker-choices/1 file: each ship's choices, in order."),
    ] = None,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            metavar="NAME|SHIP=NAME",
            help="sensible (default), cautious, greedy, expert or interactive; for all ships"
            " or one.",
        ),
    ] = None,
    effort: EffortOpt = None,
    objective: ObjectiveOpt = None,
    order: Annotated[
        str | None, typer.Option("--order", metavar="2,1,3", help="Start order by file number.")
    ] = None,
    insured: Annotated[
        bool | None,
        typer.Option(
            "--insured/--no-insured",
            help="Class IV insurance bought before the first card (over the files' insured, "
            "over the captain's choice; RULES §9.3).",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the final table.")] = False,
    brief: BriefOpt = False,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    html: HtmlOpt = None,
) -> None:
    """Fly an adventure deck against ships, card by card, then settle the credits (RULES §6,
    §9). Prints every roll, choice and effect; --brief one line per card and ship; --json prints
    the replayable log; --html writes a page that plays the flight card by card.

    Example: trucker fly scenarios/ships/class-iii-cruiser.toml --deck random:III --seed 7
    """
    from trucker.cli.common import bad_input, draw_seed, expert_options, load_flight_ships
    from trucker.cli.interactive import Answers, FlightNews, TerminalCaptain
    from trucker.cli.output import check_output
    from trucker.core.errors import DiceExhaustedError, ScriptExhaustedError
    from trucker.core.events import Event
    from trucker.play.flights import fly as run
    from trucker.play.plans import plan_flight

    _check_brief(brief, quiet=quiet, json_out=json_out)
    if html is not None:
        check_output(html, "--html", [*ships, Path(deck), *([choices] if choices else [])])
    if not 1 <= len(ships) <= 5:
        raise bad_input("ships", str(len(ships)), "a flight has one to five ships")
    searching = any(entry.rpartition("=")[2] == "expert" for entry in policy or ())
    minds = expert_options(searching, effort, objective)
    flying, rulings = load_flight_ships(ships, ruling, repair=repair, quiet=json_out)
    boarding = [(f.ship, f.file, f.repaired) for f in flying]
    used_seed = draw_seed(seed) if dice is None else seed
    plan = plan_flight(boarding, deck, rulings, seed=used_seed, dice=dice, choices=choices,
                       order=order, policy=policy or (), insured=insured,
                       expert=minds)  # fmt: skip
    log: list[Event] = []
    news = FlightNews(log, named=len(plan.crews) > 1)
    answers = Answers()
    interactive = {
        c.name: TerminalCaptain(c.name, news=news, answers=answers)
        for c in plan.crews
        if c.captain == "interactive"
    }
    try:
        result = run(plan, captains=interactive, log=log)
    except DiceExhaustedError as exc:
        raise bad_input("--dice", dice or "", str(exc)) from None
    except ScriptExhaustedError as exc:
        raise bad_input("--choices", str(choices), str(exc)) from None
    _show(plan, result, html=html, json_out=json_out, quiet=quiet, brief=brief)
    _warn_unused(str(choices), result.unused_choices)
    # input that is not a person typing (a line that never ends) is bad input, told at once
    raise typer.Exit(2 if answers.endless else 0)


def _warn_unused(file: str, unused: dict[str, list[str]]) -> None:
    """One line per ship whose scripted choices were not all used: a lesson that does not go
    as its author wrote it should not pass in silence (the flight itself stands, exit 0)."""
    from trucker.cli.output import err
    from trucker.render.terminal.styles import plural

    for name, left in unused.items():
        err.print(
            f"warning: {file}: ships.{name}: {plural(len(left), 'choice')} not used, from "
            f"{left[0]!r} on: no question of this flight took it",
            style="yellow",
        )


def _check_brief(brief: bool, *, quiet: bool, json_out: bool) -> None:
    """``--brief`` is a way of telling the flight: with ``--quiet`` or ``--json`` it would
    be dropped unseen, so the pair is refused."""
    from trucker.cli.common import bad_input

    if brief and (quiet or json_out):
        other = "--quiet" if quiet else "--json"
        raise bad_input("--brief", other, "choose one way to print the flight")


def _show(
    plan: Any, result: Any, *, html: Path | None, json_out: bool, quiet: bool, brief: bool
) -> None:
    """The page (``--html``), then the log (``--json``) or the flight told in the terminal
    (in full, ``--brief`` or ``--quiet``)."""
    from trucker.cli.output import print_json_text, print_lines, write_output
    from trucker.play.flights import log_text
    from trucker.render.pages.flight import flight_page
    from trucker.render.terminal.flight import brief_report, flight_report

    if html is not None:
        write_output(html, flight_page(plan, result), "--html")
    if json_out:
        print_json_text(log_text(plan, result, indent=2))
    elif brief:
        print_lines(brief_report(plan, result))
    else:
        print_lines(flight_report(plan, result, quiet=quiet))


def replay(
    log: Annotated[Path, typer.Argument(help="A flight log written by trucker fly --json.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the final table.")] = False,
    brief: BriefOpt = False,
    json_out: JsonOpt = False,
    html: HtmlOpt = None,
) -> None:
    """Fly a saved flight again from its log (its rolls and choices) and print it; exit 1 when
    the replay does not tell the flight the log tells (an event or a result differs, say where)
    or a layout in the log is illegal. --html writes the flight's page.

    Example: trucker fly ship.toml -d random:II --seed 7 --json > log.json; trucker replay log.json
    """
    from trucker.cli.common import bad_input
    from trucker.cli.output import check_output, err, print_lines
    from trucker.core.errors import BadInput, TruckerError
    from trucker.formats.documents import read_document
    from trucker.play.flights import IllegalLayout, replay_divergence
    from trucker.play.flights import replay as run
    from trucker.render.terminal.reports import report_text

    _check_brief(brief, quiet=quiet, json_out=json_out)
    if html is not None:
        check_output(html, "--html", [log])
    document = read_document(log, display=str(log))
    try:
        plan, result = run(document, str(log))
    except (KeyError, TypeError) as exc:
        raise bad_input(str(log), "flight", f"a damaged flight log ({exc})") from None
    except BadInput:
        raise
    except IllegalLayout as exc:
        if not json_out:
            print_lines(report_text(exc.ship, exc.report))
        err.print(f"{log}: {exc}; a log holds the layouts that flew", style="red")
        raise typer.Exit(1) from None
    except TruckerError as exc:
        err.print(f"{log}: the replay left the log: {exc}", style="red")
        raise typer.Exit(1) from None
    _show(plan, result, html=html, json_out=json_out, quiet=quiet, brief=brief)
    where = replay_divergence(document, result)
    if where is not None:
        err.print(f"{log}: the replay left the log at {where}", style="red")
        raise typer.Exit(1)
    raise typer.Exit(0)
