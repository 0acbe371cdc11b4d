"""An intruder's walk in words, for its pictures and its page: what a step did, what the
walk ate and cost, the title of a walk.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from trucker.core.ship import Ship
from trucker.render.pictures.story import Visit, tries
from trucker.render.pictures.threats import roll_line

if TYPE_CHECKING:
    from trucker.sim.intruders import IntruderResult

__all__ = ["eaten_words", "outcome_lines", "walk_title", "step_words", "plural"]


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else many or word + 's'}"


def eaten_words(
    humans: int = 0,
    aliens: Sequence[str] = (),
    goods: str = "",
    tokens: int = 0,
    passengers: int = 0,
    robots: int = 0,
) -> list[str]:
    """What a predator ate, in the words every picture, caption and outcome uses."""
    words = []
    if humans:
        words.append(plural(humans, "human"))
    words.extend(f"the {a} alien" for a in aliens)
    if passengers:
        words.append(plural(passengers, "passenger"))
    if goods:
        words.append(f"goods {goods}")
    if tokens:
        words.append(plural(tokens, "battery token"))
    if robots:
        words.append(plural(robots, "robot"))
    return words


def outcome_lines(result: IntruderResult) -> list[str]:
    """The outcome in short lines, from the result's fields: each walker's end, then what was
    eaten (humans, aliens, passengers, goods, tokens, robots), fused, lost and earned."""
    card = result.card
    if result.outcome == "miss":
        return [f"outcome: a miss ({result.line})"]
    if result.outcome == "repelled":
        return [f"outcome: repelled by the {result.repelled_by} on {result.landing}"]
    lines = []
    ends = []
    for walk in result.walks:
        end = (
            f"defeated at step {walk.stopped} by {walk.defeated_by}"
            if walk.outcome == "defeated"
            else "escaped"
        )
        lines.append(f"{walk.hand}-hand {card.kind}: {end}")
        ends.append(walk.outcome)
    outcome = result.outcome
    if len(ends) > 1:
        outcome = (
            "both " + ends[0]
            if len(set(ends)) == 1
            else " and ".join(f"{w.hand}-hand {w.outcome}" for w in result.walks)
        )
    summary = [f"outcome: {outcome}"]
    eaten = result.eaten
    if eaten:
        words = eaten_words(
            sum(e.humans for e in eaten),
            [a for e in eaten for a in e.aliens],
            "".join(e.goods for e in eaten),
            sum(e.tokens for e in eaten),
            sum(e.passengers for e in eaten),
            sum(e.robots for e in eaten),
        )
        summary.append("eaten: " + ", ".join(words))
    if result.fused:
        summary.append(f"fuses: {', '.join(map(str, result.fused))}")
    damage = result.damage
    lost = damage.lost
    if lost:
        summary.append(f"tiles lost: {', '.join(map(str, lost))}")
        died = eaten_words(damage.humans, damage.aliens)
        if died:
            summary.append("with them " + ", ".join(died))
    else:
        summary.append("no tile lost")
    reward = result.reward
    if reward.credits or reward.goods:
        summary.append(f"reward: {reward.short()}")
    lines.append(" · ".join(summary))
    return lines


def walk_title(ship: Ship, result: IntruderResult) -> str:
    """One line naming the card, the roll and the line, as the terminal header does."""
    card = result.card
    double = "double " if card.double else ""
    return (
        f"{ship.label}: {double}{card.kind} from the {card.direction}, {card.steps} steps, "
        f"{roll_line(result)}"
    )


# -- words for one step ------------------------------------------------------------------------

_MOVES = {
    "landed": "lands on",
    "left": "turns left into",
    "right": "turns right into",
    "straight": "goes straight into",
    "back": "goes back into",
}


def _tried_words(visit: Visit) -> str:
    done = tries(visit)
    if not done:
        return ""
    return " ".join(f"{m} {'✓' if ok else '✗'}" for m, ok in done) + ": "


def step_words(visit: Visit) -> str:
    """One step in words: the tries, the move, what it met and did there."""
    text = (
        f"step {visit.step} ({visit.hand}-hand): {_tried_words(visit)}"
        f"{_MOVES.get(visit.move, visit.move)} the {visit.part} on {visit.square}, "
        f"heading {visit.heading}"
    )
    if visit.defeated_by:
        text += f"; defeated by the {visit.defeated_by}"
    if visit.ate is not None:
        a = visit.ate
        text += "; eats " + ", ".join(
            eaten_words(a.humans, a.aliens, a.goods, a.tokens, a.passengers, a.robots)
        )
    if visit.fused:
        again = " (already fused: it counts once)" if visit.fused_again else ""
        text += "; places a fuse" + again
    return text
