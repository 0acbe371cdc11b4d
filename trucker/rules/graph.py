"""The ship as a graph: a node per tile, an edge per joined pair of sides (RULES §0, §8.2).

"Joined" is the physical link: both touching sides carry connectors and the pair is legal; on
the cylinder (IIB) column 1 and column 9 touch. "Connected" adds the ABE routers: tiles attached
to the same network of joined routers count as connected to each other. Life support, armories,
solar panels, thruster crews, turret pairs, Epidemic and Radiation Leak's crew step all ask
"connected"; integrity, intruder walks and Radiation Leak's explosions ask "joined".

The primitive is :func:`joined_adjacency` (plain dicts); :func:`ship_graph` wraps it in a
networkx graph for analysis, and the flight engine keeps the plain dicts for speed. The
queries below accept either: anything mapping a square to its joined neighbours.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from trucker.core.boards import Board
from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction, joins
from trucker.core.parts import Part
from trucker.core.ship import Ship, Tile

if TYPE_CHECKING:  # networkx is imported only by ship_graph: it costs a tenth of a second
    import networkx as nx

__all__ = [
    "Adjacency",
    "touching",
    "joined_adjacency",
    "ship_graph",
    "components",
    "pieces",
    "router_networks",
    "connections",
    "direction_between",
    "distances",
    "max_matching_size",
]

Adjacency = Mapping[Cell, Iterable[Cell]]
"""A square -> the squares joined to it (a dict, or a networkx graph's ``adj``)."""


def touching(
    board: Board, tiles: Mapping[Cell, Tile], cell: Cell
) -> Iterator[tuple[Direction, Cell, Tile]]:
    """The tiles on the four squares around ``cell`` (across the IIB seam too)."""
    for direction in DIRECTIONS:
        other = board.neighbour(cell, direction)
        tile = tiles.get(other)
        if tile is not None and other != cell:
            yield direction, other, tile


_JOINS = tuple(tuple(joins(a, b) for b in Connector) for a in Connector)


Touching = dict[Cell, tuple[Cell | None, Cell | None, Cell | None, Cell | None]]
"""For each tile, the squares front, right, rear and left of it that hold a tile (else None)."""


def touching_table(board: Board, tiles: Mapping[Cell, Tile]) -> Touching:
    """Who touches whom, computed once for the checks that walk every side of every tile."""
    around = board.around
    table: Touching = {}
    for cell in tiles:
        front, right, rear, left = around(cell)
        table[cell] = (
            front if front in tiles else None,
            right if right in tiles and right != cell else None,
            rear if rear in tiles else None,
            left if left in tiles and left != cell else None,
        )
    return table


def joined_adjacency(
    board: Board, tiles: Mapping[Cell, Tile], table: Touching | None = None
) -> dict[Cell, dict[Cell, Direction]]:
    """For each tile, the joined neighbours and the direction toward each."""
    table = table if table is not None else touching_table(board, tiles)
    adjacency: dict[Cell, dict[Cell, Direction]] = {}
    front, right, rear, left = DIRECTIONS
    for cell, (f, r, b, lt) in table.items():
        sf, sr, sb, sl = tiles[cell].sides
        mine = adjacency[cell] = {}
        if f is not None and _JOINS[sf][tiles[f].sides[2]]:
            mine[f] = front
        if r is not None and _JOINS[sr][tiles[r].sides[3]]:
            mine[r] = right
        if b is not None and _JOINS[sb][tiles[b].sides[0]]:
            mine[b] = rear
        if lt is not None and _JOINS[sl][tiles[lt].sides[1]]:
            mine[lt] = left
    return adjacency


def ship_graph(board: Board, tiles: Mapping[Cell, Tile]) -> nx.Graph:
    """Nodes are squares (attribute ``tile``); edges join tiles whose touching sides join.

    Each edge carries ``sides``: for both of its squares, the direction toward the other.

    >>> from trucker.formats.catalogue import find_board
    >>> from trucker.core.geometry import Connector as C
    >>> from trucker.core.parts import Part
    >>> cabin = Tile(Part.CABIN, (C.UNIVERSAL,) * 4, start=True)
    >>> pipe = Tile(Part.STRUCTURE, (C.SMOOTH, C.SMOOTH, C.SMOOTH, C.SINGLE))
    >>> g = ship_graph(find_board("II"), {Cell(7, 7): cabin, Cell(7, 8): pipe})
    >>> list(g.edges)
    [(Cell(7, 7), Cell(7, 8))]
    """
    import networkx as nx

    graph = nx.Graph()
    for cell, tile in tiles.items():
        graph.add_node(cell, tile=tile)
    for cell, neighbours in joined_adjacency(board, tiles).items():
        for other, direction in neighbours.items():
            if not graph.has_edge(cell, other):
                graph.add_edge(cell, other, sides={cell: direction, other: direction.opposite})
    return graph


def components(adjacency: Adjacency, cells: Iterable[Cell] | None = None) -> list[set[Cell]]:
    """Connected components under joined edges (a plain breadth-first search)."""
    todo = set(adjacency if cells is None else cells)
    found = []
    while todo:
        start = todo.pop()
        part = {start}
        frontier = [start]
        while frontier:
            cell = frontier.pop()
            for other in adjacency[cell]:
                if other not in part and other in todo:
                    part.add(other)
                    todo.discard(other)
                    frontier.append(other)
        found.append(part)
    return found


def pieces(adjacency: Adjacency) -> list[frozenset[Cell]]:
    """The separate pieces of a ship, largest first, then by their lowest square."""
    found = [frozenset(c) for c in components(adjacency)]
    return sorted(found, key=lambda p: (-len(p), min(p)))


def router_networks(
    adjacency: Adjacency, tiles: Mapping[Cell, Tile]
) -> list[tuple[frozenset[Cell], frozenset[Cell]]]:
    """Each network of joined routers with the non-router tiles joined to it (RULES §8.2)."""
    router = Part.ROUTER
    routers = {c for c, t in tiles.items() if t.part is router and c in adjacency}
    if not routers:
        return []
    out = []
    for network in components({c: [o for o in adjacency[c] if o in routers] for c in routers}):
        attached = {
            other for router in network for other in adjacency[router] if other not in routers
        }
        out.append((frozenset(network), frozenset(attached)))
    return sorted(out, key=lambda pair: min(pair[0]))


def connections(adjacency: Adjacency, tiles: Mapping[Cell, Tile]) -> dict[Cell, frozenset[Cell]]:
    """For every tile, the tiles connected to it: joined, or attached to a common router
    network (RULES §8.2). A tile is not connected to itself."""
    networks = router_networks(adjacency, tiles)
    linked = {cell: frozenset(adjacency[cell]) for cell in adjacency}
    for _network, attached in networks:
        for cell in attached:
            linked[cell] = (linked[cell] | attached) - {cell}
    return linked


def distances(adjacency: Adjacency, start: Cell) -> dict[Cell, int]:
    """Joined-path distance from ``start`` to every tile it reaches (breadth first)."""
    found = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for cell in frontier:
            for other in adjacency[cell]:
                if other not in found:
                    found[other] = found[cell] + 1
                    following.append(other)
        frontier = following
    return found


def max_matching_size(nodes: Iterable[Cell], edges: Iterable[tuple[Cell, Cell]]) -> int:
    """The size of a maximum matching of a small graph (exact; turrets are few).

    >>> a, b, c, d = Cell(1, 1), Cell(1, 2), Cell(2, 1), Cell(2, 2)
    >>> max_matching_size([a, b, c, d], [(a, d), (b, d), (c, d)])
    1
    """
    neighbours: dict[Cell, set[Cell]] = {n: set() for n in nodes}
    for a, b in edges:
        if a != b:
            neighbours[a].add(b)
            neighbours[b].add(a)

    memo: dict[frozenset[Cell], int] = {}

    def best(left: frozenset[Cell]) -> int:
        if len(left) < 2:
            return 0
        if left in memo:
            return memo[left]
        first = min(left)
        rest = left - {first}
        found = best(rest)
        for other in neighbours[first] & rest:
            found = max(found, 1 + best(rest - {other}))
        memo[left] = found
        return found

    linked = frozenset(n for n, others in neighbours.items() if others)
    if len(linked) > _EXACT_MATCHING_LIMIT:
        # The search above is exponential: a router network can connect dozens of turrets
        # (every pair of them), so big graphs go to networkx's polynomial blossom algorithm.
        import networkx as nx

        graph = nx.Graph()
        graph.add_edges_from((a, b) for a in linked for b in neighbours[a] if a < b)
        return len(nx.max_weight_matching(graph, maxcardinality=True))
    return best(linked)


_EXACT_MATCHING_LIMIT = 14
"""Graphs with more matched-able nodes than this use networkx instead of the exact search."""


def direction_between(board: Board, a: Cell, b: Cell) -> Direction | None:
    """The direction from ``a`` to the touching square ``b`` (the IIB seam included)."""
    for direction in DIRECTIONS:
        if board.neighbour(a, direction) == b:
            return direction
    return None


def ship_pieces(ship: Ship) -> list[frozenset[Cell]]:
    """Convenience: the pieces of a ship as built."""
    return pieces(joined_adjacency(ship.board, ship.tiles))
