"""What a screen at the table draws (``trucker studio``'s table): every ship as it stands now,
the track in its true order, the card in play, the story of the card so far in the narration's
words, the scoreboard, and the question, each of its options with the squares of the picture
that pick it.

Everything is drawn from the session's log as the flight page draws it (the fold of
:mod:`trucker.play.record`, the same pictures, the track of :mod:`trucker.render.track`), as one
JSON-ready dict: the page's template draws the first view from it, and its script redraws from
the same dict after every push.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from trucker.core.decisions import DecisionKind
from trucker.core.events import CardRevealed
from trucker.play.flights import FlightPlan, launch
from trucker.play.record import ShipAfter
from trucker.play.room import PICKED_ON_THE_PICTURE, option_squares, question_key
from trucker.play.session import DiceQuestion, Question, Session
from trucker.render.pages.flight import chapter_lines
from trucker.render.pages.scoreboard import (
    scoreboard_html,
    settlement_html,
    ship_colour,
    track_svg,
)
from trucker.render.pictures.ship import after_svg
from trucker.render.track import OnTrack, ordinal, track_order

__all__ = ["table_view", "ship_view", "captain_words", "order_view", "STORY_LINES"]

STORY_LINES = 40
"""The most lines of the story a view carries (the card in play, from its start)."""

_ID = re.compile(r'\b(id|aria-labelledby)="([^"]+)"')


def _own_ids(svg: str, prefix: str) -> str:
    """A picture's ids with a prefix of its own: several pictures share one page."""

    def prefixed(match: re.Match[str]) -> str:
        return f'{match.group(1)}="' + " ".join(prefix + x for x in match.group(2).split()) + '"'

    return _ID.sub(prefixed, svg)


def captain_words(plan: FlightPlan, name: str) -> str:
    """Who flies ship ``name``, as the table says it (a person, or the sensible captain...)."""
    crew = next(c for c in plan.crews if c.name == name)
    return "a person" if crew.captain == "human" else f"{crew.captain} captain"


def ship_view(
    number: int, ship: ShipAfter, launched: ShipAfter, captain: str, picks: dict[str, str]
) -> dict[str, Any]:
    """One ship as a screen draws it: its picture as it stands (lost tiles crossed out, drawn
    on its launch's frame), its colour and counts, and the squares that pick an option."""
    title = f"{ship.name}: {len(ship.ship.tiles)} tiles"
    if ship.gave_up:
        title += f", gave up ({ship.gave_up})"
    svg = after_svg(ship.ship, ship.lost, title, launched.ship, crop=tuple(launched.ship.tiles))
    return {
        "name": ship.name,
        "number": number,
        "colour": ship_colour(number),
        "captain": captain,
        "gave_up": ship.gave_up,
        "crew": ship.crew,
        "credits": ship.credits,
        "picture": _own_ids(svg, f"ship{number}-"),
        "picks": picks,
    }


def _ship(
    session: Session,
    number: int,
    ship: ShipAfter,
    launched: ShipAfter,
    question: Question | DiceQuestion | None,
) -> dict[str, Any]:
    asked = isinstance(question, Question) and question.ship == ship.name
    picks: dict[str, str] = {}
    if asked and isinstance(question, Question) and question.decision.kind in PICKED_ON_THE_PICTURE:
        for option in question.options:
            for cell in option_squares(option):
                picks.setdefault(str(cell), option.label)
    drawn = ship_view(number, ship, launched, captain_words(session.plan, ship.name), picks)
    drawn["asked"] = asked
    return drawn


def _card(session: Session) -> dict[str, Any] | None:
    card = session.state.card
    reveal = next((e for e in reversed(session.events) if isinstance(e, CardRevealed)), None)
    if card is None or reveal is None:
        return None
    return {
        "index": reveal.index,
        "count": len(session.state.flight.cards),
        "label": card.label,
        "type": str(card.type),
        "numbers": card.numbers(),
    }


def _story(session: Session) -> list[str]:
    """The card in play told so far (or, before the first card, the launch)."""
    events = session.events
    start = 0
    for index in range(len(events) - 1, -1, -1):
        if isinstance(events[index], CardRevealed):
            start = index
            break
    lines = chapter_lines(events[start:], named=len(session.plan.crews) > 1)
    return lines[-STORY_LINES:]


def _question(session: Session, seat: str | None) -> dict[str, Any] | None:
    question = session.question
    key = question_key(question)
    if isinstance(question, DiceQuestion):
        return {"key": key, "kind": "dice", "number": question.number, "why": question.why,
                "yours": seat is None}  # fmt: skip
    if not isinstance(question, Question):
        return None
    decision = question.decision
    return {
        "key": key,
        "kind": "decision",
        "number": question.number,
        "ship": question.ship,
        "decision": str(decision.kind),
        "context": decision.context,
        "why": question.why,
        "on_picture": decision.kind in PICKED_ON_THE_PICTURE,
        "give_up": decision.kind is DecisionKind.GIVE_UP,
        "yours": seat is None or seat == question.ship,
        "options": [
            {
                "label": option.label,
                "suggested": option == question.suggested,
                "squares": sorted(str(c) for c in option_squares(option)),
            }
            for option in question.options
        ],
    }


def order_view(order: Sequence[OnTrack]) -> list[dict[str, Any]]:
    """The ships in the order of flight, as the strip beside the track says it."""
    return [
        {
            "name": t.name,
            "number": t.number,
            "place": ordinal(t.place) if t.place else None,
            "space": t.space,
            "gave_up": t.gave_up,
        }
        for t in order
    ]


def table_view(session: Session, *, seat: str | None = None) -> dict[str, Any]:
    """The table now, as a screen draws it; ``seat`` the ship a device sits at (None: the
    table's own screen). The ship asked is ``large``; with nobody asked, the leader."""
    ships = session.standing()
    launched = launch(session.plan)
    question = session.question
    drawn = [_ship(session, n, ship, launched[n - 1], question) for n, ship in enumerate(ships, 1)]
    order = track_order(ships, session.track)
    large = next((s["name"] for s in drawn if s["asked"]), None)
    if large is None and seat is not None:
        large = seat
    if large is None:
        large = next((t.name for t in order if t.place is not None), ships[0].name)
    for ship in drawn:
        ship["large"] = ship["name"] == large
    result = session.result
    return {
        "finished": result is not None,
        "seat": seat,
        "ships": drawn,
        "order": order_view(order),
        "track": _own_ids(track_svg(ships, session.track, "The flight track now"), "track-"),
        "scoreboard": scoreboard_html(ships, None, session.track),
        "card": _card(session),
        "story": _story(session),
        "question": _question(session, seat),
        "settlement": (
            settlement_html(result.ships, "The settlement (RULES §9.1)")
            if result is not None
            else None
        ),
        "give_up": session.give_up,
        "table_dice": session.table_dice,
    }
