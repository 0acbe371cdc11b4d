"""Flights as a library call: a plan (ships, deck, dice, captains, rulings) in, a result and a
replayable log out.

A flight log (``trucker-flight/1``) is the save file: it carries the plan (each ship's layout,
the deck's cards, the rulings) and every event, among them every roll and every choice. Replaying
feeds those rolls to scripted dice and those choices to scripted captains, and must end where
the flight ended (OpenSpiel's history-as-serialisation).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from trucker.core.cards import Level
from trucker.core.catalogue import Catalogue
from trucker.core.decisions import Captain
from trucker.core.dice import Dice, ScriptedDice, StreamDice, derive_seed
from trucker.core.errors import BadEvent, BadInput, TruckerError
from trucker.core.events import (
    CardRevealed,
    CardsAdded,
    Decided,
    Event,
    FlightStarted,
    Rolled,
    read_events,
)
from trucker.core.geometry import Cell
from trucker.core.rulings import DEFAULT_RULINGS, Rulings, RulingSource, resolve_rulings
from trucker.core.ship import Ship
from trucker.formats.catalogue import catalogue as packaged
from trucker.formats.decks import Deck, deck_document, deck_from_document, random_deck_level
from trucker.formats.load import ship_from_document
from trucker.formats.logtext import log_json
from trucker.formats.write import ship_to_document
from trucker.play.deal import deal_deck
from trucker.play.record import FlightRecord, ShipAfter, record_flight
from trucker.rules.report import Report
from trucker.rules.validate import validate
from trucker.sim.captains import ScriptedCaptain
from trucker.sim.flight import FlightResult, FlightSetup
from trucker.sim.roster import captain, scripted
from trucker.sim.stepping import FlightState
from trucker.sim.table import Table
from trucker.sim.tape import ExternalCaptain, ExternalDice

__all__ = [
    "Crew",
    "FlightPlan",
    "IllegalLayout",
    "LOG_FORMAT",
    "deck_for",
    "fly",
    "plan_document",
    "flight_log",
    "log_document",
    "log_text",
    "flight_record",
    "flight_setup",
    "launch",
    "plan_dice",
    "read_log",
    "replay",
    "replay_divergence",
    "start",
    "unique_names",
]

LOG_FORMAT = "trucker-flight/1"


@dataclass(frozen=True)
class Crew:
    """One ship of a flight: its layout, its name in the log, its captain, its insurance."""

    name: str
    ship: Ship
    captain: str = "sensible"
    insured: bool | None = None
    """Class IV insurance: bought or refused; None: as the layout file says, else the captain
    decides (RULES §9.3)."""
    repaired: tuple[Cell, ...] = ()
    captain_options: tuple[tuple[str, Any], ...] = ()
    """The captain's options by name (the expert's ``effort``, ``objective``)."""


@dataclass(frozen=True)
class FlightPlan:
    """Everything a flight needs besides the captains' own minds.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> plan = trucker.plan([ship, ship], "random:III", seed=7, captains=["sensible", "greedy"])
    >>> [(seat.name, seat.captain) for seat in plan.crews], plan.seed
    ([('Cruiser', 'sensible'), ('Cruiser (2)', 'greedy')], 7)
    """

    crews: tuple[Crew, ...]
    deck: Deck
    rulings: Rulings
    seed: int | None = None
    faces: tuple[int, ...] | None = None
    choices: Mapping[str, Sequence[str]] = field(default_factory=dict)


def unique_names(names: Sequence[str]) -> list[str]:
    """Ship names as the log uses them: repeated names get ``(2)``, ``(3)``..."""
    out: list[str] = []
    for name in names:
        candidate, n = name, 1
        while candidate in out:
            n += 1
            candidate = f"{name} ({n})"
        out.append(candidate)
    return out


def deck_for(
    spec: str | Deck,
    seed: int,
    *,
    load: Any = None,
    rulings: Rulings = DEFAULT_RULINGS,
    catalogue: Catalogue | None = None,
) -> Deck:
    """A deck from ``random:<LEVEL>`` (dealt from the catalogue with its own stream derived
    from ``seed``, never the game dice, by ``rulings``), a :class:`Deck`, or a deck file
    through ``load``."""
    if isinstance(spec, Deck):
        return spec
    level = _random_level(spec)
    if level is not None:
        stream = random.Random(derive_seed(seed, "deck"))
        return deal_deck(level, stream, rulings=rulings, catalogue=catalogue)
    return load(spec)


@lru_cache(maxsize=64)
def _random_level(spec: str) -> Level | None:
    """:func:`random_deck_level`, read once per spelling (a run deals a deck per flight)."""
    return random_deck_level(spec)


def _policy(plan: FlightPlan, crew: Crew, captains: Mapping[str, Captain]) -> Captain:
    if crew.name in captains:
        return captains[crew.name]
    base = captain(crew.captain, dict(crew.captain_options))
    script = plan.choices.get(crew.name)
    if script is not None:
        return scripted(list(script), base)
    return base


def plan_dice(plan: FlightPlan) -> Dice:
    """The plan's dice: its scripted faces, else seeded dice with a stream per card and per
    threat."""
    return ScriptedDice(plan.faces) if plan.faces is not None else StreamDice(plan.seed or 0)


def flight_setup(plan: FlightPlan, catalogue: Catalogue | None = None) -> FlightSetup:
    """What the plan's flight starts from (:class:`~trucker.sim.flight.FlightSetup`): its
    ships by name with their insurance (the crew's choice, else the layout file's) and repaired
    squares, its deck, and its seed."""
    return FlightSetup(
        ships=tuple((c.name, c.ship) for c in plan.crews),
        cards=tuple(plan.deck.cards),
        level=plan.deck.level,
        catalogue=catalogue if catalogue is not None else packaged(),
        insured=tuple(c.ship.insured if c.insured is None else c.insured for c in plan.crews),
        repaired=tuple(tuple(c.repaired) for c in plan.crews),
        seed=plan.seed,
    )


def start(
    plan: FlightPlan,
    *,
    keep_log: bool = True,
    captains: Mapping[str, Captain] | None = None,
    catalogue: Catalogue | None = None,
    dice: Dice | None = None,
    log: list[Event] | None = None,
    players: Iterable[str] = (),
    throws: bool = False,
) -> FlightState:
    """The plan's flight before its start, to step (:class:`FlightState`): as :func:`fly`,
    with ``dice`` over the plan's (:class:`~trucker.sim.tape.ExternalDice`: every roll is
    given from outside). ``players`` names the ships whose decisions the caller makes (the
    flight stops at each), ``throws`` the caller throws the dice too (it stops at each roll).

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> state = trucker.start(trucker.plan(ship, "random:III", seed=7), throws=True)
    >>> _ = state.advance()
    >>> state.whose_turn, len(state.chance_outcomes())
    ('chance', 36)
    """
    outside = {name: ExternalCaptain() for name in players}
    policies = {c.name: _policy(plan, c, {**outside, **(captains or {})}) for c in plan.crews}
    if throws:
        dice = ExternalDice()
    table = Table(
        rulings=plan.rulings,
        dice=dice if dice is not None else plan_dice(plan),
        policies=policies,
        log=(log if log is not None else []) if keep_log else None,
    )
    return FlightState(flight_setup(plan, catalogue), table)


def fly(
    plan: FlightPlan,
    *,
    keep_log: bool = True,
    captains: Mapping[str, Captain] | None = None,
    catalogue: Catalogue | None = None,
    log: list[Event] | None = None,
) -> FlightResult:
    """Fly the plan: seeded dice (a stream per card and per threat) unless scripted faces are
    given; each ship's captain by name, or from ``captains``; the cards Hazardous Business
    draws and the rewards from ``catalogue`` (the packaged one unless given). ``log``: the
    list the events are written to as they happen, for a captain who reads what happened so
    far before answering (a player at the terminal); a new one unless given.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> result = trucker.fly(trucker.plan(ship, "random:III", seed=7))
    >>> cruiser = result.ships[0]
    >>> cruiser.gave_up, cruiser.final_credits
    (True, 0)
    """
    state = start(plan, keep_log=keep_log, captains=captains, catalogue=catalogue, log=log)
    result = state.finish()
    result.unused_choices = _unused_choices(
        plan, {c.name: state.table.policy(c.name) for c in plan.crews}
    )
    return result


def _unused_choices(plan: FlightPlan, policies: Mapping[str, Captain]) -> dict[str, list[str]]:
    """Each ship's scripted answers left over: what its script still holds, or the whole
    script when another captain (an interactive one) answered for the ship."""
    unused = {}
    for name, script in plan.choices.items():
        policy = policies.get(name)
        left = list(policy.remaining) if isinstance(policy, ScriptedCaptain) else list(script)
        if left:
            unused[name] = left
    return unused


def launch(plan: FlightPlan) -> tuple[ShipAfter, ...]:
    """The plan's ships as they leave, in start order: each layout, less its repaired tiles."""
    return tuple(ShipAfter(c.name, c.ship, tuple(c.repaired)) for c in plan.crews)


