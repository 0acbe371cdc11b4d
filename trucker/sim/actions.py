"""The small procedures many cards share: powering doubles, losing crew, goods and tokens,
gaining goods (RULES §6.1). Each asks the ship's captain wherever the rules leave a choice."""

from __future__ import annotations

from collections.abc import Callable

from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.events import CrewLost, Declared, GoodsLost, Loaded, Recruited, TokensLost
from trucker.core.geometry import Cell
from trucker.core.parts import GOODS_VALUE, Part, goods_value
from trucker.rules.stats import (
    engine_doubles,
    engine_totals,
    fire_doubles,
    fire_totals,
    half,
    payable,
)
from trucker.sim.choices import (
    CrewLoss,
    GoodLoss,
    Keeping,
    Paying,
    Powering,
    Recruiting,
    Taking,
    TokenLoss,
)
from trucker.sim.flight import Flight, Player
from trucker.sim.goods import Cargo, arrangements, best_kept_value, cargo_of, pack_goods
from trucker.sim.power import Power, pay, power_sources, powerable, unused_panels
from trucker.sim.state import ShipState

__all__ = [
    "declare_power",
    "lose_crew",
    "lose_goods",
    "gain_goods",
    "offer_take",
    "goods_aboard",
    "loadable_value",
    "crew_room",
    "recruit",
]


def declare_power(
    flight: Flight,
    player: Player,
    what: str,
    verdict: Callable[[int], str],
    context: str,
) -> int:
    """Choose how many doubles to power (engines or cannons), pay for each, and declare the
    total: engine power, or firepower in half points (RULES §4.1, §4.2). The doubles offered
    are the strongest that can all be paid for together, taken greedily by value (a matching
    of doubles to tokens and connected unused solar panels,
    :func:`trucker.rules.stats.best_powered`).
    ``verdict`` tells the captain what a total would mean (win / tie / loss, safe / lowest,
    stuck)."""
    ship = player.ship
    if what == "engines":
        values = engine_doubles(ship)
        kind = DecisionKind.POWER_ENGINES
    else:
        values = fire_doubles(ship)
        kind = DecisionKind.POWER_CANNONS
    doubles = powerable(ship, values)
    totals = (engine_totals if what == "engines" else fire_totals)(ship, doubles)
    count = 0
    if doubles:
        available = ship.tokens()
        noun = "engine" if what == "engines" else "cannon"
        options = tuple(
            Option(
                f"power {k} double {noun}{'s' if k != 1 else ''}",
                Powering(k, totals[k], verdict(totals[k]), available),
            )
            for k in range(len(doubles) + 1)
        )
        count = flight.ask(player, Decision(kind, player.name, options, context)).value.doubles
        for index, cell in enumerate(doubles[:count]):
            rest = doubles[index + 1 : count]
            _pay_for(flight, player, cell, rest, f"double {what[:-1]} {cell}")
    total = totals[count]
    if flight.table.recording:
        shown = half(total) if what == "cannons" else total
        flight.table.emit(
            Declared(player.name, "firepower" if what == "cannons" else "engine power", shown)
        )
    return total


def _pay_for(
    flight: Flight, player: Player, consumer: Cell, rest: list[Cell], purpose: str
) -> None:
    """Pay for ``consumer``, offering only the sources that leave ``rest`` payable too."""
    ship = player.ship
    sources = [
        p
        for p in power_sources(ship, [consumer])
        if _serves(ship, p, consumer) and _leaves_payable(ship, p, rest)
    ]
    if len(sources) == 1:
        chosen: Power = sources[0]
    else:
        options = tuple(Option(f"pay with {p.label}", Paying(p)) for p in sources)
        chosen = flight.ask(
            player, Decision(DecisionKind.PAY, player.name, options, purpose)
        ).value.power
    pay(flight.table, ship, chosen, consumer, purpose)


def _leaves_payable(ship: ShipState, power: Power, rest: list[Cell]) -> bool:
    if not rest or ship.unlimited_power:
        return True
    if power.is_solar:
        return payable(rest, ship.tokens(), unused_panels(ship, without=power.cell))
    return payable(rest, ship.tokens() - 1, unused_panels(ship))


def _serves(ship: ShipState, power: Power, consumer: Cell) -> bool:
    if not power.is_solar or power.cell is None:
        return True
    return consumer in ship.structure.connected.get(power.cell, frozenset())


