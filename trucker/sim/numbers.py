"""A ship's numbers during a flight (RULES §4): firepower and engine power for a chosen number
of powered doubles, the three crew counts, and where gained goods fit.

These are the same rules as :mod:`trucker.rules.stats` (which reports a built ship), read from a
:class:`~trucker.sim.state.ShipState` and its cached structure, because a flight asks them
thousands of times.
"""

from __future__ import annotations

from collections.abc import Iterator

from trucker.core.geometry import Cell
from trucker.core.parts import GOODS_VALUE, AlienColor, Part, goods_value
from trucker.core.rulings import Rulings
from trucker.formats.catalogue import part_info
from trucker.rules.stats import (
    armed_cells,
    cannon_value,
    crew_for_comparison,
    engine_value,
    turret_pairs,
)
from trucker.sim.state import ShipState

__all__ = [
    "fire_base",
    "fire_doubles",
    "engine_base",
    "engine_doubles",
    "engine_totals",
    "fire_totals",
    "crew_comparison",
    "crew_requirement",
    "crew_members",
    "humans",
    "arrangements",
    "best_kept_value",
    "pack_goods",
    "holds_of",
]


_most_valuable_first = {good: -value for good, value in GOODS_VALUE.items()}.__getitem__
"""Sort key for goods letters, most valuable first (a dict lookup: no Python call per cube)."""


def _has_alien(ship: ShipState, color: AlienColor) -> bool:
    tiles = ship.tiles
    return ship.aliens() > 0 and any(tiles[c].alien is color for c in ship.of(Part.CABIN))


def fire_base(ship: ShipState) -> int:
    """Half points of firepower with no battery spent: single cannons and turret pairs
    (RULES §4.1), before the purple alien's bonus."""
    tiles = ship.tiles
    singles = sum(cannon_value(tiles[c]) for c in ship.of(Part.CANNON))
    pairs = turret_pairs(tiles, ship.structure.connected) if ship.of(Part.TURRET) else 0
    return singles + 2 * part_info(Part.TURRET).pair_power * pairs


def fire_doubles(ship: ShipState) -> list[tuple[Cell, int]]:
    """Double cannons and what each adds when powered, most first (front ones first)."""
    tiles = ship.tiles
    found = [(c, cannon_value(tiles[c])) for c in ship.of(Part.DOUBLE_CANNON)]
    return sorted(found, key=lambda item: -item[1])


def fire_totals(ship: ShipState, powered: list[Cell]) -> list[int]:
    """Half points of firepower with the first 0, 1, 2... of ``powered`` firing; the purple
    alien adds 2 when the rest is above 0 (RULES §4.1)."""
    tiles = ship.tiles
    return _totals(
        fire_base(ship),
        [cannon_value(tiles[c]) for c in powered],
        4 if _has_alien(ship, AlienColor.PURPLE) else 0,
    )


def _totals(base: int, doubles: list[int], bonus: int) -> list[int]:
    """Totals with 0, 1, 2... doubles powered; an alien's ``bonus`` counts when the rest is
    above 0 (RULES §4.1, §4.2)."""
    out, running = [], base
    for k in range(len(doubles) + 1):
        out.append(running + bonus if running > 0 else running)
        if k < len(doubles):
            running += doubles[k]
    return out


def engine_base(ship: ShipState) -> int:
    tiles = ship.tiles
    return sum(engine_value(tiles[c]) for c in ship.of(Part.ENGINE))


def engine_doubles(ship: ShipState) -> list[Cell]:
    return list(ship.of(Part.DOUBLE_ENGINE))


def engine_totals(ship: ShipState, powered: list[Cell]) -> list[int]:
    """Engine power with the first 0, 1, 2... of ``powered`` running; a brown alien adds 2
    when the rest is above 0 (RULES §4.2)."""
    tiles = ship.tiles
    return _totals(
        engine_base(ship),
        [engine_value(tiles[c]) for c in powered],
        2 if _has_alien(ship, AlienColor.BROWN) else 0,
    )


def _armed(ship: ShipState, rulings: Rulings) -> frozenset[Cell]:
    return armed_cells(ship.board, ship.tiles, ship.structure.connected, rulings)


