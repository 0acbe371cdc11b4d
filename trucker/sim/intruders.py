"""Intruders: boarding, left-hand and right-hand walks, predators and commandos (RULES §7).

An intruder card's line is rolled like a meteor's (a crewed thruster may shift it first); the
intruder lands on the first tile of the line, unless it is defended (a turret, armed crew),
which repels it. Then it walks: the landing tile is step 1; at every tile it prefers to turn
to its hand's side, then straight on, then the other way, else it goes back the way it came
(RULES §7.2). It moves only across joined sides (the IIB seam too; routers are tiles like any
other, RULES §10 #7). Entering a defended tile defeats it there, before it acts. Predators eat
what a tile holds (§7.3); commandos place fuses that explode when they leave or are defeated
(§7.4); a double card sends one intruder of each hand from one landing (§7.6).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any, NamedTuple

from trucker.core.cards import Hand, Intruder, IntruderKind, Reward
from trucker.core.dice import Roll
from trucker.core.events import (
    Ate,
    Defeated,
    Escaped,
    Exploded,
    Fused,
    Landed,
    Repelled,
    Rewarded,
    Walked,
)
from trucker.core.geometry import Cell, Direction
from trucker.core.parts import Part, goods_value
from trucker.core.threats import Line, read_roll, shift_axis, shift_line
from trucker.rules.stats import armed_cells, armories_reach, armory_reach
from trucker.sim.attacks import first_tile
from trucker.sim.damage import NO_DAMAGE, Damage, destroy
from trucker.sim.power import Power
from trucker.sim.robots import awake, offer_robots
from trucker.sim.shifts import (
    LinePreview,
    ShiftOption,
    offer_shift,
    shift_thrusters,
    shift_ways,
)
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = [
    "Eaten",
    "Step",
    "Walk",
    "IntruderResult",
    "NextStep",
    "intrude",
    "next_step",
    "turn_order",
    "defender",
]

_MOVES = {"left": Direction.turn_left, "straight": lambda h: h, "right": Direction.turn_right}


def turn_order(hand: Hand) -> tuple[str, str, str]:
    """The moves an intruder tries, in order: its hand's side first (RULES §7.2)."""
    return ("left", "straight", "right") if hand is Hand.LEFT else ("right", "straight", "left")


class NextStep(NamedTuple):
    """Where an intruder goes from the tile it stands on (RULES §7.2): the move (``left``,
    ``straight``, ``right`` or ``back``), the side it leaves through (its heading from then
    on), the tile it enters, and the moves its hand tried first that found no joined side (a
    tuple: a walk makes one per tile it enters)."""

    move: str
    heading: Direction
    square: Cell
    tried: tuple[str, ...]


def _tries(heading: Direction, hand: Hand) -> tuple[tuple[str, Direction, tuple[str, ...]], ...]:
    """Each move the hand rule tries from ``heading``, in order, with the side it leaves by and
    the moves tried before it."""
    order = turn_order(hand)
    return tuple((move, _MOVES[move](heading), order[:i]) for i, move in enumerate(order))


_TRIES = {(heading, hand): _tries(heading, hand) for heading in Direction for hand in Hand}
"""The hand rule's tries for every heading and hand, worked out once (eight short tuples)."""


def next_step(
    joined: Mapping[Cell, Direction],
    heading: Direction,
    hand: Hand,
    previous: Cell | None,
    *,
    back_from_landing: bool = False,
) -> NextStep | None:
    """The intruder's next step, the one copy of the turn rule (RULES §7.2): from a tile
    joined to ``joined`` (each neighbour and the side it lies on), heading ``heading``, it
    tries its hand's side, then straight on, then the other side, and takes the first that is
    joined; with none, it goes back to ``previous``. None when it stands on its landing tile
    (``previous`` None) at a dead end and cannot go back: it leaves the ship. On the landing
    tile, going back out through the side it came in by is the ruling ``landing_dead_end``
    (``back_from_landing``, RULES §10). The engine walks by it, and the walk's pictures read
    a step's tries from it when a log does not carry them."""
    by_side = dict(zip(joined.values(), joined, strict=True))  # side -> neighbour
    for move, side, before in _TRIES[heading, hand]:
        target = by_side.get(side)
        if target is not None:
            return NextStep(move, side, target, before)
    tried = turn_order(hand)
    if previous is None:
        back = heading.opposite
        if not back_from_landing or back not in by_side:
            return None
        return NextStep("back", back, by_side[back], tried)
    return NextStep("back", joined[previous], previous, tried)