def lose_crew(flight: Flight, player: Player, count: int, why: str) -> int:
    """Lose ``count`` crew (humans or aliens, the owner choosing each; all of them if there are
    not enough; never robots or passengers, RULES §4.3, §6.2). Returns how many were lost."""
    ship = player.ship
    lost = 0
    # the tiles with crew now, in board order: a loss never puts crew on another tile
    squares = sorted(c for c, held in ship.contents.items() if held.crew or held.alien)
    names = {cell: str(cell) for cell in squares}
    while lost < count:
        options = []
        left, aboard = count - lost, ship.humans()
        for cell in squares:
            held = ship.contents[cell]
            if held.crew:
                loss = CrewLoss(cell, None, held.crew, left, aboard)
                options.append(Option(f"a human from {names[cell]}", loss))
            if held.alien:
                loss = CrewLoss(cell, str(held.alien), 0, left, aboard)
                options.append(Option(f"the {held.alien} alien from {names[cell]}", loss))
        if not options:
            break
        if len(options) == 1:
            choice = options[0].value
        else:
            decision = Decision(
                DecisionKind.LOSE_CREW, player.name, tuple(options), f"{why}: {lost + 1} of {count}"
            )
            choice = flight.ask(player, decision).value
        held = ship.contents[choice.square]
        if choice.alien:
            ship.set(choice.square, held._replace(alien=None))
        else:
            ship.set(choice.square, held._replace(crew=held.crew - 1))
        if flight.table.recording:
            flight.table.emit(
                CrewLost(
                    player.name, str(choice.square), 0 if choice.alien else 1, choice.alien, why
                )
            )
        lost += 1
    return lost


def lose_goods(flight: Flight, player: Player, count: int, why: str) -> None:
    """Lose ``count`` goods, most valuable first, the owner choosing the hold when several
    carry that colour; for the rest, battery tokens, the owner choosing the battery; when both
    run out, nothing more (RULES §6.1)."""
    ship = player.ship
    taken = ""
    squares: list[Cell] = []
    for _ in range(count):
        holds = [(c, h.goods) for c, h in sorted(ship.contents.items()) if h.goods]
        if not holds:
            break
        best = max((g for _, goods in holds for g in goods), key=GOODS_VALUE.__getitem__)
        cell = _hold_to_lose_from(flight, player, [c for c, goods in holds if best in goods],
                                  best, why)  # fmt: skip
        held = ship.contents[cell]
        ship.set(cell, held._replace(goods=held.goods.replace(best, "", 1)))
        taken += best
        squares.append(cell)
    if taken and flight.table.recording:
        flight.table.emit(GoodsLost(player.name, taken, tuple(map(str, squares))))
    for _ in range(count - len(taken)):
        contents = ship.contents
        batteries = [(c, contents[c].charge) for c in ship.of(Part.BATTERY) if contents[c].charge]
        if not batteries:
            break
        options = tuple(Option(f"a token from {c}", TokenLoss(c, n)) for c, n in batteries)
        if len(options) == 1:
            square = options[0].value.square
        else:
            decision = Decision(DecisionKind.LOSE_TOKEN, player.name, options, why)
            square = flight.ask(player, decision).value.square
        held = ship.contents[square]
        ship.set(square, held._replace(charge=held.charge - 1))
        if flight.table.recording:
            flight.table.emit(TokensLost(player.name, str(square), 1))


def _hold_to_lose_from(
    flight: Flight, player: Player, holds: list[Cell], good: str, why: str
) -> Cell:
    if len(holds) == 1:
        return holds[0]
    options = tuple(Option(f"the {good} in {c}", GoodLoss(c, good)) for c in holds)
    decision = Decision(DecisionKind.LOSE_GOOD, player.name, options, why)
    return flight.ask(player, decision).value.square


def gain_goods(flight: Flight, player: Player, goods: str, why: str) -> None:
    """Load gained goods: red only in red holds, rearranging and dumping allowed; when not
    everything fits the captain chooses what to keep (RULES §6.1)."""
    if not goods:
        return
    ship = player.ship
    cargo = cargo_of(ship)
    ways = arrangements(ship, goods, cargo=cargo)
    if len(ways) == 1:
        kept, dropped = ways[0]
    else:
        options = tuple(
            Option(
                f"keep {k or 'nothing'}" + (f", dump {d}" if d else ""),
                Keeping(k, d, goods_value(k)),
            )
            for k, d in ways
        )
        choice = flight.ask(
            player, Decision(DecisionKind.LOAD_GOODS, player.name, options, why)
        ).value
        kept, dropped = choice.kept, choice.dropped
    recording = flight.table.recording
    holds: dict[str, str] = {}
    contents = ship.contents
    for cell, load in pack_goods(ship, kept, cargo):
        held = contents[cell]
        if held.goods != load:
            ship.set(cell, held._replace(goods=load))
            if recording:
                holds[str(cell)] = load
    if recording:
        flight.table.emit(Loaded(player.name, goods, kept, dropped, holds))


