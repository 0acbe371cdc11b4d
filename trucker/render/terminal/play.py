"""A flight at the table in the terminal (``trucker play``): what a person is asked, where their
ship stands when asked, and the expert's values of the options when hints are on.

The story itself is told by :class:`~trucker.render.terminal.flight.Teller`, the same words as
``trucker fly``; this module adds only the questions and the commands a person can type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from trucker.render.terminal.styles import plural

if TYPE_CHECKING:
    from trucker.play.advice import OptionValue
    from trucker.play.record import ShipAfter
    from trucker.play.session import Question

__all__ = ["question_lines", "prompt_text", "standing_line", "HELP"]

_ASK, _DIM, _NOTE = "bold cyan", "bright_black", "yellow"

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


def question_lines(question: Question, hints: Sequence[OptionValue] | None = None) -> list[Text]:
    """The question: whose decision, what about, and the options numbered (the one Enter
    takes marked); with ``hints`` (the expert's values, best first) each option's expected
    final credits and chance of coming home, and whether it can be told from the best."""
    decision = question.decision
    about = f" — {decision.context}" if decision.context else ""
    lines = [Text(f"{question.ship}, your decision ({decision.kind}{about}):", style=_ASK)]
    width = max(len(o.label) for o in question.options)
    ranked = list(hints or ())
    valued = {label: h for h in ranked for label in (h.label, *h.alike)}
    numbers = {o.label: n for n, o in enumerate(question.options, 1)}
    best = ranked[0].label if ranked else None
    same = len(ranked) > 1 and not any(h.apart for h in ranked[1:])
    for number, option in enumerate(question.options, 1):
        line = Text(f"  {number}. {option.label.ljust(width)}")
        line.append("  (Enter)" if option == question.suggested else " " * 9, style=_DIM)
        hint = valued.get(option.label)
        if hint is not None and hint.label != option.label and hint.label in numbers:
            line.append(f"  expert: the same as {numbers[hint.label]}", style=_NOTE)
        elif hint is not None:
            line.append(f"  expert: {_hint(hint, None if same else best)}", style=_NOTE)
        line.rstrip()
        lines.append(line)
    if same:
        lines.append(Text("  expert: no option can be told apart at this effort", style=_NOTE))
    return lines


def _hint(hint: OptionValue, best: str | None) -> str:
    """``12.3 credits (10.1-14.5), home 88%``, the best marked (``best`` None: no mark)."""
    credits, home = hint.credits, hint.home
    words = (
        f"{credits.value:.1f} credits ({credits.low:.1f}-{credits.high:.1f}), home {home.value:.0%}"
    )
    if best is None:
        return words
    if hint.label == best:
        return words + ", best"
    return words + ("" if hint.apart else ", as good as the best at this effort")


def prompt_text(question: Question) -> str:
    """The line a person types after."""
    count = len(question.options)
    return f"{question.ship}> 1-{count}, Enter, save, quit or help: "
