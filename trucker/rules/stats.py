"""A ship's numbers (RULES §4): exposed connectors, crew, batteries, firepower and engine power.

The only copy of these rules: the report on a built ship (:func:`ship_stats`) and the flight
engine (declaring power, comparing crew, arming against intruders) read them from the same
functions, each over a :class:`~trucker.rules.view.ShipView`.

Firepower is counted in half points internally (a side cannon gives ½, RULES §4.1) and written
as a number in reports. ``min`` spends no battery; ``max`` powers as many doubles as the battery
tokens and the usable solar panels allow, computed separately for cannons and engines (the spec).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from trucker.core.boards import Board
from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction
from trucker.core.parts import AlienColor, Part, PartFacts, Reach
from trucker.core.rulings import Rulings
from trucker.core.ship import Contents, Tile
from trucker.rules.graph import Touching, max_matching_size, touching_table
from trucker.rules.view import RuleContext, ShipView

__all__ = [
    "ShipStats",
    "ship_stats",
    "exposed_connectors",
    "cannon_value",
    "engine_value",
    "turret_pairs",
    "fire_base",
    "fire_doubles",
    "fire_totals",
    "engine_base",
    "engine_doubles",
    "engine_totals",
    "armed_cells",
    "armories_reach",
    "armory_reach",
    "armed_crew",
    "crew_comparison",
    "crew_requirement",
    "crew_members",
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


def cannon_value(ship: ShipView, cell: Cell) -> int:
    """Half points of a cannon when firing (doubles: when powered): its printed power in full
    facing front, half elsewhere (RULES §4.1)."""
    tile = ship.tiles[cell]
    full = 2 * ship.part_facts[tile.part].power
    return full if tile.facing is Direction.FRONT else full // 2


def engine_value(ship: ShipView, cell: Cell) -> int:
    """Engine power of an engine (doubles: when powered, RULES §4.2)."""
    return ship.part_facts[ship.tiles[cell].part].power


def turret_pairs(ship: ShipView) -> int:
    """Pairs of connected turrets: a maximum matching in the turret graph (RULES §4.1, §2.4)."""
    turrets = ship.of(Part.TURRET)
    if len(turrets) < 2:
        return 0
    tiles, connected = ship.tiles, ship.connected
    edges = [
        (a, b)
        for a in turrets
        for b in connected.get(a, ())
        if tiles[b].part is Part.TURRET and a < b
    ]
    return max_matching_size(list(turrets), edges)


def _has_alien(ship: ShipView, color: AlienColor) -> bool:
    contents = ship.contents
    return any(contents[c].alien is color for c in ship.of(Part.CABIN))


def _totals(base: int, doubles: list[int], bonus: int) -> list[int]:
    """Totals with 0, 1, 2... doubles powered; an alien's ``bonus`` counts only when the rest
    is above 0 (RULES §4.1, §4.2)."""
    out, running = [], base
    for k in range(len(doubles) + 1):
        out.append(running + bonus if running > 0 else running)
        if k < len(doubles):
            running += doubles[k]
    return out


def fire_base(ship: ShipView) -> int:
    """Half points of firepower with no battery spent: single cannons and turret pairs
    (RULES §4.1), before the purple alien's bonus."""
    singles = sum(cannon_value(ship, c) for p in ship.part_facts.cannons.free for c in ship.of(p))
    pairs = turret_pairs(ship) if ship.of(Part.TURRET) else 0
    return singles + 2 * ship.part_facts[Part.TURRET].pair_power * pairs


def fire_doubles(ship: ShipView) -> dict[Cell, int]:
    """Double cannons (the cannons that work powered) and the half points each adds."""
    return {c: cannon_value(ship, c) for p in ship.part_facts.cannons.paid for c in ship.of(p)}


def fire_totals(ship: ShipView, powered: list[Cell]) -> list[int]:
    """Half points of firepower with the first 0, 1, 2... of ``powered`` firing; the purple
    alien adds 2 when the rest is above 0 (RULES §4.1)."""
    return _totals(
        fire_base(ship),
        [cannon_value(ship, c) for c in powered],
        4 if _has_alien(ship, AlienColor.PURPLE) else 0,
    )


def engine_base(ship: ShipView) -> int:
    """Engine power with no battery spent (RULES §4.2), before the brown alien's bonus."""
    return sum(engine_value(ship, c) for p in ship.part_facts.engines.free for c in ship.of(p))


def engine_doubles(ship: ShipView) -> dict[Cell, int]:
    """Double engines (the engines that work powered) and the power each adds."""
    return {c: engine_value(ship, c) for p in ship.part_facts.engines.paid for c in ship.of(p)}


def engine_totals(ship: ShipView, powered: list[Cell]) -> list[int]:
    """Engine power with the first 0, 1, 2... of ``powered`` running; a brown alien adds 2
    when the rest is above 0 (RULES §4.2)."""
    return _totals(
        engine_base(ship),
        [engine_value(ship, c) for c in powered],
        2 if _has_alien(ship, AlienColor.BROWN) else 0,
    )


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
    ship: ShipView, rulings: Rulings, reach: frozenset[Cell] | None = None
) -> frozenset[Cell]:
    """Tiles whose crew is armed: connected to an armory (RULES §2.4), or with the ruling
    ``armory_reach = "adjacent"``, on any square touching one, joined or not. ``reach``: the
    ship's :func:`armories_reach`, when already known (it changes only when a tile is lost)."""
    if reach is None:
        reach = armories_reach(ship, rulings)
    if not reach:
        return reach
    tiles, contents = ship.tiles, ship.contents
    return frozenset(c for c in reach if c in tiles and _armable(contents[c]) > 0)