def flight_record(plan: FlightPlan, result: FlightResult) -> FlightRecord:
    """Every ship after every card, folded from the result's log alone
    (:mod:`trucker.play.record`); a flight flown without a log has none to fold."""
    if result.events is None:
        raise ValueError("the flight kept no log: fly it with keep_log=True to draw it")
    return record_flight(launch(plan), result.events)


def plan_document(
    plan: FlightPlan, *, layout: Callable[[Ship], Any] | None = None
) -> dict[str, Any]:
    """The plan as the log's ``flight`` header; ``layout`` gives each ship's layout document
    (by default a fresh copy the caller may change)."""
    layout = _layout if layout is None else layout
    return {
        "format": LOG_FORMAT,
        "seed": plan.seed,
        "scripted_dice": plan.faces is not None,
        "level": str(plan.deck.level),
        "rulings": plan.rulings.as_dict(),
        "deck": deck_document(plan.deck),
        "ships": [
            {
                "name": c.name,
                "captain": c.captain,
                "insured": c.insured,
                "repaired": [str(cell) for cell in c.repaired],
                **({"captain_options": dict(c.captain_options)} if c.captain_options else {}),
                "layout": layout(c.ship),
            }
            for c in plan.crews
        ],
    }


_LAYOUTS: WeakKeyDictionary[Ship, dict[str, Any]] = WeakKeyDictionary()
"""Each ship's layout document, written once per ship (a run logs thousands of flights of the
same few ships; a ship is immutable, so its document never changes)."""


