"""A captain who asks the person at the terminal. Before each question it tells what happened
since the last one (the cards turned over and their events, narrated from the flight's log as
it grows), then numbers the options; Enter takes what the sensible captain would. A question
whose answer changes nothing (giving up on a card that puts the ship out anyway) is not asked:
the captain says so and flies on.

Answers are read as ``trucker play`` reads them (:func:`trucker.cli.answers.ask`, read with
:func:`~trucker.play.session.read_reply`): a line is bounded, a line that is not an answer
(bytes of another encoding, a number too long, another script's digits) is asked again. At the
end of the input (end of file, a closed or unreadable standard input, a line that never ends)
no captain asks again: every question left is answered as Enter answers it, the sensible
captain's choice, and the flight is told to its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from trucker.cli.answers import ask
from trucker.cli.output import err
from trucker.core.decisions import Decision, Option
from trucker.core.events import Event
from trucker.play.session import Question, read_reply, settled_anyway
from trucker.render.terminal.flight import narration_lines
from trucker.sim.captains import SensibleCaptain

__all__ = ["FlightNews", "Answers", "TerminalCaptain"]


class FlightNews:
    """What happened since it was last read: the flight's log, as the engine writes it, told in
    the flight report's words. One is shared by every interactive captain of a flight, so an
    event is told once however many ships ask."""

    def __init__(self, log: Sequence[Event], *, named: bool = False) -> None:
        self.log = log
        self.named = named
        self.told = 0

    def read(self) -> list[Text]:
        fresh = self.log[self.told :]
        self.told = len(self.log)
        return narration_lines(fresh, named=self.named)


class Answers:
    """Standard input, shared by every interactive captain of a flight: once it has ended,
    nobody is asked again (``ended`` says why; ``endless``: a line that never ended, input that
    is not a person typing)."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream
        self.ended: str | None = None
        self.endless = False


class TerminalCaptain:
    """Asks on stderr/stdin for every decision with more than one option that matters."""

    name = "interactive"

    def __init__(
        self,
        ship: str,
        console: Console | None = None,
        news: FlightNews | None = None,
        answers: Answers | None = None,
    ) -> None:
        self.ship = ship
        self.console = console or err
        self.advice = SensibleCaptain()
        self.news = news
        self.answers = answers or Answers()

    def decide(self, decision: Decision) -> Option:
        suggested = self.advice.decide(decision)
        if len(decision.options) == 1:
            return decision.options[0]
        if self.news is not None:
            for line in self.news.read():
                self.console.print(line)
        settled = settled_anyway(decision)
        if settled is not None:
            option, why = settled
            self.console.print(
                Text(f"  {self.ship} is not asked whether to give up: {why}", style="bright_black")
            )
            return option
        if self.answers.ended is not None:
            return suggested
        self.console.print(
            Text.assemble((self.ship, "bold"), f": {decision.kind} — {decision.context}")
        )
        for number, option in enumerate(decision.options, 1):
            mark = "  (suggested)" if option == suggested else ""
            self.console.print(f"  {number}. {option.label}{mark}", markup=False)
        question = Question(decision, 0, suggested)  # read_reply reads its options only
        count = len(decision.options)
        while True:
            answer = ask(self.console, "choose a number (Enter: suggested): ", self.answers.stream)
            if answer.text is None:
                self.answers.ended, self.answers.endless = answer.ended, answer.endless
                self.console.print(
                    Text(f"  {answer.ended}: every question left takes the suggested choice, "
                         "as Enter does", style="yellow")
                )  # fmt: skip
                return suggested
            reply = read_reply(answer.text, question)
            if reply.action == "choose":
                assert reply.option is not None
                return reply.option
            self.console.print(f"  type 1-{count}, or press Enter")
