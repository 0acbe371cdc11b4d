"""Terminal drawings (trucker/render/text.py): readable without colour."""

from __future__ import annotations

import pytest

from tests.helpers import ship
from trucker.core.geometry import Cell, Direction
from trucker.formats.catalogue import find_board
from trucker.render.text import Mark, draw_board, draw_ship, tile_symbol


def test_a_ship_is_drawn_with_sides_and_symbols() -> None:
    s = ship({"7,7": "start", "6,7": "cannon --s- front", "8,7": "engine u--- rear"})
    text = draw_ship(s).plain()
    assert "SC2" in text  # the starting cabin with 2 humans
    assert "Cn" in text and "En" in text
    assert "^" in text  # the barrel points front
    assert "~" in text  # the exhaust
    assert "(S)" not in text  # the start square is taken


def test_an_empty_board_shows_its_start_square() -> None:
    text = draw_board(find_board("I"), {}, {}).plain()
    assert text.count("(S)") == 1
    assert text.count(".") == 17  # the other 17 squares of Class I


def test_holes_and_the_seam() -> None:
    board = find_board("IIIB")
    assert draw_board(board, {}, {}, holes=board.holes((1, 2))).plain().count("( )") == 10
    text = draw_board(find_board("IIB"), {}, {}).plain()
    assert "columns 1 and 9 are joined (the seam)" in text


def test_violations_are_marked_without_colour() -> None:
    s = ship({"7,7": "start"})
    text = draw_ship(s, marks={Cell(7, 7): Mark("violation")}).plain()
    assert "!" in text


def test_off_board_tiles_are_drawn() -> None:
    s = ship({"7,7": "start", "10,7": "pipe ----"})
    drawing = draw_ship(s)
    assert " 10 " in drawing.plain()
    assert any(style == "violation" for line in drawing.lines for _, style in line)


def test_arrows_mark_a_line() -> None:
    text = draw_board(find_board("II"), {}, {}, arrows={(Direction.LEFT, 7): ">>"}).plain()
    assert ">>" in text


@pytest.mark.parametrize(
    ("covers", "symbol"),
    [
        ("front,right", "Sfr"),
        ("right,rear", "Srb"),
        ("rear,left", "Sbl"),
        ("left,front", "Sfl"),
        ("left,right", "Srl"),
        ("front,rear", "Sfb"),
    ],
)
def test_shield_symbol_names_its_sides_unambiguously(covers: str, symbol: str) -> None:
    """Each covered side by the spec's short forms (f r b l): right and rear both begin with
    "r", so rear must be "b" for every pair to read differently."""
    s = ship({"7,7": "start", "7,8": f"shield ---u covers={covers}"})
    tile = s.tiles[Cell(7, 8)]
    assert tile_symbol(tile, s.contents[Cell(7, 8)], s.part_facts[tile.part].look) == symbol


@pytest.mark.parametrize(
    ("spec", "symbol"),
    [
        ("start", "SC2"),
        ("cabin ---u alien=purple", "Cbp"),
        ("battery ---u capacity=3 charge=1", "Bt1"),
        ("cargo ---u capacity=2 red=true goods=R", "Hr1"),
        ("cargo ---u capacity=2", "Hd "),
        ("life-support ---u color=brown", "LSb"),
        ("hybrid-life-support ---u colors=brown,cyan", "Hbc"),
        ("robot-center ---u active=true", "Rb+"),
        ("luxury-cabin ---u", "Lx1"),
        ("stasis-chamber ---u sleepers=3", "Zz3"),
        ("turret ---u", "Tu "),
    ],
)
def test_tile_symbols(spec: str, symbol: str) -> None:
    tiles = {"7,7": spec} if spec == "start" else {"7,7": "start", "7,8": spec}
    cell = Cell(7, 7) if spec == "start" else Cell(7, 8)
    built = ship(tiles)
    tile = built.tiles[cell]
    assert tile_symbol(tile, built.contents[cell], built.part_facts[tile.part].look) == symbol


def test_a_tile_far_off_the_board_is_listed_not_drawn() -> None:
    """A tile on "100000,7" must not stretch the drawing over a hundred thousand rows: it is
    named under the board instead. Tiles just off the board (10,7 on Class II) are drawn."""
    board = find_board("II")
    empty = draw_board(board, {}, {}).lines
    far = ship({"7,7": "start", "100000,7": "pipe ----", "7,-99999999": "pipe ----"})
    drawing = draw_ship(far)
    assert len(drawing.lines) == len(empty) + 1
    assert drawing.plain().splitlines()[-1].strip() == (
        "not drawn, far off the board: 7,-99999999 (structure), 100000,7 (structure)"
    )
    near = ship({"7,7": "start", "10,7": "pipe ----"})
    assert " 10 " in draw_ship(near).plain()


def test_the_seam_note_names_the_board_columns_even_with_a_tile_off_the_board() -> None:
    """IIB's seam joins columns 1 and 9, whatever else is drawn beside them."""
    s = ship({"3,5": "start", "3,0": "pipe ----"}, "IIB")
    text = draw_ship(s).plain()
    assert "columns 1 and 9 are joined (the seam)" in text
