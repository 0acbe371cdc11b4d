"""Board data files, ``trucker-board/1``: the model and the checks that need the whole file."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from trucker.core.geometry import Cell
from trucker.formats.board_file import BoardFile
from trucker.formats.boards import board_from_file, parse_columns
from trucker.formats.fast import read_board


def _board(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "format": "trucker-board/1",
        "id": "X",
        "name": "custom",
        "level": 1,
        "start": "1,1",
        "squares": {"1": "1-2"},
    }
    data.update(changes)
    return data


def test_board_file_builds_a_board() -> None:
    board = board_from_file(BoardFile.model_validate(_board()))
    assert board.squares == {Cell(1, 1), Cell(1, 2)}
    assert board.source == "custom"
    assert not board.wrap


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"start": "5,5"}, "start: 5,5 is not one of the board's squares"),
        ({"hole_marks": {"7": ["1,1"]}}, "not a die face"),
        ({"hole_marks": {"1": ["3,3"]}}, "not one of the board's squares"),
        ({"hole_marks": {"1": ["1,1"], "2": ["1,1"]}}, "already marked 1"),
        ({"dice": "pairs", "side_entry": [1, 2]}, "lists the pairs of each column"),
        ({"dice": "pairs", "columns": {"1": ["11"]}}, "gives the two entry columns"),
        ({"columns": {"9": ["11"]}}, "not a column of the board"),
        ({"columns": {"1": ["17"]}}, "is not a pair of die faces"),
        ({"columns": {"1": ["11"], "2": ["11"]}}, "already printed under column 1"),
    ],
)
def test_board_file_impossible_data(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        board_from_file(BoardFile.model_validate(_board(**changes)))


def test_unordered_pairs_list_each_pair_once() -> None:
    data = _board(dice="pairs", pairs="unordered", side_entry=[1, 2], columns={"1": ["12"]})
    board = board_from_file(BoardFile.model_validate(data))
    assert board.pair_columns == {(1, 2): 1, (2, 1): 1}


@pytest.mark.parametrize(
    ("text", "cols"),
    [("7", [7]), ("5-9", [5, 6, 7, 8, 9]), ("3, 5-7, 11", [3, 5, 6, 7, 11])],
)
def test_parse_columns(text: str, cols: list[int]) -> None:
    assert parse_columns(text) == cols


@pytest.mark.parametrize("text", ["9-5", "3, 3", "a", "1-2-3"])
def test_parse_columns_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        parse_columns(text)


@pytest.mark.parametrize(
    "changes",
    [{"squares": {"x": "1"}}, {"squares": {"1": "9-1"}}, {"level": 5}, {"wrap": "yes"},
     {"source": "rumour"}, {"colour": "red"}],
)  # fmt: skip
def test_board_file_model_rejects(changes: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        BoardFile.model_validate(_board(**changes))


@pytest.mark.parametrize(
    ("changes", "key"),
    [({"start": "x"}, "start"), ({"hole_marks": {"3": ["1,1", "a"]}}, "hole_marks.3")],
)
def test_a_square_that_is_not_row_col_names_its_key(changes: dict[str, object], key: str) -> None:
    """One line per problem naming the key (the spec): `start: 'x' is not a square...`."""
    with pytest.raises(ValueError, match=rf"^{key}: '.+' is not a square"):
        board_from_file(BoardFile.model_validate(_board(**changes)))


def test_parse_board_names_file_and_key() -> None:
    from trucker.core.errors import BadInput
    from trucker.formats.catalogue import parse_board

    with pytest.raises(BadInput) as info:
        parse_board(_board(start="7;7"), "mine.toml")
    assert [str(e) for e in info.value.errors] == [
        'mine.toml: start: \'7;7\' is not a square: write "row,col", e.g. "7,8"'
    ]


@pytest.mark.parametrize("row", ["²", "--3", "3a", ""])
def test_a_row_key_that_is_not_plain_digits_is_named(row: str) -> None:
    from trucker.core.errors import BadInput
    from trucker.formats.catalogue import parse_board

    doc = {"format": "trucker-board/1", "id": "X", "name": "x", "level": 1, "start": "7,7",
           "squares": {row: "7", "7": "7"}}  # fmt: skip
    with pytest.raises(BadInput) as info:
        parse_board(doc, "b.toml")
    [line] = [str(e) for e in info.value.errors]
    assert line.startswith("b.toml: squares")
    assert "not a number" in line


@pytest.mark.parametrize(
    ("squares", "message"),
    [
        ({"1": "1-99999999"}, "'1-99999999' is off the scale: number rows and columns from 0"),
        ({"1": "1, 41"}, "'41' is off the scale"),
        ({"99999": "1", "1": "1"}, "row 99999 is off the scale"),
        ({"9" * 5000: "1", "1": "1"}, "is off the scale"),
        ({"-1": "1", "1": "1"}, "row -1 is off the scale"),
    ],
)
def test_a_board_is_at_most_41_squares_wide_and_long(squares: dict[str, str], message: str) -> None:
    """A row "1-99999999" once took gigabytes (issue 13 B): both readers refuse it at once."""
    with pytest.raises(ValidationError, match=message):
        BoardFile.model_validate(_board(squares=squares))
    assert read_board(_board(squares=squares)) is None


def test_the_largest_board_is_read() -> None:
    squares = {str(row): "0-40" for row in range(41)}
    board = board_from_file(BoardFile.model_validate(_board(squares=squares)))
    assert len(board.squares) == 41 * 41
