"""A flight at the table in the terminal (``trucker play``): what a person is asked, where their
ship stands when asked, and the expert's values of the options when hints are on.

The story itself is told by :class:`~trucker.render.terminal.flight.Teller`, the same words as
``trucker fly``; this module adds the questions, the table's dice, and what the commands a
person can type at any question show: ``ship`` (the ship asked, drawn as it stands), ``track``
(every ship in its order of flight) and ``score`` (what each ship holds and has earned).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from trucker.play.session import DiceQuestion
from trucker.render.terminal.styles import plural, styled
from trucker.render.text import LOST, draw_ship
from trucker.render.track import ordinal, track_order, track_window

if TYPE_CHECKING:
    from trucker.play.advice import OptionValue
    from trucker.play.record import ShipAfter
    from trucker.play.session import Question

__all__ = [
    "question_lines",
    "dice_lines",
    "prompt_text",
    "standing_line",
    "ship_lines",
    "track_lines",
    "score_lines",
    "HELP",
    "DICE_HELP",
]

_ASK, _DIM, _NOTE = "bold cyan", "bright_black", "yellow"

_COMMANDS = (
    "ship: your ship as it stands; track: every ship in its order of flight; score: what each "
    "ship holds and has earned.",
    "save: write the log so far and go on; quit: save and stop (Ctrl-D, Ctrl-C and a hang-up "
    "save too).",
    "A saved flight goes on with: trucker play --resume FILE (the same file, saved again).",
)

HELP = (
    "Enter takes the option marked (Enter); a number, or an option's words, picks that option.",
    "#N is the decision's number in the flight: trucker advise FILE --at N values its options "
    "from a save.",
    *_COMMANDS,
)
"""What ``help`` prints at a question."""

DICE_HELP = (
    "Throw two dice and type both faces, first die first (3 5, or 35); Enter lets the program "
    "throw them.",
    *_COMMANDS,
)
"""What ``help`` prints when the table throws its own dice."""


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
    lines = [
        Text(f"{question.ship}, your decision #{question.number} ({decision.kind}{about}):",
             style=_ASK)
    ]  # fmt: skip
    if question.why:
        lines.append(Text(f"  it can matter: {question.why}", style=_DIM))
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


def dice_lines(question: DiceQuestion) -> list[Text]:
    """The table's dice: which roll of the flight, and what for."""
    return [Text(f"roll {question.number}: throw two dice for {question.why}", style=_ASK)]


def prompt_text(question: Question | DiceQuestion) -> str:
    """The line a person types after."""
    if isinstance(question, DiceQuestion):
        return "dice> two faces 1-6, Enter (the program throws), save, quit or help: "
    count = len(question.options)
    return f"{question.ship}> 1-{count}, Enter, save, quit or help: "


def ship_lines(after: ShipAfter) -> list[Text]:
    """A ship drawn as the log leaves it, each square it lost marked, and what it holds."""
    marks = dict.fromkeys(after.lost, LOST)
    lost = f", lost {', '.join(map(str, after.lost))}" if after.lost else ""
    heading = f"  {after.name} ({plural(len(after.ship.tiles), 'tile')}{lost}):"
    return [Text(heading, style=_DIM), styled(draw_ship(after.ship, marks=marks)),
            standing_line(after)]  # fmt: skip


def track_lines(ships: Sequence[ShipAfter], track: int) -> list[Text]:
    """Every ship in its order of flight, leader first, with its space and days gained, the
    ones that gave up after; then the stretch of the loop they stand on, each ship by its
    number (:func:`~trucker.render.track.track_window`)."""
    order = track_order(ships, track)
    lines = [Text(f"  the flight track ({track} spaces), leader first:", style=_DIM)]
    width = max(len(t.name) for t in order)
    for t in order:
        if t.place is None:
            lines.append(Text(f"  {'out':>4}  {t.name.ljust(width)}  gave up: {t.gave_up}"))
        else:
            lines.append(
                Text(f"  {ordinal(t.place):>4}  {t.name.ljust(width)}  #{t.number} on space "
                     f"{t.space}, {t.days:+d} days")
            )  # fmt: skip
    begin = track_window(ships, track)
    on = {t.position: str(t.number) for t in order if t.place is not None}
    strip = "".join(f"{on.get(begin + k, '·'):>3}" for k in range(track))
    marks = "".join(
        f"{(begin + k) % track:>3}" if (begin + k) % track % 5 == 0 else "   " for k in range(track)
    )
    lines += [Text(f"  ships {strip}"), Text(f"  space {marks}", style=_DIM)]
    return lines


def score_lines(ships: Sequence[ShipAfter], track: int) -> list[Text]:
    """What each ship holds and has earned so far, in the flight's order of ships."""
    places = {t.name: t for t in track_order(ships, track)}
    headers = ("ship", "place", "tiles", "lost", "crew", "tokens", "goods", "credits")
    rows = []
    for ship in ships:
        held = ship.ship.contents.values()
        goods = "".join(sorted("".join(h.goods for h in held), key="RYGB".find)) or "-"
        place = places[ship.name].place
        rows.append((
            ship.name,
            ordinal(place) if place is not None else "out",
            str(len(ship.ship.tiles)),
            str(len(ship.lost)),
            str(ship.crew),
            str(sum(h.charge for h in held)),
            goods,
            str(ship.credits),
        ))  # fmt: skip
    widths = [max(len(r[i]) for r in (headers, *rows)) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        return "  " + "  ".join(
            c.ljust(w) if i in (0, 6) else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    out = [Text(line(headers), style=_DIM)]
    out += [Text(line(row)) for row in rows]
    for ship in ships:
        if ship.gave_up is not None:
            out.append(Text(f"  {ship.name} gave up: {ship.gave_up}", style=_DIM))
    return out
