"""engine-facing, engine-blocked, cannon-blocked, thruster-blocked (RULES §3.1 items 3-5),
across the IIB seam too (§1.5)."""

from __future__ import annotations

from tests.helpers import ship, verdict
from trucker.core.geometry import Direction
from trucker.core.rulings import Rulings
from trucker.rules.validate import validate

ONE_SQUARE = Rulings(thruster_clearance="one-square")


def test_engine_to_the_rear_is_fine() -> None:
    assert verdict({"7,7": "start", "8,7": "engine u--- rear"}) == []


def test_engine_facing_left() -> None:
    report = validate(ship({"7,7": "start", "8,7": "engine u--- left"}))
    assert [str(v.rule) for v in report.violations] == ["engine-facing"]
    assert report.violations[0].squares == ((8, 7),)
    assert report.violations[0].side is Direction.LEFT


def test_double_engine_facing_front() -> None:
    assert verdict({"7,7": "start", "7,8": "double-engine ---u front"}) == [
        ["engine-facing", "7,8"]
    ]


def test_engine_blocked() -> None:
    """Class III has 9,7: the square behind the exhaust of 8,7 is occupied."""
    tiles = {"7,7": "start", "8,7": "engine u--- rear", "9,7": "pipe ----"}
    assert verdict(tiles, "III") == [["disconnected", "9,7"], ["engine-blocked", "8,7", "9,7"]]


def test_engine_blocked_by_a_joined_tile() -> None:
    """The square behind the exhaust must be empty even when what lies there is joined to the
    ship (here 9,7, reached through 8,8 and 9,8)."""
    tiles = {
        "7,7": "start",
        "8,7": "engine uu-- rear",
        "8,8": "pipe -uuu",
        "9,8": "pipe u--u",
        "9,7": "pipe -u--",
    }
    assert verdict(tiles, "III") == [["engine-blocked", "8,7", "9,7"]]


def test_only_the_square_right_behind_counts() -> None:
    """IIIa: 9,7 is empty behind the engine on 8,7; a tile on 10,7 further back is fine
    (RULES §2.2 notes). On IIIa nothing below row 8 can join the ship except through 8,7-9,7,
    so the flight-phase check (no `disconnected`) isolates the clearance rule."""
    far = {"7,7": "start", "8,7": "engine u--- rear", "10,7": "pipe ----"}
    assert verdict(far, "IIIa", flight=True) == []
    near = {"7,7": "start", "8,7": "engine u--- rear", "9,7": "pipe ----"}
    assert verdict(near, "IIIa", flight=True) == [["engine-blocked", "8,7", "9,7"]]


def test_engine_facing_across_the_seam_is_blocked_too() -> None:
    """A IIB engine on column 9 facing right has its exhaust square on column 1."""
    tiles = {
        "3,5": "start",
        "3,6": "pipe -u-u",
        "3,7": "pipe -u-u",
        "3,8": "pipe -u-u",
        "3,9": "engine ---u right",
        "3,1": "pipe ----",
    }
    assert verdict(tiles, "IIB") == [
        ["disconnected", "3,1"],
        ["engine-blocked", "3,9", "3,1"],
        ["engine-facing", "3,9"],
    ]


def test_cannon_with_a_free_square_in_front() -> None:
    assert verdict({"7,7": "start", "6,7": "cannon --s- front"}) == []


def test_cannon_blocked() -> None:
    report = validate(ship({"7,7": "start", "6,7": "cannon --s- front", "5,7": "pipe ----"}))
    assert [[str(v.rule), *map(str, v.squares)] for v in report.violations] == [
        ["cannon-blocked", "6,7", "5,7"],
        ["disconnected", "5,7"],
    ]
    assert report.violations[0].side is Direction.FRONT


def test_cannon_pointing_at_the_ship() -> None:
    """A cannon may face any way (RULES §2.2), but its barrel square must be empty."""
    assert verdict({"7,7": "start", "7,8": "cannon u--- left"}) == [
        ["cannon-blocked", "7,8", "7,7"],
        ["connector-mismatch", "7,7", "7,8"],
        ["disconnected", "7,8"],
    ]


def test_double_cannon_blocked() -> None:
    tiles = {"7,7": "start", "7,8": "double-cannon ---u right", "7,9": "pipe ----"}
    assert verdict(tiles) == [["cannon-blocked", "7,8", "7,9"], ["disconnected", "7,9"]]


# A IIB chain from the start on 3,5 to column 9.
TO_COLUMN_9 = {
    "3,5": "start",
    "3,6": "pipe -u-u",
    "3,7": "pipe -u-u",
    "3,8": "pipe -u-u",
    "3,9": "pipe uu-u",
}


def test_cannon_across_the_seam_is_free() -> None:
    assert verdict({**TO_COLUMN_9, "2,9": "cannon --s- right"}, "IIB") == []


def test_cannon_blocked_across_the_seam() -> None:
    """The square in front of a right-facing barrel on column 9 is column 1 (RULES §3.1.4)."""
    tiles = {**TO_COLUMN_9, "2,9": "cannon --s- right", "2,1": "pipe ----"}
    report = validate(ship(tiles, "IIB"))
    assert [[str(v.rule), *map(str, v.squares)] for v in report.violations] == [
        ["cannon-blocked", "2,9", "2,1"],
        ["disconnected", "2,1"],
    ]
    assert report.violations[0].side is Direction.RIGHT


def test_thruster_with_both_squares_free() -> None:
    assert verdict({"7,7": "start", "7,8": "thruster ---u nozzles=rear,right"}) == []


THRUSTER_TIGHT = {
    "7,7": "start",
    "7,8": "thruster ---u nozzles=rear,right",
    "7,9": "battery s--- capacity=2",
}


def test_thruster_blocked_each_nozzle() -> None:
    """Default ruling: the square behind each nozzle must be empty."""
    assert verdict(THRUSTER_TIGHT) == [
        ["disconnected", "7,9"],
        ["thruster-blocked", "7,8", "7,9"],
    ]


def test_thruster_one_square_ruling_checks_the_first_nozzle_only() -> None:
    """thruster_clearance = "one-square": only behind the first-listed nozzle (rear: 8,8)."""
    assert verdict(THRUSTER_TIGHT, rulings=ONE_SQUARE) == [["disconnected", "7,9"]]


def test_thruster_one_square_ruling_still_checks_the_first_nozzle() -> None:
    tiles = {**THRUSTER_TIGHT, "7,8": "thruster ---u nozzles=right,rear"}
    assert verdict(tiles, rulings=ONE_SQUARE) == [
        ["disconnected", "7,9"],
        ["thruster-blocked", "7,8", "7,9"],
    ]


def test_thruster_blocked_across_the_seam() -> None:
    tiles = {**TO_COLUMN_9, "2,9": "thruster --s- nozzles=right,front", "2,1": "pipe ----"}
    report = validate(ship(tiles, "IIB"))
    blocked = [v for v in report.violations if v.rule == "thruster-blocked"]
    assert [[str(c) for c in v.squares] for v in blocked] == [["2,9", "2,1"]]
    assert blocked[0].side is Direction.RIGHT


def test_thruster_free_across_the_seam() -> None:
    tiles = {**TO_COLUMN_9, "2,9": "thruster --s- nozzles=right,front"}
    assert verdict(tiles, "IIB") == []