def goods_aboard(ship: ShipState) -> int:
    """What the goods in the holds sell for."""
    contents = ship.contents
    return goods_value("".join(contents[c].goods for c in ship.of(Part.CARGO)))


def loadable_value(
    ship: ShipState, goods: str, aboard: int | None = None, cargo: Cargo | None = None
) -> int:
    """What gaining ``goods`` would add to the goods aboard (worth ``aboard``, when the caller
    already knows), keeping the best (``cargo``: the holds, when the caller has read them)."""
    if aboard is None:
        aboard = goods_value(cargo.aboard) if cargo is not None else goods_aboard(ship)
    return best_kept_value(ship, goods, cargo) - aboard


def offer_take(
    flight: Flight,
    player: Player,
    what: str,
    *,
    worth: int,
    days: int,
    crew: int = 0,
) -> bool:
    """Ask whether to take a reward that costs ``days`` (and sends ``crew`` away)."""
    left = player.ship.humans() - crew
    options = (
        Option(f"pass on {what}", Taking(False)),
        Option(f"take {what}", Taking(True, worth, days, crew, left)),
    )
    context = f"{what}: worth {worth}, costs {days} day{'s' if days != 1 else ''}"
    if crew:
        context += f" and {crew} crew"
    return flight.ask(player, Decision(DecisionKind.TAKE, player.name, options, context)).value.take


def _berths(ship: ShipState) -> list[tuple[Cell, bool, int]]:
    """Free places for humans: cabins without an alien first, then stasis chambers (square,
    asleep, room); luxury cabins take nobody new (RULES §6.8)."""
    cabin = ship.part_facts[Part.CABIN].crew
    stasis = ship.part_facts[Part.STASIS_CHAMBER].sleepers
    contents = ship.contents
    awake = [
        (c, False, cabin - contents[c].crew)
        for c in ship.of(Part.CABIN)
        if contents[c].alien is None and contents[c].crew < cabin
    ]
    asleep = [
        (c, True, stasis - contents[c].sleepers)
        for c in ship.of(Part.STASIS_CHAMBER)
        if contents[c].sleepers < stasis
    ]
    return awake + asleep


def crew_room(ship: ShipState) -> int:
    """How many more humans the ship has room for (cabins and stasis chambers)."""
    return sum(room for _, _, room in _berths(ship))


def recruit(flight: Flight, player: Player, offered: int, why: str) -> int:
    """Take up to ``offered`` humans from a developed planet into free cabin or stasis space
    (RULES §6.8): the captain chooses how many, and how many of them go to sleep in stasis.
    Cabins and chambers fill in board order."""
    ship = player.ship
    berths = _berths(ship)
    awake_room = sum(free for _, asleep, free in berths if not asleep)
    asleep_room = sum(free for _, asleep, free in berths if asleep)
    room = awake_room + asleep_room
    fit = min(offered, room)
    if fit == 0:
        return 0
    options = [Option("take nobody", Recruiting(0, offered, room))]
    for k in range(1, fit + 1):
        for asleep in range(max(0, k - awake_room), min(k, asleep_room) + 1):
            label = f"take {k} human{'' if k == 1 else 's'}"
            if asleep_room:
                label += f", {asleep} in stasis"
            options.append(Option(label, Recruiting(k, offered, room, asleep)))
    context = f"{why} offers {offered} crew, room for {awake_room} awake, {asleep_room} asleep"
    choice = flight.ask(
        player, Decision(DecisionKind.RECRUIT, player.name, tuple(options), context)
    ).value
    count = choice.humans
    squares: list[Cell] = []
    wanted = {False: count - choice.asleep, True: choice.asleep}
    for cell, asleep, free in berths:
        n = min(free, wanted[asleep])
        if not n:
            continue
        held = ship.contents[cell]
        if asleep:
            ship.set(cell, held._replace(sleepers=held.sleepers + n))
        else:
            ship.set(cell, held._replace(crew=held.crew + n))
        squares += [cell] * n
        wanted[asleep] -= n
    sleepers = choice.asleep
    if squares and flight.table.recording:
        flight.table.emit(Recruited(player.name, tuple(map(str, squares)), sleepers))
    return count
