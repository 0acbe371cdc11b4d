"""An intruder card as its log tells it, step by step: where each walker stood, what it tried,
ate and fused, and the ship as the events up to a step left it.

The pictures of a walk are drawn from this alone (and the ship as the intruder found it), never
from a running engine: the ship at step *k* is the fold (:mod:`trucker.play.record`) of the
events before the landing and those of the steps up to *k*, so a tile's crew disappear in the
frame of the step that ate them and not before. The tries a walker made before a move are read
from the move itself and the order its hand tries moves in (RULES §7.2): the engine moved it
there because every earlier try found no joined side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

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

__all__ = ["Visit", "WalkStory", "walk_story", "tries", "event_of", "line_of"]

_TURNS = {
    "left": Direction.turn_left,
    "right": Direction.turn_right,
    "straight": lambda h: h,
    "back": lambda h: h.opposite,
}
_ORDER = {"left": ("left", "straight", "right"), "right": ("right", "straight", "left")}


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
    ate: Ate | None = None
    fused: bool = False
    fused_again: bool = False
    defeated_by: str | None = None


def tries(hand: str, move: str) -> list[tuple[str, bool]]:
    """The moves a walker tried before ``move``, in order, each with whether it was taken: the
    hand's order (RULES §7.2) up to the move taken, every one of them for a way back."""
    if move == "landed":
        return []
    order = _ORDER.get(hand, _ORDER["left"])
    if move == "back":
        return [(m, False) for m in order] + [("back", True)]
    done = []
    for name in order:
        done.append((name, name == move))
        if name == move:
            break
    return done


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
                by_hand[event.hand].append(
                    Visit(
                        event.hand,
                        event.step,
                        Cell.parse(event.square),
                        event.part,
                        Direction.parse(event.heading),
                        event.move,
                        event.why,
                    )
                )
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
    from dataclasses import replace

    visits = by_hand[hand]
    visits[-1] = replace(visits[-1], **changes)
