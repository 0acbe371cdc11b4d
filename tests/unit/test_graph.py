"""The ship graph: joined edges (RULES §0), the IIB seam (§1.5), pieces, and "connected"
through routers (§8.2)."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import ship
from trucker.core.geometry import Cell, Direction
from trucker.formats.catalogue import find_board
from trucker.rules.graph import (
    components,
    connections,
    direction_between,
    joined_adjacency,
    max_matching_size,
    pieces,
    router_networks,
    ship_graph,
    ship_pieces,
    touching,
)

pytestmark = pytest.mark.rules("2.1", "8.2")


def C(text: str) -> Cell:
    return Cell.parse(text)


def test_edges_join_only_connectors_that_match() -> None:
    s = ship(
        {"7,7": "start", "7,8": "pipe -s-u", "7,9": "pipe ---d", "6,7": "pipe ----"},
        "II",
    )
    graph = ship_graph(s.board, s.tiles)
    assert set(graph.nodes) == {C("7,7"), C("7,8"), C("7,9"), C("6,7")}
    assert {frozenset(e) for e in graph.edges} == {frozenset({C("7,7"), C("7,8")})}
    assert graph.edges[C("7,7"), C("7,8")]["sides"] == {
        C("7,7"): Direction.RIGHT,
        C("7,8"): Direction.LEFT,
    }


def test_joined_adjacency_gives_the_direction_toward_each_neighbour() -> None:
    s = ship({"7,7": "start", "8,7": "pipe u---"})
    assert joined_adjacency(s.board, s.tiles) == {
        C("7,7"): {C("8,7"): Direction.REAR},
        C("8,7"): {C("7,7"): Direction.FRONT},
    }


def test_seam_edge() -> None:
    s = ship(
        {
            "3,5": "start",
            "3,4": "pipe -u-u",
            "3,3": "pipe -u-u",
            "3,2": "pipe -u-u",
            "3,1": "pipe -u-u",
            "3,9": "pipe -u--",
        },
        "IIB",
    )
    adjacency = joined_adjacency(s.board, s.tiles)
    assert adjacency[C("3,1")][C("3,9")] is Direction.LEFT
    assert adjacency[C("3,9")][C("3,1")] is Direction.RIGHT
    assert len(ship_pieces(s)) == 1


def test_touching_sees_across_the_seam() -> None:
    board = find_board("IIB")
    tiles = ship({"3,5": "start", "3,1": "pipe ----", "3,9": "pipe ----"}, "IIB").tiles
    around = {(d, str(c)) for d, c, _ in touching(board, tiles, C("3,1"))}
    assert around == {(Direction.LEFT, "3,9")}


def test_direction_between() -> None:
    iib = find_board("IIB")
    assert direction_between(iib, C("3,9"), C("3,1")) is Direction.RIGHT
    assert direction_between(iib, C("3,1"), C("3,9")) is Direction.LEFT
    assert direction_between(iib, C("3,1"), C("4,1")) is Direction.REAR
    assert direction_between(iib, C("3,1"), C("3,3")) is None
    assert direction_between(find_board("II"), C("8,4"), C("8,10")) is None


def test_pieces_largest_first_then_lowest_square() -> None:
    s = ship(
        {
            "7,7": "start",
            "7,8": "pipe ---u",
            "5,7": "pipe ----",
            "9,9": "pipe u---",
            "8,9": "pipe --u-",
        }
    )
    assert ship_pieces(s) == [
        frozenset({C("7,7"), C("7,8")}),
        frozenset({C("8,9"), C("9,9")}),
        frozenset({C("5,7")}),
    ]


def test_components_on_plain_dicts() -> None:
    a, b, c = C("1,1"), C("1,2"), C("5,5")
    found = components({a: [b], b: [a], c: []})
    assert sorted(map(sorted, found)) == [[a, b], [c]]
    assert pieces({a: [b], b: [a], c: []}) == [frozenset({a, b}), frozenset({c})]


# Routers on 7,8 and 8,8 are joined to each other; the cabin on 6,8 hangs on 7,8, the life
# support on 8,9 on 8,8, and the router on 7,6 is a network of its own.
ROUTED = {
    "7,7": "start",
    "7,8": "router u-uu",
    "6,8": "cabin --u-",
    "8,8": "router uu--",
    "8,9": "life-support ---u color=brown",
    "7,6": "router -u--",
}


def test_router_networks_and_what_they_attach() -> None:
    s = ship(ROUTED)
    adjacency = joined_adjacency(s.board, s.tiles)
    assert router_networks(adjacency, s.tiles) == [
        (frozenset({C("7,6")}), frozenset({C("7,7")})),
        (frozenset({C("7,8"), C("8,8")}), frozenset({C("6,8"), C("7,7"), C("8,9")})),
    ]


def test_connected_through_a_router_network() -> None:
    """6,8 and 8,9 are joined to different routers of one network: connected (RULES §8.2).
    A tile is not connected to itself; routers are connected to what they are joined to."""
    s = ship(ROUTED)
    linked = connections(joined_adjacency(s.board, s.tiles), s.tiles)
    assert linked[C("6,8")] == {C("7,8"), C("7,7"), C("8,9")}
    assert linked[C("8,9")] == {C("8,8"), C("6,8"), C("7,7")}
    assert C("6,8") not in linked[C("6,8")]
    assert linked[C("8,8")] == {C("7,8"), C("8,9")}


def test_no_routers_no_networks() -> None:
    s = ship({"7,7": "start", "7,8": "pipe ---u"})
    adjacency = joined_adjacency(s.board, s.tiles)
    assert router_networks(adjacency, s.tiles) == []
    assert connections(adjacency, s.tiles) == {C("7,7"): {C("7,8")}, C("7,8"): {C("7,7")}}


def test_max_matching_small_graphs() -> None:
    """RULES §10b-3 shapes: a star of three around a fourth -> 1; a path of four -> 2; a
    triangle -> 1; no edges -> 0."""
    a, b, c, d = C("1,1"), C("1,2"), C("1,3"), C("1,4")
    assert max_matching_size([a, b, c, d], [(a, d), (b, d), (c, d)]) == 1
    assert max_matching_size([a, b, c, d], [(a, b), (b, c), (c, d)]) == 2
    assert max_matching_size([a, b, c], [(a, b), (b, c), (a, c)]) == 1
    assert max_matching_size([a, b], []) == 0


def test_max_matching_of_a_big_router_network() -> None:
    """A router network can connect every pair of thirty turrets: 15 pairs, found without an
    exponential search."""
    nodes = [Cell(1, i) for i in range(30)]
    edges = [(x, y) for i, x in enumerate(nodes) for y in nodes[i + 1 :]]
    assert max_matching_size(nodes, edges) == 15


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(2, 20),
    pairs=st.lists(st.tuples(st.integers(0, 19), st.integers(0, 19)), max_size=40),
)
def test_max_matching_agrees_with_networkx(n: int, pairs: list[tuple[int, int]]) -> None:
    nodes = [Cell(1, i) for i in range(n)]
    edges = [(nodes[i], nodes[j]) for i, j in pairs if i < n and j < n and i != j]
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from(edges)
    expected = len(nx.max_weight_matching(graph, maxcardinality=True))
    assert max_matching_size(nodes, edges) == expected
