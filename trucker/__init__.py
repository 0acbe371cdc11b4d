"""trucker: validate Galaxy Trucker ships, simulate adventure decks, and teach intruders.

One import gives what a script or a notebook needs (python-chess's habit); each name is
imported the first time it is used, so ``import trucker`` stays light::

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-i-starter.toml")
    >>> trucker.validate(ship).legal
    True

A ship and a report draw themselves in a notebook (``_repr_svg_``). Every name below has an
example in its own help (``help(trucker.odds)``); docs/api.md gathers them.

Reading and writing
    load, load_deck, dumps_ship, find_board, scenarios_root
Checking a ship
    validate, repair, show, Report
One encounter
    hit, exposure, intruder, radiation, Threat, ThreatKind
A flight
    plan, fly, replay, flight_log, start, FlightPlan, FlightState
Many flights
    odds, weigh, advise, ruling_impact, Precision
Values
    Ship, Cell, Direction, Part, Rulings, Deck
Captains and dice
    Captain, SensibleCaptain, ExpertCaptain, RandomCaptain, ScriptedCaptain, SeededDice,
    ScriptedDice
Errors
    TruckerError, BadInput, IllegalChoiceError, CannotRepair

The layers below are the library's own homes: :mod:`trucker.core` (values),
:mod:`trucker.formats` (files), :mod:`trucker.rules` (a built ship), :mod:`trucker.sim` (the
flight engine), :mod:`trucker.play` (whole runs), :mod:`trucker.render` (pictures and text).
"""

from __future__ import annotations

import warnings
from importlib import import_module
from typing import TYPE_CHECKING, Any

GROUPS: dict[str, dict[str, str]] = {
    "Reading and writing": {
        "load": "trucker.formats.load:load_ship",
        "load_deck": "trucker.formats.decks:load_deck",
        "dumps_ship": "trucker.formats.write:dumps_ship",
        "find_board": "trucker.formats.catalogue:find_board",
        "scenarios_root": "trucker.formats.catalogue:scenarios_root",
    },
    "Checking a ship": {
        "validate": "trucker.rules.validate:validate",
        "repair": "trucker.rules.repair:repair",
        "show": "trucker.render.terminal.reports:show",
        "Report": "trucker.rules.report:Report",
    },
    "One encounter": {
        "hit": "trucker.sim.encounters:hit",
        "exposure": "trucker.sim.encounters:exposure",
        "intruder": "trucker.sim.encounters:intruder",
        "radiation": "trucker.sim.encounters:radiation",
        "Threat": "trucker.core.threats:Threat",
        "ThreatKind": "trucker.core.threats:ThreatKind",
    },
    "A flight": {
        "plan": "trucker.play.plans:flight_plan",
        "fly": "trucker.play.flights:fly",
        "replay": "trucker.play.flights:replay",
        "flight_log": "trucker.play.flights:flight_log",
        "start": "trucker.play.flights:start",
        "FlightPlan": "trucker.play.flights:FlightPlan",
        "FlightState": "trucker.sim.stepping:FlightState",
    },
    "Many flights": {
        "odds": "trucker.play.odds:odds",
        "weigh": "trucker.play.weigh:weigh",
        "advise": "trucker.play.advice:advise",
        "ruling_impact": "trucker.play.impact:ruling_impact",
        "Precision": "trucker.play.montecarlo:Precision",
    },
    "Values": {
        "Ship": "trucker.core.ship:Ship",
        "Cell": "trucker.core.geometry:Cell",
        "Direction": "trucker.core.geometry:Direction",
        "Part": "trucker.core.parts:Part",
        "Rulings": "trucker.core.rulings:Rulings",
        "Deck": "trucker.formats.decks:Deck",
    },
    "Captains and dice": {
        "Captain": "trucker.core.decisions:Captain",
        "SensibleCaptain": "trucker.sim.captains:SensibleCaptain",
        "ExpertCaptain": "trucker.sim.expert:ExpertCaptain",
        "RandomCaptain": "trucker.sim.captains:RandomCaptain",
        "ScriptedCaptain": "trucker.sim.captains:ScriptedCaptain",
        "SeededDice": "trucker.core.dice:SeededDice",
        "ScriptedDice": "trucker.core.dice:ScriptedDice",
    },
    "Errors": {
        "TruckerError": "trucker.core.errors:TruckerError",
        "BadInput": "trucker.core.errors:BadInput",
        "IllegalChoiceError": "trucker.core.errors:IllegalChoiceError",
        "CannotRepair": "trucker.rules.repair:CannotRepair",
    },
}
"""The public names by what they are for, each ``module:attribute``: the API, in the order
``help(trucker)`` and docs/api.md give it."""