def crew_comparison(ship: ShipState, rulings: Rulings) -> int:
    """Crew for comparisons (Combat Zone, Sabotage; RULES §4.3): humans, aliens, active robots,
    armed members counted twice."""
    return crew_for_comparison(ship.tiles, _armed(ship, rulings))


def crew_requirement(ship: ShipState) -> int:
    """Crew for requirements (Abandoned Station; RULES §4.3): humans, aliens and active
    robots, no armed doubling."""
    tiles = ship.tiles
    robots = sum(tiles[c].active_robots for c in ship.of(Part.ROBOT_CENTER))
    return ship.humans() + ship.aliens() + robots


def crew_members(ship: ShipState) -> int:
    """Crew that can be lost or sent away (Slavers, Combat Zone, Abandoned Ship; RULES §4.3):
    humans and aliens, never robots."""
    return ship.humans() + ship.aliens()


def humans(ship: ShipState) -> int:
    return ship.humans()


def holds_of(ship: ShipState) -> list[tuple[Cell, int, bool]]:
    """The cargo holds: square, capacity, red."""
    tiles = ship.tiles
    return [(c, tiles[c].capacity, tiles[c].red) for c in ship.of(Part.CARGO)]


def best_kept_value(ship: ShipState, gained: str) -> int:
    """What the best way of keeping the goods aboard plus ``gained`` is worth: as many red cubes
    as the red holds take, then the most valuable others in the room left (the first of
    :func:`arrangements`, without listing the others)."""
    tiles = ship.tiles
    pool = gained
    red_room = plain_room = 0
    for cell in ship.of(Part.CARGO):
        tile = tiles[cell]
        pool += tile.goods
        if tile.red:
            red_room += tile.capacity
        else:
            plain_room += tile.capacity
    reds = min(pool.count("R"), red_room)
    room = plain_room + red_room - reds
    value = GOODS_VALUE["R"] * reds
    for good in "YGB":
        taken = min(pool.count(good), room)
        value += GOODS_VALUE[good] * taken
        room -= taken
    return value


def arrangements(ship: ShipState, gained: str, limit: int = 12) -> list[tuple[str, str]]:
    """The ways to keep goods when gaining ``gained`` (RULES §6.1: red only in red holds;
    rearranging and dumping allowed when gaining): ``(kept, dropped)`` pairs keeping as many
    cubes as fit, most valuable first. Everything fits: a single pair.

    Cubes of one colour are alike, so the ways are counts of each colour: as many red cubes as
    the red holds take, and the other colours filling what room is left.
    """
    tiles = ship.tiles
    aboard = "".join(tiles[c].goods for c in ship.of(Part.CARGO))
    pool = aboard + gained
    holds = holds_of(ship)
    red_room = sum(cap for _, cap, is_red in holds if is_red)
    plain_room = sum(cap for _, cap, is_red in holds if not is_red)
    have = {g: pool.count(g) for g in "RYGB"}
    if have["R"] <= red_room and len(pool) <= red_room + plain_room:
        return [("".join(sorted(pool, key=_most_valuable_first)), "")]
    best_size, ways = -1, []
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
    return [(k, _minus(pool, k)) for k in ranked]


def _minus(pool: str, kept: str) -> str:
    rest = list(pool)
    for g in kept:
        rest.remove(g)
    return "".join(rest)


def pack_goods(ship: ShipState, kept: str) -> Iterator[tuple[Cell, str]]:
    """Place ``kept`` goods in the holds: red cubes in red holds, the rest filling plain holds
    first, most valuable first, holds in board order (the project's packing; the rules let the
    owner rearrange freely when gaining)."""
    holds = holds_of(ship)
    loads: dict[Cell, str] = {c: "" for c, _, _ in holds}
    room = {c: cap for c, cap, _ in holds}
    reds = [c for c, _, is_red in holds if is_red]
    plains = [c for c, _, is_red in holds if not is_red]
    for good in sorted(kept, key=_most_valuable_first):
        for cell in reds if good == "R" else plains + reds:
            if room[cell]:
                loads[cell] += good
                room[cell] -= 1
                break
    yield from loads.items()
