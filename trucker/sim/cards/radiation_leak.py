"""Radiation Leak (RULES §8.1): each flying ship in turn (see :mod:`trucker.sim.radiation`)."""

from __future__ import annotations

from trucker.core.cards import RadiationLeak
from trucker.sim.flight import Flight
from trucker.sim.radiation import radiation_leak

__all__ = ["resolve_radiation_leak"]


def resolve_radiation_leak(flight: Flight, card: RadiationLeak) -> None:
    for player in flight.in_order():
        radiation_leak(flight.table, player.ship)
