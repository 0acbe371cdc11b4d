"""An independent reading of the spec's rule table, checked against the validator on random
layouts: every violation (rule and squares, in the spec's order) and the basic numbers.

The oracle below works from the layout document alone, as a person with the spec would: it
shares nothing with trucker/rules/ but the board data (checked against the spec's Boards
section in tests/unit/test_boards.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from tests.helpers import as_lists
from tests.properties.layouts import layouts
from trucker.core.geometry import DIRECTIONS, Cell, Direction
from trucker.formats.catalogue import find_board
from trucker.formats.load import ship_from_document
from trucker.rules.validate import validate

pytestmark = [pytest.mark.slow, pytest.mark.rules("3.1")]

ENGINES = {"engine", "double-engine"}
CANNONS = {"cannon", "double-cannon"}


def fits(a: str, b: str) -> bool:
    """RULES §2.1: smooth only against smooth; single and double never together."""
    if "-" in (a, b):
        return a == b == "-"
    return a == b or "u" in (a, b)


def oracle(doc: dict[str, Any]) -> tuple[list[list[str]], dict[str, int]]:
    board = find_board(doc["board"])
    dice = tuple(doc["holes"]) if "holes" in doc else None
    holes = board.holes(dice)  # type: ignore[arg-type]
    free_start = bool(dice) and dice[0] == dice[1]
    launch = doc.get("loadout", "launch") == "launch"
    tiles = {Cell.parse(k): v for k, v in doc["tiles"].items()}
    out: list[list[str]] = []

    def add(rule: str, *cells: Cell) -> None:
        out.append([rule, *map(str, cells)])

    on: dict[Cell, dict[str, Any]] = {}
    start_on_hole = False
    for cell, tile in tiles.items():
        if cell not in board.squares:
            add("off-board", cell)
        elif cell in holes:
            add("hole", cell)
            start_on_hole |= bool(tile.get("start"))
        else:
            on[cell] = tile

    def sides(tile: dict[str, Any]) -> str:
        return "uuuu" if tile.get("start") else tile["sides"]

    def side(cell: Cell, d: Direction) -> str:
        return sides(on[cell])[d.index]

    def ahead(cell: Cell, d: Direction) -> Cell | None:
        other = board.neighbour(cell, d)
        return other if other in on and other != cell else None

    starts = sorted(c for c, t in on.items() if t.get("start"))
    if not starts and not start_on_hole:
        out.append(["no-start-cabin"])
    if len(starts) > 1:
        kept = board.start if board.start in starts and not free_start else starts[0]
        for c in starts:
            if c != kept:
                add("extra-start-cabin", c, kept)
    if not free_start:
        for c in starts:
            if c != board.start:
                add("start-square", c)

    joined: dict[Cell, set[Cell]] = {c: set() for c in on}
    for cell in on:
        for d in DIRECTIONS:
            other = ahead(cell, d)
            if other is None or other < cell:
                continue
            a, b = side(cell, d), side(other, d.opposite)
            if not fits(a, b):
                add("connector-mismatch", cell, other)
            elif a != "-":
                joined[cell].add(other)
                joined[other].add(cell)

    for cell, tile in on.items():
        part = tile["part"]
        if part in ENGINES and tile["facing"] != "rear":
            add("engine-facing", cell)
        checks = []
        if part in ENGINES:
            checks = [("engine-blocked", tile["facing"])]
        elif part in CANNONS:
            checks = [("cannon-blocked", tile["facing"])]
        elif part == "thruster":
            checks = [("thruster-blocked", n) for n in tile["nozzles"]]
        for rule, facing in checks:
            blocker = ahead(cell, Direction(facing))
            if blocker is not None:
                add(rule, cell, blocker)

    if len(starts) == 1:
        reached, todo = {starts[0]}, [starts[0]]
        while todo:
            for other in joined[todo.pop()]:
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
        for cell in on:
            if cell not in reached:
                add("disconnected", cell)

    # "connected": joined, or both joined to one network of joined routers (RULES §8.2)
    routers = {c for c, t in on.items() if t["part"] == "router"}
    connected = {c: set(joined[c]) for c in on}
    seen: set[Cell] = set()
    for r in routers:
        if r in seen:
            continue
        network, todo = {r}, [r]
        while todo:
            for other in joined[todo.pop()] & routers:
                if other not in network:
                    network.add(other)
                    todo.append(other)
        seen |= network
        attached = {o for n in network for o in joined[n] if o not in routers}
        for c in attached:
            connected[c] |= attached - {c}

    def colors(tile: dict[str, Any]) -> set[str]:
        if tile["part"] == "life-support":
            return {tile["color"]}
        if tile["part"] == "hybrid-life-support":
            return set(tile["colors"])
        return set()

    first_of: dict[str, Cell] = {}
    for cell in sorted(on):
        tile = on[cell]
        alien = tile.get("alien")
        if alien is None:
            continue
        if not any(alien in colors(on[o]) for o in connected[cell]):
            # named after the cabin: supports of its colour (none connected), then the
            # connected supports (of other colours), each in board order
            supports = sorted(c for c in on if colors(on[c]))
            apart = [c for c in supports if alien in colors(on[c])]
            wrong = [c for c in supports if c in connected[cell]]
            add("alien-no-life-support", cell, *apart, *wrong)
        if tile.get("start"):
            add("alien-in-start-cabin", cell)
        if alien in first_of:
            add("alien-duplicate", cell, first_of[alien])
        else:
            first_of[alien] = cell

    for cell, tile in on.items():
        part = tile["part"]
        crew = tile.get("crew", 2 if launch and "alien" not in tile else 0)
        goods = tile.get("goods", "")
        if (
            (part == "cabin" and crew > 2)
            or (part == "battery" and tile.get("charge", 0) > tile["capacity"])
            or (part == "cargo" and (len(goods) > tile["capacity"]
                                     or ("R" in goods and not tile["red"])))
            or (part == "stasis-chamber" and tile.get("sleepers", 0) > 4)
        ):  # fmt: skip
            add("overloaded", cell)
        if part == "shield":
            a, b = (Direction(d) for d in tile["covers"])
            if not a.is_perpendicular(b):
                add("shield-covers", cell)

    exposed = sum(
        1
        for cell in on
        for d in DIRECTIONS
        if side(cell, d) != "-" and board.neighbour(cell, d) not in on
    )
    numbers = {
        "tiles": len(on),
        "exposed_connectors": exposed,
        "humans": sum(
            t.get("crew", 2 if launch and "alien" not in t else 0)
            for t in on.values()
            if t["part"] == "cabin"
        ),
        "batteries": sum(
            t.get("charge", t["capacity"] if launch else 0)
            for t in on.values()
            if t["part"] == "battery"
        ),
        "cargo_slots": sum(t["capacity"] for t in on.values() if t["part"] == "cargo"),
    }
    return sorted(out, key=lambda v: (v[0], [Cell.parse(s) for s in v[1:]])), numbers


@settings(max_examples=150, deadline=None)
@given(doc=layouts())
def test_the_validator_agrees_with_the_spec_read_independently(doc: dict[str, Any]) -> None:
    expected, numbers = oracle(doc)
    report = validate(ship_from_document(doc, "random.toml"))
    assert as_lists(report.violations) == expected
    stats = report.stats.to_dict()
    assert {k: stats[k] for k in numbers} == numbers
