"""What the table's replay draws: one step of a saved flight (the launch, a card, the
settlement) with every ship as that step left it, the track, the card and its story in the
narration's words, and the scoreboard with what the step changed.

The steps are :func:`~trucker.play.review.review`'s; the pictures, the track and the
scoreboard are the live table's (:mod:`trucker.render.pages.table`), so a flight replayed looks
as it looked at the table. One step is drawn at a time: a page asks for the next when it is
stepped to.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trucker.core.events import CardRevealed
from trucker.play.flights import launch
from trucker.play.record import ShipAfter
from trucker.play.review import Review, Step, review
from trucker.render.pages.flight import chapter_lines
from trucker.render.pages.scoreboard import scoreboard_html, settlement_html, track_svg
from trucker.render.pages.table import _own_ids, captain_words, order_view, ship_view
from trucker.render.track import track_order

__all__ = ["replay_view", "step_view"]


def _held(ship: ShipAfter) -> tuple[object, ...]:
    """What a card can change aboard a ship (its place on the track aside)."""
    return ship.ship.tiles, ship.ship.contents, ship.lost, ship.gave_up, ship.credits


def _large(step: Step, order_names: list[str]) -> str:
    """The ship drawn large: the first the step changed aboard, else the leader."""
    for before, after in zip(step.before, step.after, strict=True):
        if _held(before) != _held(after):
            return after.name
    return order_names[0] if order_names else step.after[0].name


def _card(read: Review, card: CardRevealed | None) -> dict[str, Any] | None:
    if card is None:
        return None
    return {
        "index": card.index,
        "count": read.cards,
        "label": card.card,
        "type": card.type,
        "numbers": card.numbers,
    }


def step_view(read: Review, number: int, name: str = "log") -> dict[str, Any]:
    """Step ``number`` of the flight ``read`` as a screen draws it (``name`` the log's file)."""
    step = read.step(number)
    launched = launch(read.plan)
    ships = [
        ship_view(n, ship, launched[n - 1], captain_words(read.plan, ship.name), {})
        for n, ship in enumerate(step.after, 1)
    ]
    order = track_order(step.after, read.track)
    large = _large(step, [t.name for t in order if t.place is not None])
    for ship in ships:
        ship["large"] = ship["name"] == large
    card = step.card
    before = None if number == 0 else step.before
    settled = read.result is not None and step.last and number > 0
    return {
        "file": name,
        "step": number,
        "steps": read.steps,
        "titles": [read.step(n).title for n in range(read.steps)],
        "title": step.title,
        "finished": read.result is not None,
        "waiting": read.waiting,
        "ships": ships,
        "order": order_view(order),
        "track": _own_ids(track_svg(step.after, read.track, step.title), "track-"),
        "scoreboard": scoreboard_html(step.after, before, read.track),
        "card": _card(read, card),
        "story": chapter_lines(step.events, named=len(read.plan.crews) > 1),
        "settlement": (
            settlement_html(read.result.ships, "The settlement (RULES §9.1)")
            if settled and read.result is not None
            else None
        ),
    }


def replay_view(document: Mapping[str, Any], name: str = "log", number: int = 0) -> dict[str, Any]:
    """Step ``number`` of the saved flight ``document``, flown again and checked
    (:func:`~trucker.play.review.review`); a step past the end is the last one."""
    read = review(document, name)
    return step_view(read, max(0, min(number, read.steps - 1)), name)
