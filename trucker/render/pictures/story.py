"""An intruder card as its log tells it, step by step: where each walker stood, what it tried,
ate and fused, and the ship as the events up to a step left it.

The pictures of a walk are drawn from this alone (and the ship as the intruder found it), never
from a running engine: the ship at step *k* is the fold (:mod:`trucker.play.record`) of the
events before the landing and those of the steps up to *k*, so a tile's crew disappear in the
frame of the step that ate them and not before. The tries a walker made before a move are the
log's (each ``walked`` event carries them); a log written before the events carried them has
them worked out again by the engine's own rule for the next step
(:func:`~trucker.sim.intruders.next_step`), never by a second copy of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from trucker.core.cards import Hand
from trucker.core.events import (
    Ate,
    CardRevealed,
    Defeated,
    Destroyed,
    Escaped,
    Event,
    Exploded,
    FellOff,
    Fused,
    Landed,
    Repelled,
    Rewarded,
    Shifted,
    Walked,
)
from trucker.core.geometry import Cell, Direction
from trucker.core.ship import Ship
from trucker.core.threats import Line
from trucker.play.record import ShipAfter, record_flight
from trucker.sim.intruders import next_step, turn_order
from trucker.sim.state import ShipState

__all__ = ["Visit", "WalkStory", "walk_story", "tries", "event_of", "line_of"]

_TURNS = {
    "left": Direction.turn_left,
    "right": Direction.turn_right,
    "straight": lambda h: h,
    "back": lambda h: h.opposite,
}


def event_of(event: Event | Mapping[str, Any]) -> Event:
    """An event, from itself or from the dict a log file holds."""
    return event if isinstance(event, Event) else Event.from_dict(event)


@dataclass(frozen=True)
class Visit:
    """One step of one walker, as its events tell it."""

    hand: str
    step: int
    square: Cell
    part: str
    heading: Direction
    move: str
    why: str
    tried: tuple[str, ...] = ()
    """The moves tried before ``move`` that found no joined side (RULES §7.2)."""
    ate: Ate | None = None
    fused: bool = False
    fused_again: bool = False
    defeated_by: str | None = None


def tries(visit: Visit) -> list[tuple[str, bool]]:
    """The moves a walker tried to make this step, in order, each with whether it was taken:
    every try that found no joined side, then the move made."""
    if visit.move == "landed":
        return []
    return [(m, False) for m in visit.tried] + [(visit.move, True)]


def turned(heading: Direction, move: str) -> Direction:
    """The side a move leaves through, for a walker heading ``heading``."""
    return _TURNS[move](heading)


@dataclass
class WalkStory:
    """Everything the log of one intruder card says, sorted by step.

    ``tagged`` is every event with the step it belongs to: 0 before the first step, the step
    number for a walker's steps (both walkers of a double card share numbers), None after the
    walks (the explosion, tiles drifting off, the reward)."""

    ship: Ship
    name: str
    intruder: str
    direction: Direction
    line: Line
    landing: Cell | None
    shifted: Shifted | None = None
    repelled_by: str | None = None
    hands: list[str] = field(default_factory=list)
    visits: dict[str, list[Visit]] = field(default_factory=dict)
    escaped: dict[str, int] = field(default_factory=dict)
    exploded: tuple[Cell, ...] = ()
    destroyed: list[Cell] = field(default_factory=list)
    drifted: list[Cell] = field(default_factory=list)
    reward: Rewarded | None = None
    tagged: list[tuple[int | None, Event]] = field(default_factory=list)

    @property
    def longest(self) -> int:
        return max((len(v) for v in self.visits.values()), default=0)

    def upto(self, step: int | None) -> dict[str, list[Visit]]:
        """Each walker's visits up to ``step`` (all of them for None)."""
        return {
            hand: [v for v in visits if step is None or v.step <= step]
            for hand, visits in self.visits.items()
        }

    def at(self, step: int | None) -> Ship:
        """The ship as the events up to ``step`` left it (None: every event)."""
        return self._ships[step if step is None else min(step, self.longest)]

    @cached_property
    def _ships(self) -> dict[int | None, Ship]:
        start = ShipAfter(self.name, self.ship, ())
        reveal = CardRevealed(1, "intruder", "intruder", "")
        out: dict[int | None, Ship] = {}
        for step in [*range(self.longest + 1), None]:
            chosen = [e for s, e in self.tagged if step is None or (s is not None and s <= step)]
            folded = record_flight([start], [reveal, *chosen])
            out[step] = folded.after[0][0].ship
        return out

    @property
    def lost(self) -> list[Cell]:
        return sorted({*self.destroyed, *self.drifted})