_WHERE = {name: home for names in GROUPS.values() for name, home in names.items()}

OLD_NAMES: dict[str, tuple[str, str]] = {
    # the names of the first release: (where it lives now, what to use instead)
    "load_ship": ("trucker.formats.load:load_ship", "trucker.load"),
    "Policy": ("trucker.core.decisions:Captain", "trucker.Captain"),
    "RandomPolicy": ("trucker.sim.captains:RandomCaptain", "trucker.RandomCaptain"),
    "ScriptedPolicy": ("trucker.sim.captains:ScriptedCaptain", "trucker.ScriptedCaptain"),
    "ImpactResult": ("trucker.play.impact:ImpactResult", "trucker.ruling_impact's result"),
    "Board": ("trucker.core.boards:Board", "trucker.find_board"),
    "Card": ("trucker.core.cards:Card", "trucker.core.cards.Card"),
    "Level": ("trucker.core.cards:Level", "trucker.core.cards.Level"),
    "Catalogue": ("trucker.core.catalogue:Catalogue", "trucker.core.catalogue.Catalogue"),
    "Decision": ("trucker.core.decisions:Decision", "trucker.core.decisions.Decision"),
    "DecisionKind": ("trucker.core.decisions:DecisionKind", "trucker.core.decisions"),
    "Option": ("trucker.core.decisions:Option", "trucker.core.decisions.Option"),
    "Dice": ("trucker.core.dice:Dice", "trucker.core.dice.Dice"),
    "StreamDice": ("trucker.core.dice:StreamDice", "trucker.core.dice.StreamDice"),
    "outcomes": ("trucker.core.dice:outcomes", "FlightState.chance_outcomes"),
    "InputError": ("trucker.core.errors:InputError", "BadInput.errors"),
    "Connector": ("trucker.core.geometry:Connector", "trucker.core.geometry.Connector"),
    "DEFAULT_RULINGS": ("trucker.core.rulings:DEFAULT_RULINGS", "trucker.Rulings()"),
    "ruling_infos": ("trucker.core.rulings:ruling_infos", "trucker.core.rulings"),
    "Tile": ("trucker.core.ship:Tile", "trucker.core.ship.Tile"),
    "catalogue": ("trucker.formats.catalogue:catalogue", "trucker.formats.catalogue"),
    "builtin_boards": ("trucker.formats.catalogue:builtin_boards", "trucker.find_board"),
    "load_ships": ("trucker.formats.load:load_ships", "trucker.load"),
    "read_document": ("trucker.formats.documents:read_document", "trucker.formats.documents"),
    "RepairResult": ("trucker.rules.repair:RepairResult", "trucker.repair's result"),
    "ShipStats": ("trucker.rules.stats:ShipStats", "trucker.Report.stats"),
    "violations": ("trucker.rules.validate:violations", "trucker.validate"),
    "is_legal": ("trucker.rules.validate:is_legal", "trucker.validate(ship).legal"),
    "RuleId": ("trucker.rules.violations:RuleId", "trucker.rules.violations.RuleId"),
    "Violation": ("trucker.rules.violations:Violation", "trucker.Report.violations"),
    "CAPTAINS": ("trucker.sim.captains:CAPTAINS", "trucker.sim.roster.CAPTAINS"),
    "deal_deck": ("trucker.play.deal:deal_deck", "trucker.plan"),
    "Crew": ("trucker.play.flights:Crew", "trucker.plan"),
    "OddsSpec": ("trucker.play.montecarlo:OddsSpec", "trucker.odds"),
    "OddsResult": ("trucker.play.montecarlo:OddsResult", "trucker.odds's result"),
    "summarise": ("trucker.play.montecarlo:summarise", "trucker.odds"),
    "fly_chunks": ("trucker.play.parallel:fly_chunks", "trucker.odds"),
    "fly_until": ("trucker.play.parallel:fly_until", "trucker.odds(precision=...)"),
    "changes": ("trucker.play.changes:changes", "trucker.weigh"),
    "parse_parts": ("trucker.play.changes:parse_parts", "trucker.weigh(parts=...)"),
    "DEFAULT_PARTS": ("trucker.play.changes:DEFAULT_PARTS", "trucker.weigh"),
    "WeighResult": ("trucker.play.weigh:WeighResult", "trucker.weigh's result"),
    "Schedule": ("trucker.play.weigh:Schedule", "trucker.weigh"),
    "Advice": ("trucker.play.advice:Advice", "trucker.advise's result"),
    "OptionValue": ("trucker.play.advice:OptionValue", "trucker.advise's result"),
    "advise_log": ("trucker.play.advice:advise_log", "trucker.play.advice.advise_log"),
    "appraise_options": ("trucker.play.advice:appraise_options", "trucker.advise"),
    "Session": ("trucker.play.session:Session", "trucker.start"),
    "Question": ("trucker.play.session:Question", "trucker.start"),
    "read_reply": ("trucker.play.session:read_reply", "trucker.play.session"),
}
"""Names ``import trucker`` gave before, each still there for one release, with a warning that
says what to use instead."""