@dataclass(frozen=True, slots=True)
class Eaten:
    """What a predator ate on one tile."""

    square: Cell
    step: int
    humans: int = 0
    aliens: tuple[str, ...] = ()
    goods: str = ""
    tokens: int = 0
    robots: int = 0
    passengers: int = 0

    @property
    def crew(self) -> int:
        return self.humans + len(self.aliens)

    @property
    def value(self) -> int:
        return goods_value(self.goods) + self.tokens

    def to_dict(self) -> dict[str, Any]:
        return {
            "square": str(self.square),
            "step": self.step,
            "humans": self.humans,
            "aliens": len(self.aliens),
            "alien_colors": list(self.aliens),
            "goods": self.goods,
            "tokens": self.tokens,
            "robots": self.robots,
            "passengers": self.passengers,
        }


class Step(NamedTuple):
    """One step of a walk: the tile entered, the heading, how and why it moved there (a tuple:
    a walk makes one per tile it enters)."""

    number: int
    square: Cell
    part: Part
    heading: Direction
    move: str
    why: str
    eaten: Eaten | None = None
    fused: bool = False
    defended_by: str | None = None
    tried: tuple[str, ...] = ()
    """The moves tried before ``move`` that found no joined side (:func:`next_step`)."""


@dataclass(frozen=True, slots=True)
class Walk:
    """One intruder's walk through the ship."""

    hand: Hand
    steps: tuple[Step, ...]
    outcome: str
    defeated_by: str | None = None
    fuses: tuple[Cell, ...] = ()

    @property
    def path(self) -> list[Cell]:
        return [s.square for s in self.steps]

    @property
    def stopped(self) -> int | None:
        return self.steps[-1].number if self.outcome == "defeated" else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": str(self.hand),
            "path": [str(c) for c in self.path],
            "outcome": self.outcome,
            "step": self.stopped,
            "defeated_by": self.defeated_by,
            "fused": [str(c) for c in self.fuses],
            "headings": [str(s.heading) for s in self.steps],
            "moves": [s.move for s in self.steps],
        }


@dataclass(frozen=True)
class IntruderResult:
    """An intruder card against one ship: roll, shift, landing, walks, damage and reward."""

    ship: str
    card: Intruder
    roll: Roll | int | None
    rolled: Line
    line: Line
    landing: Cell | None
    outcome: str
    repelled_by: str | None = None
    walks: tuple[Walk, ...] = ()
    damage: Damage = NO_DAMAGE
    reward: Reward = field(default_factory=Reward)
    shift: Direction | None = None
    shift_power: Power | None = None
    thruster: Cell | None = None
    robots: tuple[Cell, ...] = ()

    @property
    def eaten(self) -> list[Eaten]:
        return [s.eaten for w in self.walks for s in w.steps if s.eaten is not None]

    @property
    def fused(self) -> list[Cell]:
        return sorted({c for w in self.walks for c in w.fuses})

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship": self.ship,
            "intruder": str(self.card.kind),
            "double": self.card.double,
            "from": str(self.card.direction),
            "steps": self.card.steps,
            "fuses": list(self.card.fuses),
            "roll": list(self.roll) if isinstance(self.roll, tuple) else self.roll,
            "rolled_line": self.rolled.to_json(),
            "shift": str(self.shift) if self.shift else None,
            "thruster": str(self.thruster) if self.thruster else None,
            "line": self.line.to_json(),
            "robots_activated": [str(c) for c in self.robots],
            "landing": str(self.landing) if self.landing else None,
            "outcome": self.outcome,
            "repelled_by": self.repelled_by,
            "walkers": [w.to_dict() for w in self.walks],
            "eaten": [e.to_dict() for e in self.eaten],
            "fused": [str(c) for c in self.fused],
            "destroyed": [str(c) for c in self.damage.destroyed],
            "lost": [str(c) for c in self.damage.lost],
            "reward": {"credits": self.reward.credits, "goods": self.reward.goods},
        }


