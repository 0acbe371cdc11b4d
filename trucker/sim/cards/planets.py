"""Planets (RULES §6.2): in order, each ship may land on one free planet (or pass); landed
ships load its goods, then lose the card's days, the rearmost first.

ABE's developed planets (§6.8) also offer humans: a ship landing there may take up to the
planet's number into free cabin space (stasis chambers too, luxury cabins not). With five ships
(§6.4) two ships may land on one planet, the second getting one good and one human fewer
(ruling ``second_share``)."""

from __future__ import annotations

from trucker.core.cards import Planets
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.events import Passed
from trucker.core.parts import goods_value
from trucker.sim.actions import crew_room, gain_goods, loadable_value, recruit
from trucker.sim.choices import Landing
from trucker.sim.flight import Flight
from trucker.sim.goods import cargo_of
from trucker.sim.shares import second_crew, second_goods

__all__ = ["resolve_planets"]


def resolve_planets(flight: Flight, card: Planets) -> None:
    room_on_planet = 2 if flight.five else 1
    landers: dict[int, int] = {}
    landed = []
    for player in flight.in_order():
        free = [i for i in range(len(card.planets)) if landers.get(i, 0) < room_on_planet]
        if not free:
            if flight.table.recording:
                flight.table.emit(Passed(player.name, "every planet is taken"))
            continue
        options = [Option("pass", Landing(None))]
        room = crew_room(player.ship) if any(card.crew) else 0
        cargo = cargo_of(player.ship)
        aboard = goods_value(cargo.aboard)
        for i in free:
            goods, crew = card.planets[i], card.crew_on(i)
            if landers.get(i, 0):
                goods, crew = second_goods(goods, flight.rulings), second_crew(crew, flight.rulings)
            value = loadable_value(player.ship, goods, aboard, cargo)
            offer = f" and {crew} crew" if crew else ""
            options.append(
                Option(
                    f"land on planet {i + 1} ({goods or 'no goods'}{offer})",
                    Landing(i, goods, value, card.days, crew, min(crew, room)),
                )
            )
        days = f"{card.days} day{'' if card.days == 1 else 's'}"
        decision = Decision(DecisionKind.LAND, player.name, tuple(options), f"planets, {days}")
        choice = flight.ask(player, decision).value
        if choice.planet is None:
            continue
        landers[choice.planet] = landers.get(choice.planet, 0) + 1
        landed.append(player)
        gain_goods(flight, player, choice.goods, f"planet {choice.planet + 1}")
        if choice.crew:
            recruit(flight, player, choice.crew, f"planet {choice.planet + 1}")
    for player in flight.rearmost_first(landed):
        flight.move(player, -card.days)
