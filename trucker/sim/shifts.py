"""Thruster shifts (RULES §2.4): a ship may move one line sideways against a roll, once, with a
thruster whose nozzle points the other way (worked by connected crew where the rules ask) and
one battery token or solar panel's power. The captain is offered each way, with a preview of
the line it leads to worked out only when read; meteors, cannon fire (:mod:`trucker.sim.attacks`)
and intruders (:mod:`trucker.sim.intruders`) offer them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.events import Shifted
from trucker.core.geometry import Cell, Direction
from trucker.core.parts import Part
from trucker.core.threats import Line, shift_axis, shift_line
from trucker.sim.power import Power, battery_sources, consumers_served, pay, power_sources
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = [
    "LinePreview",
    "ShiftOption",
    "offer_shift",
    "shift_thrusters",
    "shift_ways",
    "why_no_shift",
]


class LinePreview(NamedTuple):
    """A preview of what a line would cost with the default defences: crew (humans and aliens)
    and tiles lost, credits' worth lost (goods and battery tokens, less any reward earned),
    battery tokens and solar panels spent."""

    lost: int = 0
    crew: int = 0
    value: int = 0
    batteries: int = 0
    solar: int = 0


_ANY_VALUE = -(2**62)
"""Below any value a line could cost less its reward."""


class ShiftOption:
    """Option value of a shift decision: move the ship ``direction`` (None: stay), paid by
    ``power`` through ``thruster``; ``outcome`` previews the new line (``offer_shift`` lists
    "no shift" first). The preview may be given
    as a function that works it out, called when a captain first reads it: a captain that sees
    staying costs nothing need not look at the shifts (it costs a copy of the ship and a whole
    impact per line)."""

    __slots__ = ("direction", "thruster", "power", "line", "_outcome", "earns", "_cost")

    def __init__(
        self,
        direction: Direction | None,
        thruster: Cell | None,
        power: Power | None,
        line: Line,
        outcome: LinePreview | Callable[[], LinePreview],
        *,
        earns: bool = True,
    ) -> None:
        self.direction = direction
        self.thruster = thruster
        self.power = power
        self.line = line
        self._outcome = outcome
        self.earns = earns
        """Could a line of this decision earn a reward (a value below zero)? Meteors and
        cannon fire never do; a defeated intruder pays."""
        self._cost: tuple[int, ...] | None = None

    @property
    def outcome(self) -> LinePreview:
        found = self._outcome
        if not isinstance(found, LinePreview):
            found = self._outcome = found()
        return found

    def __repr__(self) -> str:
        return (
            f"ShiftOption({self.direction!r}, {self.thruster!r}, {self.power!r}, {self.line!r}, "
            f"{self.outcome!r})"
        )

    @property
    def spends(self) -> frozenset[str]:
        return frozenset({self.power.source}) if self.power else frozenset()

    @property
    def least(self) -> tuple[int, ...]:
        """The least :attr:`cost` could be, known without the preview: no crew, tile or value
        lost (any value, on a line that could earn), nothing spent but the shift's own power,
        and the move. A captain holding a cheaper option need not read this one's preview."""
        return (0, 0, _ANY_VALUE if self.earns else 0, *self._own())

    def _own(self) -> tuple[int, int, int]:
        """What the shift itself costs: a battery token or a solar panel, and the move."""
        power = self.power
        return (
            int(power is not None and power.is_battery),
            int(power is not None and power.is_solar),
            int(self.direction is not None),
        )

    @property
    def cost(self) -> tuple[int, ...]:
        """Crew, tiles and value lost, batteries and panels spent (the shift's own power
        counted), then whether the ship moves: worked out once (a captain compares every
        option's cost, and the options of one line share its preview)."""
        found = self._cost
        if found is None:
            own_battery, own_solar, moves = self._own()
            outcome = self.outcome
            found = self._cost = (
                outcome.crew,
                outcome.lost,
                outcome.value,
                outcome.batteries + own_battery,
                outcome.solar + own_solar,
                moves,
            )
        return found


def _crewed(ship: ShipState, cell: Cell) -> bool:
    """Is a component with awake crew, an alien or activated robots connected to ``cell``?"""
    contents = ship.contents
    for other in ship.structure.connected.get(cell, ()):
        held = contents[other]
        if held.crew or held.alien or held.active:
            return True
    return False


def shift_thrusters(ship: ShipState, moves: Direction, *, needs_crew: bool) -> list[Cell]:
    """Thrusters that can move the ship ``moves``: a nozzle pointing the opposite way, and,
    where the rules ask, connected crew to work it (RULES §2.4)."""
    tiles = ship.tiles
    return [
        c
        for c in ship.of(Part.THRUSTER)
        if moves.opposite in tiles[c].nozzles and (not needs_crew or _crewed(ship, c))
    ]


