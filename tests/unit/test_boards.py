"""The built-in boards are the spec's Boards section, square by square (RULES §1)."""

from __future__ import annotations

import pytest

from trucker.core.geometry import Cell, Direction
from trucker.formats.catalogue import builtin_boards, find_board

pytestmark = pytest.mark.rules("1")


def _rows(spec: dict[int, list[int]]) -> frozenset[Cell]:
    return frozenset(Cell(r, c) for r, cols in spec.items() for c in cols)


def _span(a: int, b: int) -> list[int]:
    return list(range(a, b + 1))


# Copied by hand from the spec's "Built-in boards" (valid columns per row).
SPEC_SHAPES = {
    "I": {5: [7], 6: _span(6, 8), 7: _span(5, 9), 8: _span(5, 9), 9: [5, 6, 8, 9]},
    "II": {
        4: [7], 5: _span(6, 8), 6: _span(5, 9), 7: _span(5, 9), 8: _span(4, 10),
        9: [4, 5, 6, 8, 9, 10],
    },
    "III": {
        4: [7], 5: _span(6, 8), 6: [3, *_span(5, 9), 11], 7: _span(3, 11), 8: _span(3, 11),
        9: [3, 4, 6, 7, 8, 10, 11],
    },
    "IIIa": {
        3: _span(6, 8), 4: _span(5, 9), 5: [5, 6, 8, 9], 6: _span(5, 9), 7: _span(6, 8),
        8: [5, 7, 9], 9: _span(5, 9), 10: _span(5, 9), 11: [5, 7, 9],
    },
    "IIB": {row: _span(1, 9) for row in range(2, 6)},
    "IV": {
        3: _span(5, 9), 4: _span(4, 10), **{r: _span(3, 11) for r in range(5, 10)},
        10: _span(4, 10), 11: _span(5, 9),
    },
}  # fmt: skip
SPEC_STARTS = {
    "I": Cell(7, 7), "II": Cell(7, 7), "III": Cell(7, 7), "IIIa": Cell(7, 7),
    "IIB": Cell(3, 5), "IIIB": Cell(7, 7), "IV": Cell(11, 7),
}  # fmt: skip

# The spec's IIIB map: a digit marks a hole face, o a plain square, S the start, . no square.
IIIB_MAP = """
      5  6  7  8  9 10
 3    .  .  o  6  3  .
 4    4  o  2  2  6  o
 5    1  o  5  4  1  o
 6    .  o  3  1  5  5
 7    5  1  S  2  6  2
 8    6  o  6  o  3  .
 9    4  o  4  o  o  3
10    5  o  o  2  o  o
11    .  4  3  1  .  .
"""


def _iiib_map() -> tuple[frozenset[Cell], dict[Cell, int]]:
    lines = [line.split() for line in IIIB_MAP.strip().splitlines()]
    cols = [int(c) for c in lines[0]]
    squares, marks = set(), {}
    for row_text, *marks_text in lines[1:]:
        for col, mark in zip(cols, marks_text, strict=True):
            if mark == ".":
                continue
            cell = Cell(int(row_text), col)
            squares.add(cell)
            if mark.isdigit():
                marks[cell] = int(mark)
    return frozenset(squares), marks


# The spec's IIB pair table.
IIB_PAIRS = {
    1: "22 16 44 45", 2: "31 33 53 61", 3: "26 32 36 41", 4: "25 35 54 55", 5: "21 24 51 62",
    6: "11 34 43 65", 7: "13 46 56 64", 8: "14 15 52 63", 9: "12 23 42 66",
}  # fmt: skip


def test_builtin_boards_in_order() -> None:
    assert list(builtin_boards()) == ["I", "II", "III", "IIIa", "IIB", "IIIB", "IV"]


@pytest.mark.parametrize("board_id", sorted(SPEC_SHAPES))
def test_shapes_match_the_spec(board_id: str) -> None:
    board = find_board(board_id)
    assert board.squares == _rows(SPEC_SHAPES[board_id])
    assert board.start == SPEC_STARTS[board_id]


def test_square_counts_from_rules() -> None:
    """RULES §1.2: Class I has 18 squares, II 27, III and IIIa 36; the spec: IIIB 46."""
    counts = {b.id: len(b.squares) for b in builtin_boards().values()}
    assert counts["I"] == 18
    assert counts["II"] == 27
    assert counts["III"] == 36
    assert counts["IIIa"] == 36
    assert counts["IIIB"] == 46
    assert counts["IIB"] == 36


