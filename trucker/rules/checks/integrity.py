"""Every tile is joined, through joined connectors, to the starting cabin (RULES §3.1.6); a tile
that is not says where it could join."""

from __future__ import annotations

from collections.abc import Iterator, Set

from trucker.core.geometry import DIRECTIONS, Cell, Connector
from trucker.rules.checks.connectors import side_word
from trucker.rules.graph import components, distances, touching
from trucker.rules.view import RuleContext
from trucker.rules.violations import JoinHint, RuleId, Violation

__all__ = ["check_disconnected", "disconnected", "join_hint"]


def check_disconnected(ctx: RuleContext) -> Iterator[Violation]:
    """Judged only when there is exactly one starting cabin (the spec)."""
    if len(ctx.starting_cabins) != 1:
        return
    start = ctx.starting_cabins[0]
    reached = distances(ctx.joined, start)
    if len(reached) == len(ctx.tiles):
        return
    ship = frozenset(reached)
    piece_of = {}
    for piece in components(ctx.joined, ctx.tiles.keys() - ship):
        for cell in piece:
            piece_of[cell] = frozenset(piece)
    for cell in sorted(ctx.tiles.keys() - ship):
        yield disconnected(ctx, cell, piece_of[cell], ship, start)


def disconnected(
    ctx: RuleContext, cell: Cell, piece: frozenset[Cell], ship: frozenset[Cell], start: Cell
) -> Violation:
    """The violation of the tile on ``cell`` (of ``piece``), which no joined path leads to from
    ``start`` (the tiles of ``ship`` are those that it reaches), with where it could join."""
    hint, said = join_hint(ctx, cell, piece, ship)
    return Violation(
        RuleId.DISCONNECTED,
        (cell,),
        f"{ctx.tiles[cell].part} not joined to the starting cabin on {start}: {said}",
        hint=hint,
    )


def _and(cells: list[Cell]) -> str:
    words = [str(c) for c in cells]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _touches(ctx: RuleContext, cells: Set[Cell], ship: frozenset[Cell]) -> list[Cell]:
    """The tiles of ``cells`` that touch a tile of the ship, in board order."""
    return sorted(
        c for c in cells if any(o in ship for _, o, _ in touching(ctx.board, ctx.tiles, c))
    )


def _fills(ctx: RuleContext, cells: Set[Cell], ship: frozenset[Cell]) -> list[Cell]:
    """Empty squares where a tile could join one of ``cells`` to the ship: on the board and not
    a hole, a connector of both toward it, and no barrel, exhaust or nozzle pointing at it."""
    board, tiles = ctx.board, ctx.tiles
    free = board.squares - ctx.ship.hole_squares - ctx.ship.tiles.keys()
    out = set()
    for cell in cells:
        for direction in DIRECTIONS:
            square = board.neighbour(cell, direction)
            if square not in free or tiles[cell].side(direction) is Connector.SMOOTH:
                continue
            joins_ship = False
            for toward, other, tile in touching(board, tiles, square):
                facing = toward.opposite
                if tile.facing is facing or facing in tile.nozzles:
                    break
                if other in ship and tile.side(facing) is not Connector.SMOOTH:
                    joins_ship = True
            else:
                if joins_ship:
                    out.add(square)
    return sorted(out)


def join_hint(
    ctx: RuleContext, cell: Cell, piece: frozenset[Cell], ship: frozenset[Cell]
) -> tuple[JoinHint, str]:
    """Where the disconnected tile on ``cell`` (of ``piece``) could join the ``ship``, and the
    words for it: its own touching sides first, then the tiles its piece hangs on, then empty
    squares a tile could fill."""
    tiles = ctx.tiles
    touched = [
        (direction, other)
        for direction, other, _ in touching(ctx.board, tiles, cell)
        if other in ship
    ]
    if touched:
        others = [other for _, other in touched]
        if len(touched) > 1:
            said = f"it touches the ship at {_and(others)} without joining it"
        else:
            direction, other = touched[0]
            mine = side_word(tiles[cell], direction)
            theirs = side_word(tiles[other], direction.opposite)
            said = (
                f"it touches the ship at {other}, but its {direction} side, {mine}, does not "
                f"join {other}'s {direction.opposite} side, {theirs}"
            )
        return JoinHint("touching", tuple(others)), said
    hanging = _touches(ctx, piece - {cell}, ship)
    if hanging:
        verb = "touches" if len(hanging) == 1 else "touch"
        said = f"it hangs on {_and(hanging)}, which {verb} the ship without joining it"
        return JoinHint("through", tuple(hanging)), said
    own = _fills(ctx, {cell}, ship)
    if own:
        squares = " or ".join(map(str, own))
        return JoinHint("fill", tuple(own)), f"a tile on {squares} could join it to the ship"
    near = _fills(ctx, piece, ship)
    if near:
        squares = " or ".join(map(str, near))
        return JoinHint("fill", tuple(near)), f"a tile on {squares} could join its piece"
    return JoinHint(
        "none"
    ), "nothing of the ship touches it, and no tile set beside it could join it"
