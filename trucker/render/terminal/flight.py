"""A flight told in the terminal (``trucker fly``, ``trucker replay``): its log narrated card by
card, each ship drawn under a card that cost it tiles (as the fold of the log,
:mod:`trucker.play.record`, says it stands), then the settlement table of RULES §9.1.

The report is a list of rich texts, as every terminal report of :mod:`trucker.render` is: the
CLI prints them. Like the rest of :mod:`trucker.render`, it tells what the log says and
computes no rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from trucker.core.events import CardRevealed, Decided, Event, Moved
from trucker.play.flights import flight_record, launch
from trucker.play.record import record_flight
from trucker.render.narrate import narrate
from trucker.render.rulings import settled_rulings
from trucker.render.settlement import LEFT_COLUMNS, settlement_table
from trucker.render.terminal.styles import plural, styled
from trucker.render.text import draw_ship

if TYPE_CHECKING:
    from trucker.play.flights import FlightPlan
    from trucker.play.record import ShipAfter
    from trucker.sim.flight import FlightResult, ShipResult

__all__ = [
    "Teller",
    "flight_title",
    "flight_report",
    "brief_report",
    "brief_changes",
    "final_table",
    "narration_lines",
]

_HEADING, _DIM, _NOTE = "bold", "bright_black", "yellow"


def _routine(event: Event) -> bool:
    """Told on the page, not in the terminal: declining to give up, and forced choices."""
    if not isinstance(event, Decided):
        return False
    return event.forced or (event.decision == "give-up" and event.choice == "fly on")


def _changes(ships: Sequence[ShipAfter], sizes: dict[str, int], report: list[Text]) -> None:
    """Each ship that lost tiles on the card, drawn under the card's narration."""
    for after in ships:
        ship = after.ship
        if len(ship.tiles) != sizes[after.name]:
            sizes[after.name] = len(ship.tiles)
            tiles = plural(len(ship.tiles), "tile")
            report.append(Text(f"  {after.name} now ({tiles}):", style=_DIM))
            report.append(styled(draw_ship(ship)))


class Teller:
    """Tells a flight's events as they come, in :func:`narration_lines`' words: under a card
    that cost a ship tiles, the ship as the fold of the log so far says it stands. A whole
    flight is told in one go (:func:`flight_report`); a flight at the table, a few events at a
    time (``trucker play``)."""

    def __init__(self, launch: Sequence[ShipAfter]) -> None:
        self.launch = tuple(launch)
        self.sizes = {s.name: len(s.ship.tiles) for s in launch}
        self.named = len(self.launch) > 1
        self.index = -1
        """The card being told (its index from 0), -1 before the first and after a close."""

    def tell(self, events: Sequence[Event], start: int = 0, end: int | None = None) -> list[Text]:
        """``events[start:end]`` told (``events`` is the whole log so far, folded for
        drawings); a card's ship drawings come when the next card or the settlement is told."""
        lines: list[Text] = []
        for position in range(start, len(events) if end is None else end):
            event = events[position]
            if event.kind in ("card", "settled"):
                lines += self.close(events[:position])
            if event.kind == "card":
                self.index = event.index - 1  # type: ignore[attr-defined]
            lines += narration_lines([event], named=self.named)
        return lines

    def close(self, events: Sequence[Event]) -> list[Text]:
        """The ships the card being told changed, as ``events`` (the log up to the card's
        end) leaves them; nothing when no card is being told."""
        index, self.index = self.index, -1
        if index < 0:
            return []
        lines: list[Text] = []
        _changes(record_flight(self.launch, events).after.get(index, ()), self.sizes, lines)
        return lines


def flight_report(plan: FlightPlan, result: FlightResult, *, quiet: bool = False) -> list[Text]:
    """The flight narrated card by card, each changed ship drawn, then the final table;
    ``quiet``: the title and the final table only."""
    report = [flight_title(plan)]
    if not quiet:
        events = result.events or []
        teller = Teller(launch(plan))
        report += teller.tell(events)
        report += teller.close(events)
    return report + _ending(result)


def narration_lines(events: Sequence[Event], *, named: bool = False) -> list[Text]:
    """Events told as the flight report tells them, without the drawings: a heading for each
    card, one line for each event, routine choices left out; ``named`` for several ships (the
    interactive captain reads what happened so far in these words)."""
    lines = []
    for event in events:
        if event.kind == "card":
            lines += [Text(""), Text(narrate(event), style=_HEADING)]
        elif not _routine(event):
            lines.append(Text(f"  {narrate(event, named=named)}"))
    return lines


