"""Open Space (RULES §6.2): in order, each ship declares engine power and moves that far; engine
power 0 forces it to give up."""

from __future__ import annotations

from trucker.cards import Card
from trucker.sim.actions import declare_power
from trucker.sim.flight import Flight

__all__ = ["resolve_open_space"]


def resolve_open_space(flight: Flight, card: Card) -> None:
    for player in flight.in_order():
        if not player.flying:
            continue
        power = declare_power(
            flight, player, "engines", lambda total: "stuck" if total == 0 else "", "open space"
        )
        if power == 0:
            flight.give_up(player, "no engine power in open space")
        else:
            flight.move(player, power)
