"""A captain who asks the person at the terminal. Before each question it tells what happened
since the last one (the cards turned over and their events, narrated from the flight's log as
it grows), then numbers the options; Enter takes what the sensible captain would. A question
whose answer changes nothing (giving up on a card that puts the ship out anyway) is not asked:
the captain says so and flies on."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from trucker.cli.output import err
from trucker.core.decisions import Decision, Option
from trucker.core.events import Event
from trucker.play.session import settled_anyway
from trucker.render.terminal.flight import narration_lines
from trucker.sim.captains import SensibleCaptain

__all__ = ["FlightNews", "TerminalCaptain"]


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


class TerminalCaptain:
    """Asks on stderr/stdin for every decision with more than one option that matters."""

    name = "interactive"

    def __init__(
        self, ship: str, console: Console | None = None, news: FlightNews | None = None
    ) -> None:
        self.ship = ship
        self.console = console or err
        self.advice = SensibleCaptain()
        self.news = news

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
        self.console.print(
            Text.assemble((self.ship, "bold"), f": {decision.kind} — {decision.context}")
        )
        for number, option in enumerate(decision.options, 1):
            mark = "  (suggested)" if option == suggested else ""
            self.console.print(f"  {number}. {option.label}{mark}")
        while True:
            answer = self.console.input("choose a number (Enter: suggested): ").strip()
            if not answer:
                return suggested
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1]
            self.console.print(f"  type 1-{len(decision.options)}, or press Enter")
