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
from trucker.play.flights import flight_record
from trucker.render.narrate import narrate
from trucker.render.settlement import LEFT_COLUMNS, settlement_table
from trucker.render.terminal.styles import plural, styled
from trucker.render.text import draw_ship

if TYPE_CHECKING:
    from trucker.play.flights import FlightPlan
    from trucker.play.record import ShipAfter
    from trucker.sim.flight import FlightResult, ShipResult

__all__ = ["flight_report", "final_table"]

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


def flight_report(plan: FlightPlan, result: FlightResult, *, quiet: bool = False) -> list[Text]:
    """The flight narrated card by card, each changed ship drawn, then the final table;
    ``quiet``: the title and the final table only."""
    deck = plan.deck
    seed = f", seed {plan.seed} (rerun with --seed {plan.seed})" if plan.seed is not None else ""
    cards = plural(len(deck.cards), "card")
    title = f"flight: {deck.name or 'deck'}, level {deck.level}, {cards}{seed}"
    report = [Text(title, style=_HEADING)]
    after = {} if quiet else flight_record(plan, result).after
    sizes = {c.name: len(c.ship.tiles) for c in plan.crews}
    named = len(plan.crews) > 1
    index = -1
    for event in result.events or []:
        if event.kind in ("card", "settled") and index >= 0:
            if not quiet and index in after:  # the ships the card just played changed
                _changes(after[index], sizes, report)
            index = -1
        if event.kind == "card":
            index = event.index - 1  # type: ignore[attr-defined]
            if not quiet:
                report += [Text(""), Text(narrate(event), style=_HEADING)]
            continue
        if quiet or _routine(event):
            continue
        report.append(Text(f"  {narrate(event, named=named)}"))
    if index >= 0 and not quiet and index in after:
        _changes(after[index], sizes, report)
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
