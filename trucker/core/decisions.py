"""Decisions: what the engine asks a captain, and how an answer is checked.

The engine never decides for a player. At each decision with a choice it lists the legal
options, asks a :class:`Policy`, checks the answer with :func:`ask`, and records both; where the
rules leave exactly one option the engine takes it without asking. The shipped captains are in
:mod:`trucker.sim.captains`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, Protocol

from trucker.core.errors import IllegalChoiceError

__all__ = ["DecisionKind", "Option", "Decision", "Choice", "Captain", "Policy", "ask", "answer"]


class DecisionKind(StrEnum):
    """What is being decided. Later engines add theirs here."""

    REMOVE_TILE = "remove-tile"
    KEEP_PIECE = "keep-piece"
    SHIFT = "shift"
    DEFEND = "defend"
    ACTIVATE_ROBOTS = "activate-robots"
    GIVE_UP = "give-up"
    POWER_ENGINES = "power-engines"
    POWER_CANNONS = "power-cannons"
    PAY = "pay"
    LAND = "land"
    LOAD_GOODS = "load-goods"
    TAKE = "take"
    LOSE_CREW = "lose-crew"
    LOSE_TOKEN = "lose-token"
    LOSE_GOOD = "lose-good"
    INSURE = "insure"
    RECRUIT = "recruit"


class Option(NamedTuple):
    """One legal answer: a stable human label and the value the engine acts on. Options are
    told apart by their labels alone (the value is what the engine knows of the answer).

    Options, decisions and the facts they carry are immutable tuples: a flight makes them by
    the hundred, and a tuple is the cheapest immutable record Python builds."""

    label: str
    value: Any = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Option) and self.label == other.label

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.label)


class Decision(NamedTuple):
    """A question for a policy: its kind, whose ship, the options and one line of context."""

    kind: DecisionKind
    ship: str
    options: tuple[Option, ...]
    context: str = ""

    def __str__(self) -> str:
        labels = " | ".join(o.label for o in self.options)
        return f"{self.kind} for {self.ship} ({self.context}): {labels}"

    def option(self, label: str) -> Option:
        for opt in self.options:
            if opt.label == label:
                return opt
        raise IllegalChoiceError(self, label)


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision and the answer given (for logs and replay)."""

    kind: DecisionKind
    ship: str
    label: str
    forced: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": str(self.kind),
            "ship": self.ship,
            "choice": self.label,
            "forced": self.forced,
        }


class Captain(Protocol):
    """Chooses one of a decision's options. It may not change anything but by its answer.

    A captain is any object with a ``name`` and a ``decide``; the shipped ones are
    :class:`~trucker.sim.captains.SensibleCaptain` and its kin, and a notebook may write its own:

    >>> import trucker
    >>> class Bold:
    ...     name = "bold"
    ...     def decide(self, decision):
    ...         return decision.options[-1]
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> result = trucker.fly(trucker.plan(ship, "random:III", seed=7), captains={"Cruiser": Bold()})
    >>> result.ships[0].gave_up
    True
    """

    name: str

    def decide(self, decision: Decision) -> Option: ...


Policy = Captain
"""The old name of :class:`Captain`, kept for one release."""


def ask(policy: Policy, decision: Decision) -> tuple[Option, Choice]:
    """Ask ``policy`` and check the answer is one of the options (else IllegalChoiceError)."""
    chosen = answer(policy, decision)
    return chosen, Choice(decision.kind, decision.ship, chosen.label, len(decision.options) == 1)


def answer(policy: Policy, decision: Decision) -> Option:
    """:func:`ask` without the record of the choice (a flight that keeps no log)."""
    options = decision.options
    if not options:
        raise IllegalChoiceError(decision, None)
    given = policy.decide(decision)
    for option in options:
        if option is given:
            return option
    if given not in options:
        raise IllegalChoiceError(decision, given)
    return options[options.index(given)]
