"""Intruder cards in a flight (RULES §7): the leader rolls once for every ship; each ship
meets the intruder(s) and collects the reward of every one it defeats."""

from __future__ import annotations

from trucker.core.cards import Intruder
from trucker.sim.actions import gain_goods
from trucker.sim.flight import Flight
from trucker.sim.intruders import intrude

__all__ = ["resolve_intruder"]


def resolve_intruder(flight: Flight, card: Intruder) -> None:
    players = flight.in_order()
    if not players:
        return
    roll = flight.roll(f"{card.kind} landing")
    for player in players:
        result = intrude(flight.table, player.ship, card, roll)
        player.credits += result.reward.credits
        if result.reward.goods:
            gain_goods(flight, player, result.reward.goods, f"the defeated {card.kind}")