def shift_ways(
    ship: ShipState, line: Line, moves: Direction, *, needs_crew: bool
) -> list[tuple[Cell, Power]]:
    """Each way to move the ship ``moves`` against a threat on ``line`` now: a thruster that can
    (crewed where the rules ask) and a power source that can run it; none when the shift would
    leave a miss a miss (RULES §1.5)."""
    if shift_line(ship.board, line, moves).misses:
        return []
    return _ways(ship, shift_thrusters(ship, moves, needs_crew=needs_crew), None)


def _ways(
    ship: ShipState, thrusters: list[Cell], batteries: list[Power] | None
) -> list[tuple[Cell, Power]]:
    """Each power source that can run one of ``thrusters``, with the first it runs."""
    ways = []
    for power in power_sources(ship, thrusters, batteries):
        served = consumers_served(ship, power, thrusters)
        if served:
            ways.append((served[0], power))
    return ways


def why_no_shift(ship: ShipState, line: Line, moves: Direction, *, needs_crew: bool) -> str | None:
    """Why the ship cannot move ``moves`` against this threat now (None: it can)."""
    if moves not in shift_axis(line.direction):
        return f"a {moves} shift does not move the ship off a line from the {line.direction}"
    if shift_line(ship.board, line, moves).misses:
        return _still_a_miss(ship, line, moves)
    if not any(moves.opposite in ship.tiles[c].nozzles for c in ship.of(Part.THRUSTER)):
        return (
            f"no thruster can move the ship {moves} (it needs a nozzle pointing {moves.opposite})"
        )
    thrusters = shift_thrusters(ship, moves, needs_crew=needs_crew)
    if not thrusters:
        return f"no thruster that can move the ship {moves} is connected to awake crew"
    if not power_sources(ship, thrusters):
        return "no battery token or unused solar panel to power a thruster"
    return None


def _still_a_miss(ship: ShipState, line: Line, moves: Direction) -> str:
    """Why a shift leaves a miss a miss: on IIB it changes only the first die (RULES §1.5)."""
    if line.die is None:
        return "the roll misses the ship, and no shift brings it onto the ship"
    made = line.die + (1 if moves is Direction.FRONT else -1)
    other = shift_line(ship.board, line, moves.opposite)
    instead = f"; a {moves.opposite} shift would make it row {other.index}" if other.index else ""
    return (
        f"a first die of {line.die} misses the ship, and a {moves} shift makes it {made}, which "
        f"misses too (a thruster changes only the first die, RULES §1.5){instead}"
    )


def offer_shift(
    table: Table,
    ship: ShipState,
    line: Line,
    preview: Callable[[Line], LinePreview],
    *,
    needs_crew: bool,
    context: str | Callable[[], str],
    earns: bool = True,
) -> ShiftOption | None:
    """Offer the captain one thruster shift for this roll (RULES §2.4: at most one shift, one
    battery or solar power). Each option carries a preview of its line, worked out when read
    (``earns``: a line may earn a reward); ``context`` may be given as a function, called only
    when there is a shift to offer. Returns the chosen shift, or None when the ship stays (or
    cannot move)."""
    if not ship.of(Part.THRUSTER):
        return None
    board = ship.board
    moves_ways = []
    batteries: list[Power] | None = None
    for moves in shift_axis(line.direction):  # as shift_ways, the batteries listed once
        moved = shift_line(board, line, moves)
        if moved.misses:
            continue
        thrusters = shift_thrusters(ship, moves, needs_crew=needs_crew)
        if not thrusters:
            continue
        if batteries is None:
            batteries = battery_sources(ship)
        ways = _ways(ship, thrusters, batteries)
        if ways:
            moves_ways.append((moves, moved, ways))
    if not moves_ways:
        return None

    def look(where: Line) -> Callable[[], LinePreview]:
        """The preview of a line, worked out when first read: every power source for the same
        move shows the same line, and shares this one function."""
        found: list[LinePreview] = []

        def outcome() -> LinePreview:
            if not found:
                found.append(preview(where))
            return found[0]

        return outcome

    stay = Option("no shift", ShiftOption(None, None, None, line, look(line), earns=earns))
    options = [stay]
    for moves, moved, ways in moves_ways:
        outcome = look(moved)
        for thruster, power in ways:
            value = ShiftOption(moves, thruster, power, moved, outcome, earns=earns)
            options.append(Option(f"shift {moves} with {power.label}", value))
    said = context if isinstance(context, str) else context()
    choice = table.ask(ship.name, Decision(DecisionKind.SHIFT, ship.name, tuple(options), said))
    chosen: ShiftOption = choice.value
    if chosen.direction is None or chosen.power is None:
        return None
    purpose = f"thruster {chosen.thruster} shifts the ship {chosen.direction}"
    pay(table, ship, chosen.power, chosen.thruster, purpose)
    if table.recording:
        table.emit(
            Shifted(
                ship.name,
                str(chosen.direction),
                str(chosen.thruster),
                str(line.direction),
                chosen.line.to_json(),
            )
        )
    return chosen
