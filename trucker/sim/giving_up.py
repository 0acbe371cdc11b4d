"""When giving up before a card can matter (RULES §6.3, §9.1).

A ship that gives up takes home its credits so far, half the value of its goods, less a credit
for each tile lost; a ship that flies to the end takes at least as much (an arrival reward is
never negative, and goods sell at full value). Before every card a flying ship may give up. So
giving up now is worth more than flying on only if this card can lower what giving up would
take home: destroy tiles, take goods. A card that can only cost crew, days or battery tokens
cannot: after it the ship can still give up before the next card with the same in hand (and a
ship the card puts out, by its crew or a lap, takes home what giving up would have). Whether a
card *can* cost is read from the card and the ship as the card begins, erring towards "can":
the question is then asked once too often, never skipped when it counts.

:func:`card_can_cost` is that judgement; ``trucker play`` and the table in the browser ask
their "give up?" only where it says so, when the table has asked for that.
"""

from __future__ import annotations

from trucker.core.cards import (
    AbandonedShip,
    AbandonedStation,
    Card,
    CombatZone,
    Epidemic,
    HazardousBusiness,
    Intruder,
    IntruderKind,
    OpenSpace,
    PenaltyKind,
    Pirates,
    Planets,
    Slavers,
    Smugglers,
    Stardust,
)
from trucker.core.rulings import Rulings
from trucker.rules.stats import fire_doubles, fire_totals
from trucker.sim.power import powerable
from trucker.sim.state import ShipState

__all__ = ["card_can_cost"]


def _goods(ship: ShipState) -> bool:
    return any(held.goods for held in ship.contents.values())


def _can_lose(ship: ShipState, strength: int) -> bool:
    """Can this enemy beat the ship whatever it powers? Firepower in half points, all the
    doubles it can pay for powered, against twice the strength (RULES §4.1, §6.2)."""
    best = fire_totals(ship, powerable(ship, fire_doubles(ship)))[-1]
    return best < 2 * strength


def card_can_cost(ship: ShipState, card: Card, rulings: Rulings) -> str:
    """What ``card`` can take from ``ship`` that giving up now would keep (tiles or goods),
    in a few words; empty when it can take nothing of that kind, whatever the dice and the
    other ships do, so long as the ship chooses well (a reward it may decline, doubles it
    may power)."""
    match card:
        case OpenSpace() | Stardust() | Epidemic() | Planets() | HazardousBusiness():
            return ""
        case AbandonedShip() | AbandonedStation():
            # only the ship that takes it is shot, unless the ruling shoots the one offered
            if card.shots and rulings.under_fire_target == "offered":
                return "the fire on the ship offered it can break tiles"
            return ""
        case Slavers():
            if card.shots and _can_lose(ship, card.strength):
                return f"the slavers (strength {card.strength}) can beat it and shoot"
            return ""
        case Smugglers():
            if not _can_lose(ship, card.strength):
                return ""
            if card.shots:
                return f"the smugglers (strength {card.strength}) can beat it and shoot"
            if _goods(ship):
                return f"the smugglers (strength {card.strength}) can take its goods"
            return ""
        case Pirates():
            if _can_lose(ship, card.strength):
                return f"the pirates (strength {card.strength}) can beat it and shoot"
            return ""
        case CombatZone():
            kinds = {line.penalty.kind for line in card.lines}
            if PenaltyKind.SHOTS in kinds:
                return "the combat zone can shoot it"
            if PenaltyKind.GOODS in kinds and _goods(ship):
                return "the combat zone can take its goods"
            return ""
        case Intruder():
            if card.kind is not IntruderKind.PREDATOR:
                return "a commando's fuses can destroy tiles"
            if _goods(ship):
                return "the predator can eat its goods"
            return ""
    # meteors, sabotage, a radiation leak, the meteors after a mostly open space
    return "this card can destroy tiles"