def defender(
    ship: ShipState, cell: Cell, armed: frozenset[Cell], table: Table, *, landing: bool = False
) -> str | None:
    """What defends a tile against intruders, if anything (RULES §7.1-7.2): a turret (paired
    or not), armed crew on it, or, under the ruling ``manned_armory_defends``, an armory that
    arms somebody (``"landing"``: only against an intruder ``landing`` on it, RULES §10 #11b).
    Stasis sleepers never defend."""
    tile = ship.tiles[cell]
    if tile.part is Part.TURRET:
        return "turret"
    if cell in armed:
        return "armed crew"
    armory = table.rulings.manned_armory_defends
    if tile.part is Part.ARMORY and (armory is True or (armory == "landing" and landing)):
        reach = armory_reach(ship, cell, table.rulings)
        if reach & armed:
            return "manned armory"
    return None


def _armed(ship: ShipState, table: Table) -> frozenset[Cell]:
    """:func:`~trucker.rules.stats.armed_cells`, with the squares the armories reach kept on
    the ship's structure per ruling (a structure forgets them when it loses a tile)."""
    rulings = table.rulings
    structure = ship.structure
    known = structure.armed_reach
    if known is None or known[0] != rulings.armory_reach:
        known = structure.armed_reach = (rulings.armory_reach, armories_reach(ship, rulings))
    return armed_cells(ship, rulings, known[1])


def _eat(table: Table, ship: ShipState, cell: Cell, step: int, hand: Hand) -> Eaten | None:
    """A predator eats crew, aliens, goods, battery tokens, passengers and (ruling
    ``predators_eat_robots``) robots; never stasis sleepers (RULES §7.3)."""
    held = ship.contents[cell]
    robots = held.robots if table.rulings.predators_eat_robots else 0
    if not (held.crew or held.alien or held.goods or held.charge or robots or held.passenger):
        return None
    aliens = (str(held.alien),) if held.alien else ()
    passengers = int(held.passenger)
    eaten = Eaten(cell, step, held.crew, aliens, held.goods, held.charge, robots, passengers)
    left = held._replace(crew=0, alien=None, goods="", charge=0, passenger=False)
    ship.set(cell, left._replace(robots=0, active=False) if robots else left)
    if table.recording:
        table.emit(
            Ate(
                ship.name,
                str(hand),
                step,
                str(cell),
                eaten.humans,
                eaten.aliens,
                eaten.goods,
                eaten.tokens,
                eaten.robots,
                eaten.passengers,
            )
        )
    return eaten


@cache
def _why(move: str, hand: Hand, tried: tuple[str, ...]) -> str:
    """Why a step went where it did (RULES §7.2): the same words whether or not a log is kept,
    each worded once (a few moves, hands and dead ends make every reason there is)."""
    if move == "back":
        return "a dead end: nothing joined to its " + ", ".join(tried) + ", so it goes back"
    if move == turn_order(hand)[0]:
        return f"the {hand}-hand rule tries {move} first"
    return f"nothing joined to its {' or '.join(tried)}"