def flight_title(plan: FlightPlan) -> Text:
    """The deck, its level and size, and the seed to fly it again."""
    deck = plan.deck
    seed = f", seed {plan.seed} (rerun with --seed {plan.seed})" if plan.seed is not None else ""
    cards = plural(len(deck.cards), "card")
    return Text(f"flight: {deck.name or 'deck'}, level {deck.level}, {cards}{seed}", style=_HEADING)


def _ending(result: FlightResult) -> list[Text]:
    """The final table and the notes under it: what a report of any length ends with."""
    report = [Text("")]
    report += final_table(result.ships)
    if result.representative:
        cards = ", ".join(result.representative)
        report.append(
            Text(f"note: representative values (printed ones not known): {cards}", style=_NOTE)
        )
    if result.rulings:
        settled = settled_rulings(result.rulings)
        report.append(Text(f"rulings not at their defaults: {settled}", style=_NOTE))
    return report


def brief_report(plan: FlightPlan, result: FlightResult) -> list[Text]:
    """A long deck at a glance (``fly --brief``): one line per card and ship still flying,
    what the card cost it and earned it, then the final table."""
    record = flight_record(plan, result)
    days: dict[tuple[int, str], int] = {}
    cards: list[tuple[int, str]] = []
    index = -1
    for event in result.events or []:
        if isinstance(event, CardRevealed):
            index = event.index - 1
            cards.append((index, event.card))
        elif isinstance(event, Moved) and index >= 0:
            days[index, event.ship] = days.get((index, event.ship), 0) + event.days
    rows: list[tuple[str, str, str, str]] = []
    before = record.launch
    for index, label in cards:
        now = record.after.get(index, before)
        for was, then in zip(before, now, strict=True):
            if was.gave_up is None:
                told = brief_changes(was, then, days.get((index, was.name), 0))
                rows.append((f"card {index + 1}", label, was.name, told))
        before = now
    widths = [max((len(row[i]) for row in rows), default=0) for i in range(3)]
    report = [flight_title(plan)]
    report += [
        Text("  ".join([*(cell.ljust(w) for cell, w in zip(row, widths, strict=False)), row[3]]))
        for row in rows
    ]
    return report + _ending(result)


def brief_changes(before: ShipAfter, after: ShipAfter, days: int = 0) -> str:
    """What one card did to one ship, in a few words: days, tiles, crew, battery tokens,
    goods and credits, and giving up (``nothing`` when it changed none of them)."""
    parts = []
    if days:
        parts.append(f"{days:+d} day{'s' if abs(days) != 1 else ''}")
    tiles = len(after.lost) - len(before.lost)
    if tiles:
        parts.append(f"-{plural(tiles, 'tile')}")
    crew = after.crew - before.crew
    if crew:
        parts.append(f"{crew:+d} crew")
    tokens = _tokens(before) - _tokens(after)
    if tokens > 0:
        parts.append(f"-{plural(tokens, 'battery token')}")
    goods = _goods_change(_goods(before), _goods(after))
    if goods:
        parts.append(f"goods {goods}")
    credits = after.credits - before.credits
    if credits:
        parts.append(f"+{plural(credits, 'credit')}")
    if after.gave_up is not None and before.gave_up is None:
        parts.append(f"gives up: {after.gave_up}")
    return ", ".join(parts) or "nothing"


def _tokens(ship: ShipAfter) -> int:
    return sum(held.charge for held in ship.ship.contents.values())


def _goods(ship: ShipAfter) -> str:
    return "".join(held.goods for held in ship.ship.contents.values())


def _goods_change(before: str, after: str) -> str:
    """The goods gained and lost between two cargoes, most valuable first: ``+YYY -GG``."""
    order = "RYGB"
    gained = "".join(g * max(0, after.count(g) - before.count(g)) for g in order)
    lost = "".join(g * max(0, before.count(g) - after.count(g)) for g in order)
    return " ".join(f"{sign}{goods}" for sign, goods in (("+", gained), ("-", lost)) if goods)


def final_table(ships: Sequence[ShipResult]) -> list[Text]:
    """One line per ship, columns of numbers (RULES §9.1), then why ships gave up."""
    headers, rows = settlement_table(ships)
    insured = "insurance" in headers
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> Text:
        return Text(
            "  ".join(
                c.ljust(w) if i in LEFT_COLUMNS else c.rjust(w)
                for i, (c, w) in enumerate(zip(cells, widths, strict=True))
            )
        )

    title = (
        "end of the flight (RULES §9): credits earned on cards, arrival reward, best-looking "
        "prize, goods sold, lost tiles paid" + (", Class IV insurance bought" if insured else "")
    )
    lines = [Text(title, style=_HEADING), line(headers), *(line(r) for r in rows)]
    lines += [
        Text(f"{s.name} gave up: {s.reason} (goods sold at half price)", style=_DIM)
        for s in ships
        if s.gave_up
    ]
    return lines
