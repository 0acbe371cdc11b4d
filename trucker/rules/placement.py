"""Where a tile in hand may go (the shipyard's highlight): for each free square of the board and
each of the tile's four turns, the violations placing it there would add, in the validator's
words; the turns that add none first.

The reference is the validator itself (:func:`added_violations`): place the tile, run every
check, keep the violations the ship did not have. The fast path (:func:`placements`) rests on
what placing one tile can change. On its own square and around it, it can break the local rules
(a hole, touching sides, an exhaust or a barrel with the tile beyond it, the tile's own facing,
load and shield arcs): those checks run on the tile and its four neighbours alone. Of the rules
that read the whole ship, placing a tile can only add connections, so the one it can break is
integrity (RULES §3.1.6): the tile itself not joined to the starting cabin (said as the
validator says it, with where it could join). A tile in hand that is a starting cabin or holds an
alien, or a life support on a ship with an alien aboard (the rules of §2.2 and §3.1.7 read the
whole ship), goes to the reference. A property test
holds the two equal (tests/properties/test_placement_properties.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from trucker.core.geometry import Cell, joins
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import EMPTY, Contents, Ship, Tile
from trucker.rules.checks import RULES, RuleContext
from trucker.rules.checks.integrity import disconnected
from trucker.rules.graph import components, distances
from trucker.rules.validate import violations
from trucker.rules.violations import RuleId, Violation

__all__ = [
    "Placement",
    "SquareChoice",
    "added_violations",
    "placements",
    "fitting_turn",
    "needs_reference",
    "TURNS",
]

TURNS = 4
"""A tile lies four ways: 0 to 3 clockwise quarter turns from the way it is held."""

_WHOLE_SHIP = frozenset(
    {
        RuleId.NO_START_CABIN,
        RuleId.EXTRA_START_CABIN,
        RuleId.START_SQUARE,
        RuleId.DISCONNECTED,
        RuleId.ALIEN_NO_LIFE_SUPPORT,
        RuleId.ALIEN_IN_START_CABIN,
        RuleId.ALIEN_DUPLICATE,
    }
)
"""The rules that read the whole ship; the others look at a tile and its neighbours only."""
_LOCAL = tuple(spec.check for spec in RULES if spec.id not in _WHOLE_SHIP)


class Placement(NamedTuple):
    """The tile in hand on ``cell``, turned ``turn`` quarter turns clockwise (``tile``), and
    the violations that would add to the ship's (none: it fits)."""

    cell: Cell
    turn: int
    tile: Tile
    violations: tuple[Violation, ...]

    @property
    def fits(self) -> bool:
        return not self.violations


class SquareChoice(NamedTuple):
    """One free square and the four ways the tile in hand could lie on it: those that fit
    first, each group in the order of its turns."""

    cell: Cell
    ways: tuple[Placement, ...]

    @property
    def fits(self) -> bool:
        """The tile fits here one way or another (the square is highlighted)."""
        return self.ways[0].fits


def added_violations(
    ship: Ship, cell: Cell, tile: Tile, held: Contents = EMPTY, rulings: Rulings = DEFAULT_RULINGS
) -> tuple[Violation, ...]:
    """The reference: the violations of the ship with ``tile`` on ``cell`` that the ship
    without it does not have, as :func:`trucker.rules.validate.violations` gives them."""
    before = set(violations(ship, rulings))
    return tuple(v for v in violations(ship.placed(cell, tile, held), rulings) if v not in before)


def placements(
    ship: Ship,
    tile: Tile,
    held: Contents = EMPTY,
    rulings: Rulings = DEFAULT_RULINGS,
    *,
    squares: Sequence[Cell] | None = None,
) -> list[SquareChoice]:
    """Every free square of the board (or those of ``squares``), in board order, and how the
    tile in hand, holding ``held``, would lie there in each of its four turns."""
    free = sorted(ship.board.squares - ship.tiles.keys() if squares is None else squares)
    turns = [tile.turned(k) for k in range(TURNS)]
    reference = needs_reference(tile, held, ship)
    added = _reference(ship, held, rulings) if reference else _local(ship, held, rulings)
    out = []
    for cell in free:
        ways = [Placement(cell, k, turned, added(cell, turned)) for k, turned in enumerate(turns)]
        ways.sort(key=lambda way: (not way.fits, way.turn))
        out.append(SquareChoice(cell, tuple(ways)))
    return out


def needs_reference(tile: Tile, held: Contents, ship: Ship | None = None) -> bool:
    """Does this tile in hand go to the reference (the whole validator for each square and
    turn) rather than the fast path: a starting cabin, a cabin holding an alien, or a life
    support on ``ship`` with an alien aboard (whose violation names the life support it could
    have, RULES §3.1.7)."""
    if tile.start or held.alien is not None:
        return True
    return (
        ship is not None
        and tile.part.is_life_support
        and any(c.alien is not None for c in ship.contents.values())
    )


def fitting_turn(
    ship: Ship, cell: Cell, tile: Tile, held: Contents = EMPTY, rulings: Rulings = DEFAULT_RULINGS
) -> int:
    """How to turn a tile dropped on ``cell`` so that it fits: not at all when it fits as
    held, else the fewest clockwise quarter turns that make it fit, else not at all (it lies
    as held, and the report says what is wrong)."""
    (choice,) = placements(ship, tile, held, rulings, squares=[cell])
    return choice.ways[0].turn if choice.fits else 0


Added = Callable[[Cell, Tile], tuple[Violation, ...]]


def _reference(ship: Ship, held: Contents, rulings: Rulings) -> Added:
    def added(cell: Cell, tile: Tile) -> tuple[Violation, ...]:
        return added_violations(ship, cell, tile, held, rulings)

    return added


def _local(ship: Ship, held: Contents, rulings: Rulings) -> Added:
    """The fast path: the local checks on the tile and its neighbours; and integrity read off
    the ship's joined tiles, worked out once: a tile joined to none of the tiles the starting
    cabin reaches is not joined to it, and where it could join is said by the validator's own
    words, on the ship with the tile placed (its piece: the tile and the pieces it joins)."""
    ctx = RuleContext(ship, rulings)
    tiles = ctx.tiles
    board = ship.board
    holes = ship.hole_squares
    starts = ctx.starting_cabins
    start = starts[0] if len(starts) == 1 else None
    reached = frozenset(distances(ctx.joined, start)) if start is not None else frozenset()
    piece_of: dict[Cell, frozenset[Cell]] = {}
    if start is not None:
        for piece in components(ctx.joined, tiles.keys() - reached):
            for cell in piece:
                piece_of[cell] = frozenset(piece)

    def added(cell: Cell, tile: Tile) -> tuple[Violation, ...]:
        around = board.around(cell)
        near = {n: tiles[n] for n in around if n in tiles and n != cell}
        nearby = ship.with_tiles(
            {**near, cell: tile}, {**{n: ship.contents[n] for n in near}, cell: held}
        )
        local = RuleContext(nearby, rulings)
        found = [v for check in _LOCAL for v in check(local) if cell in v.squares]
        if start is not None and cell not in holes:
            joined = [
                other
                for index, other in enumerate(around)
                if other in tiles
                and other != cell
                and joins(tile.sides[index], tiles[other].sides[(index + 2) % 4])
            ]
            if not any(other in reached for other in joined):
                piece = frozenset({cell}.union(*(piece_of[other] for other in joined)))
                after = RuleContext(ship.placed(cell, tile, held), rulings)
                found.append(disconnected(after, cell, piece, reached, start))
        return tuple(sorted(found))

    return added
