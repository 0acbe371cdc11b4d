"""Open Space (RULES §6.2): in order, each ship declares engine power and moves that far; engine
power 0 forces it to give up."""

from __future__ import annotations

from trucker.core.cards import OpenSpace
from trucker.sim.actions import declare_power
from trucker.sim.flight import Flight, Player

__all__ = ["resolve_open_space", "fly_open_space"]


def fly_open_space(flight: Flight) -> list[tuple[Player, int]]:
    """Every flying ship, leader first, declares and moves; returns each one's engine power."""
    declared = []
    for player in flight.in_order():
        if not player.flying:
            continue
        power = declare_power(
            flight, player, "engines", lambda total: "stuck" if total == 0 else "", "open space"
        )
        declared.append((player, power))
        if power == 0:
            flight.give_up(player, "no engine power in open space")
        else:
            flight.move(player, power)
    return declared


def resolve_open_space(flight: Flight, card: OpenSpace) -> None:
    fly_open_space(flight)
