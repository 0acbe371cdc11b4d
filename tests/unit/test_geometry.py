"""Squares, directions and the connector table (RULES §0, §2.1; the spec's Coordinates)."""

from __future__ import annotations

import pytest

from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction, compatible, joins

SM, SG, DB, UN = Connector.SMOOTH, Connector.SINGLE, Connector.DOUBLE, Connector.UNIVERSAL


@pytest.mark.parametrize(
    ("text", "cell"),
    [("7,8", Cell(7, 8)), ("07,7", Cell(7, 7)), (" 4 , 10 ", Cell(4, 10)), ("-1,0", Cell(-1, 0))],
)
def test_cell_parse(text: str, cell: Cell) -> None:
    assert Cell.parse(text) == cell


@pytest.mark.parametrize("text", ["7;8", "7", "7,8,9", "a,b", "", "7.5,8", "7,"])
def test_cell_parse_rejects_what_is_not_row_col(text: str) -> None:
    with pytest.raises(ValueError, match="not a square"):
        Cell.parse(text)


def test_cell_text_forms_round_trip() -> None:
    """str() is the file's spelling, repr() pastes back into Python (STYLE §1.4)."""
    cell = Cell(11, 3)
    assert str(cell) == "11,3"
    assert repr(cell) == "Cell(11, 3)"
    assert Cell.parse(str(cell)) == cell
    assert eval(repr(cell)) == cell


def test_cells_order_by_row_then_column() -> None:
    assert sorted([Cell(7, 9), Cell(6, 10), Cell(7, 1)]) == [Cell(6, 10), Cell(7, 1), Cell(7, 9)]


@pytest.mark.parametrize(
    ("direction", "cell"),
    [
        (Direction.FRONT, Cell(6, 7)),
        (Direction.RIGHT, Cell(7, 8)),
        (Direction.REAR, Cell(8, 7)),
        (Direction.LEFT, Cell(7, 6)),
    ],
)
def test_step_rows_grow_to_the_rear_columns_to_the_right(direction: Direction, cell: Cell) -> None:
    assert Cell(7, 7).step(direction) == cell


@pytest.mark.parametrize(
    ("text", "direction"),
    [
        ("front", Direction.FRONT), ("f", Direction.FRONT), ("N", Direction.FRONT),
        ("right", Direction.RIGHT), ("r", Direction.RIGHT), ("E", Direction.RIGHT),
        ("rear", Direction.REAR), ("b", Direction.REAR), ("S", Direction.REAR),
        ("left", Direction.LEFT), ("l", Direction.LEFT), ("W", Direction.LEFT),
        ("FRONT", Direction.FRONT),
    ],
)  # fmt: skip
def test_direction_short_forms(text: str, direction: Direction) -> None:
    """The spec accepts f r b l and N E S W on input; the enum itself takes them too, as a
    reader that knows only the enum (the fast path's structs) reads them."""
    assert Direction.parse(text) is direction
    assert Direction(text) is direction


@pytest.mark.parametrize("text", ["up", "down", "x", "", 3, None])
def test_direction_parse_rejects_other_words(text: object) -> None:
    with pytest.raises(ValueError, match="not a direction"):
        Direction.parse(text)
    with pytest.raises(ValueError):
        Direction(text)


def test_directions_are_written_in_long_words() -> None:
    assert [str(d) for d in DIRECTIONS] == ["front", "right", "rear", "left"]
    assert [d.index for d in DIRECTIONS] == [0, 1, 2, 3]


def test_turning_follows_the_spec() -> None:
    """left(h): front→left, left→rear, rear→right, right→front; right(h) is the inverse."""
    left = {d: d.turn_left() for d in DIRECTIONS}
    assert left == {
        Direction.FRONT: Direction.LEFT,
        Direction.LEFT: Direction.REAR,
        Direction.REAR: Direction.RIGHT,
        Direction.RIGHT: Direction.FRONT,
    }
    for d in DIRECTIONS:
        assert d.turn_left().turn_right() is d
        assert d.opposite.opposite is d
        assert d.turn_left().turn_left() is d.opposite


def test_perpendicular() -> None:
    assert Direction.FRONT.is_perpendicular(Direction.LEFT)
    assert Direction.REAR.is_perpendicular(Direction.RIGHT)
    assert not Direction.FRONT.is_perpendicular(Direction.REAR)
    assert not Direction.LEFT.is_perpendicular(Direction.LEFT)


@pytest.mark.parametrize(
    ("char", "connector"),
    [("-", SM), ("0", SM), ("s", SG), ("1", SG), ("d", DB), ("2", DB), ("u", UN), ("3", UN),
     ("U", UN)],
)  # fmt: skip
def test_connector_chars(char: str, connector: Connector) -> None:
    assert Connector.parse(char) is connector


def test_connector_rejects_other_chars() -> None:
    with pytest.raises(ValueError, match="not a connector"):
        Connector.parse("x")


# RULES §2.1, row by row: smooth, single, double, universal.
TABLE = {
    SM: {SM: "ok", SG: "illegal", DB: "illegal", UN: "illegal"},
    SG: {SM: "illegal", SG: "joined", DB: "illegal", UN: "joined"},
    DB: {SM: "illegal", SG: "illegal", DB: "joined", UN: "joined"},
    UN: {SM: "illegal", SG: "joined", DB: "joined", UN: "joined"},
}


@pytest.mark.parametrize("a", list(Connector))
@pytest.mark.parametrize("b", list(Connector))
def test_connector_table(a: Connector, b: Connector) -> None:
    expected = TABLE[a][b]
    assert compatible(a, b) is (expected != "illegal")
    assert joins(a, b) is (expected == "joined")
    assert compatible(a, b) is compatible(b, a)
