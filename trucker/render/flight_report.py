"""A flight told in the terminal (``trucker fly``, ``trucker replay``): its log narrated card by
card, each ship drawn under a card that cost it tiles (as the fold of the log,
:mod:`trucker.play.record`, says it stands), then the settlement table of RULES §9.1.

The report is a list of lines and drawings with style names (``heading``, ``dim``, ``note``);
the CLI prints it, mapping the names to colours. Like the rest of :mod:`trucker.render`, it
tells what the log says and computes no rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trucker.core.events import Decided, Event
from trucker.play.flights import flight_record
from trucker.render.flight_page import LEFT_COLUMNS, settlement_table
from trucker.render.narrate import narrate
from trucker.render.text import Drawing, draw_ship

if TYPE_CHECKING:
    from trucker.play.flights import FlightPlan
    from trucker.play.record import ShipAfter
    from trucker.sim.flight import FlightResult, ShipResult

__all__ = ["Said", "flight_report", "final_table"]


@dataclass(frozen=True, slots=True)
class Said:
    """One line of a report, with the name of its look (None: plain)."""

    text: str
    style: str | None = None


Report = list[Said | Drawing]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _routine(event: Event) -> bool:
    """Told on the page, not in the terminal: declining to give up, and forced choices."""
    if not isinstance(event, Decided):
        return False
    return event.forced or (event.decision == "give-up" and event.choice == "fly on")


def _changes(ships: Sequence[ShipAfter], sizes: dict[str, int], report: Report) -> None:
    """Each ship that lost tiles on the card, drawn under the card's narration."""
    for after in ships:
        ship = after.ship
        if len(ship.tiles) != sizes[after.name]:
            sizes[after.name] = len(ship.tiles)
            report.append(Said(f"  {after.name} now ({_plural(len(ship.tiles), 'tile')}):", "dim"))
            report.append(draw_ship(ship))


def flight_report(plan: FlightPlan, result: FlightResult, *, quiet: bool = False) -> Report:
    """The flight narrated card by card, each changed ship drawn, then the final table;
    ``quiet``: the title and the final table only."""
    deck = plan.deck
    seed = f", seed {plan.seed} (rerun with --seed {plan.seed})" if plan.seed is not None else ""
    cards = _plural(len(deck.cards), "card")
    report: Report = [Said(f"flight: {deck.name or 'deck'}, level {deck.level}, {cards}{seed}",
                           "heading")]  # fmt: skip
    after = {} if quiet else flight_record(plan, result).after
    sizes = {c.name: len(c.ship.tiles) for c in plan.crews}
    index = -1
    for event in result.events or []:
        if event.kind in ("card", "settled") and index >= 0:
            if not quiet and index in after:  # the ships the card just played changed
                _changes(after[index], sizes, report)
            index = -1
        if event.kind == "card":
            index = event.index - 1  # type: ignore[attr-defined]
            if not quiet:
                report += [Said(""), Said(narrate(event), "heading")]
            continue
        if quiet or _routine(event):
            continue
        report.append(Said(f"  {narrate(event)}"))
    if index >= 0 and not quiet and index in after:
        _changes(after[index], sizes, report)
    report.append(Said(""))
    report += final_table(result.ships)
    if result.representative:
        cards = ", ".join(result.representative)
        report.append(
            Said(f"note: representative values (printed ones not known): {cards}", "note")
        )
    if result.rulings:
        settled = ", ".join(f"{k} = {v}" for k, v in result.rulings.items())
        report.append(Said(f"rulings not at their defaults: {settled}", "note"))
    return report


def final_table(ships: Sequence[ShipResult]) -> list[Said]:
    """One line per ship, columns of numbers (RULES §9.1), then why ships gave up."""
    headers, rows = settlement_table(ships)
    insured = "insurance" in headers
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> Said:
        return Said(
            "  ".join(
                c.ljust(w) if i in LEFT_COLUMNS else c.rjust(w)
                for i, (c, w) in enumerate(zip(cells, widths, strict=True))
            )
        )

    title = (
        "end of the flight (RULES §9): credits earned on cards, arrival reward, best-looking "
        "prize, goods sold, lost tiles paid" + (", Class IV insurance bought" if insured else "")
    )
    lines = [Said(title, "heading"), line(headers), *(line(r) for r in rows)]
    lines += [
        Said(f"{s.name} gave up: {s.reason} (goods sold at half price)", "dim")
        for s in ships
        if s.gave_up
    ]
    return lines
