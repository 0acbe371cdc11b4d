"""Stardust (RULES §6.2): every ship loses a day per exposed connector, the rearmost first."""

from __future__ import annotations

from trucker.core.cards import Stardust
from trucker.sim.flight import Flight

__all__ = ["resolve_stardust"]


def resolve_stardust(flight: Flight, card: Stardust) -> None:
    for player in flight.rearmost_first(flight.in_order()):
        flight.move(player, -player.ship.exposed())
