"""One encounter against one built ship, as the single-encounter commands run it: a threat
(``trucker hit``), an intruder card (``trucker intruder``), a Radiation Leak (``trucker
radiation``), and the exact odds of a threat from each side (``trucker exposure``).

Each takes the built :class:`~trucker.core.ship.Ship`, the tiles a repair already took (they
count as lost, the spec's "In flight"), the roll and the captain as values, and the rulings;
each returns what a report needs: the ship before and after, the engine's result and the event
log. The caller rolls the dice and reads the files; nothing here prints.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from trucker.core.cards import Intruder
from trucker.core.decisions import Policy
from trucker.core.dice import Roll
from trucker.core.errors import TruckerError
from trucker.core.events import Event
from trucker.core.geometry import DIRECTIONS, Cell, Direction
from trucker.core.parts import Part
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import Ship
from trucker.core.threats import Threat, ThreatKind, read_roll
from trucker.sim.attacks import AttackResult, attack, why_no_shift
from trucker.sim.captains import SensibleCaptain
from trucker.sim.damage import Damage
from trucker.sim.exposure import SideExposure, exact_odds
from trucker.sim.intruders import IntruderResult, intrude
from trucker.sim.radiation import RadiationPlan, radiation_leak
from trucker.sim.robots import could_man
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = [
    "CannotShift",
    "CannotSpend",
    "NoRobotsNeeded",
    "Encounter",
    "Leak",
    "hit",
    "intruder",
    "radiation",
    "exposure",
]

R = TypeVar("R")


class CannotShift(TruckerError):
    """The shift the captain means to make cannot move the ship off this line (RULES §2.4);
    ``reason`` says why. ``robots`` are the inactive robot centers whose robots, once
    activated, could work a thruster for it (an intruder's landing only)."""

    def __init__(self, reason: str, robots: tuple[Cell, ...] = ()) -> None:
        self.reason = reason
        self.robots = robots
        super().__init__(reason)


class NoRobotsNeeded(TruckerError):
    """The captain means to wake robots to work a thruster, but none would: ``reason`` says
    why (awake crew already work one, or no robots could)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class CannotSpend(TruckerError):
    """A battery token to spend before the leak is not there; ``reason`` says why."""

    def __init__(self, cell: Cell, reason: str) -> None:
        self.cell = cell
        self.reason = reason
        super().__init__(f"{cell}: {reason}")


@dataclass(frozen=True)
class Leak:
    """What a Radiation Leak worked out (the crew exposed, the energy networks) and what the
    explosions destroyed (RULES §8.1)."""

    plan: RadiationPlan
    damage: Damage


@dataclass(frozen=True)
class Encounter(Generic[R]):
    """One encounter and everything a report draws from it.

    ``lost`` is every tile lost so far, a repair's first (``repaired``); ``before`` is the ship
    as the encounter met it, ``after`` as it left it.
    """

    before: Ship
    after: Ship
    result: R
    log: tuple[Event, ...]
    lost: tuple[Cell, ...]
    repaired: tuple[Cell, ...]
    rulings: Rulings

    @property
    def lost_here(self) -> list[Cell]:
        """The tiles this encounter took, in square order."""
        return sorted(set(self.lost) - set(self.repaired))


def _flying(ship: Ship, repaired: Sequence[Cell]) -> ShipState:
    """The ship in flight, the repair's tiles already counted as lost."""
    state = ShipState.from_ship(ship)
    state.lost.extend(repaired)
    return state


def _done(
    before: Ship,
    state: ShipState,
    result: R,
    log: list[Event],
    repaired: Sequence[Cell],
    rulings: Rulings,
) -> Encounter[R]:
    return Encounter(
        before, state.to_ship(), result, tuple(log), tuple(state.lost), tuple(repaired), rulings
    )


def hit(
    ship: Ship,
    threat: Threat,
    roll: Roll | int,
    *,
    captain: Policy | None = None,
    shift: Direction | None = None,
    repaired: Sequence[Cell] = (),
    rulings: Rulings = DEFAULT_RULINGS,
) -> Encounter[AttackResult]:
    """One threat rolled ``roll`` (RULES §5). ``shift`` is the move the captain means to make
    (RULES §2.4): when the ship cannot make it on this line, :class:`CannotShift` is raised
    before anything happens; the captain (the sensible one by default) still decides.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> found = trucker.hit(ship, trucker.Threat.parse("large-meteor front"), 7)
    >>> impact = found.result.impacts[0]
    >>> print(impact.hit, impact.stopped_by, impact.defender, found.lost_here)
    4,7 cannon 4,7 []
    """
    state = _flying(ship, repaired)
    if shift is not None:
        line = read_roll(ship.board, threat.direction, roll)
        reason = why_no_shift(state, line, shift, needs_crew=rulings.thruster_crew_for_meteors)
        if reason:
            raise CannotShift(reason)
    before = state.to_ship()
    log: list[Event] = []
    result = attack(Table(rulings=rulings, policies=captain, log=log), state, threat, roll)
    return _done(before, state, result, log, repaired, rulings)


def intruder(
    ship: Ship,
    card: Intruder,
    roll: Roll | int,
    *,
    captain: Policy | None = None,
    shift: Direction | None = None,
    wake_robots: bool = False,
    repaired: Sequence[Cell] = (),
    rulings: Rulings = DEFAULT_RULINGS,
) -> Encounter[IntruderResult]:
    """An intruder card rolled ``roll`` (RULES §7). ``shift`` as for :func:`hit`, except that a
    thruster always needs crew to shift the ship away from an intruder: awake crew, or robots
    the captain activates (RULES §2.4). ``wake_robots`` says the captain means to wake robots
    for that shift's thruster; without it a shift only sleeping robots could work raises
    :class:`CannotShift` naming them, and with it a shift that needs no robots (or that no
    robots could work) raises :class:`NoRobotsNeeded`.

    >>> import trucker
    >>> intruders = trucker.scenarios_root() / "intruders"
    >>> ship = trucker.load(intruders / "yellow-predator.toml")
    >>> (card,) = trucker.load_deck(intruders / "small-predator.toml").cards
    >>> found = trucker.intruder(ship, card, 9)  # the sensible captain fires a thruster
    >>> print(found.result.rolled, "->", found.result.line, found.result.outcome)
    row 9 -> row 10 miss
    """
    state = _flying(ship, repaired)
    log: list[Event] = []
    table = Table(rulings=rulings, policies=captain, log=log)
    if wake_robots and shift is None:
        raise NoRobotsNeeded("robots are woken to work the thruster of a shift, and none is asked")
    if shift is not None:
        line = read_roll(ship.board, card.direction, roll)
        reason = why_no_shift(state, line, shift, needs_crew=True)
        robots = tuple(could_man(table, state, line, shift)) if reason else ()
        if reason and not robots:
            raise CannotShift(reason)
        if reason and not wake_robots:
            centers = " and ".join(map(str, robots))
            raise CannotShift(
                f"{reason}; the robots on {centers} could work it once activated (a battery "
                "token or solar power)",
                robots,
            )
        if wake_robots and not reason:
            raise NoRobotsNeeded(
                f"no robots need waking: awake crew already work a thruster that shifts the "
                f"ship {shift}"
            )
    before = state.to_ship()
    result = intrude(table, state, card, roll)
    return _done(before, state, result, log, repaired, rulings)


def radiation(
    ship: Ship,
    *,
    spend: Iterable[Cell] = (),
    repaired: Sequence[Cell] = (),
    rulings: Rulings = DEFAULT_RULINGS,
) -> Encounter[Leak]:
    """A Radiation Leak (RULES §8.1), after one battery token is spent on each square of
    ``spend`` in turn: what if the captain had used them earlier? A square with no battery, or
    none with a token left, raises :class:`CannotSpend`. The squares are read one at a time, so
    a caller that parses them lazily meets the first bad one in the order given.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "radiation" / "network-b.toml")
    >>> found = trucker.radiation(ship)
    >>> [(network.tokens, network.explodes) for network in found.result.plan.networks]
    [(7, True)]
    """
    state = _flying(ship, repaired)
    for cell in spend:
        tile = state.tiles.get(cell)
        if tile is None or tile.part is not Part.BATTERY:
            raise CannotSpend(cell, "no battery there")
        held = state.contents[cell]
        if held.charge == 0:
            raise CannotSpend(cell, "that battery holds no token left to spend")
        state.set(cell, held._replace(charge=held.charge - 1))
    before = state.to_ship()
    log: list[Event] = []
    plan, damage = radiation_leak(
        Table(rulings=rulings, policies=SensibleCaptain(), log=log), state
    )
    return _done(before, state, Leak(plan, damage), log, repaired, rulings)


def exposure(
    ship: Ship,
    threat: ThreatKind,
    *,
    sides: Iterable[Direction] = DIRECTIONS,
    rulings: Rulings = DEFAULT_RULINGS,
) -> list[SideExposure]:
    """The exact odds, over the 36 rolls, that ``threat`` from each of ``sides`` meets and
    destroys each tile (:mod:`trucker.sim.exposure`).

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> left = trucker.exposure(ship, trucker.ThreatKind.SMALL_METEOR)[-1]
    >>> print(left.direction, left.damage_unpowered)
    left 5/36
    """
    return exact_odds(ShipState.from_ship(ship), threat, rulings, list(sides))
