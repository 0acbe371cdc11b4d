"""The cheapest repair (RULES §3.2): the fewest tiles whose loss leaves a legal ship.

Every lost tile costs one credit at the end of the flight, so the repair that loses the fewest
tiles is the cheapest. After the tiles off the board (or on a hole) are gone, what is left to
clear are *conflicts*: a pair of tiles that may not both stay (mismatched sides, a blocked
exhaust, barrel or nozzle) and a tile that may not stay at all (a misfacing engine). Removing a
tile never creates a conflict, so the question is only which piece survives: the tiles still
joined to the starting cabin once the chosen tiles are gone, holding no whole conflict.

The search (:func:`cheapest_cut`) is exact. It branches on a conflict still inside the piece,
one branch per tile of it that may go; one of those branches is always consistent with a best
repair, so the best leaf is a best repair. Positions already seen (the same surviving piece) are
not searched twice, and a branch is cut when the tiles it has lost, plus one for each conflict
left inside the piece that shares no tile with another counted one, cannot beat the best found.
It stops after :data:`SEARCH_LIMIT` positions: the answer is then the best found so far and says
it is not proven the fewest. (The first branch followed to the end is always a repair, within
as many positions as the ship has tiles, unless a tile the repair must keep is lost on the way:
then the search stops as many positions past the limit, with no answer.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from trucker.core.geometry import Cell

__all__ = ["Cut", "Search", "SEARCH_LIMIT", "cheapest_cut"]

SEARCH_LIMIT = 20_000
"""The most positions (surviving pieces) the search weighs before it settles for the best found.
Ships whose conflicts can be cleared in many ways that cost nearly the same may need more; a
ship as built at the table needs a few dozen."""


@dataclass(frozen=True, slots=True)
class Cut:
    """A repair: the tiles to remove (board order) and the piece that then stays."""

    removed: tuple[Cell, ...]
    kept: frozenset[Cell]


@dataclass(frozen=True, slots=True)
class Search:
    """What the search found: the best repair (``None``: none keeps the tile it must keep),
    whether that is proven (``exact``: every position weighed, or cut by the bound), and how
    many positions it weighed."""

    best: Cut | None
    exact: bool
    positions: int


class _Masks:
    """The ship as bit masks, one bit per tile in board order: the search weighs thousands of
    positions, and a position is one integer."""

    def __init__(self, joined: Mapping[Cell, Iterable[Cell]], start: Cell) -> None:
        self.cells = sorted(joined)
        self.bit = {cell: 1 << i for i, cell in enumerate(self.cells)}
        self.adjacent = [self.mask(joined[cell]) for cell in self.cells]
        self.start = self.bit[start]

    def mask(self, cells: Iterable[Cell]) -> int:
        out = 0
        for cell in cells:
            out |= self.bit[cell]
        return out

    def reach(self, gone: int) -> int:
        """The tiles joined to the starting cabin when those in ``gone`` are taken off."""
        if self.start & gone:
            return 0
        seen = frontier = self.start
        adjacent = self.adjacent
        while frontier:
            grown = 0
            while frontier:
                low = frontier & -frontier
                grown |= adjacent[low.bit_length() - 1]
                frontier ^= low
            frontier = grown & ~seen & ~gone
            seen |= frontier
        return seen

    def cells_of(self, mask: int) -> frozenset[Cell]:
        return frozenset(cell for cell in self.cells if mask & self.bit[cell])


def _packing(conflicts: Iterable[int]) -> int:
    """How many of ``conflicts`` share no tile with an earlier counted one: each needs a lost
    tile of its own, so this many more tiles are lost at least."""
    used = count = 0
    for conflict in conflicts:
        if not used & conflict:
            used |= conflict
            count += 1
    return count


def cheapest_cut(
    joined: Mapping[Cell, Iterable[Cell]],
    start: Cell,
    conflicts: Sequence[tuple[Cell, ...]],
    *,
    keep: Cell | None = None,
    rank: Mapping[Cell, float] | None = None,
    limit: int = SEARCH_LIMIT,
) -> Search:
    """The fewest tiles lost, by removing tiles of ``conflicts``, so that the piece joined to
    ``start`` holds no whole conflict (and holds ``keep``, if given). Without ``keep`` a repair
    is always found; with it, perhaps none.

    ``joined`` maps every tile to the tiles joined to it. Among repairs that lose as many tiles
    the first found wins: branches take a conflict's tiles in descending ``rank`` (by default
    the higher square first), so the caller decides which tile of a tie goes.

    >>> a, b, c = Cell(7, 7), Cell(7, 8), Cell(7, 9)
    >>> joined = {a: [b], b: [a, c], c: [b]}
    >>> found = cheapest_cut(joined, a, [(b,), (b, c)])   # b must go; c then falls off
    >>> found.best.removed, sorted(found.best.kept), found.exact
    ((Cell(7, 8),), [Cell(7, 7)], True)
    """
    masks = _Masks(joined, start)
    fixed = {start} if keep is None else {start, keep}
    must = masks.mask(fixed)
    order = rank or {}
    table = []
    for conflict in conflicts:
        free = sorted(
            (cell for cell in conflict if cell not in fixed),
            key=lambda cell: (order.get(cell, 0.0), cell),
            reverse=True,
        )
        table.append((masks.mask(conflict), [masks.bit[cell] for cell in free]))
    total = len(masks.cells)
    best: list[tuple[int, int, int]] = []
    """The best repair found: tiles lost, the removals and the piece kept, as masks."""
    seen: set[int] = set()
    positions = 0
    stopped = False

    def search(gone: int, kept: int) -> None:
        nonlocal positions, stopped
        if kept in seen or kept & must != must:
            return
        if positions >= limit and (best or positions >= limit + total):
            stopped = True
            return
        seen.add(kept)
        positions += 1
        lost = total - kept.bit_count()
        left = [(mask, free) for mask, free in table if mask & kept == mask]
        if best and lost + _packing(mask for mask, _ in left) >= best[0][0]:
            return
        if not left:
            best[:] = [(lost, gone, kept)]
            return
        choice = next((free for _, free in left if len(free) <= 1), left[0][1])
        for bit in choice:
            search(gone | bit, masks.reach(gone | bit))
            if stopped:
                return

    search(0, masks.reach(0))
    if not best:
        return Search(None, not stopped, positions)
    _, gone, kept = best[0]
    removed = masks.cells_of(_needed(masks, gone, kept))
    return Search(Cut(tuple(sorted(removed)), masks.cells_of(kept)), not stopped, positions)


def _needed(masks: _Masks, gone: int, kept: int) -> int:
    """The removals the piece really needs: a tile that would have fallen off anyway (the
    piece is the same without removing it) is not reported as removed."""
    needed = gone
    for cell in masks.cells:
        bit = masks.bit[cell]
        if needed & bit and masks.reach(needed & ~bit) == kept:
            needed &= ~bit
    return needed
