"""A hypothesis strategy that grows random ship layouts from the start square, on every board.

Layouts are trucker-ship/1 documents the file model accepts: functional sides (barrel, exhaust,
nozzles, armor) are smooth and every value is in the ranges the spec allows, but nothing else
is promised, so they exercise every rule: off-board and hole squares, mismatched connectors,
blocked barrels, stray aliens, overloaded holds, extra starting cabins.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from trucker.core.geometry import DIRECTIONS, Cell, Direction
from trucker.formats.catalogue import builtin_boards, find_board

__all__ = ["BOARDS", "layouts", "mirror", "MIRROR_AXES"]

BOARDS = tuple(builtin_boards())
COLORS = ("brown", "purple", "cyan")
PARTS = (
    "cabin", "structure", "battery", "cargo", "engine", "double-engine", "cannon",
    "double-cannon", "shield", "life-support", "hybrid-life-support", "solar-panel",
    "thruster", "router", "robot-center", "turret", "armory", "luxury-cabin", "stasis-chamber",
)  # fmt: skip
FACING = ("engine", "double-engine", "cannon", "double-cannon")

MIRROR_AXES = {"I": 7, "II": 7, "III": 7, "IIIa": 7, "IV": 7, "IIB": 5}
"""Boards symmetric under a left-right reflection, and the column of their axis."""

directions = st.sampled_from([str(d) for d in DIRECTIONS])


@st.composite
def tile_entries(draw: st.DrawFn) -> dict[str, Any]:
    """One tile of any part, with its functional sides smooth."""
    part = draw(st.sampled_from(PARTS))
    sides = draw(st.lists(st.sampled_from("-sduu"), min_size=4, max_size=4))
    entry: dict[str, Any] = {"part": part}
    smooth: set[str] = set()
    if part in FACING:
        facing = draw(st.sampled_from(["rear"] * 3 + ["front", "left", "right"]))
        entry["facing"] = facing
        smooth.add(facing)
    if part == "thruster":
        first = Direction(draw(directions))
        second = draw(st.sampled_from([first.turn_left(), first.turn_right()]))
        entry["nozzles"] = [str(first), str(second)]
        smooth.update(entry["nozzles"])
    if draw(st.integers(0, 9)) == 0:
        entry["armor"] = draw(st.lists(directions, min_size=1, max_size=2, unique=True))
        smooth.update(entry["armor"])
    for d in smooth:
        sides[Direction(d).index] = "-"
    entry["sides"] = "".join(sides)
    match part:
        case "cabin":
            if draw(st.integers(0, 4)) == 0:
                entry["alien"] = draw(st.sampled_from(COLORS))
            elif draw(st.booleans()):
                entry["crew"] = draw(st.integers(0, 3))
        case "battery":
            entry["capacity"] = draw(st.sampled_from([2, 3]))
            if draw(st.booleans()):
                entry["charge"] = draw(st.integers(0, 4))
        case "cargo":
            red = draw(st.booleans())
            entry["red"] = red
            entry["capacity"] = draw(st.sampled_from([1, 2] if red else [2, 3]))
            entry["goods"] = draw(st.text(alphabet="RYGB", max_size=4))
        case "shield":
            entry["covers"] = draw(st.lists(directions, min_size=2, max_size=2, unique=True))
        case "life-support":
            entry["color"] = draw(st.sampled_from(COLORS))
        case "hybrid-life-support":
            entry["colors"] = draw(
                st.lists(st.sampled_from(COLORS), min_size=2, max_size=2, unique=True)
            )
        case "robot-center":
            entry["active"] = draw(st.booleans())
        case "luxury-cabin":
            entry["passenger"] = draw(st.booleans())
        case "stasis-chamber":
            entry["sleepers"] = draw(st.integers(0, 5))
    return entry


def _start_entry(draw: st.DrawFn) -> dict[str, Any]:
    entry: dict[str, Any] = {"part": "cabin", "start": True}
    roll = draw(st.integers(0, 19))
    if roll == 0:
        entry["alien"] = draw(st.sampled_from(COLORS))
    elif roll == 1:
        entry["crew"] = 3
    elif roll == 2:
        return {"part": "cabin", "sides": "uuuu"}
    return entry


@st.composite
def layouts(
    draw: st.DrawFn, boards: tuple[str, ...] = BOARDS, max_tiles: int = 10
) -> dict[str, Any]:
    """A layout document grown tile by tile from the starting cabin."""
    board = find_board(draw(st.sampled_from(boards)))
    doc: dict[str, Any] = {"format": "trucker-ship/1", "board": board.id}
    if draw(st.integers(0, 4)) == 0:
        doc["loadout"] = "empty"
    holes: frozenset[Cell] = frozenset()
    if board.has_holes:
        dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
        doc["holes"] = list(dice)
        holes = board.holes(dice)
    start = board.start
    free = sorted(board.squares - holes)
    if (start in holes and draw(st.integers(0, 9)) > 0) or draw(st.integers(0, 14)) == 0:
        start = draw(st.sampled_from(free))
    placed: dict[Cell, dict[str, Any]] = {start: _start_entry(draw)}
    for _ in range(draw(st.integers(0, max_tiles))):
        frontier = sorted({board.neighbour(c, d) for c in placed for d in DIRECTIONS} - set(placed))
        on_board = [c for c in frontier if c in board.squares]
        if on_board and draw(st.integers(0, 9)) > 0:
            cell = draw(st.sampled_from(on_board))
        else:
            cell = draw(st.sampled_from(frontier))
        if draw(st.integers(0, 29)) == 0:
            placed[cell] = {"part": "cabin", "start": True}
        else:
            placed[cell] = draw(tile_entries())
    doc["tiles"] = {str(c): e for c, e in placed.items()}
    return doc


_SWAP = {"left": "right", "right": "left", "front": "front", "rear": "rear"}


def _mirror_entry(entry: dict[str, Any]) -> dict[str, Any]:
    out = dict(entry)
    if "sides" in out:
        f, r, b, left = out["sides"]
        out["sides"] = f + left + b + r
    if "facing" in out:
        out["facing"] = _SWAP[out["facing"]]
    for key in ("covers", "nozzles", "armor"):
        if key in out:
            out[key] = [_SWAP[d] for d in out[key]]
    return out


def mirror_cell(cell: Cell, axis: int) -> Cell:
    return Cell(cell.row, 2 * axis - cell.col)


def mirror(doc: dict[str, Any]) -> dict[str, Any]:
    """The layout reflected left-right about its board's axis column."""
    axis = MIRROR_AXES[doc["board"]]
    out = dict(doc)
    out["tiles"] = {
        str(mirror_cell(Cell.parse(k), axis)): _mirror_entry(e) for k, e in doc["tiles"].items()
    }
    return out
