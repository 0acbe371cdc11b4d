"""Epidemic (RULES §6.2): every occupied cabin connected (joined, or through routers) to at
least one other occupied cabin loses one occupant; the cabins are found before anyone leaves.
Which parts count as cabins is the ruling ``epidemic_cabins`` (RULES §10 #31)."""

from __future__ import annotations

from trucker.core.cards import Epidemic
from trucker.core.events import CrewLost
from trucker.core.parts import Part
from trucker.sim.flight import Flight

__all__ = ["resolve_epidemic"]


def resolve_epidemic(flight: Flight, card: Epidemic) -> None:
    kinds = {Part.CABIN}
    if flight.rulings.epidemic_cabins == "cabins+luxury":
        kinds.add(Part.LUXURY_CABIN)
    recording = flight.table.recording
    for player in flight.in_order():
        ship = player.ship
        contents = ship.contents
        occupied = {
            c
            for part in kinds
            for c in ship.of(part)
            if contents[c].occupants or contents[c].passenger
        }
        connected = ship.structure.connected
        sick = sorted(c for c in occupied if connected.get(c, frozenset()) & (occupied - {c}))
        for cell in sick:
            held = ship.contents[cell]
            alien: str | None = None
            if held.alien:
                ship.set(cell, held._replace(alien=None))
                humans, alien, why = 0, str(held.alien), "epidemic"
            elif held.crew:
                ship.set(cell, held._replace(crew=held.crew - 1))
                humans, why = 1, "epidemic"
            else:
                ship.set(cell, held._replace(passenger=False))
                humans, why = 0, "epidemic: the passenger"
            if recording:
                flight.table.emit(CrewLost(player.name, str(cell), humans, alien, why))
