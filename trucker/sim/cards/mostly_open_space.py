"""Mostly Open Space (RULES §6.8): Open Space, remembering each ship's engine power; then the
ship(s) with the highest power (all tied) meet the card's meteors. With five ships the second
highest are hit too (ruling ``mostly_open_five``; a tie for first already supplies the second),
and the same rolls apply to all of them."""

from __future__ import annotations

from trucker.core.cards import MostlyOpenSpace
from trucker.sim.cards.meteor_swarm import fire_volley
from trucker.sim.cards.open_space import fly_open_space
from trucker.sim.flight import Flight

__all__ = ["resolve_mostly_open_space"]


def resolve_mostly_open_space(flight: Flight, card: MostlyOpenSpace) -> None:
    powers = {p.name: power for p, power in fly_open_space(flight) if p.flying}
    if not powers:
        return
    ranked = sorted(set(powers.values()), reverse=True)
    targets = {name for name, power in powers.items() if power == ranked[0]}
    five = flight.five and flight.rulings.mostly_open_five == "top-two"
    if five and len(targets) == 1 and len(ranked) > 1:
        targets |= {name for name, power in powers.items() if power == ranked[1]}
    players = [p for p in flight.in_order() if p.name in targets]
    fire_volley(flight, players, card.threats, "meteor for the fastest")
