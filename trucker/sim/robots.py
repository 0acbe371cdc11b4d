"""Robot centers: activated for one card by a battery token or solar power (RULES §2.4).

Activated robots count as crew in comparisons and requirements, may be armed, and may work a
thruster against an intruder; the engine offers the activation, with what it would do this
card, and the captain decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.geometry import Cell, Direction
from trucker.core.parts import Part
from trucker.core.threats import Line
from trucker.sim.power import Power, pay, power_sources
from trucker.sim.shifts import ShiftOption, shift_ways
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = ["Activation", "awake", "could_man", "offer_robots"]


@dataclass(frozen=True, slots=True)
class Activation:
    """Option value of an activate-robots decision. ``useful`` says what the engine knows the
    robots would do this card (e.g. "armed: they defend against the intruder"), empty when
    nothing; ``shifts`` is the thruster shift decision the awake robots would open against an
    intruder ("no shift" first, then each shift only they can work, each with its preview),
    empty when they would open none. The captain weighs both."""

    center: Cell
    power: Power | None
    useful: str = ""
    shifts: tuple[ShiftOption, ...] = ()

    @property
    def spends(self) -> frozenset[str]:
        return frozenset({self.power.source}) if self.power else frozenset()


def awake(table: Table, ship: ShipState, center: Cell, power: Power | None) -> ShipState:
    """A copy of ``ship`` with the robots of ``center`` activated by ``power``: what the ship
    would be if the captain said yes (previews; nothing is recorded). With ``power`` None
    nothing is paid: one preview serves every way of paying. A scratch copy
    (:meth:`~trucker.sim.state.ShipState.scratch`): drop it before ``ship`` changes."""
    twin = ship.scratch()
    if power is not None:
        pay(table.quiet(), twin, power, center, f"robots {center}")
    twin.set(center, twin.contents[center].with_active(True))
    return twin


def _asleep(ship: ShipState) -> list[Cell]:
    """Robot centers that still hold robots and are not active this card."""
    contents = ship.contents
    return [
        c for c in ship.cells_of(Part.ROBOT_CENTER) if not contents[c].active and contents[c].robots
    ]


def could_man(table: Table, ship: ShipState, line: Line, moves: Direction) -> list[Cell]:
    """Inactive robot centers whose robots, once activated, would work a thruster that moves the
    ship ``moves`` against an intruder on ``line``, with power left to fire it (RULES §2.4)."""
    return [
        center
        for center in _asleep(ship)
        if any(
            shift_ways(awake(table, ship, center, power), line, moves, needs_crew=True)
            for power in power_sources(ship, [center])
        )
    ]


def offer_robots(
    table: Table,
    ship: ShipState,
    purpose: str,
    useful: Callable[[Cell], str],
    shifts: Callable[[Cell, Power], tuple[ShiftOption, ...]] | None = None,
) -> list[Cell]:
    """Offer to activate each inactive robot center that still holds robots; return the
    centers activated. ``useful(center)`` describes what its robots would do for ``purpose``;
    ``shifts(center, power)`` lists the thruster shifts they would open, woken by ``power``."""
    activated = []
    for center in _asleep(ship):
        why = useful(center)
        options = [Option(f"leave robots {center} inactive", Activation(center, None, why))]
        opened: set[Direction] = set()
        for power in power_sources(ship, [center]):
            label = f"activate robots {center} with {power.label}"
            would = shifts(center, power) if shifts is not None else ()
            opened.update(s.direction for s in would if s.direction is not None)
            options.append(Option(label, Activation(center, power, why, would)))
        if len(options) == 1:
            continue
        uses = [why] if why else []
        if opened:
            moves = " or ".join(sorted(map(str, opened)))
            uses.append(f"awake, they could work a thruster to shift the ship {moves}")
        context = f"{purpose}; robots {center}: {'; '.join(uses) or 'no use found'}"
        choice = table.ask(
            ship.name, Decision(DecisionKind.ACTIVATE_ROBOTS, ship.name, tuple(options), context)
        )
        if choice.value.power is not None:
            pay(table, ship, choice.value.power, center, f"robots {center}")
            ship.set(center, ship.contents[center].with_active(True))
            activated.append(center)
    return activated
