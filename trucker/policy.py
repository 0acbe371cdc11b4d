"""Decisions and the captains who make them.

The engine never decides for a player. At each decision it lists the legal options (always, even
when there is only one), asks a :class:`Policy`, checks the answer with :func:`ask`, and records
both. Shipped policies: :class:`SensibleCaptain` (the default), :class:`ScriptedPolicy` (answers
by label, in order: replaying a real game, tests) and :class:`RandomPolicy` (property tests).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from trucker.errors import IllegalChoiceError, ScriptExhaustedError

__all__ = [
    "DecisionKind",
    "Option",
    "Decision",
    "Policy",
    "ask",
    "SensibleCaptain",
    "ScriptedPolicy",
    "RandomPolicy",
    "Choice",
]


class DecisionKind(StrEnum):
    """What is being decided. Later engines add theirs here."""

    REMOVE_TILE = "remove-tile"
    KEEP_PIECE = "keep-piece"
    SHIFT = "shift"
    DEFEND = "defend"
    ACTIVATE_ROBOTS = "activate-robots"


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer: a stable human label and the value the engine acts on."""

    label: str
    value: Any = field(compare=False, default=None)


@dataclass(frozen=True, slots=True)
class Decision:
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


class Policy(Protocol):
    """Chooses one of a decision's options. It may not change anything but by its answer."""

    name: str

    def decide(self, decision: Decision) -> Option: ...


def ask(policy: Policy, decision: Decision) -> tuple[Option, Choice]:
    """Ask ``policy`` and check the answer is one of the options (else IllegalChoiceError)."""
    if not decision.options:
        raise IllegalChoiceError(decision, None)
    answer = policy.decide(decision)
    if answer not in decision.options:
        raise IllegalChoiceError(decision, answer)
    chosen = decision.options[decision.options.index(answer)]
    return chosen, Choice(decision.kind, decision.ship, chosen.label, len(decision.options) == 1)


Rule = Callable[[Decision], Option]


class SensibleCaptain:
    """The default captain: protects the ship cheaply and keeps what matters.

    Each decision kind has a small named rule; the option values carry the facts it needs.
    Options whose values carry a ``cost`` (tiles lost, batteries, solar power...) are weighed by
    it: the cheapest wins, ties going to the first listed. ``use_batteries`` / ``use_solar``
    set to False refuse options that spend them.
    """

    name = "sensible"

    def __init__(
        self,
        overrides: dict[DecisionKind, Rule] | None = None,
        *,
        use_batteries: bool = True,
        use_solar: bool = True,
    ) -> None:
        self._rules: dict[DecisionKind, Rule] = {
            DecisionKind.REMOVE_TILE: _remove_farthest,
            DecisionKind.KEEP_PIECE: _keep_best_piece,
            DecisionKind.ACTIVATE_ROBOTS: self._activate_when_useful,
        }
        self._rules.update(overrides or {})
        self._refused = frozenset(
            name
            for name, allowed in (("battery", use_batteries), ("solar", use_solar))
            if not allowed
        )

    def register(self, kind: DecisionKind, rule: Rule) -> None:
        self._rules[kind] = rule

    def allowed(self, decision: Decision) -> list[Option]:
        """The options this captain is willing to take (never empty)."""
        fine = [o for o in decision.options if not (_spends(o) & self._refused)]
        return fine or [decision.options[0]]

    def decide(self, decision: Decision) -> Option:
        rule = self._rules.get(decision.kind)
        if rule is not None:
            return rule(decision)
        options = self.allowed(decision)
        if all(hasattr(o.value, "cost") for o in options):
            return min(options, key=lambda o: o.value.cost)
        return options[0]


    def _activate_when_useful(self, decision: Decision) -> Option:
        """Spend on robots only when the engine says they would do something this card,
        preferring solar power to a battery token."""
        options = self.allowed(decision)
        paying = [o for o in options if o.value.power is not None and o.value.useful]
        if not paying:
            return decision.options[0]
        return min(paying, key=lambda o: (not o.value.power.is_solar, -o.value.power.tokens))


def _spends(option: Option) -> frozenset[str]:
    return getattr(option.value, "spends", frozenset())


def _remove_farthest(decision: Decision) -> Option:
    """Repair: remove the tile farther from the starting cabin by joined path (unreachable
    counts as farthest), ties going to the higher square (the spec's Repair step 3)."""
    return max(decision.options, key=lambda o: o.value.rank)


def _keep_best_piece(decision: Decision) -> Option:
    """Keep the piece with the starting cabin, else the most humans, else the most tiles, else
    the one holding the lowest square (the spec's "In flight")."""
    return min(decision.options, key=lambda o: o.value.rank)


class ScriptedPolicy:
    """Answers from a list of labels, in order; a label may be prefixed ``kind:`` to say which
    decision it answers. Raises :class:`ScriptExhaustedError` naming the decision it was asked
    when the script runs out or does not fit."""

    name = "scripted"

    def __init__(self, answers: Iterable[str], *, fallback: Policy | None = None) -> None:
        self._answers = list(answers)
        self._next = 0
        self._fallback = fallback

    @property
    def remaining(self) -> Sequence[str]:
        return self._answers[self._next :]

    def decide(self, decision: Decision) -> Option:
        if self._next >= len(self._answers):
            if self._fallback is not None:
                return self._fallback.decide(decision)
            raise ScriptExhaustedError(f"the scripted choices ran out at: {decision}")
        answer = self._answers[self._next]
        kind, sep, label = answer.partition(":")
        if sep and kind.strip() in DecisionKind.__members__.values():
            if kind.strip() != decision.kind:
                raise ScriptExhaustedError(
                    f"choice {self._next + 1} answers {kind.strip()!r}, "
                    f"but the question is: {decision}"
                )
            answer = label.strip()
        for option in decision.options:
            if option.label == answer:
                self._next += 1
                return option
        raise ScriptExhaustedError(
            f"choice {self._next + 1} {answer!r} is not an option of: {decision}"
        )


class RandomPolicy:
    """Picks uniformly among the options, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def decide(self, decision: Decision) -> Option:
        return self._rng.choice(decision.options)
