"""Meteors and cannon fire against a ship, on every board, with every defence (RULES §5).

One roll, read by each board its own way (:mod:`trucker.core.threats`); a thruster shift if the
captain pays for one (RULES §2.4, :mod:`trucker.sim.shifts`); then each impact meets the first
tile on its line and is stopped, in this order, by a smooth side (small meteor), armor, a single
cannon (large meteor), or a paid defence the captain chooses (a shield, a double cannon), else
the tile is destroyed and the ship may break (:mod:`trucker.sim.damage`). A paired meteor is a
large then a small impact on the same line, sharing one shift (RULES §5.3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.dice import Roll
from trucker.core.events import Met, Stopped
from trucker.core.geometry import Cell, Connector, Direction
from trucker.core.parts import Guard, Part, Reach, goods_value
from trucker.core.rulings import Rulings
from trucker.core.ship import Tile
from trucker.core.threats import Line, Threat, ThreatKind, read_roll
from trucker.sim.damage import NO_DAMAGE, Damage, destroy
from trucker.sim.power import Power, consumers_served, pay, power_sources
from trucker.sim.shifts import LinePreview, offer_shift
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = [
    "Impact",
    "AttackResult",
    "DefenceOption",
    "TakeHit",
    "attack",
    "attack_ships",
    "resolve_impact",
    "aiming_cannons",
    "first_tile",
]


class TakeHit(NamedTuple):
    """Option value: no paid defence; the tile on ``square`` is destroyed."""

    square: Cell
    spends: frozenset[str] = frozenset()

    @property
    def cost(self) -> tuple[int, ...]:
        return (0, 1, 0, 0, 0, 0)


class DefenceOption(NamedTuple):
    """Option value: a shield or a double cannon, powered by ``power``."""

    kind: str
    defender: Cell
    power: Power

    @property
    def spends(self) -> frozenset[str]:
        return frozenset({self.power.source})

    @property
    def cost(self) -> tuple[int, ...]:
        return (0, 0, 0, int(self.power.is_battery), int(self.power.is_solar), -self.power.tokens)


class Impact(NamedTuple):
    """One impact on one ship: what it met and what became of it."""

    kind: ThreatKind
    line: Line
    hit: Cell | None = None
    part: Part | None = None
    stopped_by: str | None = None
    defender: Cell | None = None
    power: Power | None = None
    damage: Damage = NO_DAMAGE

    def to_dict(self) -> dict[str, Any]:
        return {
            "threat": str(self.kind),
            "hit": str(self.hit) if self.hit else None,
            "part": str(self.part) if self.part else None,
            "stopped_by": self.stopped_by,
            "defender": str(self.defender) if self.defender else None,
            "batteries_used": int(bool(self.power and self.power.is_battery)),
            "solar_used": [str(self.power.cell)] if self.power and self.power.is_solar else [],
            "destroyed": [str(c) for c in self.damage.destroyed],
            "lost": [str(c) for c in self.damage.lost],
        }


class AttackResult(NamedTuple):
    """A threat against one ship: the roll, the shift, and each impact."""

    ship: str
    threat: Threat
    roll: Roll | int
    rolled: Line
    line: Line
    shift: Direction | None = None
    shift_power: Power | None = None
    thruster: Cell | None = None
    impacts: tuple[Impact, ...] = ()

    @property
    def batteries_used(self) -> int:
        powers = [self.shift_power, *(i.power for i in self.impacts)]
        return sum(1 for p in powers if p is not None and p.is_battery)

    @property
    def solar_used(self) -> list[Cell]:
        powers = [self.shift_power, *(i.power for i in self.impacts)]
        return [p.cell for p in powers if p is not None and p.is_solar and p.cell is not None]

    @property
    def destroyed(self) -> list[Cell]:
        return [c for i in self.impacts for c in i.damage.destroyed]

    @property
    def lost(self) -> list[Cell]:
        return sorted(c for i in self.impacts for c in i.damage.lost)

    def to_dict(self) -> dict[str, Any]:
        """The issue's JSON: threat, roll, shift, line, solar_used, hit, stopped_by,
        batteries_used, destroyed, lost; a paired meteor adds ``impacts``."""
        out: dict[str, Any] = {
            "ship": self.ship,
            "threat": str(self.threat.kind),
            "from": str(self.threat.direction),
            "roll": list(self.roll) if isinstance(self.roll, tuple) else self.roll,
            "rolled_line": self.rolled.to_json(),
            "shift": str(self.shift) if self.shift else None,
            "thruster": str(self.thruster) if self.thruster else None,
            "line": self.line.to_json(),
            "solar_used": [str(c) for c in self.solar_used],
            "batteries_used": self.batteries_used,
            "destroyed": [str(c) for c in self.destroyed],
            "lost": [str(c) for c in self.lost],
        }
        if len(self.impacts) == 1:
            first = self.impacts[0]
            out["hit"] = str(first.hit) if first.hit else None
            out["part"] = str(first.part) if first.part else None
            out["stopped_by"] = first.stopped_by
            out["defender"] = str(first.defender) if first.defender else None
        else:
            out["impacts"] = [i.to_dict() for i in self.impacts]
        return out


def first_tile(ship: ShipState, line: Line) -> Cell | None:
    """The first tile met along ``line``, coming from its side (RULES §5.1)."""
    tiles = ship.tiles
    for cell in ship.board.crossed(line.direction, line.index, line.entry):
        if cell in tiles:
            return cell
    return None


def _column_distance(ship: ShipState, a: int, b: int) -> int:
    gap = abs(a - b)
    if ship.board.wrap:
        width = ship.board.cols[-1] - ship.board.cols[0] + 1
        gap = min(gap, width - gap)
    return gap


def aiming_cannons(ship: ShipState, line: Line, rulings: Rulings) -> list[Cell]:
    """Cannons that can shoot a large meteor on ``line``: pointing toward it, in the same column
    (front), the same or an adjacent row (sides), or for the rear as the ruling
    ``rear_large_meteor`` says (RULES §5.2, §10 #12). The cannon may be anywhere on the line."""
    return sorted(_aiming(ship, line, rulings, ship.part_facts.cannons.every))


def _aiming(ship: ShipState, line: Line, rulings: Rulings, parts: Iterable[Part]) -> list[Cell]:
    """The tiles of ``parts`` whose barrel points at ``line`` within reach (RULES §5.2)."""
    direction, index = line.direction, line.index
    if index is None:
        return []
    if direction is Direction.FRONT:
        reach = 0
    elif direction is Direction.REAR:
        reach = 1 if rulings.rear_large_meteor == "same-or-adjacent" else 0
    else:
        reach = 1
    out = []
    tiles = ship.tiles
    for part in parts:
        for cell in ship.of(part):
            if tiles[cell].facing is not direction:
                continue
            if direction in (Direction.LEFT, Direction.RIGHT):
                near = abs(cell.row - index) <= reach
            else:
                near = _column_distance(ship, cell.col, index) <= reach
            if near:
                out.append(cell)
    return out


def _guarding(ship: ShipState, guard: Guard, line: Line, rulings: Rulings) -> list[Cell]:
    """The tiles of one defending part that can stop a threat on ``line``, in board order:
    aimed at it, or covering the side it comes from (RULES §5.2, §4.6)."""
    if guard.reach is Reach.AIM:
        return _aiming(ship, line, rulings, (guard.part,))
    tiles = ship.tiles
    return [c for c in ship.of(guard.part) if line.direction in tiles[c].covers]


def _free_stop(
    ship: ShipState, kind: ThreatKind, tile: Tile, line: Line, rulings: Rulings
) -> tuple[str, Cell | None] | None:
    """What stops an impact on ``tile`` at no cost, in RULES §5.2's order: a smooth side (small
    meteor), armor, then a defending part that needs no power (a single cannon against a large
    meteor), with the tile that stops it; None when only a paid defence could."""
    side = line.direction
    if kind is ThreatKind.SMALL_METEOR and tile.side(side) is Connector.SMOOTH:
        return "smooth", None
    if side in tile.armor:
        return "armor", None
    for guard in ship.part_facts.guards[kind]:
        if not guard.paid:
            free = _guarding(ship, guard, line, rulings)
            if free:
                return guard.name, free[0]
    return None


def resolve_impact(table: Table, ship: ShipState, kind: ThreatKind, line: Line) -> Impact:
    """One impact: meet the first tile, try the defences in RULES §5.2's order, else destroy.
    The parts that defend, and how, are their rows' ``defends`` (components_data/parts.toml)."""
    return _resolve(table, ship, kind, line, ask=True)


def _paid_defences(
    ship: ShipState, kind: ThreatKind, line: Line, rulings: Rulings
) -> list[tuple[str, DefenceOption]]:
    """Each paid way to stop an impact on ``line`` now, in the order the captain is offered
    them, with the name the log gives the part: for each powered defending part, each power
    source that can run one of its tiles aimed at or covering the line (RULES §5.2, §2.4)."""
    found = []
    for guard in ship.part_facts.guards[kind]:
        if not guard.paid:
            continue
        defenders = _guarding(ship, guard, line, rulings)
        if not defenders:
            continue
        word = guard.part.words
        for power in power_sources(ship, defenders):
            served = consumers_served(ship, power, defenders)
            if served:
                found.append((guard.name, DefenceOption(word, served[0], power)))
    return found


def _resolve(table: Table, ship: ShipState, kind: ThreatKind, line: Line, *, ask: bool) -> Impact:
    """:func:`resolve_impact`; not ``ask``, on a quiet table (a preview's), the defence is the
    one its default captain takes, taken without writing the decision out: the cheapest option,
    the first of equals (:class:`~trucker.sim.captains.SensibleCaptain`; a property test holds
    the two ways to the same outcome)."""
    hit = first_tile(ship, line)
    recording = table.recording
    if hit is None:
        if recording:
            table.emit(Met(ship.name, str(kind), str(line.direction), line.to_json(), None))
        return Impact(kind, line)
    tile = ship.tiles[hit]
    side = line.direction
    if recording:
        table.emit(Met(ship.name, str(kind), str(side), line.to_json(), str(hit), str(tile.part)))
    free = _free_stop(ship, kind, tile, line, table.rulings)
    if free is not None:
        stop, defender = free
        if recording:
            table.emit(
                Stopped(ship.name, str(kind), str(hit), stop, str(defender) if defender else None)
            )
        return Impact(kind, line, hit, tile.part, stop, defender)

    defences = _paid_defences(ship, kind, line, table.rulings)
    threat = f"{kind} from the {line.direction}" if recording or (defences and ask) else ""
    chosen: TakeHit | DefenceOption | None = None
    if defences and ask:
        options = [Option(f"take the hit on {hit}", TakeHit(hit))]
        for _, defence in defences:
            label = f"{defence.kind} {defence.defender} with {defence.power.label}"
            options.append(Option(label, defence))
        context = f"{threat} meets the {tile.part} on {hit} ({tile.side(side).word})"
        chosen = table.ask(
            ship.name, Decision(DecisionKind.DEFEND, ship.name, tuple(options), context)
        ).value
    elif defences:
        values: list[TakeHit | DefenceOption] = [TakeHit(hit)]
        values.extend(defence for _, defence in defences)
        chosen = min(values, key=lambda value: value.cost)
    if isinstance(chosen, DefenceOption):
        purpose = f"{chosen.kind} {chosen.defender} against {threat}" if recording else ""
        pay(table, ship, chosen.power, chosen.defender, purpose)
        by = next(name for name, defence in defences if defence.kind == chosen.kind)
        if recording:
            table.emit(Stopped(ship.name, str(kind), str(hit), by, str(chosen.defender)))
        return Impact(kind, line, hit, tile.part, by, chosen.defender, chosen.power)
    # the cause is told only in the log (an unlogged flight names no cause)
    damage = destroy(table, ship, (hit,), threat if recording else "")
    return Impact(kind, line, hit, tile.part, damage=damage)


def _unharmed(ship: ShipState, kinds: Iterable[ThreatKind], line: Line, rulings: Rulings) -> bool:
    """Does every impact on ``line`` miss the ship or meet a free stop (:func:`_free_stop`)?
    Nothing then changes aboard, so a preview needs no copy of the ship to know it."""
    for kind in kinds:
        hit = first_tile(ship, line)
        if hit is not None and _free_stop(ship, kind, ship.tiles[hit], line, rulings) is None:
            return False
    return True


_UNHARMED = LinePreview()
"""The preview of a line that costs nothing."""


def _impacts_outcome(
    table: Table, ship: ShipState, kinds: Iterable[ThreatKind]
) -> Callable[[Line], LinePreview]:
    kinds = tuple(kinds)

    def preview(line: Line) -> LinePreview:
        if _unharmed(ship, kinds, line, table.rulings):
            return _UNHARMED
        twin = ship.scratch()
        quiet = table.quiet()
        tokens, solar, lost = twin.tokens(), len(twin.solar_used), len(twin.lost)
        crew = value = tokens_lost = 0
        for kind in kinds:
            damage = _resolve(quiet, twin, kind, line, ask=False).damage
            crew += damage.humans + len(damage.aliens)
            value += goods_value(damage.goods) + damage.tokens
            tokens_lost += damage.tokens
        spent = tokens - twin.tokens() - tokens_lost
        return LinePreview(len(twin.lost) - lost, crew, value, spent, len(twin.solar_used) - solar)

    return preview


def attack(
    table: Table, ship: ShipState, threat: Threat, roll: Roll | int, *, allow_shift: bool = True
) -> AttackResult:
    """Resolve ``threat`` rolled ``roll`` against one ship."""
    rolled = read_roll(ship.board, threat.direction, roll)
    line = rolled
    shift = None
    if allow_shift and ship.of(Part.THRUSTER):
        shift = offer_shift(
            table,
            ship,
            rolled,
            _impacts_outcome(table, ship, threat.kind.impacts),
            needs_crew=table.rulings.thruster_crew_for_meteors,
            context=lambda: f"{threat.kind} from the {threat.direction}, {rolled}",
            earns=False,
        )
        if shift is not None:
            line = shift.line
    impacts = tuple([resolve_impact(table, ship, kind, line) for kind in threat.kind.impacts])
    if shift is None:
        return AttackResult(ship.name, threat, roll, rolled, line, impacts=impacts)
    return AttackResult(
        ship.name, threat, roll, rolled, line, shift.direction, shift.power, shift.thruster, impacts
    )


def attack_ships(
    table: Table, ships: Iterable[ShipState], threat: Threat, why: str
) -> list[AttackResult]:
    """The leader rolls once; the roll applies to every ship, each board reading it its own
    way (RULES §1.1, the spec's "Rolls")."""
    roll = table.roll(why)
    return [attack(table, ship, threat, roll) for ship in ships]