__all__ = list(_WHERE)


def _resolve(home: str) -> Any:
    module, _, attribute = home.partition(":")
    return getattr(import_module(module), attribute)


def __getattr__(name: str) -> Any:
    """A public name, imported from its home the first time it is asked for (PEP 562); an old
    name with a :class:`DeprecationWarning`."""
    home = _WHERE.get(name)
    if home is not None:
        value = _resolve(home)
        globals()[name] = value
        return value
    if name in OLD_NAMES:
        home, instead = OLD_NAMES[name]
        warnings.warn(
            f"trucker.{name} goes in the next release: use {instead}",
            DeprecationWarning,
            stacklevel=2,
        )
        return _resolve(home)
    raise AttributeError(f"module 'trucker' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from trucker.core.decisions import Captain
    from trucker.core.dice import ScriptedDice, SeededDice
    from trucker.core.errors import BadInput, IllegalChoiceError, TruckerError
    from trucker.core.geometry import Cell, Direction
    from trucker.core.parts import Part
    from trucker.core.rulings import Rulings
    from trucker.core.ship import Ship
    from trucker.core.threats import Threat, ThreatKind
    from trucker.formats.catalogue import find_board, scenarios_root
    from trucker.formats.decks import Deck, load_deck
    from trucker.formats.load import load_ship as load
    from trucker.formats.write import dumps_ship
    from trucker.play.advice import advise
    from trucker.play.flights import FlightPlan, flight_log, fly, replay, start
    from trucker.play.impact import ruling_impact
    from trucker.play.montecarlo import Precision
    from trucker.play.odds import odds
    from trucker.play.plans import flight_plan as plan
    from trucker.play.weigh import weigh
    from trucker.render.terminal.reports import show
    from trucker.rules.repair import CannotRepair, repair
    from trucker.rules.report import Report
    from trucker.rules.validate import validate
    from trucker.sim.captains import RandomCaptain, ScriptedCaptain, SensibleCaptain
    from trucker.sim.encounters import exposure, hit, intruder, radiation
    from trucker.sim.expert import ExpertCaptain
    from trucker.sim.stepping import FlightState
