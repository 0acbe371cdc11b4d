"""Exact odds from the dice table, not sampling: how exposed is a ship to one kind of threat?

For each side and each of the 36 ordered rolls, the threat is resolved on a copy of the ship
twice: with no paid defence (only smooth sides, armor and single cannons help) and with
unlimited power (the best single shield or double cannon for each impact), never with a
thruster. Each tile's chance to be met, destroyed and lost follows by adding up the rolls.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from trucker.core.dice import outcomes
from trucker.core.geometry import DIRECTIONS, Cell, Direction
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.threats import Threat, ThreatKind, read_roll
from trucker.sim.attacks import attack
from trucker.sim.captains import SensibleCaptain
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = ["TileOdds", "SideExposure", "exact_odds"]


@dataclass
class TileOdds:
    """One tile's chances against one side's threat."""

    met: Fraction = Fraction(0)
    destroyed_unpowered: Fraction = Fraction(0)
    destroyed_powered: Fraction = Fraction(0)
    lost_unpowered: Fraction = Fraction(0)
    lost_powered: Fraction = Fraction(0)


@dataclass
class SideExposure:
    """A threat kind from one side: the chance it meets the ship, and damages it."""

    threat: ThreatKind
    direction: Direction
    meets: Fraction = Fraction(0)
    damage_unpowered: Fraction = Fraction(0)
    damage_powered: Fraction = Fraction(0)
    lines: dict[str, Fraction] = field(default_factory=dict)
    tiles: dict[Cell, TileOdds] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        def num(p: Fraction) -> dict[str, Any]:
            return {"p": float(p), "of_36": float(p * 36)}

        return {
            "threat": str(self.threat),
            "from": str(self.direction),
            "meets": num(self.meets),
            "damage_without_batteries": num(self.damage_unpowered),
            "damage_with_batteries": num(self.damage_powered),
            "tiles": {
                str(cell): {
                    "met": num(o.met),
                    "destroyed_without_batteries": num(o.destroyed_unpowered),
                    "destroyed_with_batteries": num(o.destroyed_powered),
                    "lost_without_batteries": num(o.lost_unpowered),
                    "lost_with_batteries": num(o.lost_powered),
                }
                for cell, o in sorted(self.tiles.items())
            },
        }


def exact_odds(
    ship: ShipState,
    threat: ThreatKind,
    rulings: Rulings = DEFAULT_RULINGS,
    directions: Iterable[Direction] = DIRECTIONS,
) -> list[SideExposure]:
    """Exact per-side, per-tile chances for ``threat`` against ``ship`` (see module doc)."""
    out = []
    unpowered = SensibleCaptain(use_batteries=False, use_solar=False)
    powered = SensibleCaptain()
    for direction in directions:
        side = SideExposure(threat, direction)
        cache: dict[object, tuple[Any, Any]] = {}
        for roll, p in outcomes():
            line = read_roll(ship.board, direction, roll)
            key = (line.index, line.entry)
            if key not in cache:
                results = []
                for policy, unlimited in ((unpowered, False), (powered, True)):
                    twin = ship.copy()
                    twin.unlimited_power = unlimited
                    table = Table(rulings=rulings, policies=policy)
                    results.append(
                        attack(table, twin, Threat(threat, direction), roll, allow_shift=False)
                    )
                cache[key] = (results[0], results[1])
            plain, defended = cache[key]
            side.lines[str(line)] = side.lines.get(str(line), Fraction(0)) + p
            met = {i.hit for i in plain.impacts if i.hit is not None}
            if met:
                side.meets += p
            if plain.lost:
                side.damage_unpowered += p
            if defended.lost:
                side.damage_powered += p
            for cell in met:
                side.tiles.setdefault(cell, TileOdds()).met += p
            for cell in plain.destroyed:
                side.tiles.setdefault(cell, TileOdds()).destroyed_unpowered += p
            for cell in defended.destroyed:
                side.tiles.setdefault(cell, TileOdds()).destroyed_powered += p
            for cell in plain.lost:
                side.tiles.setdefault(cell, TileOdds()).lost_unpowered += p
            for cell in defended.lost:
                side.tiles.setdefault(cell, TileOdds()).lost_powered += p
        out.append(side)
    return out
