"""disconnected: every tile joined, through joined connectors, to the starting cabin
(RULES §3.1.6); judged only with exactly one starting cabin (the spec)."""

from __future__ import annotations

from tests.helpers import verdict


def test_joined_through_a_bridge() -> None:
    assert verdict({"7,7": "start", "7,8": "pipe -u-u", "7,9": "pipe ---u"}) == []


def test_a_tile_that_touches_nothing() -> None:
    assert verdict({"7,7": "start", "7,9": "pipe uuuu"}) == [["disconnected", "7,9"]]


def test_a_piece_of_two_away_from_the_cabin() -> None:
    tiles = {"7,7": "start", "9,9": "pipe u---", "8,9": "pipe --u-"}
    assert verdict(tiles) == [["disconnected", "8,9"], ["disconnected", "9,9"]]


def test_beyond_a_disconnected_tile() -> None:
    """7,9 is joined to 7,8, which touches the cabin only through a mismatch."""
    tiles = {"7,7": "start", "7,8": "pipe -u--", "7,9": "pipe ---u"}
    assert verdict(tiles) == [
        ["connector-mismatch", "7,7", "7,8"],
        ["disconnected", "7,8"],
        ["disconnected", "7,9"],
    ]


def test_not_judged_without_a_starting_cabin() -> None:
    assert verdict({"7,7": "cabin uuuu", "7,9": "pipe uuuu"}) == [["no-start-cabin"]]


def test_not_judged_with_two_starting_cabins() -> None:
    tiles = {"7,7": "start", "7,8": "start", "5,7": "pipe ----"}
    assert "disconnected" not in {v[0] for v in verdict(tiles)}


def test_not_judged_in_flight() -> None:
    assert verdict({"7,7": "start", "7,9": "pipe uuuu"}, flight=True) == []


# IIB: the starting cabin on 3,5 reaches column 1 through 3,4..3,2.
TO_COLUMN_1 = {
    "3,5": "start",
    "3,4": "pipe -u-u",
    "3,3": "pipe -u-u",
    "3,2": "pipe -u-u",
    "3,1": "pipe -u-u",
}


def test_joined_across_the_seam() -> None:
    """3,9 and 2,9 reach the cabin only through the seam (3,9 right - 3,1 left)."""
    tiles = {**TO_COLUMN_1, "3,9": "pipe uu--", "2,9": "pipe --u-"}
    assert verdict(tiles, "IIB") == []


def test_the_seam_does_not_join_across_rows() -> None:
    """2,9 touches 3,1 only diagonally."""
    tiles = {**TO_COLUMN_1, "3,1": "pipe -u--", "2,9": "pipe -u--"}
    assert verdict(tiles, "IIB") == [["disconnected", "2,9"]]


def test_disconnected_across_the_seam_without_a_join() -> None:
    """Both sides smooth at the seam: adjacent, legal, not joined."""
    tiles = {**TO_COLUMN_1, "3,1": "pipe -u--", "3,9": "pipe u---", "2,9": "pipe --u-"}
    assert verdict(tiles, "IIB") == [["disconnected", "2,9"], ["disconnected", "3,9"]]


def test_the_same_row_on_a_plain_board_does_not_wrap() -> None:
    """On Class II, 8,4 and 8,10 are the ends of one row and do not touch."""
    tiles = {
        "7,7": "start",
        "8,7": "pipe u--u",
        "8,6": "pipe -u-u",
        "8,5": "pipe -u-u",
        "8,4": "pipe -u-u",
        "8,10": "pipe -u--",
    }
    assert verdict(tiles) == [["disconnected", "8,10"]]
