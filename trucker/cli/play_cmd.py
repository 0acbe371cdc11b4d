"""``trucker play``: a flight at the table, card by card, the people at it asked at real choices.

The command reads answers from standard input and prints; the flight is a
:class:`~trucker.play.session.Session`, which knows nothing of terminals.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from trucker.cli.options import EffortOpt, ObjectiveOpt, RepairOpt, RulingOpt

if TYPE_CHECKING:
    from rich.console import Console

    from trucker.play.session import Question, Session
    from trucker.render.terminal.flight import Teller

__all__ = ["play"]


def play(
    ships: Annotated[
        list[Path] | None,
        typer.Argument(help="One to five ship layouts, the first leads (not with --resume)."),
    ] = None,
    deck: Annotated[
        str | None, typer.Option("--deck", "-d", help="A deck file, or random:I / II / III / IV.")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Dice and dealing seed.")] = None,
    captain: Annotated[
        list[str] | None,
        typer.Option(
            "--captain",
            metavar="NAME|SHIP=NAME",
            help="Who flies a ship: human (every ship not named), sensible, cautious, greedy "
            "or expert; for one ship (SHIP=NAME) or every ship not named (NAME).",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", metavar="LOG", help="Go on with a flight saved by trucker play."),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            metavar="FILE",
            help="Where the log is saved (default: flight-SEED.json here, a new name if taken).",
        ),
    ] = None,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints",
            help="Show the expert's value of each option at every question (final credits "
            "and chance of coming home, from --effort rollouts per option, default 200).",
        ),
    ] = False,
    effort: EffortOpt = None,
    objective: ObjectiveOpt = None,
    order: Annotated[
        str | None, typer.Option("--order", metavar="2,1,3", help="Start order by file number.")
    ] = None,
    repair: RepairOpt = False,
    json_out: Annotated[
        bool,
        typer.Option(
            "--json", help="Tell the flight on stderr; print the log on stdout at the end."
        ),
    ] = False,
    ruling: RulingOpt = None,
) -> None:
    """Play a flight at the table: each card is revealed and told as it happens, and each ship
    a person flies is asked at every real choice (Enter takes the option marked; save, quit,
    help). Every ship is flown by a person unless --captain names a shipped captain for it.
    The log is saved at the end, at `save`, and on end of input or Ctrl-C (exit 0, 130);
    `trucker play --resume LOG` goes on from it, `trucker replay LOG` tells a finished one.

    Example: trucker play red.toml blue.toml --deck random:III --seed 7 --captain blue=sensible
    """
    from trucker.cli.common import bad_input, draw_seed, expert_options, load_flight_ships
    from trucker.cli.output import check_output, err, out
    from trucker.formats.documents import read_document
    from trucker.play.plans import plan_flight
    from trucker.play.session import Session, seat

    console = err if json_out else out
    experts = any(entry.rpartition("=")[2] == "expert" for entry in captain or ())
    minds = expert_options(experts or hints, effort, objective)
    inputs = [*(ships or []), *([Path(deck)] if deck and Path(deck).exists() else [])]
    if resume is not None:
        if ships or deck is not None or seed is not None or captain or order:
            raise bad_input(
                "--resume", str(resume), "the log holds the ships, deck, seed and captains: "
                "give no others"
            )  # fmt: skip
        inputs.append(resume)
        session = Session.resume(read_document(resume, display=str(resume)), str(resume))
    else:
        if not ships:
            raise bad_input("ships", "", "name one to five ship layouts, or --resume a log")
        if not 1 <= len(ships) <= 5:
            raise bad_input("ships", str(len(ships)), "a flight has one to five ships")
        if deck is None:
            raise bad_input("--deck", "", "name a deck file, or random:I, II, III or IV")
        flying, rulings = load_flight_ships(ships, ruling, repair=repair, quiet=json_out)
        boarding = [(f.ship, f.file, f.repaired) for f in flying]
        plan = plan_flight(boarding, deck, rulings, seed=draw_seed(seed), order=order)
        stems = {id(f.ship): Path(f.file).stem for f in flying}
        aliases = {stems[id(c.ship)]: c.name for c in plan.crews if id(c.ship) in stems}
        session = Session(seat(plan, captain or (), aliases, minds))
    target = save if save is not None else _free_name(session.plan.seed or 0)
    check_output(target, "--save", inputs)
    advice = None
    if hints:
        from trucker.play.advice import ADVICE_EFFORT

        advice = {"effort": effort or ADVICE_EFFORT, "objective": objective or "credits"}
    code = _play(session, console, target, resumed=resume, advice=advice)
    if json_out and session.done:
        json.dump(session.document(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    raise typer.Exit(code)


def _free_name(seed: int) -> Path:
    """``flight-SEED.json`` in the working folder, or the first of ``flight-SEED-2.json``...
    not taken: a save never overwrites a file it did not write."""
    path, n = Path(f"flight-{seed}.json"), 1
    while path.exists():
        n += 1
        path = Path(f"flight-{seed}-{n}.json")
    return path


def _play(
    session: Session,
    console: Console,
    target: Path,
    *,
    resumed: Path | None,
    advice: dict[str, Any] | None,
) -> int:
    """The table's loop: tell what happened, ask, answer; the exit code."""
    from rich.text import Text

    from trucker.cli.output import print_lines
    from trucker.play.flights import launch
    from trucker.render.terminal.flight import Teller, flight_title

    teller = Teller(launch(session.plan))
    print_lines([flight_title(session.plan)], console)
    _who(session, console)
    try:
        if resumed is not None:
            question = session.play()
            start = session.resumed_at()
            session.skip_told(start)
            console.print(
                Text(f"resumed from {resumed}: {len(session.events)} events so far; the card "
                     "in progress is told again", style="yellow")
            )  # fmt: skip
        while True:
            question = session.play()
            _tell(session, teller, console)
            if question is None:
                break
            if not _ask(session, question, console, target, advice):
                return 0
    except KeyboardInterrupt:
        console.print()
        _save(session, target, console, "interrupted")
        return 130
    print_lines(teller.close(session.events), console)
    _finish(session, console)
    _save(session, target, console, "the flight is over")
    return 0


