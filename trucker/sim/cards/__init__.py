"""One resolver per card type, keyed by the type in a plain dict (no registration by import).

A resolver takes the flight and the card and plays the card through, in the order the rulebook
gives (RULES §6.2); a test checks every card type in the catalogue has one.
"""

from __future__ import annotations

from collections.abc import Callable

from trucker.core.cards import Card, CardType
from trucker.sim.cards.abandoned import resolve_abandoned_ship, resolve_abandoned_station
from trucker.sim.cards.combat_zone import resolve_combat_zone
from trucker.sim.cards.enemies import resolve_pirates, resolve_slavers, resolve_smugglers
from trucker.sim.cards.epidemic import resolve_epidemic
from trucker.sim.cards.hazardous import resolve_hazardous_business
from trucker.sim.cards.intruder import resolve_intruder
from trucker.sim.cards.meteor_swarm import resolve_meteor_swarm
from trucker.sim.cards.mostly_open_space import resolve_mostly_open_space
from trucker.sim.cards.open_space import resolve_open_space
from trucker.sim.cards.planets import resolve_planets
from trucker.sim.cards.radiation_leak import resolve_radiation_leak
from trucker.sim.cards.sabotage import resolve_sabotage
from trucker.sim.cards.stardust import resolve_stardust
from trucker.sim.flight import Flight

__all__ = ["RESOLVERS", "resolver_for"]

Resolver = Callable[[Flight, Card], None]

RESOLVERS: dict[CardType, Resolver] = {
    CardType.OPEN_SPACE: resolve_open_space,
    CardType.METEOR_SWARM: resolve_meteor_swarm,
    CardType.PLANETS: resolve_planets,
    CardType.ABANDONED_SHIP: resolve_abandoned_ship,
    CardType.ABANDONED_STATION: resolve_abandoned_station,
    CardType.SMUGGLERS: resolve_smugglers,
    CardType.SLAVERS: resolve_slavers,
    CardType.PIRATES: resolve_pirates,
    CardType.COMBAT_ZONE: resolve_combat_zone,
    CardType.STARDUST: resolve_stardust,
    CardType.EPIDEMIC: resolve_epidemic,
    CardType.SABOTAGE: resolve_sabotage,
    CardType.INTRUDER: resolve_intruder,
    CardType.HAZARDOUS_BUSINESS: resolve_hazardous_business,
    CardType.MOSTLY_OPEN_SPACE: resolve_mostly_open_space,
    CardType.RADIATION_LEAK: resolve_radiation_leak,
}


def resolver_for(card: Card) -> Resolver:
    return RESOLVERS[card.type]
