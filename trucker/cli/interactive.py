"""A captain who asks the person at the terminal: each decision's options, numbered; Enter
takes what the sensible captain would."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from trucker.core.decisions import Decision, Option
from trucker.sim.captains import SensibleCaptain

__all__ = ["TerminalCaptain"]


class TerminalCaptain:
    """Asks on stderr/stdin for every decision with more than one option."""

    name = "interactive"

    def __init__(self, ship: str, console: Console | None = None) -> None:
        self.ship = ship
        self.console = console or Console(stderr=True, highlight=False, markup=False)
        self.advice = SensibleCaptain()

    def decide(self, decision: Decision) -> Option:
        suggested = self.advice.decide(decision)
        if len(decision.options) == 1:
            return decision.options[0]
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
