"""Smugglers, Slavers and Pirates (RULES §6.2): the enemy meets the ships in order until one
beats it. Firepower above its strength wins (the winner may take the reward, losing days); equal
firepower does nothing; lower firepower takes the penalty, and the enemy moves on. Pirates' shots
are fired after they have passed every ship, each shot rolled once for all the ships they beat
(RULES §6.2, as the BGA port resolves it); ABE's hostile Smugglers and Slavers fire theirs the
same way (§6.8), or with new rolls for each beaten ship (ruling ``hostile_rolls``).

With five ships (§6.4) an enemy must be beaten twice: the second winner's reward is reduced
(ruling ``second_share``) and the ships it beats after its first defeat meet weaker shots
(ruling ``weakened_enemy``)."""

from __future__ import annotations

from collections.abc import Callable

from trucker.core.cards import Card, Pirates, Slavers, Smugglers
from trucker.core.events import Faced, Rewarded
from trucker.core.rulings import Rulings
from trucker.core.threats import Threat, ThreatKind
from trucker.rules.stats import half
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
from trucker.sim.shares import second_credits, second_goods

__all__ = [
    "resolve_smugglers",
    "resolve_slavers",
    "resolve_pirates",
    "meet_enemy",
    "weakened",
]

Beaten = list[tuple[Player, bool]]
"""The ships an enemy beat, each with whether the enemy had already been defeated once."""


def _verdict(strength: int) -> Callable[[int], str]:
    target = 2 * strength

    def verdict(total: int) -> str:
        return "win" if total > target else "tie" if total == target else "loss"

    return verdict


def meet_enemy(
    flight: Flight,
    card: Card,
    strength: int,
    on_win: Callable[[Player, bool], None],
    on_loss: Callable[[Player], object],
) -> Beaten:
    """Send the enemy down the line until beaten (twice with five ships); ``on_win`` learns
    whether the winner is the second. Returns the ships it beat."""
    needed = 2 if flight.five else 1
    defeats = 0
    beaten: Beaten = []
    verdict = _verdict(strength)
    context = f"{card.type}, strength {strength}"
    for player in flight.in_order():
        total = declare_power(flight, player, "cannons", verdict, context)
        result = verdict(total)
        if flight.table.recording:
            flight.table.emit(Faced(player.name, str(card.type), strength, half(total), result))
        if result == "win":
            on_win(player, defeats > 0)
            defeats += 1
            if defeats >= needed:
                break
        elif result == "loss":
            on_loss(player)
            beaten.append((player, defeats > 0))
    return beaten


def weakened(shots: tuple[Threat, ...], rulings: Rulings) -> tuple[Threat, ...]:
    """An enemy's shots after its first defeat with five ships (RULES §6.4): one fewer of each
    kind (the last of each), or heavy shots made light."""
    if rulings.weakened_enemy == "lighter":
        return tuple(
            Threat(ThreatKind.LIGHT_FIRE, s.direction) if s.kind is ThreatKind.HEAVY_FIRE else s
            for s in shots
        )
    drop = {
        max(i for i, s in enumerate(shots) if s.kind is kind) for kind in {s.kind for s in shots}
    }
    return tuple(s for i, s in enumerate(shots) if i not in drop)


def fire_at_beaten(
    flight: Flight,
    beaten: Beaten,
    shots: tuple[Threat, ...],
    what: str,
    *,
    shared: bool = True,
) -> None:
    """The enemy's shots at the ships it beat: full strength, then (five ships) the weaker
    shots at those beaten after its first defeat, each group with its own rolls; not
    ``shared``, every ship gets rolls of its own (ruling ``hostile_rolls``)."""
    if not shots:
        return
    if not shared:
        for number, (player, after) in enumerate(beaten, 3):
            volley = weakened(shots, flight.rulings) if after else shots
            fire_volley(flight, [player], volley, f"{what} at {player.name}", (number,))
        return
    full = [p for p, after in beaten if not after]
    late = [p for p, after in beaten if after]
    fire_volley(flight, full, shots, what)
    if late:
        fire_volley(flight, late, weakened(shots, flight.rulings), f"{what} (weakened)", (2,))


def _shared(flight: Flight) -> bool:
    return flight.rulings.hostile_rolls == "shared"


def resolve_smugglers(flight: Flight, card: Smugglers) -> None:

    def win(player: Player, second: bool) -> None:
        reward = second_goods(card.reward, flight.rulings) if second else card.reward
        what = f"the smugglers' goods {reward or 'nothing'}"
        worth = loadable_value(player.ship, reward)
        if offer_take(flight, player, what, worth=worth, days=card.days):
            gain_goods(flight, player, reward, "the smugglers' cargo")
            flight.move(player, -card.days)

    beaten = meet_enemy(
        flight, card, card.strength, win, lambda p: lose_goods(flight, p, card.goods, "smugglers")
    )
    fire_at_beaten(flight, beaten, card.shots, "smugglers' shot", shared=_shared(flight))


def _credits(
    flight: Flight, player: Player, credits: int, days: int, who: str, second: bool
) -> None:
    if second:
        credits = second_credits(credits, flight.rulings)
    what = f"the {who}' {credits} credits"
    if offer_take(flight, player, what, worth=credits, days=days):
        player.credits += credits
        flight.table.emit(Rewarded(player.name, credits, "", what))
        flight.move(player, -days)


def resolve_slavers(flight: Flight, card: Slavers) -> None:
    beaten = meet_enemy(
        flight,
        card,
        card.strength,
        lambda p, second: _credits(flight, p, card.credits, card.days, "slavers", second),
        lambda p: lose_crew(flight, p, card.crew, "taken by the slavers"),
    )
    fire_at_beaten(flight, beaten, card.shots, "slavers' shot", shared=_shared(flight))


def resolve_pirates(flight: Flight, card: Pirates) -> None:
    beaten = meet_enemy(
        flight,
        card,
        card.strength,
        lambda p, second: _credits(flight, p, card.credits, card.days, "pirates", second),
        lambda p: None,
    )
    fire_at_beaten(flight, beaten, card.shots, "pirate shot")