def line_of(direction: str, value: Any) -> Line:
    """A threat's line from the side it came from and the line a log wrote."""
    side = Direction.parse(direction)
    if isinstance(value, dict):
        return Line(side, value.get("row"), value.get("entry"))
    return Line(side, value)


def walk_story(ship: Ship, events: Sequence[Event | Mapping[str, Any]]) -> WalkStory:
    """Read an intruder card's events (its log, from the first decision to the reward) into a
    story told against ``ship``, the ship as the intruder found it."""
    typed = [event_of(e) for e in events]
    landed = next((e for e in typed if isinstance(e, Landed)), None)
    if landed is None:
        raise ValueError("an intruder's log has a 'landed' event")
    story = WalkStory(
        ship=ship,
        name=landed.ship,
        intruder=landed.intruder,
        direction=Direction.parse(landed.direction),
        line=line_of(landed.direction, landed.line),
        landing=Cell.parse(landed.square) if landed.square else None,
    )
    started = False
    by_hand: dict[str, list[Visit]] = story.visits
    for event in typed:
        match event:
            case Shifted():
                story.shifted = event
            case Repelled(by=by):
                story.repelled_by = by
            case Walked():
                started = True
                if event.hand not in by_hand:
                    story.hands.append(event.hand)
                    by_hand[event.hand] = []
                walked = by_hand[event.hand]
                visit = Visit(
                    event.hand,
                    event.step,
                    Cell.parse(event.square),
                    event.part,
                    Direction.parse(event.heading),
                    event.move,
                    event.why,
                )
                tried = event.tried if event.tried is not None else _tried(ship, walked, visit)
                walked.append(replace(visit, tried=tuple(tried)))
            case Ate():
                _amend(by_hand, event.hand, ate=event)
            case Fused():
                _amend(by_hand, event.hand, fused=True, fused_again=event.again)
            case Defeated(by=by):
                _amend(by_hand, event.hand, defeated_by=by)
            case Escaped():
                started = True
                story.escaped[event.hand] = event.steps
                if event.hand not in by_hand:
                    story.hands.append(event.hand)
                    by_hand[event.hand] = []
            case Exploded(squares=squares):
                story.exploded = tuple(Cell.parse(s) for s in squares)
            case Destroyed(square=square):
                story.destroyed.append(Cell.parse(square))
            case FellOff(squares=squares):
                story.drifted.extend(Cell.parse(s) for s in squares)
            case Rewarded():
                story.reward = event
        story.tagged.append((_step_of(event, started), event))
    return story


def _step_of(event: Event, started: bool) -> int | None:
    """The step an event belongs to: 0 before the walks, a walker's step for its moves, meals,
    fuses and end (an escape belongs to its last step), None for what follows the walks."""
    if isinstance(event, Walked | Ate | Fused | Defeated):
        return event.step
    if isinstance(event, Escaped):
        return event.steps or None
    return None if started else 0


def _amend(by_hand: dict[str, list[Visit]], hand: str, **changes: Any) -> None:
    visits = by_hand[hand]
    visits[-1] = replace(visits[-1], **changes)


def _tried(ship: Ship, before: Sequence[Visit], visit: Visit) -> tuple[str, ...]:
    """The tries of a step whose event does not carry them (an older log): the engine's next
    step from where the walker stood, on the ship as the intruder found it; if the ship had
    changed under the walk (a double commando's fuses gone off), the hand's order up to the
    move (RULES §7.2)."""
    if visit.move == "landed" or not before:
        return ()
    hand = Hand(visit.hand) if visit.hand in ("left", "right") else Hand.LEFT
    order = turn_order(hand)
    if visit.move == "back":
        return order
    stood = before[-1]
    joined = ShipState(ship).structure.joined.get(stood.square, {})
    previous = before[-2].square if len(before) > 1 else None
    found = next_step(joined, stood.heading, hand, previous)
    if found is not None and found.move == visit.move and found.square == visit.square:
        return found.tried
    return order[: order.index(visit.move)] if visit.move in order else ()
