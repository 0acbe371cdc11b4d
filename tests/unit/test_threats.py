"""Reading rolls into lines on every board, thruster shifts and the squares a threat crosses."""

from __future__ import annotations

import pytest

from trucker.core.geometry import Cell, Direction
from trucker.core.threats import Line, Threat, ThreatKind, line_squares, read_roll, shift_line
from trucker.formats.catalogue import find_board

F, R, B, L = Direction.FRONT, Direction.RIGHT, Direction.REAR, Direction.LEFT


def test_threat_parse_and_print() -> None:
    threat = Threat.parse("large-meteor l")
    assert threat == Threat(ThreatKind.LARGE_METEOR, L)
    assert str(threat) == "large-meteor left"
    with pytest.raises(ValueError, match="not a threat"):
        Threat.parse("meteor")
    assert ThreatKind.PAIRED_METEOR.impacts == (ThreatKind.LARGE_METEOR, ThreatKind.SMALL_METEOR)


def test_sum_boards_read_the_total() -> None:
    board = find_board("III")
    assert read_roll(board, F, (3, 4)) == Line(F, 7)
    assert read_roll(board, L, 12) == Line(L, 12)


def test_iib_front_reads_the_ordered_pair() -> None:
    """RULES §1.5: "22" is the leftmost column, "31" the next one (the spec's pair table)."""
    board = find_board("IIB")
    assert read_roll(board, F, (2, 2)).index == 1
    assert read_roll(board, B, (3, 1)).index == 2
    assert read_roll(board, F, (1, 3)).index == 7
    with pytest.raises(ValueError, match="both faces"):
        read_roll(board, F, 7)


def test_iib_side_rolls() -> None:
    board = find_board("IIB")
    assert read_roll(board, L, (1, 4)).misses
    assert read_roll(board, R, (6, 1)).misses
    assert read_roll(board, L, (3, 4)) == Line(L, 3, 7)
    assert read_roll(board, R, (2, 3)) == Line(R, 2, 3)


def test_shifts() -> None:
    ii, iib = find_board("II"), find_board("IIB")
    assert shift_line(ii, Line(F, 5), R).index == 4
    assert shift_line(ii, Line(F, 5), L).index == 6
    assert shift_line(ii, Line(L, 5), F).index == 6
    assert shift_line(ii, Line(L, 5), B).index == 4
    assert shift_line(ii, Line(F, 2), L).index == 3, (
        "a roll that misses may be shifted onto the ship"
    )
    assert shift_line(iib, Line(F, 1), R).index == 9, "front/rear shifts wrap on IIB"
    assert shift_line(iib, Line(F, 9), L).index == 1
    assert shift_line(iib, Line(L, 3, 7), F) == Line(L, 4, 7), "side shifts change only the row"
    assert shift_line(iib, Line(L, None), F).misses
    with pytest.raises(ValueError):
        shift_line(ii, Line(F, 5), F)


def test_a_iib_side_miss_shifts_by_its_first_die_only() -> None:
    """RULES §1.5: the thruster changes the first die, never the entry the second die gave."""
    iib = find_board("IIB")
    one, six = read_roll(iib, L, (1, 3)), read_roll(iib, R, (6, 5))
    assert one.misses and six.misses
    assert (one.to_json(), str(one)) == (None, "a miss"), "a miss still reads as one"
    assert shift_line(iib, one, F) == Line(L, 2, 3)
    assert shift_line(iib, six, B) == Line(R, 5, 7)
    assert shift_line(iib, one, B) is one and shift_line(iib, six, F) is six, "0 and 7 miss"


def test_line_squares() -> None:
    ii, iib = find_board("II"), find_board("IIB")
    assert line_squares(ii, Line(F, 7))[:2] == [Cell(4, 7), Cell(5, 7)]
    assert line_squares(ii, Line(B, 7))[0] == Cell(9, 7)
    assert line_squares(ii, Line(R, 8))[0] == Cell(8, 10)
    from_left = line_squares(iib, Line(L, 2, 7))
    assert [c.col for c in from_left] == [7, 8, 9, 1, 2, 3, 4, 5, 6]
    from_right = line_squares(iib, Line(R, 2, 3))
    assert [c.col for c in from_right] == [3, 2, 1, 9, 8, 7, 6, 5, 4]
    assert line_squares(iib, Line(L, None)) == []
