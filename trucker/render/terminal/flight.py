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

from trucker.core.events import Decided, Event
from trucker.play.flights import launch
from trucker.play.record import record_flight
from trucker.render.narrate import narrate
from trucker.render.settlement import LEFT_COLUMNS, settlement_table
from trucker.render.terminal.styles import plural, styled
from trucker.render.text import draw_ship

if TYPE_CHECKING:
    from trucker.play.flights import FlightPlan
    from trucker.play.record import ShipAfter
    from trucker.sim.flight import FlightResult, ShipResult

__all__ = ["Teller", "flight_report", "flight_title", "final_table"]

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
    """Tells a flight's events as they come: each card's heading and its events, and under a
    card that cost a ship tiles, the ship as the fold of the log so far says it stands. A
    whole flight is told in one go (:func:`flight_report`); a flight at the table, a few
    events at a time (``trucker play``)."""

    def __init__(self, launch: Sequence[ShipAfter]) -> None:
        self.launch = tuple(launch)
        self.sizes = {s.name: len(s.ship.tiles) for s in launch}
        self.index = -1
        """The card being told (its index from 0), -1 before the first and after a close."""

    def tell(self, events: Sequence[Event], start: int = 0) -> list[Text]:
        """``events[start:]`` told (``events`` is the whole log so far, folded for drawings);
        a card's ship drawings come when the next card or the settlement is told."""
        lines: list[Text] = []
        for position in range(start, len(events)):
            event = events[position]
            if event.kind in ("card", "settled"):
                lines += self.close(events[:position])
            if event.kind == "card":
                self.index = event.index - 1  # type: ignore[attr-defined]
                lines += [Text(""), Text(narrate(event), style=_HEADING)]
            elif not _routine(event):
                lines.append(Text(f"  {narrate(event)}"))
        return lines

    def close(self, events: Sequence[Event]) -> list[Text]:
        """The ships the card being told changed, as ``events`` (the log up to the card's
        end) leaves them; nothing when no card is being told."""
        index, self.index = self.index, -1
        if index < 0:
            return []
        lines: list[Text] = []
        after = record_flight(self.launch, events).after.get(index, ())
        _changes(after, self.sizes, lines)
        return lines


def flight_report(plan: FlightPlan, result: FlightResult, *, quiet: bool = False) -> list[Text]:
    """The flight narrated card by card, each changed ship drawn, then the final table;
    ``quiet``: the title and the final table only."""
    report = [Text(flight_title(plan), style=_HEADING)]
    if not quiet:
        events = result.events or []
        teller = Teller(launch(plan))
        report += teller.tell(events)
        report += teller.close(events)
    report.append(Text(""))
    report += final_table(result.ships)
    if result.representative:
        cards = ", ".join(result.representative)
        report.append(
            Text(f"note: representative values (printed ones not known): {cards}", style=_NOTE)
        )
    if result.rulings:
        settled = ", ".join(f"{k} = {v}" for k, v in result.rulings.items())
        report.append(Text(f"rulings not at their defaults: {settled}", style=_NOTE))
    return report


def flight_title(plan: FlightPlan) -> str:
    """The deck, its level and size, and the seed to fly it again."""
    deck = plan.deck
    seed = f", seed {plan.seed} (rerun with --seed {plan.seed})" if plan.seed is not None else ""
    cards = plural(len(deck.cards), "card")
    return f"flight: {deck.name or 'deck'}, level {deck.level}, {cards}{seed}"


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
