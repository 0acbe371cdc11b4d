"""Where a tile in hand may go (rules/placement.py), worked out by hand from the rules on small
ships: the starting cabin alone on board I (RULES §1, start 7,7; row 9 has no column 7)."""

from __future__ import annotations

from trucker.core.geometry import Cell, Direction, parse_sides
from trucker.core.parts import Part
from trucker.core.ship import Contents, Ship, Tile
from trucker.formats.catalogue import find_board, parts
from trucker.rules.placement import added_violations, fitting_turn, placements
from trucker.rules.violations import RuleId

START = Tile(Part.CABIN, parse_sides("uuuu"), start=True)


def lone_cabin(board: str = "I") -> Ship:
    return Ship(
        find_board(board),
        {Cell(7, 7): START},
        contents={Cell(7, 7): Contents(crew=2)},
        part_facts=parts(),
    )


def sides(tile: Tile) -> str:
    return "".join(s.char for s in tile.sides)


def test_a_tile_turns_clockwise_with_everything_printed_on_it() -> None:
    thruster = Tile(
        Part.THRUSTER,
        parse_sides("s--d"),
        nozzles=(Direction.RIGHT, Direction.REAR),
        armor=frozenset({Direction.REAR}),
    )
    once = thruster.turned()
    assert sides(once) == "ds--"  # the front side goes right, the left side comes to the front
    assert once.nozzles == (Direction.REAR, Direction.LEFT)
    assert once.armor == frozenset({Direction.LEFT})
    shield = Tile(Part.SHIELD, parse_sides("s---"), covers=(Direction.FRONT, Direction.RIGHT))
    assert shield.turned(3).covers == (Direction.LEFT, Direction.FRONT)
    assert thruster.turned(4) == thruster == once.turned(3)
    assert thruster.turned(-1) == thruster.turned(3)


def test_an_engine_fits_only_behind_the_lone_starting_cabin() -> None:
    engine = Tile(Part.ENGINE, parse_sides("u---"), facing=Direction.REAR)
    found = placements(lone_cabin(), engine)
    board = find_board("I")
    assert [c.cell for c in found] == sorted(board.squares - {Cell(7, 7)})
    fits = {c.cell: [w.turn for w in c.ways if w.fits] for c in found if c.fits}
    # behind the cabin, exhaust to the rear, its connector on the cabin: the only fit; beside
    # it the exhaust would point sideways (RULES §3.1.3), above it onto the cabin
    assert fits == {Cell(8, 7): [0]}
    above = next(c for c in found if c.cell == Cell(6, 7))
    as_held = next(w for w in above.ways if w.turn == 0)
    # its smooth rear (the exhaust) on the cabin's universal side: a mismatch, so not joined
    # either, and the exhaust onto the cabin
    assert [(v.rule, v.squares) for v in as_held.violations] == [
        (RuleId.CONNECTOR_MISMATCH, (Cell(6, 7), Cell(7, 7))),
        (RuleId.DISCONNECTED, (Cell(6, 7),)),
        (RuleId.ENGINE_BLOCKED, (Cell(6, 7), Cell(7, 7))),
    ]
    assert as_held.violations[2].message == "the square behind the exhaust (7,7) holds a cabin"
    far = next(c for c in found if c.cell == Cell(9, 5))
    # far from the cabin: no tile beside it could join it either (the validator's join hint)
    assert [str(v) for v in far.ways[0].violations] == [
        "disconnected 9,5: engine not joined to the starting cabin on 7,7: nothing of the ship "
        "touches it, and no tile set beside it could join it"
    ]


def test_the_turns_that_fit_come_first() -> None:
    pipe = Tile(Part.STRUCTURE, parse_sides("s---"))
    (right,) = placements(lone_cabin(), pipe, squares=[Cell(7, 8)])
    assert [w.turn for w in right.ways] == [3, 0, 1, 2]
    assert sides(right.ways[0].tile) == "---s"
    assert [w.fits for w in right.ways] == [True, False, False, False]
    assert fitting_turn(lone_cabin(), Cell(7, 8), pipe) == 3
    assert fitting_turn(lone_cabin(), Cell(8, 7), pipe) == 0
    # nowhere to fit: dropped as held
    engine = Tile(Part.ENGINE, parse_sides("u---"), facing=Direction.REAR)
    assert fitting_turn(lone_cabin(), Cell(7, 8), engine) == 0


def test_a_hole_says_so_and_nothing_else() -> None:
    board = find_board("IIIB")
    dice = (3, 4)
    hole = sorted(board.holes(dice))[0]
    ship = Ship(
        board,
        {board.start: START},
        contents={board.start: Contents(crew=2)},
        part_facts=parts(),
        holes=dice,
    )
    pipe = Tile(Part.STRUCTURE, parse_sides("uuuu"))
    (choice,) = placements(ship, pipe, squares=[hole])
    assert not choice.fits
    assert {v.rule for w in choice.ways for v in w.violations} == {RuleId.HOLE}


def test_the_reference_and_the_fast_path_agree_on_a_cabin_with_an_alien() -> None:
    cabin = Tile(Part.CABIN, parse_sides("uuuu"))
    held = Contents(alien=None, crew=0)._replace(alien="brown")  # type: ignore[arg-type]
    ship = lone_cabin()
    (choice,) = placements(ship, cabin, held, squares=[Cell(7, 8)])
    assert not choice.fits
    assert choice.ways[0].violations == added_violations(ship, Cell(7, 8), cabin, held)
    assert [v.rule for v in choice.ways[0].violations] == [RuleId.ALIEN_NO_LIFE_SUPPORT]
