"""Robot centers: activated for one card by a battery token or solar power (RULES §2.4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.sim.power import Power, pay, power_sources
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = ["Activation", "offer_robots"]


@dataclass(frozen=True, slots=True)
class Activation:
    """Option value of an activate-robots decision. ``useful`` says what the engine knows the
    robots would do this card (e.g. "armed: they defend against the intruder"), empty when
    nothing; the captain weighs it."""

    center: Cell
    power: Power | None
    useful: str = ""

    @property
    def spends(self) -> frozenset[str]:
        return frozenset({self.power.source}) if self.power else frozenset()


def offer_robots(
    table: Table, ship: ShipState, purpose: str, useful: Callable[[Cell], str]
) -> list[Cell]:
    """Offer to activate each inactive robot center that still holds robots; return the
    centers activated. ``useful(center)`` describes what its robots would do for ``purpose``."""
    activated = []
    for center in ship.cells_of(Part.ROBOT_CENTER):
        held = ship.contents[center]
        if held.active or not held.robots:
            continue
        why = useful(center)
        options = [Option(f"leave robots {center} inactive", Activation(center, None, why))]
        for power in power_sources(ship, [center]):
            label = f"activate robots {center} with {power.label}"
            options.append(Option(label, Activation(center, power, why)))
        if len(options) == 1:
            continue
        context = f"{purpose}; robots {center}: {why or 'no use found'}"
        choice = table.ask(
            ship.name, Decision(DecisionKind.ACTIVATE_ROBOTS, ship.name, tuple(options), context)
        )
        if choice.value.power is not None:
            pay(table, ship, choice.value.power, center, f"robots {center}")
            ship.set(center, ship.contents[center]._replace(active=True))
            activated.append(center)
    return activated
