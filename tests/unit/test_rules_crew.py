"""alien-no-life-support, alien-in-start-cabin, alien-duplicate and overloaded (RULES §2.2,
§2.4, §3.1 item 7, §8.2; the spec's Values)."""

from __future__ import annotations

import pytest

from tests.helpers import verdict

pytestmark = pytest.mark.rules("4.3", "8.3")

# A purple alien on 7,8 with purple life support joined below it on 8,8.
SUPPORTED = {
    "7,7": "start",
    "7,8": "cabin --uu alien=purple",
    "8,8": "life-support u--- color=purple",
}


def test_alien_with_joined_life_support() -> None:
    assert verdict(SUPPORTED) == []


def test_alien_without_life_support() -> None:
    assert verdict({"7,7": "start", "7,8": "cabin ---u alien=purple"}) == [
        ["alien-no-life-support", "7,8"]
    ]


def test_life_support_of_another_colour() -> None:
    """The connected support that fails the alien is named after the cabin."""
    tiles = {**SUPPORTED, "8,8": "life-support u--- color=brown"}
    assert verdict(tiles) == [["alien-no-life-support", "7,8", "8,8"]]


@pytest.mark.parametrize(("colors", "legal"), [("purple,cyan", True), ("brown,cyan", False)])
def test_hybrid_life_support(colors: str, legal: bool) -> None:
    """A hybrid support offers two colours (RULES §2.4)."""
    tiles = {**SUPPORTED, "8,8": f"hybrid-life-support u--- colors={colors}"}
    assert verdict(tiles) == ([] if legal else [["alien-no-life-support", "7,8", "8,8"]])


def test_life_support_through_a_router() -> None:
    """Cabin and support are both joined to the router on 8,8: connected (RULES §8.2)."""
    tiles = {
        "7,7": "start",
        "7,8": "cabin --uu alien=purple",
        "8,8": "router uu--",
        "8,9": "life-support ---u color=purple",
    }
    assert verdict(tiles) == []


def test_a_structure_does_not_pass_life_support_on() -> None:
    tiles = {
        "7,7": "start",
        "7,8": "cabin --uu alien=purple",
        "8,8": "pipe uu--",
        "8,9": "life-support ---u color=purple",
    }
    assert verdict(tiles) == [["alien-no-life-support", "7,8", "8,9"]]


def test_adjacent_but_not_joined_life_support() -> None:
    """8,8's support is joined to the ship through 8,7, but meets the cabin on smooth sides: it
    is named as the support of the alien's colour that is not connected to it."""
    tiles = {
        "7,7": "start",
        "7,8": "cabin ---u alien=purple",
        "8,7": "pipe uu--",
        "8,8": "life-support ---u color=purple",
    }
    assert verdict(tiles) == [["alien-no-life-support", "7,8", "8,8"]]


def test_life_support_across_the_seam() -> None:
    """IIB: the cabin on 3,1 is joined across the seam to the support on 3,9."""
    tiles = {
        "3,5": "start",
        "3,4": "pipe -u-u",
        "3,3": "pipe -u-u",
        "3,2": "pipe -u-u",
        "3,1": "cabin -u-u alien=brown",
        "3,9": "life-support -u-- color=brown",
    }
    assert verdict(tiles, "IIB") == []
    tiles["3,9"] = "life-support -u-- color=cyan"
    assert verdict(tiles, "IIB") == [["alien-no-life-support", "3,1", "3,9"]]


def test_alien_in_the_starting_cabin() -> None:
    assert verdict({"7,7": "start alien=brown", "7,8": "life-support ---u color=brown"}) == [
        ["alien-in-start-cabin", "7,7"]
    ]


def test_alien_in_the_starting_cabin_without_support() -> None:
    assert verdict({"7,7": "start alien=brown"}) == [
        ["alien-in-start-cabin", "7,7"],
        ["alien-no-life-support", "7,7"],
    ]


# One purple support on 7,8 joined to cabins on 6,8 and 8,8.
TWO_CABINS = {"7,7": "start", "7,8": "life-support u-uu color=purple"}


def test_two_aliens_of_one_colour() -> None:
    tiles = {**TWO_CABINS, "6,8": "cabin --u- alien=purple", "8,8": "cabin u--- alien=purple"}
    assert verdict(tiles) == [["alien-duplicate", "8,8", "6,8"]]


def test_two_aliens_of_different_colours() -> None:
    tiles = {
        **TWO_CABINS,
        "7,8": "hybrid-life-support u-uu colors=purple,brown",
        "6,8": "cabin --u- alien=purple",
        "8,8": "cabin u--- alien=brown",
    }
    assert verdict(tiles) == []


def test_three_aliens_of_one_colour_name_the_first() -> None:
    tiles = {
        **TWO_CABINS,
        "7,8": "life-support uuuu color=purple",
        "6,8": "cabin --u- alien=purple",
        "8,8": "cabin u--- alien=purple",
        "7,9": "cabin ---u alien=purple",
    }
    assert verdict(tiles) == [
        ["alien-duplicate", "7,9", "6,8"],
        ["alien-duplicate", "8,8", "6,8"],
    ]


# Each row: a tile joined to the starting cabin on its left, and whether it is overloaded.
LOADS = [
    ("start crew=2", False),
    ("start crew=3", True),
    ("cabin ---u crew=0", False),
    ("cabin ---u crew=3", True),
    ("battery ---u capacity=3 charge=3", False),
    ("battery ---u capacity=3 charge=4", True),
    ("battery ---u capacity=2 charge=3", True),
    ("stasis-chamber ---u sleepers=4", False),
    ("stasis-chamber ---u sleepers=5", True),
    ("cargo ---u capacity=3 goods=YYG", False),
    ("cargo ---u capacity=3 goods=YYGB", True),
    ("cargo ---u capacity=2 goods=YGB", True),
    ("cargo ---u capacity=2 goods=R", True),
    ("cargo ---u capacity=1 red=true goods=R", False),
    ("cargo ---u capacity=1 red=true goods=RY", True),
    ("cargo ---u capacity=2 red=true goods=RB", False),
]


@pytest.mark.parametrize(("spec", "overloaded"), LOADS)
def test_overloaded(spec: str, overloaded: bool) -> None:
    tiles = {"7,7": spec} if spec.startswith("start") else {"7,7": "start", "7,8": spec}
    square = "7,7" if spec.startswith("start") else "7,8"
    assert verdict(tiles) == ([["overloaded", square]] if overloaded else [])


def test_overloaded_in_two_ways_is_one_violation() -> None:
    """Too many goods and red goods in a plain hold: one tile, one violation."""
    assert verdict({"7,7": "start", "7,8": "cargo ---u capacity=2 goods=RYB"}) == [
        ["overloaded", "7,8"]
    ]


def test_overloaded_is_judged_in_flight() -> None:
    assert verdict({"7,7": "start crew=3"}, flight=True) == [["overloaded", "7,7"]]
