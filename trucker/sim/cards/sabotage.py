"""Sabotage (RULES §6.2): the ship with the fewest crew (comparison count: armed crew twice,
active robots; ties go against the ship furthest ahead) is sabotaged: a roll for the column, a
roll for the row; a tile there is destroyed from the inside (no defence), else roll again; after
three misses nothing happens. On IIB the column comes from one roll's pair, the row from the
next roll's first die (1 or 6: a miss that counts as a try; the spec's "Rolls")."""

from __future__ import annotations

from trucker.core.cards import Sabotage
from trucker.core.events import Passed, Penalised
from trucker.core.geometry import Cell
from trucker.rules.stats import crew_comparison
from trucker.sim.cards.combat_zone import lowest
from trucker.sim.damage import destroy
from trucker.sim.flight import Flight, Player
from trucker.sim.robots import offer_robots

__all__ = ["resolve_sabotage", "TRIES"]

TRIES = 3


def resolve_sabotage(flight: Flight, card: Sabotage) -> None:
    players = flight.in_order()
    if not players:
        return
    values: list[tuple[Player, float]] = []
    for player in players:
        offer_robots(
            flight.table,
            player.ship,
            "sabotage targets the fewest crew",
            lambda center: "4 more crew against the saboteurs",
        )
        values.append((player, crew_comparison(player.ship, flight.rulings)))
    target = lowest(values)
    recording = flight.table.recording
    if recording:
        compared = {p.name: value for p, value in values}
        flight.table.emit(Penalised(target.name, "crew", "sabotage", compared, "sabotage"))
    ship = target.ship
    board = ship.board
    for attempt in range(1, TRIES + 1):
        first = flight.roll(f"sabotage try {attempt}: column")
        second = flight.roll(f"sabotage try {attempt}: row")
        if board.dice == "pairs":
            col = board.pair_columns.get(first)
            row = None if second[0] in (1, 6) else second[0]
        else:
            col, row = sum(first), sum(second)
        cell = Cell(row, col) if row is not None and col is not None else None
        if cell is not None and cell in ship.tiles:
            destroy(flight.table, ship, [cell], "sabotage")
            return
    if recording:
        flight.table.emit(Passed(target.name, "three sabotage tries found no tile"))
