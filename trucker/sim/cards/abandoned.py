"""Abandoned Ship and Abandoned Station (RULES §6.2): in order, the first ship that can and
wants to takes it, and only one ship can.

An abandoned ship takes ``crew`` members (humans or aliens; never robots; no armed doubling)
and pays credits; an abandoned station needs ``crew`` aboard (active robots count, armed crew
do not count twice, nobody leaves) and gives goods. Both cost days.
"""

from __future__ import annotations

from trucker.cards import AbandonedShip, AbandonedStation, Card
from trucker.events import Passed, Rewarded
from trucker.sim.actions import gain_goods, loadable_value, lose_crew, offer_take
from trucker.sim.flight import Flight
from trucker.sim.numbers import crew_members, crew_requirement
from trucker.sim.robots import offer_robots

__all__ = ["resolve_abandoned_ship", "resolve_abandoned_station"]


def resolve_abandoned_ship(flight: Flight, card: Card) -> None:
    assert isinstance(card, AbandonedShip)
    for player in flight.in_order():
        if crew_members(player.ship) < card.crew:
            flight.table.emit(Passed(player.name, f"fewer than {card.crew} crew to send"))
            continue
        what = f"the abandoned ship ({card.crew} crew for {card.credits} credits)"
        if not offer_take(flight, player, what, worth=card.credits, days=card.days, crew=card.crew):
            continue
        lose_crew(flight, player, card.crew, "sent to the abandoned ship")
        player.credits += card.credits
        flight.table.emit(Rewarded(player.name, card.credits, "", "the abandoned ship"))
        flight.move(player, -card.days)
        return


def resolve_abandoned_station(flight: Flight, card: Card) -> None:
    assert isinstance(card, AbandonedStation)
    for player in flight.in_order():
        ship = player.ship
        if crew_requirement(ship) < card.crew:
            short = card.crew - crew_requirement(ship)
            offer_robots(
                flight.table,
                ship,
                f"the abandoned station needs {card.crew} crew",
                lambda center, short=short, ship=ship: (
                    f"4 more crew toward the {card.crew} needed"
                    if ship.tiles[center].robots >= short
                    else ""
                ),
            )
        if crew_requirement(ship) < card.crew:
            flight.table.emit(Passed(player.name, f"fewer than {card.crew} crew aboard"))
            continue
        what = f"the abandoned station ({card.reward})"
        worth = loadable_value(ship, card.reward)
        if not offer_take(flight, player, what, worth=worth, days=card.days):
            continue
        gain_goods(flight, player, card.reward, "the abandoned station")
        flight.move(player, -card.days)
        return
