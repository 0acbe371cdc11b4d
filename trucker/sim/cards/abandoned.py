"""Abandoned Ship and Abandoned Station (RULES §6.2): in order, the first ship that can and
wants to takes it, and only one ship can (two with five ships, the second getting a reduced
share: RULES §6.4, ruling ``second_share``).

An abandoned ship takes ``crew`` members (humans or aliens; never robots; no armed doubling)
and pays credits; an abandoned station needs ``crew`` aboard (active robots count, armed crew
do not count twice, nobody leaves) and gives goods. Both cost days.

ABE's abandoned ship or station *under fire* (§6.8) shoots the ship about to take it first,
with new rolls for each candidate; afterwards the ship takes it only if it still can. Ruling
``under_fire_target``: only a ship that chose to take it is shot ("taker"), or every ship that
could take it, before it chooses ("offered").
"""

from __future__ import annotations

from collections.abc import Callable

from trucker.core.cards import AbandonedShip, AbandonedStation
from trucker.core.events import Passed, Rewarded
from trucker.core.threats import Threat
from trucker.rules.stats import crew_members, crew_requirement
from trucker.sim.actions import gain_goods, loadable_value, lose_crew, offer_take
from trucker.sim.cards.meteor_swarm import fire_volley
from trucker.sim.flight import Flight, Player
from trucker.sim.robots import offer_robots
from trucker.sim.shares import second_credits, second_goods

__all__ = ["resolve_abandoned_ship", "resolve_abandoned_station"]


def _chances(
    flight: Flight,
    shots: tuple[Threat, ...],
    what: str,
    able: Callable[[Player], str | None],
    wants: Callable[[Player, bool], bool],
    take: Callable[[Player, bool], None],
) -> None:
    """Offer the card down the line until it is taken (twice with five ships). ``able`` says
    why a ship cannot take it (None: it can); ``wants`` asks its captain; ``take`` applies it.
    The second argument of ``wants`` and ``take`` says whether this is the second share."""
    chances = 2 if flight.five else 1
    taken = 0

    def survives(player: Player, candidate: int) -> bool:
        """Shoot the candidate (new rolls each); can it still take the card afterwards?"""
        fire_volley(flight, [player], shots, f"fire on {what}", (candidate,))
        why_not = able(player) if player.flying else "gave up"
        if why_not is not None and flight.table.recording:
            flight.table.emit(Passed(player.name, f"after the fire: {why_not}"))
        return why_not is None

    for candidate, player in enumerate(flight.in_order(), 1):
        if not player.flying:
            continue
        second = taken > 0
        why_not = able(player)
        if why_not is not None:
            if flight.table.recording:
                flight.table.emit(Passed(player.name, why_not))
            continue
        offered_fire = shots and flight.rulings.under_fire_target == "offered"
        if offered_fire and not survives(player, candidate):
            continue
        if not wants(player, second):
            continue
        if shots and not offered_fire and not survives(player, candidate):
            continue
        take(player, second)
        taken += 1
        if taken >= chances:
            return


def resolve_abandoned_ship(flight: Flight, card: AbandonedShip) -> None:

    def credits(second: bool) -> int:
        return second_credits(card.credits, flight.rulings) if second else card.credits

    def able(player: Player) -> str | None:
        if crew_members(player.ship) < card.crew:
            return f"fewer than {card.crew} crew to send"
        return None

    def wants(player: Player, second: bool) -> bool:
        what = f"the abandoned ship ({card.crew} crew for {credits(second)} credits)"
        return offer_take(
            flight, player, what, worth=credits(second), days=card.days, crew=card.crew
        )

    def take(player: Player, second: bool) -> None:
        lose_crew(flight, player, card.crew, "sent to the abandoned ship")
        player.credits += credits(second)
        if flight.table.recording:
            flight.table.emit(Rewarded(player.name, credits(second), "", "the abandoned ship"))
        flight.move(player, -card.days)

    _chances(flight, card.shots, "the abandoned ship", able, wants, take)


def resolve_abandoned_station(flight: Flight, card: AbandonedStation) -> None:

    def reward(second: bool) -> str:
        return second_goods(card.reward, flight.rulings) if second else card.reward

    def able(player: Player) -> str | None:
        ship = player.ship
        if crew_requirement(ship) < card.crew:
            short = card.crew - crew_requirement(ship)
            offer_robots(
                flight.table,
                ship,
                f"the abandoned station needs {card.crew} crew",
                lambda center: (
                    f"4 more crew toward the {card.crew} needed"
                    if ship.contents[center].robots >= short
                    else ""
                ),
            )
        if crew_requirement(ship) < card.crew:
            return f"fewer than {card.crew} crew aboard"
        return None

    def wants(player: Player, second: bool) -> bool:
        goods = reward(second)
        what = f"the abandoned station ({goods or 'nothing'})"
        worth = loadable_value(player.ship, goods)
        return offer_take(flight, player, what, worth=worth, days=card.days)

    def take(player: Player, second: bool) -> None:
        gain_goods(flight, player, reward(second), "the abandoned station")
        flight.move(player, -card.days)

    _chances(flight, card.shots, "the abandoned station", able, wants, take)
