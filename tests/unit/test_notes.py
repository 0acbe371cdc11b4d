"""Parts that do nothing where they stand (RULES §2.4, §8.2): notes, never violations, each
read from the ship as the rules read it (routers, rulings). Worked out in each test's comment."""

from __future__ import annotations

from tests.helpers import ship
from trucker.core.rulings import Rulings
from trucker.rules.validate import validate


def notes(tiles: dict[str, str], rulings: Rulings | None = None) -> list[list[str]]:
    report = validate(ship(tiles), rulings or Rulings())
    return [[str(n.note), *map(str, n.squares)] for n in report.part_notes]


# The armory on 7,9 is joined to the structure 7,8 only; the cabin on 6,9 above it (2 humans at
# launch, joined to the ship through 6,8) meets it on smooth sides: beside it, not connected.
ARMORY = {
    "7,7": "start",
    "7,8": "pipe uu-u",
    "6,8": "pipe -uu-",
    "6,9": "cabin ---u",
    "7,9": "armory ---u",
}


def test_an_armory_with_no_crew_connected_arms_nobody() -> None:
    assert validate(ship(ARMORY)).legal
    assert notes(ARMORY) == [["armory-no-crew", "7,9"]]


def test_with_the_adjacent_ruling_the_crew_beside_it_is_armed() -> None:
    """Ruling armory_reach = "adjacent" (RULES §10 #10): the cabin on 6,9 touches the armory."""
    assert notes(ARMORY, Rulings(armory_reach="adjacent")) == []


def test_an_armory_joined_to_a_robot_center_is_no_note() -> None:
    """Robots woken in a connected robot center would be armed (RULES §2.4): the armory on 7,9,
    joined to the robot center below it, gets no note; the robot center, with no token aboard
    and no solar panel, can never wake its robots."""
    tiles = {**ARMORY, "7,9": "armory --uu", "8,9": "robot-center u---"}
    assert notes(tiles) == [["robot-center-unpowered", "8,9"]]


# A thruster joined only to a structure: 2 battery tokens aboard (the battery on 7,8, full at
# launch), nozzles rear and right with 9,8 and 8,9 free.
THRUSTER = {
    "7,7": "start",
    "7,8": "battery ---u capacity=2",
    "8,7": "pipe uu--",
    "8,8": "thruster ---u nozzles=rear,right",
}


def test_a_thruster_without_crew_works_against_meteors_only() -> None:
    assert validate(ship(THRUSTER)).legal
    [[note, square]] = notes(THRUSTER)
    assert (note, square) == ("thruster-no-crew", "8,8")
    message = validate(ship(THRUSTER)).part_notes[0].message
    assert "works against meteors and fire only" in message


def test_when_thrusters_need_crew_against_meteors_it_can_never_fire() -> None:
    """Ruling thruster_crew_for_meteors = true (RULES §10 #5)."""
    report = validate(ship(THRUSTER), Rulings(thruster_crew_for_meteors=True))
    assert "can never fire" in report.part_notes[0].message


def test_a_life_support_serves_a_cabin_through_a_router() -> None:
    """The support on 8,9 and the cabin on 7,8 are both joined to the router on 8,8: connected
    (RULES §8.2), and the cabin's purple alien is served."""
    tiles = {
        "7,7": "start",
        "7,8": "cabin --uu alien=purple",
        "8,8": "router uu--",
        "8,9": "life-support ---u color=purple",
    }
    assert notes(tiles) == []


def test_an_empty_battery_powers_nothing() -> None:
    """The battery on 7,8 holds no token (charge = 0): the thruster below the cabin, joined to
    it (crew), can never fire, though a battery tile is aboard."""
    tiles = {
        "7,7": "start",
        "7,8": "battery ---u capacity=2 charge=0",
        "8,7": "thruster u--- nozzles=rear,right",
    }
    assert notes(tiles) == [["thruster-unpowered", "8,7"]]


def test_a_fill_square_in_front_of_a_barrel_is_no_way_in() -> None:
    """5,7's rear side faces the empty 6,7, as does the cabin's front; but the cannon on 6,8
    points left at 6,7, which must stay empty (RULES §3.1 item 4): nothing could join 5,7."""
    tiles = {
        "7,7": "start",
        "7,8": "pipe u--u",
        "6,8": "cannon --u- left",
        "5,7": "pipe --u-",
    }
    [violation] = [v for v in validate(ship(tiles)).violations if str(v.rule) == "disconnected"]
    assert violation.hint is not None and violation.hint.how == "none"
