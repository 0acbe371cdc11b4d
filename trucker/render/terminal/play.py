"""A flight at the table in the terminal (``trucker play``): what a person is asked, where their
ship stands when asked, and the expert's values of the options when hints are on.

The story itself is told by :class:`~trucker.render.terminal.flight.Teller`, the same words as
``trucker fly``; this module adds only the questions and the commands a person can type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.text import Text

from trucker.render.terminal.styles import plural

if TYPE_CHECKING:
    from trucker.core.decisions import Option
    from trucker.play.record import ShipAfter
    from trucker.play.session import Question

__all__ = ["Hint", "question_lines", "prompt_text", "standing_line", "HELP"]

_ASK, _DIM, _NOTE = "bold cyan", "bright_black", "yellow"

Hint = tuple[float, float]
"""The expert's value of one option: expected final credits, chance of coming home (0-1)."""

HELP = (
    "Enter takes the option marked (Enter); a number, or an option's words, picks that option.",
    "save: write the log so far and go on; quit: save and stop (Ctrl-D and Ctrl-C save too).",
    "A saved flight goes on with: trucker play --resume FILE",
)
"""What ``help`` prints at a question."""


def standing_line(after: ShipAfter) -> Text:
    """The asked ship as the log says it stands: tiles, crew, battery tokens, goods, credits."""
    contents = after.ship.contents.values()
    tokens = sum(held.charge for held in contents)
    goods = "".join(held.goods for held in contents) or "none"
    words = (
        f"  {after.name} now: {plural(len(after.ship.tiles), 'tile')}, {after.crew} crew, "
        f"{plural(tokens, 'battery token')}, goods {goods}, {after.credits} credits earned"
    )
    return Text(words, style=_DIM)


def question_lines(
    question: Question, *, hints: Mapping[Option, Hint] | None = None, searched: bool = True
) -> list[Text]:
    """The question: whose decision, what about, and the options numbered (the one Enter
    takes marked); with ``hints`` each option's expected credits and chance of coming home."""
    decision = question.decision
    about = f" — {decision.context}" if decision.context else ""
    lines = [Text(f"{question.ship}, your decision ({decision.kind}{about}):", style=_ASK)]
    width = max(len(o.label) for o in question.options)
    for number, option in enumerate(question.options, 1):
        line = Text(f"  {number}. {option.label.ljust(width)}")
        if option == question.suggested:
            line.append("  (Enter)", style=_DIM)
        hint = hints.get(option) if hints else None
        if hint is not None:
            credits, home = hint
            line.append(f"  expert: {credits:.1f} credits, home {home:.0%}", style=_NOTE)
        lines.append(line)
    if hints is not None and not searched:
        lines.append(Text("  expert: every option leaves the flight the same", style=_NOTE))
    return lines


def prompt_text(question: Question) -> str:
    """The line a person types after."""
    count = len(question.options)
    return f"{question.ship}> 1-{count}, Enter, save, quit or help: "
