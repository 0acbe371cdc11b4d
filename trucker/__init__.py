"""trucker: validate Galaxy Trucker ships, simulate adventure decks, and teach intruders.

One import gives the whole library (python-chess's habit); each name is imported the first
time it is used, so ``import trucker`` stays light::

    >>> import trucker
    >>> ship = trucker.load_ship(trucker.scenarios_root() / "ships" / "class-i-starter.toml")
    >>> trucker.validate(ship).legal
    True

The layers below are the library's own homes: :mod:`trucker.core` (values),
:mod:`trucker.formats` (files), :mod:`trucker.rules` (a built ship), :mod:`trucker.sim` (the
flight engine), :mod:`trucker.play` (whole runs), :mod:`trucker.render` (pictures and text).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

_HOMES = {
    "trucker.core.boards": ("Board",),
    "trucker.core.cards": ("Card", "Level"),
    "trucker.core.catalogue": ("Catalogue",),
    "trucker.core.decisions": ("Decision", "DecisionKind", "Option", "Policy"),
    "trucker.core.dice": ("Dice", "SeededDice", "StreamDice", "ScriptedDice", "outcomes"),
    "trucker.core.errors": ("TruckerError", "BadInput", "InputError", "IllegalChoiceError"),
    "trucker.core.geometry": ("Cell", "Direction", "Connector"),
    "trucker.core.parts": ("Part",),
    "trucker.core.rulings": ("Rulings", "DEFAULT_RULINGS", "ruling_infos"),
    "trucker.core.ship": ("Ship", "Tile"),
    "trucker.core.threats": ("Threat", "ThreatKind"),
    "trucker.formats.catalogue": ("catalogue", "find_board", "builtin_boards", "scenarios_root"),
    "trucker.formats.decks": ("Deck", "load_deck"),
    "trucker.formats.documents": ("read_document",),
    "trucker.formats.load": ("load_ship", "load_ships"),
    "trucker.formats.write": ("dumps_ship",),
    "trucker.rules.repair": ("repair", "CannotRepair", "RepairResult"),
    "trucker.rules.report": ("Report",),
    "trucker.rules.stats": ("ShipStats",),
    "trucker.rules.validate": ("validate", "violations", "is_legal"),
    "trucker.rules.violations": ("RuleId", "Violation"),
    "trucker.sim.captains": ("SensibleCaptain", "CAPTAINS", "ScriptedPolicy", "RandomPolicy"),
    "trucker.sim.exposure": ("exposure",),
    "trucker.sim.expert": ("ExpertCaptain",),
    "trucker.play.deal": ("deal_deck",),
    "trucker.play.flights": ("Crew", "FlightPlan", "fly", "replay", "flight_log"),
    "trucker.play.montecarlo": ("OddsSpec", "OddsResult", "Precision", "summarise"),
    "trucker.play.parallel": ("fly_chunks", "fly_until"),
    "trucker.play.changes": ("changes", "parse_parts", "DEFAULT_PARTS"),
    "trucker.play.weigh": ("weigh", "WeighResult", "Schedule"),
    "trucker.play.impact": ("ruling_impact", "ImpactResult"),
    "trucker.play.advice": ("Advice", "OptionValue", "advise", "advise_log", "appraise_options"),
    "trucker.play.session": ("Session", "Question", "read_reply"),
}
_WHERE = {name: module for module, names in _HOMES.items() for name in names}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    """A public name, imported from its home the first time it is asked for (PEP 562)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'trucker' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from trucker.core.boards import Board
    from trucker.core.cards import Card, Level
    from trucker.core.catalogue import Catalogue
    from trucker.core.decisions import Decision, DecisionKind, Option, Policy
    from trucker.core.dice import Dice, ScriptedDice, SeededDice, StreamDice, outcomes
    from trucker.core.errors import BadInput, IllegalChoiceError, InputError, TruckerError
    from trucker.core.geometry import Cell, Connector, Direction
    from trucker.core.parts import Part
    from trucker.core.rulings import DEFAULT_RULINGS, Rulings, ruling_infos
    from trucker.core.ship import Ship, Tile
    from trucker.core.threats import Threat, ThreatKind
    from trucker.formats.catalogue import builtin_boards, catalogue, find_board, scenarios_root
    from trucker.formats.decks import Deck, load_deck
    from trucker.formats.documents import read_document
    from trucker.formats.load import load_ship, load_ships
    from trucker.formats.write import dumps_ship
    from trucker.play.advice import Advice, OptionValue, advise, advise_log, appraise_options
    from trucker.play.changes import DEFAULT_PARTS, changes, parse_parts
    from trucker.play.deal import deal_deck
    from trucker.play.flights import Crew, FlightPlan, flight_log, fly, replay
    from trucker.play.impact import ImpactResult, ruling_impact
    from trucker.play.montecarlo import OddsResult, OddsSpec, Precision, summarise
    from trucker.play.parallel import fly_chunks, fly_until
    from trucker.play.session import Question, Session, read_reply
    from trucker.play.weigh import Schedule, WeighResult, weigh
    from trucker.rules.repair import CannotRepair, RepairResult, repair
    from trucker.rules.report import Report
    from trucker.rules.stats import ShipStats
    from trucker.rules.validate import is_legal, validate, violations
    from trucker.rules.violations import RuleId, Violation
    from trucker.sim.captains import CAPTAINS, RandomPolicy, ScriptedPolicy, SensibleCaptain
    from trucker.sim.expert import ExpertCaptain
    from trucker.sim.exposure import exposure
