"""The intruder engine rule by rule (RULES §7), on small ships."""

from __future__ import annotations

import dataclasses

import pytest

from tests.helpers import ship
from trucker.cli.captains import CommandLineCaptain
from trucker.core.cards import Hand, Intruder, IntruderKind, Level, Reward
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.geometry import Cell, Direction
from trucker.core.rulings import Rulings
from trucker.sim.captains import ScriptedPolicy, SensibleCaptain
from trucker.sim.intruders import intrude, turn_order
from trucker.sim.state import ShipState
from trucker.sim.table import Table

pytestmark = pytest.mark.rules("7")

F = Direction.FRONT


def card(kind: str = "predator", direction: str = "front", steps: int = 4, **more) -> Intruder:
    fields = {
        "level": Level.parse(1),
        "kind": IntruderKind(kind),
        "direction": Direction.parse(direction),
        "steps": steps,
        "hand": Hand.LEFT,
        "fuses": (),
        "double": False,
        "reward": Reward(credits=1),
    }
    fields.update(more)
    return Intruder(**fields)


def run(tiles: dict, the_card: Intruder, roll, board: str = "II", **table):
    state = ShipState.from_ship(ship(tiles, board))
    log: list = []
    result = intrude(Table(log=log, policies=CommandLineCaptain(), **table), state, the_card, roll)
    return result, state, log


def test_turn_orders() -> None:
    assert turn_order(Hand.LEFT) == ("left", "straight", "right")
    assert turn_order(Hand.RIGHT) == ("right", "straight", "left")


# A column ship on Class II: a structure on top (landing from the front at column 7), then the
# starting cabin, then a battery and a cargo hold with goods.
COLUMN = {
    "6,7": "pipe --u-",
    "7,7": "start",
    "8,7": "battery u-s- capacity=2",
    "9,8": "cargo ---s capacity=2 goods=RY",
}


def test_predator_eats_crew_tokens_and_goods_then_goes_back() -> None:
    tiles = {"6,7": "pipe --u-", "7,7": "start", "8,7": "battery u--- capacity=2"}
    result, state, _ = run(tiles, card(steps=5), 7)
    assert result.walks[0].path == [Cell(6, 7), Cell(7, 7), Cell(8, 7), Cell(7, 7), Cell(6, 7)]
    assert [(e.square, e.humans, e.tokens) for e in result.eaten] == [
        (Cell(7, 7), 2, 0),
        (Cell(8, 7), 0, 2),
    ]
    assert state.humans() == 0 and state.tokens() == 0
    assert result.outcome == "escaped"


def test_a_miss_and_a_turret_landing() -> None:
    tiles = {"6,7": "turret --u-", "7,7": "start"}
    assert run(tiles, card(), 5)[0].outcome == "miss"
    result, _, _ = run(tiles, card(), 7)
    assert (result.outcome, result.repelled_by, result.reward) == ("repelled", "turret", Reward())


def test_armed_crew_landing_repels_unarmed_is_eaten() -> None:
    armed = {"6,7": "cabin -su-", "6,8": "armory ---s", "7,7": "start"}
    assert run(armed, card(), 7)[0].repelled_by == "armed crew"
    unarmed = {"6,7": "cabin --u-", "7,7": "start"}
    result, _, _ = run(unarmed, card(steps=1), 7)
    assert result.eaten[0].humans == 2


def test_a_lost_armory_disarms_the_crew_and_only_on_that_ship() -> None:
    """The squares armories reach are kept with the ship's structure, shared by every flight
    of one built ship: a ship that loses its armory no longer has armed crew, and another
    flight of the same ship still does."""
    tiles = {"6,7": "cabin -su-", "6,8": "armory ---s", "7,7": "start", "8,7": "structure u---"}
    built = ship(tiles, "II")
    table = Table(policies=CommandLineCaptain())
    hit = ShipState.from_ship(built)
    hit.remove([Cell(8, 7)])  # the ship now changes its own structure in place
    assert intrude(table, hit, card(), 7).repelled_by == "armed crew"
    hit.remove([Cell(6, 8)])
    result = intrude(table, hit, card(steps=1), 7)
    assert result.repelled_by is None
    assert result.eaten[0].humans == 2
    assert intrude(table, ShipState.from_ship(built), card(), 7).repelled_by == "armed crew"


def test_stasis_sleepers_are_not_eaten_passengers_are() -> None:
    tiles = {"6,7": "stasis-chamber --u- sleepers=3", "7,7": "start", "7,8": "luxury-cabin ---u"}
    result, state, _ = run(tiles, card(steps=3), 7)
    assert state.contents[Cell(6, 7)].sleepers == 3
    assert [e.passengers for e in result.eaten if e.square == Cell(7, 8)] == [1]


