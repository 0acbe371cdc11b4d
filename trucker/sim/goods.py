"""Where gained goods fit (RULES §6.1): the ways of keeping them, what the best way is worth,
and how the kept cubes are packed into the holds."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from trucker.core.geometry import Cell
from trucker.core.parts import GOODS_VALUE, Part, goods_value
from trucker.sim.state import ShipState

__all__ = [
    "Cargo",
    "Holds",
    "cargo_of",
    "arrangements",
    "best_kept_value",
    "pack_goods",
    "holds_of",
]


_most_valuable_first = {good: -value for good, value in GOODS_VALUE.items()}.__getitem__
"""Sort key for goods letters, most valuable first (a dict lookup: no Python call per cube)."""


class Holds(NamedTuple):
    """A ship's cargo holds, which change only when one is lost: their squares, each hold
    (square, capacity, red) in board order, the room in red holds and in plain holds, and the
    packings worked out for them (:func:`pack_goods`)."""

    cells: tuple[Cell, ...]
    holds: tuple[tuple[Cell, int, bool], ...]
    red_room: int
    plain_room: int
    packed: dict[str, tuple[tuple[Cell, str], ...]]


_HOLDS: dict[int, Holds] = {}
"""The holds of each arrangement of cargo tiles, by the identity of the squares' tuple a ship
state shares with its copies and its built ship until a hold is lost (a new tuple then)."""


def _holds(ship: ShipState) -> Holds:
    cells = ship.of(Part.CARGO)
    found = _HOLDS.get(id(cells))
    if found is None or found.cells is not cells:
        tiles = ship.tiles
        holds = tuple((c, tiles[c].capacity, tiles[c].red) for c in cells)
        red_room = sum(capacity for _, capacity, red in holds if red)
        plain_room = sum(capacity for _, capacity, red in holds if not red)
        if len(_HOLDS) >= 1024:
            _HOLDS.clear()
        found = _HOLDS[id(cells)] = Holds(cells, holds, red_room, plain_room, {})
    return found


class Cargo(NamedTuple):
    """The cargo holds as they stand: the holds (:class:`Holds`) and the goods aboard. What
    gained goods are worth, the ways to keep them and their packing are all read from it."""

    holds: Holds
    aboard: str


def cargo_of(ship: ShipState) -> Cargo:
    """The ship's cargo holds as they stand (:class:`Cargo`)."""
    holds = _holds(ship)
    contents = ship.contents
    return Cargo(holds, "".join([contents[c].goods for c in holds.cells]))


def holds_of(ship: ShipState) -> list[tuple[Cell, int, bool]]:
    """The cargo holds: square, capacity, red."""
    return list(_holds(ship).holds)


def best_kept_value(ship: ShipState, gained: str, cargo: Cargo | None = None) -> int:
    """What the best way of keeping the goods aboard plus ``gained`` is worth: as many red cubes
    as the red holds take, then the most valuable others in the room left (the first of
    :func:`arrangements`, without listing the others). ``cargo``: the holds, when the caller
    has read them."""
    holds, aboard = cargo or cargo_of(ship)
    return _kept_value(gained + aboard, holds.red_room, holds.plain_room)


@lru_cache(maxsize=4096)
def _kept_value(pool: str, red_room: int, plain_room: int) -> int:
    """:func:`best_kept_value` of a pool of cubes and the room for them (worked out once per
    pool and room: a ship meets the same few goods and holds flight after flight)."""
    reds = min(pool.count("R"), red_room)
    room = plain_room + red_room - reds
    value = GOODS_VALUE["R"] * reds
    for good in "YGB":
        taken = min(pool.count(good), room)
        value += GOODS_VALUE[good] * taken
        room -= taken
    return value


def arrangements(
    ship: ShipState, gained: str, limit: int = 12, cargo: Cargo | None = None
) -> list[tuple[str, str]]:
    """The ways to keep goods when gaining ``gained`` (RULES §6.1: red only in red holds;
    rearranging and dumping allowed when gaining): ``(kept, dropped)`` pairs keeping as many
    cubes as fit, most valuable first. Everything fits: a single pair. ``cargo``: the holds,
    when the caller has read them.

    Cubes of one colour are alike, so the ways are counts of each colour: as many red cubes as
    the red holds take, and the other colours filling what room is left.
    """
    holds, aboard = cargo or cargo_of(ship)
    return list(_ways(aboard + gained, holds.red_room, holds.plain_room, limit))


@lru_cache(maxsize=4096)
def _ways(pool: str, red_room: int, plain_room: int, limit: int) -> tuple[tuple[str, str], ...]:
    """:func:`arrangements` of a pool of cubes and the room for them (worked out once per pool
    and room)."""
    if pool.count("R") <= red_room and len(pool) <= red_room + plain_room:
        return (("".join(sorted(pool, key=_most_valuable_first)), ""),)
    have = {g: pool.count(g) for g in "RYGB"}
    best_size, ways = -1, list[str]()
    for reds in range(min(have["R"], red_room), -1, -1):
        others = min(have["Y"] + have["G"] + have["B"], plain_room + red_room - reds)
        if reds + others < best_size:
            continue
        if reds + others > best_size:
            best_size, ways = reds + others, []
        for y in range(min(have["Y"], others), -1, -1):
            for g in range(min(have["G"], others - y), -1, -1):
                b = others - y - g
                if b <= have["B"]:
                    ways.append("R" * reds + "Y" * y + "G" * g + "B" * b)
    ranked = sorted(set(ways), key=lambda k: (-goods_value(k), k))[:limit]
    return tuple((k, _minus(pool, k)) for k in ranked)


def _minus(pool: str, kept: str) -> str:
    rest = list(pool)
    for g in kept:
        rest.remove(g)
    return "".join(rest)


def pack_goods(
    ship: ShipState, kept: str, cargo: Cargo | None = None
) -> Iterator[tuple[Cell, str]]:
    """Place ``kept`` goods in the holds: red cubes in red holds, the rest filling plain holds
    first, most valuable first, holds in board order (the project's packing; the rules let the
    owner rearrange freely when gaining). Each hold and what it holds then, in board order.
    ``cargo``: the holds, when the caller has read them. Worked out once per holds and goods."""
    holds = cargo.holds if cargo is not None else _holds(ship)
    found = holds.packed.get(kept)
    if found is None:
        found = _pack(holds.holds, kept)
        if len(holds.packed) < 256:
            holds.packed[kept] = found
    return iter(found)


def _pack(holds: tuple[tuple[Cell, int, bool], ...], kept: str) -> tuple[tuple[Cell, str], ...]:
    loads: dict[Cell, str] = {c: "" for c, _, _ in holds}
    room = {c: cap for c, cap, _ in holds}
    reds = [c for c, _, is_red in holds if is_red]
    others = [c for c, _, is_red in holds if not is_red] + reds
    for good in sorted(kept, key=_most_valuable_first):
        for cell in reds if good == "R" else others:
            if room[cell]:
                loads[cell] += good
                room[cell] -= 1
                break
    return tuple(loads.items())
