"""Planets (RULES §6.2): in order, each ship may land on one free planet (or pass); landed
ships load its goods, then lose the card's days, the rearmost first."""

from __future__ import annotations

from trucker.cards import Card, Planets
from trucker.events import Passed
from trucker.policy import Decision, DecisionKind, Option
from trucker.sim.actions import gain_goods, loadable_value
from trucker.sim.choices import Landing
from trucker.sim.flight import Flight

__all__ = ["resolve_planets"]


def resolve_planets(flight: Flight, card: Card) -> None:
    assert isinstance(card, Planets)
    taken: dict[int, object] = {}
    landed = []
    for player in flight.in_order():
        free = [i for i in range(len(card.planets)) if i not in taken]
        if not free:
            flight.table.emit(Passed(player.name, "every planet is taken"))
            continue
        options = [Option("pass", Landing(None))]
        for i in free:
            goods = card.planets[i]
            value = loadable_value(player.ship, goods)
            options.append(
                Option(f"land on planet {i + 1} ({goods})", Landing(i, goods, value, card.days))
            )
        decision = Decision(
            DecisionKind.LAND, player.name, tuple(options), f"planets, {card.days} days"
        )
        choice = flight.ask(player, decision).value
        if choice.index is None:
            continue
        taken[choice.index] = player
        landed.append(player)
        gain_goods(flight, player, choice.goods, f"planet {choice.index + 1}")
    for player in flight.rearmost_first(landed):
        flight.move(player, -card.days)