def test_predators_eat_robots_ruling() -> None:
    tiles = {"6,7": "robot-center --u-", "7,7": "start"}
    _, state, _ = run(tiles, card(steps=1), 7)
    assert state.contents[Cell(6, 7)].robots == 0
    _, state, _ = run(tiles, card(steps=1), 7, rulings=Rulings(predators_eat_robots=False))
    assert state.contents[Cell(6, 7)].robots == 4


def test_right_hand_mirrors_left_hand() -> None:
    tiles = {"6,7": "pipe -usu", "6,6": "pipe -u--", "6,8": "pipe ---u", "7,7": "start"}
    left, _, _ = run(tiles, card(steps=2), 7)
    right, _, _ = run(tiles, card(steps=2, hand=Hand.RIGHT), 7)
    # heading rear: the left hand turns to the board's right, the right hand to its left
    assert left.walks[0].path[1] == Cell(6, 8)
    assert right.walks[0].path[1] == Cell(6, 6)


def test_landing_dead_end_ruling_on_the_cylinder() -> None:
    """RULES §10 #6: on IIB a side intruder entering at column 3 may land on a tile whose only
    joined neighbour lies behind it (column 2). The ship is a ring round the seam, open between
    3,3 and 3,4."""
    tiles = {
        "3,5": "start",
        "3,4": "pipe -u--",
        "3,3": "pipe ---s",
        "3,2": "pipe -s-s",
        "3,1": "pipe -s-s",
        "3,9": "pipe -s-s",
        "3,8": "pipe -s-s",
        "3,7": "pipe -s-s",
        "3,6": "pipe -s-u",
    }
    the_card = card(direction="left", steps=3)
    escape, _, _ = run(tiles, the_card, (3, 2), board="IIB")
    assert escape.walks[0].path == [Cell(3, 3)]
    back, _, _ = run(tiles, the_card, (3, 2), board="IIB", rulings=Rulings(landing_dead_end="back"))
    assert back.walks[0].path == [Cell(3, 3), Cell(3, 2), Cell(3, 1)]


def test_walks_cross_the_seam() -> None:
    tiles = {"3,5": "start", "3,6": "pipe -u-u", "3,7": "pipe -u-u", "3,8": "pipe -u-u",
             "3,9": "pipe -u-u", "3,1": "pipe ---u"}  # fmt: skip
    the_card = card(direction="left", steps=3)
    result, _, _ = run(tiles, the_card, (3, 5), board="IIB")
    assert result.walks[0].path == [Cell(3, 7), Cell(3, 8), Cell(3, 9)]
    result, _, _ = run(tiles, dataclasses.replace(the_card, steps=4), (3, 5), board="IIB")
    assert result.walks[0].path[-1] == Cell(3, 1), "column 9 to column 1 across the seam"


def test_commando_fuses_explode_and_two_fuses_are_one() -> None:
    tiles = {"6,7": "pipe --u-", "7,7": "start", "8,7": "battery u--- capacity=2"}
    # path 6,7 7,7 8,7 7,7 6,7: fuses at steps 2 and 4 both on 7,7 count as one
    result, state, log = run(tiles, card("commando", steps=5, fuses=(2, 4)), 7)
    assert result.fused == [Cell(7, 7)]
    assert result.damage.destroyed == (Cell(7, 7),)
    assert len(state.tiles) == 1, "the ship broke: one piece kept, the other lost"
    assert [e.again for e in log if e.kind == "fused"] == [False, True]


def test_predator_commando_eats_and_fuses() -> None:
    tiles = {"6,7": "pipe --u-", "7,7": "start"}
    result, _, _ = run(tiles, card("predator-commando", steps=2, fuses=(2,)), 7)
    assert result.eaten[0].humans == 2
    assert result.damage.destroyed == (Cell(7, 7),)


# On Class IV: A (3,7) lands; B (3,8) on its right leads down to D (4,8), armed by the armory
# on 4,9; C (3,6) on its left is a dead end. A spine down column 8 joins D to the starting
# cabin. A left-hand commando goes A, B (fuse at 2), D (defeated at 3). A right-hand one goes
# A, C (fuse at 2), back to A, B, D (defeated at 5).
DOUBLE = {
    "3,6": "pipe -s--",
    "3,7": "pipe -s-s",
    "3,8": "pipe --ss",
    "4,8": "cabin sdu-",
    "4,9": "armory ---d",
    **{f"{row},8": "pipe u-u-" for row in range(5, 11)},
    "11,8": "pipe u--u",
    "11,7": "start",
}


