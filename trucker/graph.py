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

import networkx as nx

from trucker.boards import Board
from trucker.geometry import DIRECTIONS, Cell, Direction, joins
from trucker.parts import Part
from trucker.ship import Ship, Tile

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


def joined_adjacency(board: Board, tiles: Mapping[Cell, Tile]) -> dict[Cell, dict[Cell, Direction]]:
    """For each tile, the joined neighbours and the direction toward each."""
    adjacency: dict[Cell, dict[Cell, Direction]] = {cell: {} for cell in tiles}
    for cell, tile in tiles.items():
        sides = tile.sides
        for direction in DIRECTIONS:
            other = board.neighbour(cell, direction)
            neighbour = tiles.get(other)
            if neighbour is None or other == cell:
                continue
            if joins(sides[direction.index], neighbour.sides[direction.opposite.index]):
                adjacency[cell][other] = direction
    return adjacency


def ship_graph(board: Board, tiles: Mapping[Cell, Tile]) -> nx.Graph:
    """Nodes are squares (attribute ``tile``); edges join tiles whose touching sides join.

    Each edge carries ``sides``: for both of its squares, the direction toward the other.

    >>> from trucker.catalog import find_board
    >>> from trucker.geometry import Connector as C
    >>> from trucker.parts import Part
    >>> cabin = Tile(Part.CABIN, (C.UNIVERSAL,) * 4, start=True)
    >>> pipe = Tile(Part.STRUCTURE, (C.SMOOTH, C.SMOOTH, C.SMOOTH, C.SINGLE))
    >>> g = ship_graph(find_board("II"), {Cell(7, 7): cabin, Cell(7, 8): pipe})
    >>> list(g.edges)
    [(Cell(7, 7), Cell(7, 8))]
    """
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
    routers = {c for c in adjacency if tiles[c].part is Part.ROUTER}
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
    linked: dict[Cell, set[Cell]] = {cell: set(adjacency[cell]) for cell in adjacency}
    for _network, attached in router_networks(adjacency, tiles):
        for cell in attached:
            linked[cell].update(attached)
            linked[cell].discard(cell)
    return {cell: frozenset(others) for cell, others in linked.items()}


def direction_between(board: Board, a: Cell, b: Cell) -> Direction | None:
    """The direction from ``a`` to the touching square ``b`` (the IIB seam included)."""
    for direction in DIRECTIONS:
        if board.neighbour(a, direction) == b:
            return direction
    return None


def ship_pieces(ship: Ship) -> list[frozenset[Cell]]:
    """Convenience: the pieces of a ship as built."""
    return pieces(joined_adjacency(ship.board, ship.tiles))