def _walk(
    table: Table,
    ship: ShipState,
    card: Intruder,
    hand: Hand,
    landing: Cell,
    armed: frozenset[Cell],
) -> Walk:
    """One intruder's walk from its landing tile: each tile it enters, what it eats or fuses
    there, until a defender defeats it, it leaves the ship, or its steps run out."""
    heading = card.direction.opposite
    steps: list[Step] = []
    fuses: list[Cell] = []
    recording = table.recording
    tiles = ship.tiles
    joined = ship.structure.joined
    eats = card.kind is not IntruderKind.COMMANDO
    fuse_steps = card.fuses if card.kind.places_fuses else ()
    back_from_landing = table.rulings.landing_dead_end == "back"
    last = card.steps
    current, previous, number = landing, None, 1
    move, why = "landed", "the first tile met on its line"
    tried: tuple[str, ...] = ()

    def walked() -> Walked:
        """The step the intruder is taking now, as the log tells it."""
        return Walked(ship.name, str(hand), number, str(current), str(tiles[current].part),
                      str(heading), move, why, tried)  # fmt: skip

    while True:  # it enters ``current``: step ``number``
        part = tiles[current].part
        if recording:
            table.emit(walked())
        eaten = _eat(table, ship, current, number, hand) if eats else None
        fused = number in fuse_steps
        if fused:
            if recording:
                table.emit(Fused(ship.name, str(hand), number, str(current), current in fuses))
            if current not in fuses:
                fuses.append(current)
        steps.append(Step(number, current, part, heading, move, why, eaten, fused, None, tried))
        if number >= last:
            break
        found = next_step(
            joined[current],
            heading,
            hand,
            previous,
            back_from_landing=back_from_landing,
        )
        if found is None:
            break
        move, heading, square, tried = found
        why = _why(move, hand, tried)
        previous, current, number = current, square, number + 1
        guard = defender(ship, current, armed, table)
        if guard is not None:
            part = tiles[current].part
            if recording:
                table.emit(walked())
                table.emit(Defeated(ship.name, str(hand), number, str(current), guard))
            steps.append(
                Step(number, current, part, heading, move, why, defended_by=guard, tried=tried)
            )
            return Walk(hand, tuple(steps), "defeated", guard, tuple(fuses))
    if recording:
        table.emit(Escaped(ship.name, str(hand), number))
    return Walk(hand, tuple(steps), "escaped", fuses=tuple(fuses))


def _explode(table: Table, ship: ShipState, cells: list[Cell]) -> Damage:
    """Fused tiles are destroyed from the inside: armor does not help (RULES §2.4, §7.4)."""
    present = sorted(c for c in set(cells) if c in ship.tiles)
    if not present:
        return NO_DAMAGE
    if table.recording:
        table.emit(Exploded(ship.name, tuple(map(str, present))))
    return destroy(table, ship, present, "a commando's fuse")


def _board(
    table: Table,
    ship: ShipState,
    card: Intruder,
    line: Line,
    roll: Roll | int | None,
    *,
    rolled: Line | None = None,
    shift: ShiftOption | None = None,
    robots: tuple[Cell, ...] = (),
) -> IntruderResult:
    """Land and walk on ``line`` (no shift here: ``shift``, from the ``rolled`` line, and the
    ``robots`` activated were decided before, and are only reported)."""
    landing = first_tile(ship, line)
    if table.recording:
        table.emit(
            Landed(
                ship.name,
                str(card.kind),
                str(card.direction),
                line.to_json(),
                str(landing) if landing else None,
                str(ship.tiles[landing].part) if landing else None,
            )
        )

    def result(
        outcome: str,
        repelled_by: str | None = None,
        walks: tuple[Walk, ...] = (),
        damage: Damage = NO_DAMAGE,
        reward: Reward = _NO_REWARD,
    ) -> IntruderResult:
        """The result of this landing: what was rolled and decided before it, and what became
        of it (built once, when it is known)."""
        return IntruderResult(
            ship.name,
            card,
            roll,
            line if rolled is None else rolled,
            line,
            landing,
            outcome,
            repelled_by,
            walks,
            damage,
            reward,
            shift.direction if shift else None,
            shift.power if shift else None,
            shift.thruster if shift else None,
            tuple(robots),
        )

    if landing is None:
        return result("miss")
    armed = _armed(ship, table)
    guard = defender(ship, landing, armed, table, landing=True)
    recording = table.recording
    if guard is not None:
        if recording:
            table.emit(Repelled(ship.name, str(landing), guard))
        return result("repelled", repelled_by=guard)
    walks: list[Walk] = []
    damage = NO_DAMAGE
    later: list[Cell] = []
    for hand in card.hands:
        if landing not in ship.tiles:
            # an earlier walker's fuses (ruling double_commando_detonation = "immediate") broke
            # the landing tile off the ship: this intruder drifts away with it
            if recording:
                table.emit(Escaped(ship.name, str(hand), 0))
            walks.append(Walk(hand, (), "escaped"))
            continue
        if walks:
            armed = _armed(ship, table)  # fuses may have destroyed an armory (RULES §8.3)
        walk = _walk(table, ship, card, hand, landing, armed)
        walks.append(walk)
        blow_now = len(card.hands) == 1 or (
            walk.outcome == "defeated" and table.rulings.double_commando_detonation == "immediate"
        )
        if blow_now:
            if walk.fuses:
                damage = damage + _explode(table, ship, list(walk.fuses))
        else:
            later.extend(walk.fuses)
    if later:
        damage = damage + _explode(table, ship, later)
    beaten = sum(1 for w in walks if w.outcome == "defeated")
    reward = _NO_REWARD
    if beaten:
        reward = Reward(card.reward.credits * beaten, card.reward.goods * beaten)
        if recording:
            why = f"{beaten} {card.kind} defeated"
            table.emit(Rewarded(ship.name, reward.credits, reward.goods, why))
    outcome = walks[0].outcome if len(walks) == 1 else "boarded"
    return result(outcome, walks=tuple(walks), damage=damage, reward=reward)