def test_double_commando_detonation_ruling() -> None:
    """RULES §10 #9: by default the fuses of both explode after both have left; with
    "immediate" the defeated one's fuse explodes at once, here breaking off the landing tile
    before the second commando can walk."""
    the_card = card("commando", steps=6, fuses=(2,), double=True, hand=None)
    both, _, _ = run(DOUBLE, the_card, 7, board="IV")
    paths = [[str(c) for c in w.path] for w in both.walks]
    assert paths == [["3,7", "3,8", "4,8"], ["3,7", "3,6", "3,7", "3,8", "4,8"]]
    assert [w.outcome for w in both.walks] == ["defeated", "defeated"]
    assert both.reward.credits == 2
    now, _, _ = run(
        DOUBLE, the_card, 7, board="IV", rulings=Rulings(double_commando_detonation="immediate")
    )
    assert [[str(c) for c in w.path] for w in now.walks] == [["3,7", "3,8", "4,8"], []]
    assert now.reward.credits == 1


# RULES §2.4: activated robots may work a thruster against an intruder. The thruster 6,8 is
# joined only to the robot center 6,7; the battery 6,6 holds 2 tokens (one wakes the robots,
# one fires the thruster); the starting cabin's humans are the only crew.
ROBOT_THRUSTER = {
    "6,6": "battery -u-- capacity=2",
    "6,7": "robot-center -sss",
    "6,8": "thruster ---s nozzles=rear,right",
    "7,7": "start",
}


class _Asked:
    """Answers like the sensible captain and keeps every decision it was asked."""

    name = "asked"

    def __init__(self) -> None:
        self.asked: list[Decision] = []

    def decide(self, decision: Decision) -> Option:
        self.asked.append(decision)
        return SensibleCaptain().decide(decision)


def test_the_engine_offers_robots_for_a_thruster_and_the_captain_decides() -> None:
    """The activation is a decision whose options show the shift the robots would open, each
    previewed; the engine itself wakes nobody."""
    asked = _Asked()
    state = ShipState.from_ship(ship(ROBOT_THRUSTER, "I"))
    result = intrude(Table(policies=asked), state, card(direction="left"), 7)
    robots = next(d for d in asked.asked if d.kind is DecisionKind.ACTIVATE_ROBOTS)
    leave, wake = robots.options
    assert leave.value.power is None and leave.value.shifts == ()
    stay, front = wake.value.shifts
    assert (stay.direction, stay.line.index, stay.outcome.crew) == (None, 7, 2)
    assert (front.direction, front.thruster, front.line.index) == (F, Cell(6, 8), 8)
    assert front.outcome.crew == 0 and "shift the ship front" in robots.context
    assert (result.robots, result.shift, result.outcome) == ((Cell(6, 7),), F, "miss")
    script = ScriptedPolicy(["activate-robots: leave robots 6,7 inactive"])
    kept = ShipState.from_ship(ship(ROBOT_THRUSTER, "I"))
    asleep = intrude(Table(policies=script), kept, card(direction="left"), 7)
    assert (asleep.robots, asleep.shift, kept.humans()) == ((), None, 0)


def test_robots_are_not_woken_for_a_thruster_awake_crew_already_work() -> None:
    """The thruster (nozzle front: the ship moves rear) is joined to the robots and to the
    crewed cabin 7,8 under it: the robots would open no shift, and stay asleep."""
    tiles = {**ROBOT_THRUSTER, "6,8": "thruster --us nozzles=front,right", "7,8": "cabin u--u"}
    asked = _Asked()
    state = ShipState.from_ship(ship(tiles, "I"))
    result = intrude(Table(policies=asked), state, card(direction="left"), 7)
    (offered,) = [d for d in asked.asked if d.kind is DecisionKind.ACTIVATE_ROBOTS]
    assert [o.value.shifts for o in offered.options] == [(), ()]
    assert "thruster" not in offered.context and result.robots == ()
    shift = next(d for d in asked.asked if d.kind is DecisionKind.SHIFT)
    assert [o.label for o in shift.options] == ["no shift", "shift rear with battery 6,6"]


def test_robots_open_no_shift_when_waking_them_spends_the_last_token() -> None:
    """One token wakes the robots and none is left to fire the thruster: the offer shows no
    shift, and the captain leaves them asleep."""
    tiles = {**ROBOT_THRUSTER, "6,6": "battery -u-- capacity=2 charge=1"}
    asked = _Asked()
    state = ShipState.from_ship(ship(tiles, "I"))
    result = intrude(Table(policies=asked), state, card(direction="left"), 7)
    (offered,) = [d for d in asked.asked if d.kind is DecisionKind.ACTIVATE_ROBOTS]
    assert [o.value.shifts for o in offered.options] == [(), ()]
    assert (result.robots, result.shift) == ((), None)
