"""off-board, hole, no-start-cabin, extra-start-cabin, start-square (RULES §1.6, §3.1.1)."""

from __future__ import annotations

from tests.helpers import verdict

START_ONLY = {"7,7": "start"}


def test_a_tile_on_the_board_is_fine() -> None:
    assert verdict({"7,7": "start", "7,8": "pipe ---u"}) == []


def test_off_board_row() -> None:
    """Class II has no row 10."""
    assert verdict({"7,7": "start", "10,7": "pipe ----"}) == [["off-board", "10,7"]]


def test_internal_gap_is_off_board() -> None:
    """Class II row 9 lacks column 7 (RULES §1.2): the tile there is off-board, and the rear
    connector of 8,7 that faces it is merely exposed."""
    tiles = {"7,7": "start", "8,7": "pipe u-u-", "9,7": "pipe u---"}
    assert verdict(tiles) == [["off-board", "9,7"]]


def test_off_board_tile_is_left_out_of_other_checks() -> None:
    """The spec: its neighbours see an empty square, so the cannon at 5,6 is not blocked and
    the off-board tile is not reported as disconnected."""
    tiles = {
        "7,7": "start",
        "7,6": "pipe uu--",
        "6,6": "pipe s-u-",
        "5,6": "cannon --s- front",
        "4,6": "pipe ----",
    }
    assert verdict(tiles) == [["off-board", "4,6"]]


def test_off_board_on_the_cylinder() -> None:
    """IIB squares are columns 1-9 only: the seam joins them, it adds no column 0 or 10."""
    tiles = {"3,5": "start", "3,4": "pipe -u-u", "3,0": "pipe ----", "3,10": "pipe ----"}
    assert verdict(tiles, "IIB") == [["off-board", "3,0"], ["off-board", "3,10"]]


def test_off_board_start_cabin_leaves_no_start_cabin() -> None:
    assert verdict({"17,7": "start"}) == [["no-start-cabin"], ["off-board", "17,7"]]


# IIIB holes (the spec's map): face 1 marks 5,5 5,9 6,8 7,6 11,8; face 2 marks 4,7 4,8 7,8 7,10
# 10,8; face 5 marks 5,7 6,9 6,10 7,5 10,5.


def test_hole_square_is_fine_when_its_face_was_not_rolled() -> None:
    assert verdict({"7,7": "start", "7,8": "pipe ---u"}, "IIIB", holes=[3, 4]) == []


def test_tile_on_a_hole() -> None:
    assert verdict({"7,7": "start", "7,8": "pipe ---u"}, "IIIB", holes=[1, 2]) == [["hole", "7,8"]]


def test_both_faces_make_holes() -> None:
    tiles = {"7,7": "start", "7,8": "pipe ---u", "7,6": "pipe -u--"}
    assert verdict(tiles, "IIIB", holes=[2, 1]) == [["hole", "7,6"], ["hole", "7,8"]]


def test_hole_tile_is_left_out_of_other_checks() -> None:
    """A smooth tile on a hole beside the starting cabin is no connector-mismatch and is not
    disconnected: only the hole is reported."""
    assert verdict({"7,7": "start", "7,8": "pipe ----"}, "IIIB", holes=[2, 6]) == [["hole", "7,8"]]


def test_double_makes_the_start_square_a_hole() -> None:
    """After a double the starting cabin goes on any other square that is not a hole."""
    tiles = {"8,8": "start", "9,8": "engine u--- rear"}
    assert verdict(tiles, "IIIB", holes=[5, 5]) == []


def test_start_cabin_on_the_start_square_after_a_double_is_a_hole_only() -> None:
    """The spec's rule table: a starting cabin on a hole is reported as `hole` only."""
    assert verdict({"7,7": "start"}, "IIIB", holes=[5, 5]) == [["hole", "7,7"]]


def test_start_cabin_on_a_marked_hole_is_a_hole_only() -> None:
    """7,8 is marked 2: not on the start square either, but `hole` is the only report."""
    assert verdict({"7,8": "start"}, "IIIB", holes=[1, 2]) == [["hole", "7,8"]]


def test_double_start_cabin_on_a_face_hole() -> None:
    """After a double 5, 7,5 is a hole like any square marked 5."""
    assert verdict({"7,5": "start"}, "IIIB", holes=[5, 5]) == [["hole", "7,5"]]


def test_no_start_cabin() -> None:
    assert verdict({"7,7": "cabin uuuu"}) == [["no-start-cabin"]]


def test_no_start_cabin_is_not_judged_in_flight() -> None:
    assert verdict({"7,7": "cabin uuuu", "7,8": "pipe ---u"}, flight=True) == []


def test_one_start_cabin() -> None:
    assert verdict(START_ONLY) == []


def test_extra_start_cabin_beside_the_one_on_the_start_square() -> None:
    """7,7 counts (it is on the start square); 7,8 is the extra one and off the start square.
    `disconnected` is not judged with two starting cabins."""
    tiles = {"7,7": "start", "7,8": "start", "5,7": "pipe ----"}
    assert verdict(tiles) == [["extra-start-cabin", "7,8", "7,7"], ["start-square", "7,8"]]


def test_the_cabin_on_the_start_square_counts_even_when_not_lowest() -> None:
    tiles = {"6,7": "start", "7,7": "start"}
    assert verdict(tiles) == [["extra-start-cabin", "6,7", "7,7"], ["start-square", "6,7"]]


def test_without_one_on_the_start_square_the_lowest_counts() -> None:
    tiles = {"7,8": "start", "7,6": "start", "8,8": "start"}
    assert verdict(tiles) == [
        ["extra-start-cabin", "7,8", "7,6"],
        ["extra-start-cabin", "8,8", "7,6"],
        ["start-square", "7,6"],
        ["start-square", "7,8"],
        ["start-square", "8,8"],
    ]


def test_extra_start_cabin_is_judged_in_flight_too() -> None:
    """The flight-phase check skips only no-start-cabin, start-square and disconnected."""
    tiles = {"7,7": "start", "7,8": "start"}
    assert verdict(tiles, flight=True) == [["extra-start-cabin", "7,8", "7,7"]]


def test_start_square() -> None:
    assert verdict({"7,6": "start"}) == [["start-square", "7,6"]]


def test_start_square_on_the_cylinder_is_3_5() -> None:
    assert verdict({"3,5": "start"}, "IIB") == []
    assert verdict({"3,4": "start"}, "IIB") == [["start-square", "3,4"]]


def test_start_square_of_class_iv_is_at_the_tail() -> None:
    assert verdict({"11,7": "start"}, "IV") == []
    assert verdict({"7,7": "start"}, "IV") == [["start-square", "7,7"]]


def test_start_square_is_not_judged_in_flight() -> None:
    assert verdict({"7,6": "start"}, flight=True) == []