_NO_REWARD = Reward()
"""What a landing that defeats no intruder earns (one shared value: a reward is immutable)."""


def _preview(table: Table, ship: ShipState, card: Intruder) -> Callable[[Line], LinePreview]:
    """What an intrusion on a line would cost (crew, tiles, value less the reward); each
    preview walks a scratch copy of the ship, dropped before the ship changes."""

    def preview(line: Line) -> LinePreview:
        twin = ship.scratch()
        lost = len(twin.lost)
        result = _board(table.quiet(), twin, card, line, None)
        crew = sum(e.crew for e in result.eaten) + result.damage.humans + len(result.damage.aliens)
        value = (
            sum(e.value for e in result.eaten)
            + goods_value(result.damage.goods)
            + result.damage.tokens
        )
        value -= result.reward.credits + goods_value(result.reward.goods)
        return LinePreview(len(twin.lost) - lost, crew, value)

    return preview


def _robots_useful(ship: ShipState, table: Table) -> Callable[[Cell], str]:
    def useful(center: Cell) -> str:
        rulings = table.rulings
        arming = [a for a in ship.of(Part.ARMORY) if center in armory_reach(ship, a, rulings)]
        if not arming:
            return ""
        if len(arming) > 1:  # the one the ship lists first
            arming = [c for c in ship.tiles if c in arming]
        return f"armed by the armory on {arming[0]}, they would defend"

    return useful


def _after(fuel: Power, paid: Power) -> Power | None:
    """``fuel`` as it is once ``paid`` has woken the robots (None: spent): a battery gives one
    token less, a solar panel runs one thing a card."""
    if fuel.cell is None or (fuel.source, fuel.cell) != (paid.source, paid.cell):
        return fuel
    if fuel.is_battery and fuel.tokens > 1:
        return fuel._replace(tokens=fuel.tokens - 1)
    return None


