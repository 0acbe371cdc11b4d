"""The intruder lab: a class predicts where an intruder goes next, and learns why.

A teacher picks a ship, an intruder card, the side it comes from, the roll and the hand; the
walk is the engine's (:func:`~trucker.sim.encounters.intruder`), step by step. Before a step is
shown the class points at the tile it expects the intruder to enter; :func:`predict` says
whether that is where it went, and gives what the reason is made of: the tile it stood on and
its heading, each move its hand tried in order (RULES §7.2) and whether that side was joined,
the move it made, and, for a wrong guess, which move (if any) would have led to the tile
pointed at. The words are the page's (:mod:`trucker.render.pages.lab`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from trucker.core.cards import Hand, Intruder
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.dice import Roll
from trucker.core.geometry import Cell, Direction
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import Ship
from trucker.sim.captains import SensibleCaptain
from trucker.sim.encounters import Encounter, intruder
from trucker.sim.intruders import IntruderResult, Step, Walk, next_step, turn_order
from trucker.sim.robots import Activation
from trucker.sim.state import ShipState

__all__ = ["Prediction", "Try", "lab_walk", "predict", "steps_of"]

_TURN = {
    "left": Direction.turn_left,
    "straight": lambda heading: heading,
    "right": Direction.turn_right,
}


@dataclass(frozen=True, slots=True)
class Try:
    """One move a walker's hand tried: the move, the side of the tile it looked at, and the
    tile joined there (None: nothing joined)."""

    move: str
    side: Direction
    joined: Cell | None


@dataclass(frozen=True, slots=True)
class Prediction:
    """A guess at step ``step`` of the ``hand`` walker, checked against the walk."""

    hand: str
    step: int
    guess: Cell
    right: bool
    went: Cell
    """The tile it entered at this step."""
    stood: Cell
    """The tile it stood on before (step - 1)."""
    heading: Direction
    """Its heading on that tile, before it moved."""
    tries: tuple[Try, ...]
    """Its hand's tries in order, up to the move made (every side for a way back)."""
    move: str
    """The move made: left, straight, right or back."""
    guess_move: str | None
    """The move that leads from ``stood`` to ``guess`` (None: not joined to it)."""
    defended_by: str | None = None
    """What defeated it on the tile it entered, if anything."""


class _StandStill(SensibleCaptain):
    """The sensible captain, who in the lab never shifts the ship nor wakes robots to: the walk
    is the one the teacher set (the side and the roll)."""

    name = "lab"

    def decide(self, decision: Decision) -> Option:
        if decision.kind is DecisionKind.SHIFT:
            still = [o for o in decision.options if o.value.direction is None]
            return min(still or decision.options, key=lambda o: o.value.cost)
        return super().decide(decision)

    def _would_shift(self, activation: Activation) -> bool:
        return False


def lab_walk(
    ship: Ship,
    card: Intruder,
    roll: Roll | int,
    *,
    direction: Direction | None = None,
    hand: Hand | None = None,
    rulings: Rulings = DEFAULT_RULINGS,
) -> Encounter[IntruderResult]:
    """The walk of ``card`` on ``ship`` rolled ``roll``, from ``direction`` and with ``hand``
    when given (over the card's own), nobody shifting the ship."""
    changes: dict[str, object] = {}
    if direction is not None:
        changes["direction"] = direction
    if hand is not None and not card.double:
        changes["hand"] = hand
    chosen = replace(card, **changes) if changes else card  # type: ignore[arg-type]
    return intruder(ship, chosen, roll, captain=_StandStill(), rulings=rulings)


def steps_of(result: IntruderResult, hand: str) -> Sequence[Step]:
    """The steps of the ``hand`` walker (empty when it never walked)."""
    walk: Walk | None = next((w for w in result.walks if str(w.hand) == hand), None)
    return walk.steps if walk is not None else ()


def predict(found: Encounter[IntruderResult], hand: str, step: int, guess: Cell) -> Prediction:
    """Check a guess that the ``hand`` walker enters ``guess`` at ``step`` (2 or later: the
    landing is step 1). ``ValueError`` for a step the walk does not have."""
    steps = steps_of(found.result, hand)
    if not 2 <= step <= len(steps):
        raise ValueError(f"the {hand}-hand walk has steps 1 to {len(steps)}; predict 2 or later")
    stood, went = steps[step - 2], steps[step - 1]
    joined = ShipState(found.before).structure.joined.get(stood.square, {})
    by_side = {side: cell for cell, side in joined.items()}
    order = turn_order(Hand(hand))
    tries: list[Try] = []
    for move in order:
        side = _TURN[move](stood.heading)
        tries.append(Try(move, side, by_side.get(side)))
        if move == went.move:
            break
    previous = steps[step - 3].square if step >= 3 else None
    guess_move = _move_to(joined, stood.heading, Hand(hand), previous, guess)
    return Prediction(
        hand=hand,
        step=step,
        guess=guess,
        right=guess == went.square,
        went=went.square,
        stood=stood.square,
        heading=stood.heading,
        tries=tuple(tries),
        move=went.move,
        guess_move=guess_move,
        defended_by=went.defended_by,
    )


def _move_to(
    joined: dict[Cell, Direction],
    heading: Direction,
    hand: Hand,
    previous: Cell | None,
    guess: Cell,
) -> str | None:
    """The move from a tile that would enter ``guess``: a turn or straight on when ``guess``
    is joined on that side, back when it is the tile come from; None when it is not joined."""
    side = joined.get(guess)
    if side is None:
        return None
    if guess == previous:
        found = next_step(joined, heading, hand, previous)
        if found is not None and found.move == "back":
            return "back"
    for move, turn in _TURN.items():
        if turn(heading) == side:
            return move
    return "back"
