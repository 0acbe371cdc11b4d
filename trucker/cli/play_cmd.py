"""``trucker play``: a flight at the table, card by card, the people at it asked at real choices.

The command reads answers from standard input and prints; the flight is a
:class:`~trucker.play.session.Session`, which knows nothing of terminals.
"""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from trucker.cli.options import EffortOpt, ObjectiveOpt, RepairOpt, RulingOpt

if TYPE_CHECKING:
    from rich.console import Console

    from trucker.play.session import DiceQuestion, Question, Session
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
    give_up: Annotated[
        str | None,
        typer.Option(
            "--give-up",
            metavar="never|matters|always",
            help="When a person is asked whether to give up before a card: never, only where "
            "the card can cost tiles or goods that giving up would keep (default), or always. "
            "A resumed flight keeps its log's setting unless given.",
        ),
    ] = None,
    dice: Annotated[
        str | None,
        typer.Option(
            "--dice",
            metavar="seeded|table",
            help="seeded (default): the program throws every roll from the seed; table: the "
            "table throws its own dice and types the faces (Enter lets the program throw one).",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="LOG",
            help="Go on with a flight saved by trucker play (saved to the same file unless "
            "--save names another).",
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            metavar="FILE",
            help="Where the log is saved (default: flight-SEED.json here, a new name if taken; "
            "with --resume, the log resumed).",
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
    a person flies is asked at every real choice, numbered as `trucker advise --at` counts
    (Enter takes the option marked; ship, track, score, save, quit, help). Every ship is flown
    by a person unless --captain names a shipped captain for it. The log is saved at the end,
    at `save`, and on end of input, Ctrl-C, a hang-up or a termination signal (exit 0, 130, 129,
    143); `trucker play --resume LOG` goes on from it, `trucker replay LOG` tells a finished one.

    Example: trucker play red.toml blue.toml --deck random:III --seed 7 --captain blue=sensible
    """
    from trucker.cli.common import bad_input, draw_seed, expert_options, load_flight_ships
    from trucker.cli.output import check_output, err, out
    from trucker.formats.documents import read_document
    from trucker.formats.outputs import unwatched
    from trucker.play.plans import plan_flight
    from trucker.play.session import GIVE_UP_SETTINGS, Session, seat

    console = err if json_out else out
    if give_up is not None and give_up not in GIVE_UP_SETTINGS:
        raise bad_input("--give-up", give_up, f"use {', '.join(GIVE_UP_SETTINGS)}")
    if dice is not None and dice not in ("seeded", "table"):
        raise bad_input("--dice", dice, "use seeded or table")
    experts = any(entry.rpartition("=")[2] == "expert" for entry in captain or ())
    minds = expert_options(experts or hints, effort, objective)
    inputs = [*(ships or []), *([Path(deck)] if deck and Path(deck).exists() else [])]
    if resume is not None:
        if ships or deck is not None or seed is not None or captain or order or dice:
            raise bad_input(
                "--resume", str(resume), "the log holds the ships, deck, seed, dice and "
                "captains: give no others"
            )  # fmt: skip
        target: Path | None = save if save is not None else resume
        # the log resumed is read as the save it is, not as an input the save must not be
        with unwatched() if target is resume else contextlib.nullcontext():
            document = read_document(resume, display=str(resume))
        session = Session.resume(document, str(resume), give_up=give_up)
        if target is not resume:
            inputs.append(resume)
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
        session = Session(
            seat(plan, captain or (), aliases, minds),
            give_up=give_up or "matters",
            table_dice=dice == "table",
        )
        target = save
    if target is not None:
        check_output(target, "--save", inputs)
        _writable(target)
    else:
        target = _claim(session)
    advice = None
    if hints:
        from trucker.play.advice import ADVICE_EFFORT

        advice = {"effort": effort or ADVICE_EFFORT, "objective": objective or "credits"}
    code = _play(session, console, target, resumed=resume, advice=advice)
    if json_out and session.done:
        json.dump(session.document(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    raise typer.Exit(code)


def _writable(target: Path) -> None:
    """A save that cannot be written is found now, before the flight is played."""
    from trucker.cli.common import bad_input
    from trucker.formats.saving import check_writable

    try:
        check_writable(target)
    except OSError as exc:
        raise bad_input("--save", str(target), exc.strerror or str(exc)) from None


def _claim(session: Session) -> Path:
    """``flight-SEED.json`` in the working folder, or the first of ``flight-SEED-2.json``...
    not taken, claimed by writing the flight as it starts there (exclusively: two tables
    started at once in one folder never share a save; a save never overwrites a file it did
    not write)."""
    from trucker.cli.common import bad_input
    from trucker.formats.saving import write_new

    seed = session.plan.seed or 0
    text = json.dumps(session.document(), indent=2) + "\n"
    for n in range(1, 10_000):
        path = Path(f"flight-{seed}.json" if n == 1 else f"flight-{seed}-{n}.json")
        try:
            write_new(path, text)
        except FileExistsError:
            continue
        except OSError as exc:
            raise bad_input("--save", str(path), exc.strerror or str(exc)) from None
        return path
    raise bad_input("--save", f"flight-{seed}.json", "every name up to -9999 is taken: use --save")


class _Signalled(KeyboardInterrupt):
    """A hang-up or a termination signal while the table plays: handled as Ctrl-C is (the game
    saved), with the signal's exit code."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_STOPS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@contextlib.contextmanager
def _stops_save_the_game() -> Iterator[None]:
    """While the table plays, Ctrl-C, SIGTERM and SIGHUP stop it as Ctrl-C does: the first
    one raised where the table is, every later one ignored while the game is saved."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        for number in _STOPS:
            signal.signal(number, signal.SIG_IGN)
        raise _Signalled(signum)

    before = {number: signal.getsignal(number) for number in _STOPS}
    for number in _STOPS:
        signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """While a save is written and moved into place, a stop signal waits (it is delivered
    after): the rename is never cut off, and no temporary file is left behind."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    held = mask(signal.SIG_BLOCK, _STOPS)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, held)


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
    with _stops_save_the_game():
        try:
            if resumed is not None:
                session.play()
                start = session.resumed_at()
                session.skip_told(start)
                console.print(
                    Text(f"resumed from {resumed}: {len(session.events)} events so far; the "
                         "card in progress is told again", style="yellow")
                )  # fmt: skip
            while True:
                question = session.play()
                _tell(session, teller, console)
                if question is None:
                    break
                ended = _ask(session, question, console, target, advice)
                if ended is not None:
                    return ended
        except KeyboardInterrupt as stop:
            console.print()
            code = 128 + getattr(stop, "signum", 2)
            _save(session, target, console, "interrupted" if code == 130 else "stopped by a signal")
            return code
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
    if session.humans:
        asked = {"never": "never asked", "matters": "asked only where it can matter",
                 "always": "asked before every card"}[session.give_up]  # fmt: skip
        dice = "; the table throws its own dice" if session.table_dice else ""
        console.print(Text(f"giving up: {asked}{dice}", style="bright_black"))


def _ask(
    session: Session,
    question: Question | DiceQuestion,
    console: Console,
    target: Path,
    advice: dict[str, Any] | None,
) -> int | None:
    """Ask until a line answers the question: None to play on, or the exit code when the
    table stops (saved)."""
    from trucker.cli.answers import ask
    from trucker.cli.output import print_lines
    from trucker.play.session import DiceQuestion, read_reply
    from trucker.render.terminal.play import (
        DICE_HELP,
        HELP,
        dice_lines,
        prompt_text,
        question_lines,
        score_lines,
        ship_lines,
        standing_line,
        track_lines,
    )

    standing = session.standing()
    asked = None if isinstance(question, DiceQuestion) else question.ship
    if isinstance(question, DiceQuestion):
        lines = dice_lines(question)
    else:
        hints = session.hints(**advice) if advice is not None else None
        lines = question_lines(question, hints)
        if not _routine(question):
            lines.insert(0, standing_line(next(s for s in standing if s.name == asked)))
    print_lines(lines, console)
    while True:
        answer = ask(console, prompt_text(question))
        if answer.text is None:
            _save(session, target, console, answer.ended)
            return 2 if answer.endless else 0
        reply = read_reply(answer.text, question)
        if reply.action == "choose":
            assert reply.option is not None
            session.answer(reply.option)
            return None
        if reply.action == "throw":
            session.throw(reply.faces)
            return None
        if reply.action == "save":
            _save(session, target, console, "saved")
        elif reply.action == "quit":
            _save(session, target, console, "stopped")
            return 0
        elif reply.action == "help":
            for words in DICE_HELP if asked is None else HELP:
                console.print(f"  {words}")
        elif reply.action == "ship":
            for ship in standing:
                if asked is None or ship.name == asked:
                    print_lines(ship_lines(ship), console)
        elif reply.action == "track":
            print_lines(track_lines(standing, session.track), console)
        elif reply.action == "score":
            print_lines(score_lines(standing, session.track), console)
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
    """Write the log so far, atomically and with stop signals held, and say where and how to
    go on."""
    from trucker.cli.output import print_errors
    from trucker.core.errors import BadInput
    from trucker.formats.write import write_atomic

    text = json.dumps(session.document(), indent=2) + "\n"
    try:
        with _signals_held():
            write_atomic(target, text)
    except OSError as exc:
        print_errors(BadInput.one("--save", str(target), exc.strerror or str(exc)))
        raise typer.Exit(2) from None
    with contextlib.suppress(OSError):  # the terminal went away (a hang-up): saved all the same
        if session.done:
            console.print(f"{why}: the log is in {target} (trucker replay {target} tells it again)")
        else:
            console.print(f"{why}: saved to {target}; go on with: trucker play --resume {target}")
