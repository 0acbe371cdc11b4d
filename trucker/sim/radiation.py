"""Radiation Leak (RULES §8.1, the spec's explosion groups).

1. Crew exposure: every component holding awake crew (humans, an alien, a passenger; active
   robots under the ruling ``radiation_hits_robots``; never stasis sleepers) that is connected
   (joined, or through routers) to a solar panel or to a battery holding at least one token
   loses one of them.
2. Explosions: the energy networks are the connected components, under joined edges, of the
   solar panels, routers and batteries holding at least one token; a network holding at least
   ``radiation_explodes_at`` tokens (solar panels count one each under
   ``radiation_solar_counts``) explodes: every tile of it is destroyed, idle routers included.
3. The ship then breaks as after any destruction (:mod:`trucker.sim.damage`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trucker.core.events import CrewLost, LeakNetwork
from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.core.rulings import Rulings
from trucker.core.ship import Contents, Tile
from trucker.rules.graph import components
from trucker.sim.damage import Damage, destroy
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = ["EnergyNetwork", "RadiationPlan", "plan_radiation", "radiation_leak"]


@dataclass(frozen=True)
class EnergyNetwork:
    """One explosion group: its tiles, the tokens it holds, and whether it explodes."""

    cells: tuple[Cell, ...]
    tokens: int
    explodes: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "tiles": [str(c) for c in self.cells],
            "tokens": self.tokens,
            "explodes": self.explodes,
        }


@dataclass(frozen=True)
class RadiationPlan:
    """What a Radiation Leak would do to a ship, before it does it."""

    exposed: tuple[tuple[Cell, str], ...]
    networks: tuple[EnergyNetwork, ...]
    threshold: int

    @property
    def exploding(self) -> list[Cell]:
        return sorted(c for n in self.networks if n.explodes for c in n.cells)

    def to_dict(self) -> dict[str, Any]:
        return {
            "threshold": self.threshold,
            "crew_lost": [{"square": str(c), "who": who} for c, who in self.exposed],
            "networks": [n.to_dict() for n in self.networks],
            "destroyed": [str(c) for c in self.exploding],
        }


def _victim(held: Contents, rulings: Rulings) -> str | None:
    """Who on a tile radiation would take first, if anyone is awake there (robots only in an
    active robot center)."""
    if held.crew:
        return "human"
    if held.alien:
        return f"{held.alien} alien"
    if held.passenger:
        return "passenger"
    if held.active and held.robots and rulings.radiation_hits_robots:
        return "robot"
    return None


def _is_energy(tile: Tile, held: Contents) -> bool:
    return tile.part in (Part.SOLAR_PANEL, Part.ROUTER) or (
        tile.part is Part.BATTERY and held.charge > 0
    )


def plan_radiation(ship: ShipState, rulings: Rulings) -> RadiationPlan:
    """Steps 1 and 2 worked out, nothing changed."""
    tiles, contents = ship.tiles, ship.contents
    connected = ship.structure.connected
    sources = {
        c
        for c, t in tiles.items()
        if t.part is Part.SOLAR_PANEL or (t.part is Part.BATTERY and contents[c].charge > 0)
    }
    exposed = []
    for cell in sorted(tiles):
        who = _victim(contents[cell], rulings)
        if who is not None and connected.get(cell, frozenset()) & sources:
            exposed.append((cell, who))
    energy = {c for c, t in tiles.items() if _is_energy(t, contents[c])}
    joined = ship.structure.joined
    groups = components({c: [o for o in joined[c] if o in energy] for c in energy})
    networks = []
    for group in sorted(groups, key=min):
        tokens = sum(contents[c].charge for c in group)
        if rulings.radiation_solar_counts:
            tokens += sum(1 for c in group if tiles[c].part is Part.SOLAR_PANEL)
        networks.append(
            EnergyNetwork(tuple(sorted(group)), tokens, tokens >= rulings.radiation_explodes_at)
        )
    return RadiationPlan(tuple(exposed), tuple(networks), rulings.radiation_explodes_at)


def radiation_leak(table: Table, ship: ShipState) -> tuple[RadiationPlan, Damage]:
    """Apply a Radiation Leak to one ship."""
    plan = plan_radiation(ship, table.rulings)
    recording = table.recording
    if recording:
        for network in plan.networks:
            squares = tuple(str(c) for c in network.cells)
            table.emit(
                LeakNetwork(ship.name, squares, network.tokens, network.explodes, plan.threshold)
            )
    for cell, who in plan.exposed:
        held = ship.contents[cell]
        humans, alien, robots = 0, None, 0
        if who == "human":
            ship.set(cell, held._replace(crew=held.crew - 1))
            humans = 1
        elif who == "passenger":
            ship.set(cell, held._replace(passenger=False))
        elif who == "robot":
            ship.set(cell, held._replace(robots=held.robots - 1))
            robots = 1
        else:
            ship.set(cell, held._replace(alien=None))
            alien = str(held.alien)
        if recording:
            table.emit(CrewLost(ship.name, str(cell), humans, alien, "radiation", robots=robots))
    damage = Damage()
    if plan.exploding:
        damage = destroy(table, ship, plan.exploding, "radiation: the energy network exploded")
    return plan, damage