def test_iiib_squares_and_hole_marks_match_the_spec_map() -> None:
    squares, marks = _iiib_map()
    board = find_board("IIIB")
    assert board.squares == squares
    assert dict(board.hole_marks) == marks
    assert board.start == Cell(7, 7)


def test_each_iiib_face_marks_five_squares() -> None:
    """RULES §1.6: each face marks 5 squares."""
    faces = list(find_board("IIIB").hole_marks.values())
    assert sorted(faces) == sorted(list(range(1, 7)) * 5)


def test_iiib_holes_for_a_roll() -> None:
    """Two faces make 10 holes; a double makes the 5 of its face plus the start square."""
    board = find_board("IIIB")
    _, marks = _iiib_map()
    holes = board.holes((3, 4))
    assert holes == {c for c, f in marks.items() if f in (3, 4)}
    assert len(holes) == 10
    double = board.holes((5, 5))
    assert double == {c for c, f in marks.items() if f == 5} | {Cell(7, 7)}
    assert len(double) == 6
    assert board.start_is_free((5, 5)) and not board.start_is_free((3, 4))
    assert board.holes(None) == frozenset()


def test_boards_without_holes_have_none() -> None:
    assert find_board("II").holes((5, 5)) == frozenset()
    assert not find_board("II").start_is_free((5, 5))


def test_iib_pair_table_matches_the_spec() -> None:
    board = find_board("IIB")
    expected = {
        (int(p[0]), int(p[1])): col for col, pairs in IIB_PAIRS.items() for p in pairs.split()
    }
    assert dict(board.pair_columns) == expected
    assert len(expected) == 36  # every ordered pair of two dice, once
    assert board.dice == "pairs"
    assert board.side_entry == (3, 7)


def test_iib_wraps_between_column_1_and_9_in_every_row() -> None:
    board = find_board("IIB")
    for row in range(2, 6):
        assert board.neighbour(Cell(row, 1), Direction.LEFT) == Cell(row, 9)
        assert board.neighbour(Cell(row, 9), Direction.RIGHT) == Cell(row, 1)
    # rows do not wrap
    assert board.neighbour(Cell(2, 4), Direction.FRONT) == Cell(1, 4)
    assert board.neighbour(Cell(5, 4), Direction.REAR) == Cell(6, 4)


def test_plain_boards_do_not_wrap() -> None:
    board = find_board("II")
    assert board.neighbour(Cell(8, 4), Direction.LEFT) == Cell(8, 3)
    assert board.neighbour(Cell(8, 10), Direction.RIGHT) == Cell(8, 11)


def test_reconstructions_and_insurance() -> None:
    """The spec: IIB, IIIB and IV are reconstructions; Class I's cap is 5; IV's insurance is
    optional with a price and a cap; the other printed caps are not known."""
    boards = builtin_boards()
    assert {b.id for b in boards.values() if b.reconstructed} == {"IIB", "IIIB", "IV"}
    assert boards["I"].insurance.cap == 5
    assert not boards["I"].insurance.optional
    for board_id in ("II", "III", "IIIa", "IIB", "IIIB"):
        assert boards[board_id].insurance.cap is None, board_id
        assert not boards[board_id].insurance.optional
    iv = boards["IV"].insurance
    assert iv.optional and iv.price is not None and iv.cap is not None


def test_every_board_has_a_source_and_two_reserve_slots() -> None:
    for board in builtin_boards().values():
        assert board.source in ("printed", "reconstruction"), board.id
        assert board.reserve == 2, board.id
    assert not find_board("IIB").reserve_printed
    assert not find_board("IIIB").reserve_printed


@pytest.mark.parametrize(
    ("name", "board_id"),
    [("II", "II"), ("ii", "II"), ("2", "II"), ("cylinder", "IIB"), ("2b", "IIB"),
     ("iiia", "IIIa"), ("3b", "IIIB"), ("class-iv", "IV"), (" I ", "I")],
)  # fmt: skip
def test_find_board_by_alias(name: str, board_id: str) -> None:
    assert find_board(name).id == board_id


def test_unknown_board_suggests_a_close_one() -> None:
    with pytest.raises(KeyError, match="did you mean 'II'"):
        find_board("XII")


def test_columns_and_rows_of_a_board() -> None:
    board = find_board("I")
    assert board.rows == (5, 6, 7, 8, 9)
    assert board.cols == (5, 6, 7, 8, 9)
    assert board.columns_of(9) == [5, 6, 8, 9]