def _layout(ship: Ship) -> dict[str, Any]:
    """The ship's layout document (:func:`~trucker.formats.write.ship_to_document`), a fresh
    copy of the one written for it first, so a caller may change what it is given."""
    return _fresh(_written(ship))


def _written(ship: Ship) -> dict[str, Any]:
    """The ship's layout document as written first, not copied: for a caller that only reads
    it."""
    found = _LAYOUTS.get(ship)
    if found is None:
        found = _LAYOUTS[ship] = ship_to_document(ship)
    return found


def _fresh(value: Any) -> Any:
    """A copy of a plain document: its tables and lists copied, its strings and numbers
    shared."""
    if type(value) is dict:
        return {key: _fresh(item) for key, item in value.items()}
    if type(value) is list:
        return [_fresh(item) for item in value]
    return value


def flight_log(plan: FlightPlan, result: FlightResult) -> dict[str, Any]:
    """The ``--json`` document: the plan, every event, and each ship's result.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> plan = trucker.plan(ship, "random:III", seed=7)
    >>> list(trucker.flight_log(plan, trucker.fly(plan)))
    ['flight', 'level', 'rulings', 'representative_cards', 'events', 'ships']
    """
    return log_document(plan_document(plan), result.to_dict())


def log_text(plan: FlightPlan, result: FlightResult, *, indent: int | None = None) -> str:
    """The ``--json`` document as text: ``json.dumps(flight_log(plan, result), indent=indent)``,
    the same text, written faster (:func:`~trucker.formats.logtext.log_json`: the events as they
    stand, each ship's layout as written once, uncopied, since nothing changes it on the way).

    >>> import json, trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> plan = trucker.plan(ship, "random:III", seed=7)
    >>> result = trucker.fly(plan)
    >>> log_text(plan, result) == json.dumps(trucker.flight_log(plan, result))
    True
    """
    data = replace(result, events=None).to_dict()
    data["events"] = result.events or []
    return log_json(log_document(plan_document(plan, layout=_written), data), indent=indent)


