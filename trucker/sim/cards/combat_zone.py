"""Combat Zone (RULES §6.2): each line in printed order finds the ship lowest in crew, engine
power or firepower (ties: the ship furthest ahead) and penalises it; later lines see what earlier
ones did. With only one ship flying, the penalties are ignored."""

from __future__ import annotations

from collections.abc import Sequence

from trucker.core.cards import CombatLine, CombatTest, CombatZone, PenaltyKind
from trucker.core.events import Passed, Penalised
from trucker.core.geometry import Cell
from trucker.rules.stats import crew_comparison, half
from trucker.sim.actions import declare_power, lose_crew, lose_goods
from trucker.sim.cards.meteor_swarm import fire_volley
from trucker.sim.flight import Flight, Player
from trucker.sim.robots import offer_robots

__all__ = ["resolve_combat_zone", "lowest"]


def lowest(values: Sequence[tuple[Player, float]]) -> Player:
    """The ship with the lowest value; a tie goes against the ship furthest ahead (the list is
    in flight order, leader first)."""
    least = min(v for _, v in values)
    return next(p for p, v in values if v == least)


def _values(flight: Flight, line: CombatLine, players: list[Player]) -> list[tuple[Player, float]]:
    values: list[tuple[Player, float]] = []
    for player in players:
        declared = [v for _, v in values]
        if line.test is CombatTest.CREW:
            mine = crew_comparison(player.ship, flight.rulings)
            bottom = min(declared, default=None)

            def useful(center: Cell, helps: bool = bottom is None or mine < bottom) -> str:
                return "4 more crew against the fewest-crew line" if helps else ""

            offer_robots(
                flight.table,
                player.ship,
                "combat zone: fewest crew",
                useful,
            )
            values.append((player, crew_comparison(player.ship, flight.rulings)))
            continue
        what = "engines" if line.test is CombatTest.ENGINES else "cannons"
        scale = 1 if what == "engines" else 2
        floor = min(declared, default=None)

        def verdict(total: int, floor: float | None = floor, scale: int = scale) -> str:
            if floor is None:
                return ""
            return "safe" if total >= floor * scale else "lowest"

        total = declare_power(flight, player, what, verdict, f"combat zone: weakest {what}")
        values.append((player, total / scale))
    return values


def resolve_combat_zone(flight: Flight, card: CombatZone) -> None:
    for line in card.lines:
        players = flight.in_order()
        if len(players) < 2:
            for player in players:
                flight.table.emit(Passed(player.name, "alone in the combat zone: no penalty"))
            return
        values = _values(flight, line, players)
        loser = lowest(values)
        penalty = line.penalty
        flight.table.emit(
            Penalised(
                loser.name,
                str(line.test),
                penalty.short(),
                {
                    p.name: (half(int(v * 2)) if line.test is CombatTest.CANNONS else v)
                    for p, v in values
                },
            )
        )
        if penalty.kind is PenaltyKind.DAYS:
            flight.move(loser, -penalty.amount)
        elif penalty.kind is PenaltyKind.CREW:
            lose_crew(flight, loser, penalty.amount, "combat zone")
        elif penalty.kind is PenaltyKind.GOODS:
            lose_goods(flight, loser, penalty.amount, "combat zone")
        else:
            fire_volley(flight, [loser], penalty.shots, "combat zone shot")