def _tell(session: Session, teller: Teller, console: Console) -> None:
    """The events since the last question, and where a person was not asked, why."""
    from rich.text import Text

    from trucker.cli.output import print_lines

    events = session.events
    start = session.news()
    for at, ship, why in session.take_unasked():
        if at >= start:
            print_lines(teller.tell(events, start, at), console)
            start = at
        console.print(
            Text(f"  {ship} is not asked whether to give up: {why}", style="bright_black")
        )
    print_lines(teller.tell(events, start), console)


def _who(session: Session, console: Console) -> None:
    from rich.text import Text

    seats = ", ".join(
        f"{c.name} ({'a person' if c.captain == 'human' else c.captain + ' captain'})"
        for c in session.plan.crews
    )
    console.print(Text(f"at the table: {seats}", style="bright_black"))


def _ask(
    session: Session,
    question: Question,
    console: Console,
    target: Path,
    advice: dict[str, Any] | None,
) -> bool:
    """Ask until a line answers the question; False when the table stops (saved)."""
    from trucker.cli.output import print_lines
    from trucker.play.flights import launch
    from trucker.play.record import record_flight
    from trucker.play.session import read_reply
    from trucker.render.terminal.play import HELP, prompt_text, question_lines, standing_line

    record = record_flight(launch(session.plan), session.events)
    standing = record.after[max(record.after)] if record.after else record.launch
    ship = next(s for s in standing if s.name == question.ship)
    hints = session.hints(**advice) if advice is not None else None
    lines = question_lines(question, hints)
    if not _routine(question):
        lines.insert(0, standing_line(ship))
    print_lines(lines, console)
    while True:
        console.print(prompt_text(question), end="")
        console.file.flush()
        try:
            line = sys.stdin.readline()
        except OSError:  # no input to read (closed, or not readable): the end of the input
            line = ""
        if not line:
            console.print()
            _save(session, target, console, "end of input")
            return False
        if not sys.stdin.isatty():  # answers from a file or a pipe: show them, as typed ones are
            console.print(line.rstrip("\n"), markup=False, highlight=False)
        reply = read_reply(line, question)
        if reply.action == "choose":
            assert reply.option is not None
            session.answer(reply.option)
            return True
        if reply.action == "save":
            _save(session, target, console, "saved")
        elif reply.action == "quit":
            _save(session, target, console, "stopped")
            return False
        elif reply.action == "help":
            for words in HELP:
                console.print(f"  {words}")
        else:
            console.print(f"  {reply.problem}", style="red")


def _routine(question: Question) -> bool:
    from trucker.play.session import is_give_up

    return is_give_up(question)


def _finish(session: Session, console: Console) -> None:
    from rich.text import Text

    from trucker.cli.output import print_lines
    from trucker.render.terminal.flight import final_table

    result = session.result
    assert result is not None
    print_lines([Text(""), *final_table(result.ships)], console)
    if result.rulings:
        settled = ", ".join(f"{k} = {v}" for k, v in result.rulings.items())
        console.print(f"rulings not at their defaults: {settled}", style="yellow")


def _save(session: Session, target: Path, console: Console, why: str) -> None:
    """Write the log so far, atomically, and say where and how to go on."""
    from trucker.cli.output import print_errors
    from trucker.core.errors import BadInput
    from trucker.formats.write import write_atomic

    try:
        write_atomic(target, json.dumps(session.document(), indent=2) + "\n")
    except OSError as exc:
        print_errors(BadInput.one("--save", str(target), exc.strerror or str(exc)))
        raise typer.Exit(2) from None
    if session.done:
        console.print(f"{why}: the log is in {target} (trucker replay {target} tells it again)")
    else:
        console.print(f"{why}: saved to {target}; go on with: trucker play --resume {target}")