def log_document(header: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """The log from its ``flight`` header (:func:`plan_document`) and the result's document
    (:meth:`~trucker.sim.flight.FlightResult.to_dict`): the header first."""
    return {"flight": header, **result}


def _captain_options(entry: Mapping[str, Any], name: str) -> tuple[tuple[str, Any], ...]:
    """A logged ship's captain options (the expert's effort and objective), by name, each
    checked as the command line checks it: a log sets no more work than an option may."""
    from trucker.sim.expert import MAX_EFFORT, OBJECTIVES

    where = f"flight.ships.{entry['name']}.captain_options"
    written = entry.get("captain_options", {})
    if not isinstance(written, Mapping):
        raise BadInput.one(name, where, "expected the captain's options by name")
    for key, value in written.items():
        if key == "effort" and not (_is_int(value) and 1 <= value <= MAX_EFFORT):
            raise BadInput.one(
                name, f"{where}.effort", f"rollouts per option, 1 to {MAX_EFFORT:,}, got {value!r}"
            )
        if key == "objective" and value not in OBJECTIVES:
            raise BadInput.one(
                name, f"{where}.objective", f"use {' or '.join(OBJECTIVES)}, got {value!r}"
            )
        if key not in ("effort", "objective"):
            raise BadInput.one(name, f"{where}.{key}", "unknown option: effort or objective")
    return tuple(sorted(written.items()))


def _is_int(value: object) -> bool:
    """An integer as a log writes it (JSON's ``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


_SHIP_KEYS: dict[str, tuple[tuple[type, ...], str]] = {
    "captain": ((str,), "the captain's name"),
    "insured": ((bool, type(None)), "true, false or null"),
    "repaired": ((list,), "the list of squares repaired before the flight"),
}
"""The types a logged ship's keys must have (besides its name and layout)."""


def _check_header(header: Mapping[str, Any], ships: list[Any], name: str) -> None:
    """The keys of a log's header that must be of one type: the seed an integer (or null),
    each ship's captain a name, its insurance true or false, its repaired squares a list of
    squares."""
    seed = header.get("seed")
    if seed is not None and not _is_int(seed):
        raise BadInput.one(name, "flight.seed", f"expected an integer or null, got {seed!r}")
    if not isinstance(header.get("scripted_dice", False), bool):
        raise BadInput.one(name, "flight.scripted_dice", "expected true or false")
    for entry in ships:
        for key, (types, words) in _SHIP_KEYS.items():
            value = entry.get(key)
            if key in entry and not isinstance(value, types):
                raise BadInput.one(
                    name, f"flight.ships.{entry['name']}.{key}", f"expected {words}, got {value!r}"
                )
        for square in entry.get("repaired", ()):
            try:
                Cell.parse(square if isinstance(square, str) else repr(square))
            except ValueError as exc:
                where = f"flight.ships.{entry['name']}.repaired"
                raise BadInput.one(name, where, str(exc)) from None


def _check_story(crews: Sequence[Crew], deck: Deck, logged: Sequence[Event], name: str) -> None:
    """The events tell a flight of these ships and this deck: every ship an event names is one
    of the log's (a ship renamed in the header alone is not), and each card revealed is the
    deck's card at its place, the cards a Hazardous card added put in after it as the flight
    did (a deck reordered after the flight is not: its advice would answer another
    question)."""
    names = {c.name for c in crews}
    cards = [card.label for card in deck.cards]
    current = 0
    for index, event in enumerate(logged):
        started = isinstance(event, FlightStarted)
        ship_or_ships: Any = getattr(event, "ships" if started else "ship", None)
        named = ship_or_ships if started else [] if ship_or_ships is None else [ship_or_ships]
        for ship in named:
            if ship not in names:
                raise BadInput.one(
                    name,
                    f"events[{index}].{'ships' if started else 'ship'}",
                    f"{ship!r} is not a ship of flight.ships ({', '.join(sorted(names))}): "
                    "a ship renamed in one place only",
                )
        if isinstance(event, CardRevealed):
            current = event.index
            expected = cards[current - 1] if 1 <= current <= len(cards) else None
            if expected != event.card:
                place = f"card {current} is {expected!r}" if expected else f"has no card {current}"
                raise BadInput.one(
                    name,
                    "flight.deck",
                    f"{place}, but events[{index}] reveals {event.card!r}: a deck reordered or "
                    "edited after the flight",
                )
        elif isinstance(event, CardsAdded):
            cards[current:current] = list(event.cards)


def read_log(document: Mapping[str, Any], name: str = "log") -> tuple[FlightPlan, list[Event]]:
    """A saved log's plan (its rolls as scripted faces, each ship's choices as its script) and
    its events, typed. :class:`BadInput` when the document is not a flight log."""
    header = document.get("flight")
    events = document.get("events")
    if not isinstance(header, Mapping) or header.get("format") != LOG_FORMAT:
        raise BadInput.one(
            name, "flight", f"not a {LOG_FORMAT} log (write one with trucker fly --json)"
        )
    if not isinstance(events, list):
        raise BadInput.one(name, "events", "expected the list of the flight's events")
    ships = header.get("ships")
    if not isinstance(ships, list) or not all(
        isinstance(e, Mapping)
        and isinstance(e.get("name"), str)
        and isinstance(e.get("layout"), Mapping)
        for e in ships
    ):
        raise BadInput.one(
            name, "flight.ships", "expected a list of ships, each a name and a layout"
        )
    if not isinstance(header.get("deck"), Mapping):
        raise BadInput.one(name, "flight.deck", "expected the flight's deck")
    if not 1 <= len(ships) <= 5:
        raise BadInput.one(
            name, "flight.ships", f"a flight has one to five ships, the log has {len(ships)}"
        )
    if len({e["name"] for e in ships}) != len(ships):
        raise BadInput.one(name, "flight.ships", "name each ship once (events name their ship)")
    _check_header(header, ships, name)
    crews = tuple(
        Crew(
            name=entry["name"],
            ship=ship_from_document(entry["layout"], f"{name}: ships.{entry['name']}"),
            captain=entry.get("captain", "sensible"),
            insured=entry.get("insured"),
            repaired=tuple(Cell.parse(x) for x in entry.get("repaired", ())),
            captain_options=_captain_options(entry, name),
        )
        for entry in ships
    )
    deck = deck_from_document(header["deck"], f"{name}: flight.deck")
    try:
        logged = read_events(events)
    except BadEvent as exc:
        raise exc.input_error(name) from None
    for index, event in enumerate(logged):
        if isinstance(event, Rolled) and not all(1 <= face <= 6 for face in event.faces):
            faces = ", ".join(map(str, event.faces))
            raise BadInput.one(name, f"events[{index}].faces", f"die faces are 1-6, got {faces}")
    _check_story(crews, deck, logged, name)
    rolls = [e.faces for e in logged if isinstance(e, Rolled)]
    choices: dict[str, list[str]] = {c.name: [] for c in crews}
    for e in logged:
        if isinstance(e, Decided):
            choices[e.ship].append(f"{e.decision}: {e.choice}")
    written = header.get("rulings", {})
    if not isinstance(written, Mapping):
        raise BadInput.one(name, "flight.rulings", "expected a table of rulings by name")
    plan = FlightPlan(
        crews=crews,
        deck=deck,
        rulings=resolve_rulings([RulingSource(f"{name}: flight", written)]),
        seed=header.get("seed"),
        faces=tuple(face for pair in rolls for face in pair),
        choices=choices,
    )
    return plan, logged


def replay(document: Mapping[str, Any], name: str = "log") -> tuple[FlightPlan, FlightResult]:
    """Fly a saved log again: its rolls as scripted dice, each ship's choices as its captain.
    :class:`BadInput` when the document is not a flight log, or is a flight saved before its
    end (``trucker play`` resumes those); :class:`IllegalLayout` for a layout that breaks the
    rules.

    >>> import json, trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> plan = trucker.plan(ship, "random:III", seed=7)
    >>> log = json.loads(json.dumps(trucker.flight_log(plan, trucker.fly(plan))))
    >>> _, again = trucker.replay(log)
    >>> again.ships[0].final_credits
    0
    """
    plan, logged = read_log(document, name)
    if document.get("finished") is False:
        raise BadInput.one(
            name,
            "finished",
            f"a flight saved before its end: resume it with trucker play --resume {name}",
        )
    for crew in plan.crews:
        report = validate(crew.ship, plan.rulings)
        if not report.legal:
            raise IllegalLayout(crew.name, crew.ship, report)
    scripted = {c.name: ScriptedCaptain(plan.choices[c.name]) for c in plan.crews}
    result = fly(plan, captains=scripted)
    entered = [e.entered for e in logged if isinstance(e, Rolled)]
    if any(entered) and result.events is not None:
        result.events = _entered_as_logged(result.events, entered)
    return plan, result


def _entered_as_logged(events: Sequence[Event], entered: Sequence[bool]) -> list[Event]:
    """The replay's events, each roll the log says the table entered marked so (the dice
    flown again are the log's faces either way)."""
    out: list[Event] = []
    rolls = iter(entered)
    for event in events:
        if isinstance(event, Rolled) and next(rolls, False):
            event = event.replace(entered=True)
        out.append(event)
    return out


class IllegalLayout(TruckerError):
    """A ship of a flight log whose layout breaks the rules: it does not fly, as ``trucker fly``
    flies no illegal layout (a log holds each layout as it flew, repaired tiles removed)."""

    def __init__(self, name: str, ship: Ship, report: Report) -> None:
        self.name = name
        self.ship = ship
        self.report = report
        count = len(report.violations)
        told = f"{count} violation{'s' * (count != 1)}"
        super().__init__(f"flight.ships.{name}: the layout is illegal ({told})")


def replay_divergence(document: Mapping[str, Any], result: FlightResult) -> str | None:
    """Where a replay left its log, or None: the first event that differs (an edited log
    may keep its rolls, choices and final table and still tell another flight), else the
    first ship whose result differs."""
    logged = [e.to_dict() for e in read_events(document.get("events", []))]
    flown = [e.to_dict() for e in result.events or ()]
    for index, (was, now) in enumerate(zip(logged, flown, strict=False)):
        if was != now:
            return f"events[{index}]: the log has {_event_words(was, now)}"
    if len(logged) != len(flown):
        more, kind = ("log", logged) if len(logged) > len(flown) else ("replay", flown)
        return (
            f"events[{min(len(logged), len(flown))}]: the {more} goes on with "
            f"{kind[min(len(logged), len(flown))]['kind']} ({len(logged)} events logged, "
            f"{len(flown)} flown again)"
        )
    ships = document.get("ships")
    for index, ship in enumerate(result.ships):
        written = ships[index] if isinstance(ships, list) and index < len(ships) else None
        if written != ship.to_dict():
            return f"ships[{index}]: {ship.name} ended differently from the log"
    if isinstance(ships, list) and len(ships) != len(result.ships):
        return f"ships: the log has {len(ships)} results, the replay {len(result.ships)}"
    return None


def _event_words(was: Mapping[str, Any], now: Mapping[str, Any]) -> str:
    """Two events that differ, in the keys that differ."""
    if was["kind"] != now["kind"]:
        return f"{was['kind']}, the replay {now['kind']}"
    keys = [k for k in {**was, **now} if was.get(k) != now.get(k)]
    told = ", ".join(f"{k} {was.get(k)!r} (replay {now.get(k)!r})" for k in keys)
    return f"{was['kind']} with {told}"
