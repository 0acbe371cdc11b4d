"""Smugglers, Slavers and Pirates (RULES §6.2): the enemy meets the ships in order until one
beats it. Firepower above its strength wins (the winner may take the reward, losing days); equal
firepower does nothing; lower firepower takes the penalty, and the enemy moves on. Pirates' shots
are fired after they have passed every ship, each shot rolled once for all the ships they beat
(RULES §6.2, as the BGA port resolves it)."""

from __future__ import annotations

from collections.abc import Callable

from trucker.cards import Card, Pirates, Slavers, Smugglers
from trucker.events import Faced, Rewarded
from trucker.sim.actions import (
    declare_power,
    gain_goods,
    loadable_value,
    lose_crew,
    lose_goods,
    offer_take,
)
from trucker.sim.cards.meteor_swarm import fire_volley
from trucker.sim.flight import Flight, Player
from trucker.stats import half

__all__ = ["resolve_smugglers", "resolve_slavers", "resolve_pirates", "meet_enemy"]


def _verdict(strength: int) -> Callable[[int], str]:
    target = 2 * strength

    def verdict(total: int) -> str:
        return "win" if total > target else "tie" if total == target else "loss"

    return verdict


def meet_enemy(
    flight: Flight,
    card: Card,
    strength: int,
    on_win: Callable[[Player], None],
    on_loss: Callable[[Player], None],
) -> list[Player]:
    """Send the enemy down the line until beaten; return the ships it beat."""
    beaten = []
    for player in flight.in_order():
        total = declare_power(
            flight, player, "cannons", _verdict(strength), f"{card.type}, strength {strength}"
        )
        result = _verdict(strength)(total)
        flight.table.emit(Faced(player.name, str(card.type), strength, half(total), result))
        if result == "win":
            on_win(player)
            break
        if result == "loss":
            on_loss(player)
            beaten.append(player)
    return beaten


def resolve_smugglers(flight: Flight, card: Card) -> None:
    assert isinstance(card, Smugglers)

    def win(player: Player) -> None:
        what = f"the smugglers' goods {card.reward}"
        worth = loadable_value(player.ship, card.reward)
        if offer_take(flight, player, what, worth=worth, days=card.days):
            gain_goods(flight, player, card.reward, "the smugglers' cargo")
            flight.move(player, -card.days)

    meet_enemy(
        flight, card, card.strength, win, lambda p: lose_goods(flight, p, card.goods, "smugglers")
    )


def _credits(flight: Flight, player: Player, credits: int, days: int, what: str) -> None:
    if offer_take(flight, player, what, worth=credits, days=days):
        player.credits += credits
        flight.table.emit(Rewarded(player.name, credits, "", what))
        flight.move(player, -days)


def resolve_slavers(flight: Flight, card: Card) -> None:
    assert isinstance(card, Slavers)
    meet_enemy(
        flight,
        card,
        card.strength,
        lambda p: _credits(
            flight, p, card.credits, card.days, f"the slavers' {card.credits} credits"
        ),
        lambda p: lose_crew(flight, p, card.crew, "taken by the slavers"),
    )


def resolve_pirates(flight: Flight, card: Card) -> None:
    assert isinstance(card, Pirates)
    beaten = meet_enemy(
        flight,
        card,
        card.strength,
        lambda p: _credits(
            flight, p, card.credits, card.days, f"the pirates' {card.credits} credits"
        ),
        lambda p: None,
    )
    fire_volley(flight, beaten, card.shots, "pirate shot")
