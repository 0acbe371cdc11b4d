"""Paying for power: a battery token anywhere, or a solar panel's once-per-card power for one
connected component (RULES §2.4, §4.4)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import itemgetter
from typing import NamedTuple

from trucker.core.events import Spent
from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.rules.stats import best_powered
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = ["Power", "power_sources", "pay", "unused_panels", "powerable"]


class Power(NamedTuple):
    """Where one activation's power comes from."""

    source: str
    cell: Cell | None
    tokens: int = 0

    @property
    def label(self) -> str:
        found = _LABELS.get(self)
        if found is None:
            found = "unlimited power" if self.cell is None else f"{self.source} {self.cell}"
            if len(_LABELS) < 4096:
                _LABELS[self] = found
        return found

    @property
    def is_battery(self) -> bool:
        return self.source == "battery"

    @property
    def is_solar(self) -> bool:
        return self.source == "solar"


_LABELS: dict[Power, str] = {}
"""Each power's label, worded once: option labels name the same few sources card after card."""

_NOWHERE: frozenset[Cell] = frozenset()

_BY_CELL = itemgetter(1)
"""Sort key: a power's square (a tuple read, no Python call per source)."""


def unused_panels(ship: ShipState, without: Cell | None = None) -> dict[Cell, frozenset[Cell]]:
    """Unused solar panels and what each reaches (``without`` one already spent)."""
    connected = ship.structure.connected
    used = ship.solar_used
    return {
        c: connected.get(c, _NOWHERE)
        for c in ship.of(Part.SOLAR_PANEL)
        if c not in used and c != without
    }


def powerable(ship: ShipState, values: Mapping[Cell, int]) -> list[Cell]:
    """The doubles among ``values`` (each with what it adds) that can all be paid for together
    now, strongest first: the most a ship can power of them (:func:`best_powered`)."""
    if ship.unlimited_power:
        return sorted(values, key=lambda c: (-values[c], c))
    return best_powered(values, ship.tokens(), unused_panels(ship))[1]


def power_sources(ship: ShipState, consumers: Iterable[Cell]) -> list[Power]:
    """Every way to power one of ``consumers`` now: each battery tile with a token, and each
    solar panel unused this card that is connected to one of them."""
    if ship.unlimited_power:
        return [Power("battery", None)]
    wanted = set(consumers)
    if not wanted:
        return []
    contents = ship.contents
    out = []
    if ship.tokens():
        out = [
            Power("battery", cell, charge)
            for cell in ship.of(Part.BATTERY)
            if (charge := contents[cell].charge) > 0
        ]
    panels = ship.of(Part.SOLAR_PANEL)
    if panels:
        used = ship.solar_used
        connected = ship.structure.connected
        solar = [
            Power("solar", c)
            for c in panels
            if c not in used and connected.get(c, _NOWHERE) & wanted
        ]
        if solar:  # batteries and panels each come in board order: merge them by square
            out = sorted(out + solar, key=_BY_CELL) if out else solar
    return out


def pay(table: Table, ship: ShipState, power: Power, consumer: Cell | None, purpose: str) -> None:
    """Spend a battery token, or mark the panel used for this card, to run ``consumer``."""
    if power.cell is None:
        return
    if power.source == "battery":
        held = ship.contents[power.cell]
        ship.set(power.cell, held._replace(charge=held.charge - 1))
    else:
        ship.solar_used.add(power.cell)
    if table.recording:
        table.emit(
            Spent(
                ship.name,
                power.source,
                str(power.cell),
                purpose,
                None if consumer is None else str(consumer),
            )
        )


def consumers_served(ship: ShipState, power: Power, candidates: Iterable[Cell]) -> list[Cell]:
    """Which of ``candidates`` this power can run: any for a battery, connected ones for solar."""
    cells = sorted(candidates)
    if power.source != "solar":
        return cells
    reach = ship.structure.connected.get(power.cell, _NOWHERE)  # type: ignore[arg-type]
    return [c for c in cells if c in reach]