def armories_reach(ship: ShipView, rulings: Rulings) -> frozenset[Cell]:
    """Every square some armory arms, whoever is on it (:func:`armory_reach` of each): what
    follows from where the tiles lie, not from what they hold."""
    armories = ship.of(Part.ARMORY)
    if not armories:
        return frozenset()
    reach: set[Cell] = set()
    for armory in armories:
        reach.update(armory_reach(ship, armory, rulings))
    return frozenset(reach)


def armory_reach(ship: ShipView, armory: Cell, rulings: Rulings) -> frozenset[Cell]:
    """The squares an armory arms (ruling ``armory_reach``, RULES §10 #10)."""
    if rulings.armory_reach == "adjacent":
        return frozenset(ship.board.around(armory))
    return frozenset(ship.connected.get(armory, ()))


def _armable(held: Contents) -> int:
    """Crew members on a tile who can be armed: humans, an alien, a passenger, active robots
    (never stasis sleepers or inactive robots, RULES §2.4)."""
    return held.crew + (1 if held.alien else 0) + (1 if held.passenger else 0) + held.active_robots


def armed_crew(ship: ShipView, armed: Iterable[Cell]) -> int:
    """Crew members who are armed (RULES §2.4)."""
    contents = ship.contents
    return sum(_armable(contents[c]) for c in armed)


def crew_comparison(ship: ShipView, rulings: Rulings, armed: frozenset[Cell] | None = None) -> int:
    """Crew for comparisons (Combat Zone, Sabotage; RULES §4.3): humans, aliens, 4 per active
    robot center, armed members twice (``armed``: :func:`armed_cells`, when already known).
    Passengers and sleepers do not count."""
    if armed is None:
        armed = armed_cells(ship, rulings)
    contents = ship.contents
    total = 0
    for cell in ship.of(Part.CABIN):
        total += contents[cell].occupants * (2 if cell in armed else 1)
    for cell in ship.of(Part.ROBOT_CENTER):
        total += contents[cell].active_robots * (2 if cell in armed else 1)
    return total


def crew_requirement(ship: ShipView) -> int:
    """Crew for requirements (Abandoned Station; RULES §4.3): humans, aliens and active
    robots, no armed doubling."""
    contents = ship.contents
    return crew_members(ship) + sum(contents[c].active_robots for c in ship.of(Part.ROBOT_CENTER))


def crew_members(ship: ShipView) -> int:
    """Crew that can be lost or sent away (Slavers, Combat Zone, Abandoned Ship; RULES §4.3):
    humans and aliens (who live in cabins), never robots."""
    contents = ship.contents
    return sum(contents[c].occupants for c in ship.of(Part.CABIN))


class ShipStats(NamedTuple):
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


def _covering(facts: PartFacts) -> list[Part]:
    """The parts that defend the sides they cover (shields, RULES §4.6)."""
    return [p for p, row in facts.items() if row.defends and row.defends.reach is Reach.COVERS]


def ship_stats(ctx: RuleContext) -> ShipStats:
    """The numbers of the ship in ``ctx`` (tiles really on the board). The most firepower and
    engine power power as many doubles as the tokens and the solar panels can pay for
    (:func:`best_powered`), counted separately for cannons and engines (the spec)."""
    from trucker.rules.graph import router_networks

    tiles, held = ctx.tiles, ctx.contents
    of = ctx.of
    connected = ctx.connected
    tokens = sum(held[c].charge for c in of(Part.BATTERY))
    panels = {c: connected.get(c, frozenset()) for c in of(Part.SOLAR_PANEL)}
    aliens = tuple(sorted(str(held[c].alien) for c in of(Part.CABIN) if held[c].alien))

    _, fired = best_powered(fire_doubles(ctx), tokens, panels)
    fire = fire_totals(ctx, fired)
    _, running = best_powered(engine_doubles(ctx), tokens, panels)
    engines = engine_totals(ctx, running)

    armed = armed_cells(ctx, ctx.rulings)
    shield_sides = {d for p in _covering(ctx.part_facts) for c in of(p) for d in tiles[c].covers}
    shifts = {n.opposite for c in of(Part.THRUSTER) for n in tiles[c].nozzles}
    networks = tuple(
        (tuple(sorted(routers)), tuple(sorted(attached)))
        for routers, attached in router_networks(ctx.joined, tiles)
    )
    return ShipStats(
        tiles=len(tiles),
        exposed_connectors=len(exposed_connectors(ctx.board, tiles, ctx.touching)),
        humans=sum(held[c].crew for c in of(Part.CABIN)),
        aliens=aliens,
        batteries=tokens,
        firepower_half=(fire[0], fire[-1]),
        engine_power=(engines[0], engines[-1]),
        cargo_slots=sum(tiles[c].capacity for c in of(Part.CARGO)),
        goods="".join(sorted("".join(held[c].goods for c in of(Part.CARGO)), key="RYGB".index)),
        passengers=sum(1 for c in of(Part.LUXURY_CABIN) if held[c].passenger),
        sleepers=sum(held[c].sleepers for c in of(Part.STASIS_CHAMBER)),
        robots=sum(held[c].robots for c in of(Part.ROBOT_CENTER)),
        crew_compare=crew_comparison(ctx, ctx.rulings, armed),
        armed=armed_crew(ctx, armed),
        turret_pairs=turret_pairs(ctx),
        solar_panels=len(panels),
        shield_sides=tuple(d for d in DIRECTIONS if d in shield_sides),
        thruster_shifts=tuple(d for d in DIRECTIONS if d in shifts),
        router_networks=networks,
    )