def _robots_shifts(
    table: Table, ship: ShipState, card: Intruder, rolled: Line, stays: Callable[[], LinePreview]
) -> Callable[[Cell, Power], tuple[ShiftOption, ...]]:
    """The shift decision robots woken by ``power`` would open against this landing (RULES
    §2.4: activated robots may work a thruster against intruders): each move no awake crew can
    make now but they could, with power left to fire it, after "no shift", each with its
    preview, as :func:`~trucker.sim.shifts.offer_shift` would list them. A shift's preview
    counts the power that wakes the robots as spent, so the captain weighs the whole price; the
    walk is previewed once per center and line, with the robots awake and nothing yet paid.
    Only a center joined to a thruster that could make the move is looked at further.
    ``stays`` previews the rolled line on the ship as it was before the offer; "no shift" reads
    it while no center has woken, and once one has, a preview of the ship as it then stands."""
    if not ship.of(Part.THRUSTER):
        return lambda center, power: ()

    contents = ship.contents
    asleep = [c for c in ship.cells_of(Part.ROBOT_CENTER) if not contents[c].active]
    stayed: dict[Cell, LinePreview] = {}

    def stays_now(center: Cell) -> LinePreview:
        """The walk on the rolled line with the robots of ``center`` left asleep, on the ship
        as it stands when first asked (once per center)."""
        found = stayed.get(center)
        if found is None:
            woken = any(ship.contents[c].active for c in asleep)
            found = stayed[center] = _preview(table, ship, card)(rolled) if woken else stays()
        return found

    walked: dict[tuple[Cell, Line], LinePreview] = {}
    opened: dict[Cell, tuple[tuple[Direction, Line, tuple[tuple[Cell, Power], ...]], ...]] = {}

    def walks(center: Cell, moved: Line) -> LinePreview:
        """The walk on ``moved`` with these robots awake, whatever paid for them (once per
        center and line)."""
        found = walked.get((center, moved))
        if found is None:
            twin = awake(table, ship, center, None)
            found = walked[center, moved] = _preview(table, twin, card)(moved)
        return found

    def openings(
        center: Cell,
    ) -> tuple[tuple[Direction, Line, tuple[tuple[Cell, Power], ...]], ...]:
        """Each move only the robots of ``center`` could work, the line it leads to, and every
        way to fire it once they are awake, before paying for them (once per center)."""
        found = opened.get(center)
        if found is None:
            found = opened[center] = _openings(center)
        return found

    def _openings(
        center: Cell,
    ) -> tuple[tuple[Direction, Line, tuple[tuple[Cell, Power], ...]], ...]:
        connected = ship.structure.connected
        moves = [
            m
            for m in shift_axis(rolled.direction)
            if any(
                center in connected.get(t, ()) for t in shift_thrusters(ship, m, needs_crew=False)
            )
            and not shift_line(ship.board, rolled, m).misses
            and not shift_ways(ship, rolled, m, needs_crew=True)
        ]
        if not moves:
            return ()
        twin = awake(table, ship, center, None)
        found = ((m, tuple(shift_ways(twin, rolled, m, needs_crew=True))) for m in moves)
        return tuple((m, shift_line(ship.board, rolled, m), ways) for m, ways in found if ways)

    def shifts(center: Cell, power: Power) -> tuple[ShiftOption, ...]:
        found = []
        for moves_to, moved, ways in openings(center):
            for thruster, way in ways:
                fuel = _after(way, power)
                if fuel is not None:  # the first way with power left once the robots are paid
                    outcome = partial(_paid_walk, walks, center, moved, power)
                    found.append(ShiftOption(moves_to, thruster, fuel, moved, outcome))
                    break
        if not found:
            return ()
        stay = ShiftOption(None, None, None, rolled, partial(stays_now, center))
        return (stay, *found)

    return shifts


def _paid_walk(
    walks: Callable[[Cell, Line], LinePreview], center: Cell, moved: Line, power: Power
) -> LinePreview:
    """The walk on ``moved`` with the robots of ``center`` awake, the power that woke them
    counted as spent (worked out when a captain reads a shift's preview)."""
    outcome = walks(center, moved)
    return outcome._replace(
        batteries=outcome.batteries + power.is_battery, solar=outcome.solar + power.is_solar
    )


def intrude(
    table: Table, ship: ShipState, card: Intruder, roll: Roll | int, *, allow_shift: bool = True
) -> IntruderResult:
    """Resolve an intruder card rolled ``roll`` against one ship (RULES §7): the robot centers
    are offered first (awake, they may be armed or work a thruster), then the shift. The walk on
    the rolled line is previewed once for both while the ship is as it was (no robots woken);
    a ship without robot centers or thrusters is offered neither."""
    rolled = read_roll(ship.board, card.direction, roll)
    preview = _preview(table, ship, card)
    seen: dict[Line, LinePreview] = {}

    def stays() -> LinePreview:
        """The walk on the rolled line with the ship as it was before any robots woke."""
        found = seen.get(rolled)
        if found is None:
            found = seen[rolled] = preview(rolled)
        return found

    robots: list[Cell] = []
    if ship.of(Part.ROBOT_CENTER):
        robots = offer_robots(
            table,
            ship,
            f"{card.kind} from the {card.direction}",
            _robots_useful(ship, table),
            _robots_shifts(table, ship, card, rolled, stays) if allow_shift else None,
        )

    def preview_now(line: Line) -> LinePreview:
        """The walk on ``line`` with the ship as it is now, after the robots' offer."""
        return stays() if line == rolled and not robots else preview(line)

    shift = None
    if allow_shift and ship.of(Part.THRUSTER):
        shift = offer_shift(
            table,
            ship,
            rolled,
            preview_now,
            needs_crew=True,
            context=f"{card.kind} from the {card.direction}, {rolled}",
        )
    line = shift.line if shift else rolled
    return _board(table, ship, card, line, roll, rolled=rolled, shift=shift, robots=tuple(robots))
