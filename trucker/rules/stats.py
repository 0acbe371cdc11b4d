"""A ship's numbers (RULES §4): exposed connectors, crew, batteries, firepower and engine power.

Firepower is counted in half points internally (a side cannon gives ½, RULES §4.1) and written
as a number in reports. ``min`` spends no battery; ``max`` powers as many doubles as the battery
tokens and the usable solar panels allow, computed separately for cannons and engines (the spec).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from trucker.core.boards import Board
from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction
from trucker.core.parts import AlienColor, Part
from trucker.core.rulings import Rulings
from trucker.core.ship import Tile
from trucker.formats.catalogue import part_info
from trucker.rules.graph import Touching, max_matching_size, touching_table
from trucker.rules.view import RuleContext

__all__ = [
    "ShipStats",
    "ship_stats",
    "exposed_connectors",
    "cannon_value",
    "engine_value",
    "turret_pairs",
    "armed_cells",
    "armory_reach",
    "armed_crew",
    "crew_for_comparison",
    "best_powered",
    "half",
    "payable",
]


def half(units: int) -> float | int:
    """Half points to a number for reports: 3 -> 1.5, 4 -> 2."""
    return units // 2 if units % 2 == 0 else units / 2


def exposed_connectors(
    board: Board, tiles: Mapping[Cell, Tile], table: Touching | None = None
) -> list[tuple[Cell, Direction]]:
    """Every connector facing a square with no tile: off the board, an internal gap or an empty
    square, across the IIB seam too (RULES §4.5)."""
    table = table if table is not None else touching_table(board, tiles)
    out = []
    smooth = Connector.SMOOTH
    for cell, others in table.items():
        if None not in others:
            continue
        sides = tiles[cell].sides
        for index in range(4):
            if others[index] is None and sides[index] is not smooth:
                out.append((cell, DIRECTIONS[index]))
    return sorted(out)


def cannon_value(tile: Tile) -> int:
    """Half points of a cannon when firing (doubles: when powered): full facing front, half
    elsewhere (RULES §4.1)."""
    full = 2 * part_info(tile.part).power
    return full if tile.facing is Direction.FRONT else full // 2


def engine_value(tile: Tile) -> int:
    """Engine power of an engine (doubles: when powered, RULES §4.2)."""
    return part_info(tile.part).power


def turret_pairs(tiles: Mapping[Cell, Tile], connected: Mapping[Cell, frozenset[Cell]]) -> int:
    """Pairs of connected turrets: a maximum matching in the turret graph (RULES §4.1, §2.4)."""
    turrets = [c for c, t in tiles.items() if t.part is Part.TURRET]
    if len(turrets) < 2:
        return 0
    edges = [
        (a, b)
        for a in turrets
        for b in connected.get(a, ())
        if tiles[b].part is Part.TURRET and a < b
    ]
    return max_matching_size(turrets, edges)


def best_powered(
    values: Mapping[Cell, int],
    tokens: int,
    panels: Mapping[Cell, frozenset[Cell]],
) -> tuple[int, list[Cell]]:
    """The most value from powering some of ``values``' tiles, each paid by a battery token
    (anywhere) or a distinct solar panel connected to it (RULES §2.4, §4.4).

    The payable sets form a transversal matroid, so taking tiles greedily by value, keeping each
    one that can still be paid for, is optimal.
    """
    order = sorted(values, key=lambda c: (-values[c], c))
    if tokens >= len(order):
        return sum(values.values()), order
    chosen: list[Cell] = []
    for cell in order:
        if payable([*chosen, cell], tokens, panels):
            chosen.append(cell)
    return sum(values[c] for c in chosen), chosen


def payable(cells: list[Cell], tokens: int, panels: Mapping[Cell, frozenset[Cell]]) -> bool:
    """Can every tile in ``cells`` get a distinct payer: one of ``tokens`` battery tokens
    (anywhere), or an unused solar panel whose reach holds it (RULES §2.4, a matching)?"""
    need_panels = len(cells) - tokens
    if need_panels <= 0:
        return True
    match: dict[Cell, Cell] = {}

    def augment(cell: Cell, seen: set[Cell]) -> bool:
        for panel, reach in panels.items():
            if cell in reach and panel not in seen:
                seen.add(panel)
                if panel not in match or augment(match[panel], seen):
                    match[panel] = cell
                    return True
        return False

    matched = sum(1 for cell in cells if augment(cell, set()))
    return matched >= need_panels


def armed_cells(
    board: Board,
    tiles: Mapping[Cell, Tile],
    connected: Mapping[Cell, frozenset[Cell]],
    rulings: Rulings,
) -> frozenset[Cell]:
    """Tiles whose crew is armed: connected to an armory (RULES §2.4), or with the ruling
    ``armory_reach = "adjacent"``, on any square touching one, joined or not."""
    reach: set[Cell] = set()
    for armory, tile in tiles.items():
        if tile.part is Part.ARMORY:
            reach.update(armory_reach(board, armory, connected, rulings))
    return frozenset(c for c in reach if c in tiles and _armable(tiles[c]) > 0)


def armory_reach(
    board: Board, armory: Cell, connected: Mapping[Cell, frozenset[Cell]], rulings: Rulings
) -> frozenset[Cell]:
    """The squares an armory arms (ruling ``armory_reach``, RULES §10 #10)."""
    if rulings.armory_reach == "adjacent":
        return frozenset(board.around(armory))
    return frozenset(connected.get(armory, ()))


def _armable(tile: Tile) -> int:
    """Crew members on a tile who can be armed: humans, an alien, a passenger, active robots
    (never stasis sleepers or inactive robots, RULES §2.4)."""
    return tile.crew + (1 if tile.alien else 0) + (1 if tile.passenger else 0) + tile.active_robots


def armed_crew(tiles: Mapping[Cell, Tile], armed: Iterable[Cell]) -> int:
    return sum(_armable(tiles[c]) for c in armed)


def crew_for_comparison(tiles: Mapping[Cell, Tile], armed: frozenset[Cell]) -> int:
    """Crew for comparisons (Combat Zone, Sabotage; RULES §4.3): humans, aliens, 4 per active
    robot center, armed members twice. Passengers and sleepers do not count."""
    total = 0
    for cell, tile in tiles.items():
        members = tile.crew + (1 if tile.alien else 0) + tile.active_robots
        total += members * (2 if cell in armed else 1)
    return total


@dataclass(frozen=True, slots=True)
class ShipStats:
    """RULES §4 numbers of a ship; the first eight keys are the spec's, the rest extend it."""

    tiles: int
    exposed_connectors: int
    humans: int
    aliens: tuple[str, ...]
    batteries: int
    firepower_half: tuple[int, int]
    engine_power: tuple[int, int]
    cargo_slots: int
    goods: str
    passengers: int
    sleepers: int
    robots: int
    crew_compare: int
    armed: int
    turret_pairs: int
    solar_panels: int
    shield_sides: tuple[Direction, ...]
    thruster_shifts: tuple[Direction, ...]
    router_networks: tuple[tuple[tuple[Cell, ...], tuple[Cell, ...]], ...]

    @property
    def firepower(self) -> tuple[float | int, float | int]:
        return half(self.firepower_half[0]), half(self.firepower_half[1])

    def to_dict(self) -> dict[str, Any]:
        return {
            "tiles": self.tiles,
            "exposed_connectors": self.exposed_connectors,
            "humans": self.humans,
            "aliens": list(self.aliens),
            "batteries": self.batteries,
            "firepower": {"min": self.firepower[0], "max": self.firepower[1]},
            "engine_power": {"min": self.engine_power[0], "max": self.engine_power[1]},
            "cargo_slots": self.cargo_slots,
            "goods": self.goods,
            "passengers": self.passengers,
            "sleepers": self.sleepers,
            "robots": self.robots,
            "crew_for_comparison": self.crew_compare,
            "armed_crew": self.armed,
            "turret_pairs": self.turret_pairs,
            "solar_panels": self.solar_panels,
            "shield_sides": [str(d) for d in self.shield_sides],
            "thruster_shifts": [str(d) for d in self.thruster_shifts],
            "router_networks": [
                {"routers": [str(c) for c in routers], "attached": [str(c) for c in attached]}
                for routers, attached in self.router_networks
            ],
        }


def _with_alien(base: int, bonus: int, present: bool) -> int:
    """An alien's +2 counts only when the rest is above 0 (RULES §4.1, §4.2)."""
    return base + bonus if present and base > 0 else base


def ship_stats(ctx: RuleContext) -> ShipStats:
    """The numbers of the ship in ``ctx`` (tiles really on the board)."""
    from trucker.rules.graph import router_networks

    tiles = ctx.tiles
    of = ctx.of
    connected = ctx.connected
    tokens = sum(t.charge for _, t in of(Part.BATTERY))
    panels = {c: connected.get(c, frozenset()) for c, _ in of(Part.SOLAR_PANEL)}
    aliens = tuple(sorted(str(t.alien) for _, t in of(Part.CABIN) if t.alien))

    pairs = turret_pairs(tiles, connected) if len(of(Part.TURRET)) > 1 else 0
    singles = sum(cannon_value(t) for _, t in of(Part.CANNON))
    doubles = {c: cannon_value(t) for c, t in of(Part.DOUBLE_CANNON)}
    fire_base = singles + 2 * part_info(Part.TURRET).pair_power * pairs
    fire_extra, _ = best_powered(doubles, tokens, panels)
    purple = AlienColor.PURPLE in aliens
    fire_min = _with_alien(fire_base, 4, purple)
    fire_max = _with_alien(fire_base + fire_extra, 4, purple)

    engines = sum(engine_value(t) for _, t in of(Part.ENGINE))
    double_engines = {c: engine_value(t) for c, t in of(Part.DOUBLE_ENGINE)}
    engine_extra, _ = best_powered(double_engines, tokens, panels)
    brown = AlienColor.BROWN in aliens
    engine_min = _with_alien(engines, 2, brown)
    engine_max = _with_alien(engines + engine_extra, 2, brown)

    armed = (
        armed_cells(ctx.board, tiles, connected, ctx.rulings) if of(Part.ARMORY) else frozenset()
    )
    shield_sides = {d for _, t in of(Part.SHIELD) for d in t.covers}
    shifts = {n.opposite for _, t in of(Part.THRUSTER) for n in t.nozzles}
    networks = tuple(
        (tuple(sorted(routers)), tuple(sorted(attached)))
        for routers, attached in router_networks(ctx.adjacency, tiles)
    )
    return ShipStats(
        tiles=len(tiles),
        exposed_connectors=len(exposed_connectors(ctx.board, tiles, ctx.touching)),
        humans=sum(t.crew for _, t in of(Part.CABIN)),
        aliens=aliens,
        batteries=tokens,
        firepower_half=(fire_min, fire_max),
        engine_power=(engine_min, engine_max),
        cargo_slots=sum(t.capacity for _, t in of(Part.CARGO)),
        goods="".join(sorted("".join(t.goods for _, t in of(Part.CARGO)), key="RYGB".index)),
        passengers=sum(1 for _, t in of(Part.LUXURY_CABIN) if t.passenger),
        sleepers=sum(t.sleepers for _, t in of(Part.STASIS_CHAMBER)),
        robots=sum(t.robots for _, t in of(Part.ROBOT_CENTER)),
        crew_compare=crew_for_comparison(tiles, armed),
        armed=armed_crew(tiles, armed),
        turret_pairs=pairs,
        solar_panels=len(panels),
        shield_sides=tuple(d for d in DIRECTIONS if d in shield_sides),
        thruster_shifts=tuple(d for d in DIRECTIONS if d in shifts),
        router_networks=networks,
    )
