"""One resolver per card type, keyed by the card's class in a plain dict (no registration by
import).

A resolver takes the flight and the card and plays the card through, in the order the rulebook
gives (RULES §6.2); a test checks every card type in the catalogue has one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from trucker.core.cards import (
    AbandonedShip,
    AbandonedStation,
    Card,
    CombatZone,
    Epidemic,
    HazardousBusiness,
    Intruder,
    MeteorSwarm,
    MostlyOpenSpace,
    OpenSpace,
    Pirates,
    Planets,
    RadiationLeak,
    Sabotage,
    Slavers,
    Smugglers,
    Stardust,
)
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

__all__ = ["RESOLVERS", "Resolver", "resolver_for"]

C = TypeVar("C", bound=Card)

Resolver = Callable[[Flight, Any], None]
"""A card type's resolver: the flight and a card of that type."""


def _rule(card: type[C], resolve: Callable[[Flight, C], None]) -> tuple[type[Card], Resolver]:
    """One card class and its resolver: mypy checks the resolver takes that class."""
    return card, resolve


RESOLVERS: dict[type[Card], Resolver] = dict(
    [
        _rule(OpenSpace, resolve_open_space),
        _rule(MeteorSwarm, resolve_meteor_swarm),
        _rule(Planets, resolve_planets),
        _rule(AbandonedShip, resolve_abandoned_ship),
        _rule(AbandonedStation, resolve_abandoned_station),
        _rule(Smugglers, resolve_smugglers),
        _rule(Slavers, resolve_slavers),
        _rule(Pirates, resolve_pirates),
        _rule(CombatZone, resolve_combat_zone),
        _rule(Stardust, resolve_stardust),
        _rule(Epidemic, resolve_epidemic),
        _rule(Sabotage, resolve_sabotage),
        _rule(Intruder, resolve_intruder),
        _rule(HazardousBusiness, resolve_hazardous_business),
        _rule(MostlyOpenSpace, resolve_mostly_open_space),
        _rule(RadiationLeak, resolve_radiation_leak),
    ]
)
"""Each card class's resolver (a test holds it to every :class:`~trucker.core.cards.CardType`)."""


def resolver_for(card: Card) -> Resolver:
    return RESOLVERS[type(card)]
