"""shield-covers: a shield covers two adjacent sides (RULES §4.6)."""

from __future__ import annotations

import pytest

from tests.helpers import verdict


@pytest.mark.parametrize(
    ("covers", "legal"),
    [("front,right", True), ("right,rear", True), ("rear,left", True), ("left,front", True),
     ("front,rear", False), ("left,right", False), ("f,b", False), ("E,S", True)],
)  # fmt: skip
def test_shield_covers(covers: str, legal: bool) -> None:
    tiles = {"7,7": "start", "7,8": f"shield ---u covers={covers}"}
    assert verdict(tiles) == ([] if legal else [["shield-covers", "7,8"]])


def test_shield_covers_is_judged_in_flight() -> None:
    tiles = {"7,7": "start", "7,8": "shield ---u covers=front,rear"}
    assert verdict(tiles, flight=True) == [["shield-covers", "7,8"]]
