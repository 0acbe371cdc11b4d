"""Meteor Swarm (RULES §6.2, §5): threats in printed order, each rolled once for every ship."""

from __future__ import annotations

from trucker.core.cards import MeteorSwarm
from trucker.sim.attacks import attack
from trucker.sim.flight import Flight

__all__ = ["resolve_meteor_swarm", "fire_volley"]


def fire_volley(
    flight: Flight, players: list, threats: tuple, what: str, stream: tuple[int, ...] = ()
) -> None:
    """Each threat rolled once by the leader and resolved against each of ``players`` in order
    (a threat's roll has its own dice stream, so two designs meet the same line; a card that
    fires several volleys gives each its own ``stream``)."""
    for number, threat in enumerate(threats, 1):
        targets = [p for p in players if p.flying]
        if not targets:
            return
        roll = flight.roll(f"{what} {number}: {threat}", stream=(*stream, number))
        for player in targets:
            attack(flight.table, player.ship, threat, roll)


def resolve_meteor_swarm(flight: Flight, card: MeteorSwarm) -> None:
    fire_volley(flight, flight.in_order(), card.threats, "meteor")
