"""Every question the engine asks a captain, found from one place: each
:class:`~trucker.core.decisions.DecisionKind` with the type of its options' values (the facts a
captain weighs) and the module that asks it. A test holds this table to every kind and to the
options of seeded flights, so a new question cannot be asked without saying what it offers.
"""

from __future__ import annotations

from typing import NamedTuple

from trucker.core.decisions import DecisionKind
from trucker.rules.pieces import PieceOption
from trucker.rules.repair import TileCandidate
from trucker.sim.attacks import DefenceOption, TakeHit
from trucker.sim.choices import (
    CrewLoss,
    Flying,
    GoodLoss,
    Insuring,
    Keeping,
    Landing,
    Paying,
    Powering,
    Recruiting,
    Taking,
    TokenLoss,
)
from trucker.sim.robots import Activation
from trucker.sim.shifts import ShiftOption

__all__ = ["Question", "QUESTIONS"]


class Question(NamedTuple):
    """What a decision's options carry, and where the engine asks it."""

    values: tuple[type, ...]
    asked_in: str


QUESTIONS: dict[DecisionKind, Question] = {
    DecisionKind.REMOVE_TILE: Question((TileCandidate,), "trucker.rules.repair"),
    DecisionKind.KEEP_PIECE: Question((PieceOption,), "trucker.sim.damage"),
    DecisionKind.SHIFT: Question((ShiftOption,), "trucker.sim.shifts"),
    DecisionKind.DEFEND: Question((TakeHit, DefenceOption), "trucker.sim.attacks"),
    DecisionKind.ACTIVATE_ROBOTS: Question((Activation,), "trucker.sim.robots"),
    DecisionKind.GIVE_UP: Question((Flying,), "trucker.sim.flight"),
    DecisionKind.POWER_ENGINES: Question((Powering,), "trucker.sim.actions"),
    DecisionKind.POWER_CANNONS: Question((Powering,), "trucker.sim.actions"),
    DecisionKind.PAY: Question((Paying,), "trucker.sim.actions"),
    DecisionKind.LAND: Question((Landing,), "trucker.sim.cards.planets"),
    DecisionKind.LOAD_GOODS: Question((Keeping,), "trucker.sim.actions"),
    DecisionKind.TAKE: Question((Taking,), "trucker.sim.actions"),
    DecisionKind.LOSE_CREW: Question((CrewLoss,), "trucker.sim.actions"),
    DecisionKind.LOSE_TOKEN: Question((TokenLoss,), "trucker.sim.actions"),
    DecisionKind.LOSE_GOOD: Question((GoodLoss,), "trucker.sim.actions"),
    DecisionKind.INSURE: Question((Insuring,), "trucker.sim.flight"),
    DecisionKind.RECRUIT: Question((Recruiting,), "trucker.sim.actions"),
}
