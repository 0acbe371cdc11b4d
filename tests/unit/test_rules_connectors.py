"""connector-mismatch: touching sides must match (RULES §2.1, §3.1 item 2), across the IIB seam
too (§1.5)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import ship, verdict
from trucker.core.geometry import Direction
from trucker.rules.validate import validate

# The starting cabin's right side is universal: only a smooth side fails against it.
LEGAL_AGAINST_UNIVERSAL = {"-": False, "s": True, "d": True, "u": True}


@pytest.mark.parametrize(("left", "legal"), sorted(LEGAL_AGAINST_UNIVERSAL.items()))
def test_against_the_start_cabin(left: str, legal: bool) -> None:
    found = verdict({"7,7": "start", "7,8": f"pipe s--{left}"})
    if legal:
        assert found == []
    else:
        # smooth against universal: a mismatch, and the tile is joined to nothing
        assert found == [["connector-mismatch", "7,7", "7,8"], ["disconnected", "7,8"]]


@pytest.mark.parametrize(
    ("a", "b", "legal"),
    [("s", "s", True), ("d", "d", True), ("s", "u", True), ("u", "d", True),
     ("s", "d", False), ("d", "s", False), ("s", "-", False), ("-", "d", False)],
)  # fmt: skip
def test_pairs_between_two_tiles(a: str, b: str, legal: bool) -> None:
    """7,8's right side meets 7,9's left side (RULES §2.1's table)."""
    found = verdict({"7,7": "start", "7,8": f"pipe -{a}-u", "7,9": f"pipe u--{b}"})
    if legal:
        assert found == []
    else:
        assert found == [["connector-mismatch", "7,8", "7,9"], ["disconnected", "7,9"]]


def test_smooth_against_smooth_is_legal_but_not_joined() -> None:
    """7,9 touches 7,8 only through smooth sides, and is joined through 8,9 instead."""
    tiles = {
        "7,7": "start",
        "7,8": "pipe ---u",
        "8,7": "pipe uu--",
        "8,8": "pipe -u-u",
        "8,9": "pipe u--u",
        "7,9": "pipe --u-",
    }
    assert verdict(tiles) == []


def test_mismatch_reports_the_lower_square_first_with_its_side() -> None:
    report = validate(ship({"7,7": "start", "7,8": "pipe -s-u", "7,9": "pipe ---d"}))
    mismatch = report.violations[0]
    assert [str(c) for c in mismatch.squares] == ["7,8", "7,9"]
    assert mismatch.side is Direction.RIGHT
    assert mismatch.message == (
        "7,8's right side is single, 7,9's left is double: make one of them universal or match them"
    )


def test_mismatch_from_below_names_the_front_side_of_the_upper_tile() -> None:
    report = validate(ship({"7,7": "start", "6,7": "pipe ----"}))
    mismatch = report.violations[0]
    assert [str(c) for c in mismatch.squares] == ["6,7", "7,7"]
    assert mismatch.side is Direction.REAR
    assert mismatch.message == (
        "6,7's rear side is smooth, 7,7's front is universal (the starting cabin): give 6,7's "
        "rear side a connector"
    )


# What would make the two sides join (issue 13): the message names both sides, then what to
# change; a side the file cannot change (the starting cabin's, one under a barrel, exhaust,
# nozzle or armor) is named as such, and the advice goes to the other side or the tile.
ADVICE = [
    ({"7,8": "pipe -s-u", "7,9": "pipe ---s"}, None),
    ({"7,8": "pipe -d-u", "7,9": "pipe ---s"},
     "7,8's right side is double, 7,9's left is single: make one of them universal or match "
     "them"),
    ({"7,8": "pipe -s-u", "7,9": "pipe u---"},
     "7,8's right side is single, 7,9's left is smooth: give 7,9's left side a single or "
     "universal connector"),
    ({"7,8": "pipe -u-u", "7,9": "pipe u---"},
     "7,8's right side is universal, 7,9's left is smooth: give 7,9's left side a connector"),
    ({"7,8": {"part": "cannon", "sides": "u---", "facing": "left"}},
     "7,7's right side is universal (the starting cabin), 7,8's left is smooth (the barrel): "
     "turn or move the cannon on 7,8"),
    ({"7,8": "pipe -s-u", "7,9": {"part": "cannon", "sides": "u---", "facing": "left"}},
     "7,8's right side is single, 7,9's left is smooth (the barrel): make 7,8's right side "
     "smooth, or turn or move the cannon on 7,9"),
    ({"7,8": "pipe -s-u", "7,9": {"part": "structure", "sides": "u---", "armor": ["left"]}},
     "7,8's right side is single, 7,9's left is smooth (armor): make 7,8's right side smooth, or "
     "turn or move the structure on 7,9"),
    ({"6,7": {"part": "thruster", "sides": "u---", "nozzles": ["rear", "right"]}},
     "6,7's rear side is smooth (a nozzle), 7,7's front is universal (the starting cabin): turn "
     "or move the thruster on 6,7"),
    ({"6,7": {"part": "engine", "sides": "u---", "facing": "rear"}},
     "6,7's rear side is smooth (the exhaust), 7,7's front is universal (the starting cabin): "
     "turn or move the engine on 6,7"),
]  # fmt: skip


@pytest.mark.parametrize(("tiles", "message"), ADVICE)
def test_the_message_says_what_would_make_them_join(
    tiles: dict[str, Any], message: str | None
) -> None:
    report = validate(ship({"7,7": "start", **tiles}))
    said = [v.message for v in report.violations if str(v.rule) == "connector-mismatch"]
    assert said == ([message] if message else [])


def test_each_pair_is_reported_once() -> None:
    tiles = {"7,7": "start", "7,8": "pipe ----", "6,7": "pipe ----"}
    assert verdict(tiles) == [
        ["connector-mismatch", "6,7", "7,7"],
        ["connector-mismatch", "7,7", "7,8"],
        ["disconnected", "6,7"],
        ["disconnected", "7,8"],
    ]


# On the cylinder the starting cabin is on 3,5; this chain reaches column 1.
TO_COLUMN_1 = {
    "3,5": "start",
    "3,4": "pipe -u-u",
    "3,3": "pipe -u-u",
    "3,2": "pipe -u-u",
    "3,1": "pipe -u-s",
}


def test_seam_joins_column_1_and_column_9() -> None:
    assert verdict({**TO_COLUMN_1, "3,9": "pipe -s--"}, "IIB") == []


def test_seam_mismatch() -> None:
    """Column 1's left side meets column 9's right side: single against double."""
    report = validate(ship({**TO_COLUMN_1, "3,9": "pipe -d--"}, "IIB"))
    assert [[str(v.rule), *map(str, v.squares)] for v in report.violations] == [
        ["connector-mismatch", "3,1", "3,9"],
        ["disconnected", "3,9"],
    ]
    assert report.violations[0].side is Direction.LEFT


def test_seam_smooth_against_connector() -> None:
    assert verdict({**TO_COLUMN_1, "3,9": "pipe ----"}, "IIB") == [
        ["connector-mismatch", "3,1", "3,9"],
        ["disconnected", "3,9"],
    ]


def test_no_seam_on_a_plain_board() -> None:
    """On Class III columns 3 and 11 do not touch: 7,3's left connector and 7,11's right
    connector face empty squares."""
    tiles = {"7,7": "start"}
    tiles |= {f"7,{c}": "pipe -u-u" for c in (3, 4, 5, 6, 8, 9, 10)}
    tiles["7,11"] = "pipe -d-u"
    tiles["7,3"] = "pipe -u-s"
    assert verdict(tiles, "III") == []
