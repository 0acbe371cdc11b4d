"""The ship as a graph: a node per tile, an edge per joined pair of sides (RULES §0, §8.2).

"Joined" is the physical link: both touching sides carry connectors and the pair is legal; on
the cylinder (IIB) column 1 and column 9 touch. "Connected" adds the ABE routers: tiles attached
to the same network of joined routers count as connected to each other. Life support, armories,
solar panels, thruster crews, turret pairs, Epidemic and Radiation Leak's crew step all ask
"connected"; integrity, intruder walks and Radiation Leak's explosions ask "joined".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import networkx as nx

from trucker.boards import Board
from trucker.geometry import DIRECTIONS, Cell, Direction, joins
from trucker.parts import Part
from trucker.ship import Ship, Tile

__all__ = [
    "touching",
    "ship_graph",
    "pieces",
    "router_networks",
    "connections",
    "direction_between",
]


def touching(
    board: Board, tiles: Mapping[Cell, Tile], cell: Cell
) -> Iterator[tuple[Direction, Cell, Tile]]:
    """The tiles on the four squares around ``cell`` (across the IIB seam too)."""
    for direction in DIRECTIONS:
        other = board.neighbour(cell, direction)
        tile = tiles.get(other)
        if tile is not None and other != cell:
            yield direction, other, tile


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
    for cell, tile in tiles.items():
        for direction, other, neighbour in touching(board, tiles, cell):
            if graph.has_edge(cell, other):
                continue
            if joins(tile.side(direction), neighbour.side(direction.opposite)):
                graph.add_edge(cell, other, sides={cell: direction, other: direction.opposite})
    return graph


def pieces(graph: nx.Graph) -> list[frozenset[Cell]]:
    """The separate pieces of a ship (components under joined edges), largest first, then by
    their lowest square."""
    found = [frozenset(c) for c in nx.connected_components(graph)]
    return sorted(found, key=lambda p: (-len(p), min(p)))


def router_networks(graph: nx.Graph) -> list[tuple[frozenset[Cell], frozenset[Cell]]]:
    """Each network of joined routers with the non-router tiles joined to it (RULES §8.2)."""
    routers = [n for n, t in graph.nodes(data="tile") if t.part is Part.ROUTER]
    sub = graph.subgraph(routers)
    out = []
    for network in nx.connected_components(sub):
        attached = {
            other
            for router in network
            for other in graph.adj[router]
            if graph.nodes[other]["tile"].part is not Part.ROUTER
        }
        out.append((frozenset(network), frozenset(attached)))
    return sorted(out, key=lambda pair: min(pair[0]))


def connections(graph: nx.Graph) -> dict[Cell, frozenset[Cell]]:
    """For every tile, the tiles connected to it: joined, or attached to a common router
    network (RULES §8.2). A tile is not connected to itself."""
    linked: dict[Cell, set[Cell]] = {cell: set(graph.adj[cell]) for cell in graph.nodes}
    for _network, attached in router_networks(graph):
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
    return pieces(ship_graph(ship.board, ship.tiles))
