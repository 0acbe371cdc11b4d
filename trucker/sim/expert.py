"""The expert captain: weighs each option by flying the rest of the flight from it, many times.

At a decision whose options lead to different states, :func:`appraise` branches the flight
(:meth:`~trucker.sim.stepping.FlightState.branch`) once per option and per rollout and flies each
branch to its settlement: the option taken, then every later decision by the sensible captain
(other ships by their own shipped captains), the dice and the order of the cards still face
down drawn from the rollout's seed. Every option meets the same rollouts (common random
numbers: the same dice for the same threat, the same deck order), so the differences between
options are not drowned in the luck of the draw. The rollouts never read the flight's own dice
or deck order: the expert knows what a player at the table knows.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trucker.core.decisions import Decision, DecisionKind, Option, Policy
from trucker.core.dice import StreamDice, derive_seed
from trucker.sim.captains import CautiousCaptain, GreedyCaptain, SensibleCaptain
from trucker.sim.flight import Flight
from trucker.sim.stepping import FlightState
from trucker.sim.tape import Choose

__all__ = [
    "DEFAULT_EFFORT",
    "OBJECTIVES",
    "Outcome",
    "Appraisal",
    "appraise",
    "same_state",
    "ExpertCaptain",
]

DEFAULT_EFFORT = 8
"""Rollouts per option at the expert's default effort (8 to 11 Class III flights a CPU second:
``python benchmarks/bench_stepping.py``)."""

OBJECTIVES = ("credits", "home")
"""What the expert maximises: the expected final credits, or the chance of coming home (ties
going to credits)."""

_PLAIN = (SensibleCaptain, CautiousCaptain, GreedyCaptain)
"""Captains that remember nothing and look nothing up: a rollout may fly them as they are."""

_SENSIBLE = SensibleCaptain()


@dataclass(frozen=True, slots=True)
class Outcome:
    """One rollout's end for the ship that decided: its final credits, and whether it came
    home (did not give up)."""

    credits: int
    home: bool


@dataclass(frozen=True)
class Appraisal:
    """An option and the ends of its rollouts, in rollout order (the same rollouts for every
    option of the decision); ``searched`` False when every option led to the same state and
    the rollouts were not flown."""

    option: Option
    outcomes: tuple[Outcome, ...]
    searched: bool = True

    @property
    def credits(self) -> float:
        return sum(o.credits for o in self.outcomes) / len(self.outcomes) if self.outcomes else 0

    @property
    def home(self) -> float:
        return sum(o.home for o in self.outcomes) / len(self.outcomes) if self.outcomes else 0

    def value(self, objective: str) -> tuple[float, float]:
        return (self.home, self.credits) if objective == "home" else (self.credits, self.home)


def _fingerprint(flight: Flight) -> tuple[object, ...]:
    """Everything of a flight between cards that later cards can read."""
    return (
        tuple(
            (p.position, p.credits, p.gave_up, p.insured, p.premium, p.ship.contents,
             tuple(p.ship.lost))
            for p in flight.players
        ),
        tuple(c.label for c in flight.cards),
    )  # fmt: skip


def _rollout_policies(state: FlightState) -> dict[str, Policy]:
    """Each ship's captain in a rollout: a shipped plain captain as it is, anyone else (the
    expert itself, a person, a script) as the sensible captain."""
    out: dict[str, Policy] = {}
    for player in state.flight.players:
        policy = state.table.policy(player.name)
        out[player.name] = policy if type(policy) in _PLAIN else _SENSIBLE
    return out


def _seed(state: FlightState, salt: int) -> int:
    """The rollouts' seed of this search: the searcher's own seed, the flight's seed and the
    number of the search, never the flight's dice themselves."""
    state.searches += 1
    return derive_seed("expert", salt, state.seed, state.searches)


def same_state(branches: Sequence[FlightState]) -> bool:
    """Did every option, with the same dice, leave the flight in the same state at the end of
    the card? Then there is nothing to search."""
    first = _fingerprint(branches[0].flight)
    return all(_fingerprint(b.flight) == first for b in branches[1:])


def _branch(state: FlightState, label: str, seed: int, policies: dict[str, Policy]) -> FlightState:
    """One rollout of one option: the same dice and deck order for every option."""
    return state.branch(
        label, dice=StreamDice(seed), policies=policies, shuffle=random.Random(seed)
    )


def _end(branch: FlightState, ship: str) -> Outcome:
    """Fly a branch to its settlement: the deciding ship's end."""
    result = branch.finish()
    end = next(s for s in result.ships if s.name == ship)
    return Outcome(end.final_credits, not end.gave_up)


def _ends(
    state: FlightState, decision: Decision, effort: int, base: int, policies: dict[str, Policy]
) -> list[Outcome]:
    """The rollouts of the first option alone (every option leads to the same state)."""
    label = decision.options[0].label
    return [
        _end(_branch(state, label, base + rollout, policies), decision.ship)
        for rollout in range(max(1, effort))
    ]


def appraise(
    state: FlightState,
    decision: Decision | None = None,
    *,
    effort: int = DEFAULT_EFFORT,
    seed: int = 0,
    always: bool = False,
    others: Mapping[str, Policy] | None = None,
) -> list[Appraisal]:
    """Each option of ``decision`` (asked now of a searcher in ``state``; by default the
    decision the stopped flight waits for) and the ends of ``effort`` rollouts from it, for
    the ship deciding. When the first rollout leaves the same state at the end of the card
    whatever the option, the search stops there (``searched`` False), unless ``always``: then
    the first option's rollouts are flown and stand for every option. ``others`` names the
    captains that fly ships in the rollouts over the flight's own (a ship outside the engine
    flown by the captain it had in a saved log); they must remember nothing between calls."""
    if decision is None:
        if not isinstance(state.waiting, Choose):
            raise ValueError("the flight does not wait for a decision")
        decision = state.waiting.decision
    ship = decision.ship
    policies = {**_rollout_policies(state), **(others or {})}
    base = _seed(state, seed)
    results: list[list[Outcome]] = [[] for _ in decision.options]
    for rollout in range(max(1, effort)):
        branches = [_branch(state, o.label, base + rollout, policies) for o in decision.options]
        if rollout == 0 and same_state(branches):
            if not always:
                return [Appraisal(o, (), searched=False) for o in decision.options]
            shared = tuple(_ends(state, decision, effort, base, policies))
            return [Appraisal(o, shared, searched=False) for o in decision.options]
        for found, branch in zip(results, branches, strict=True):
            found.append(_end(branch, ship))
    return [
        Appraisal(option, tuple(found))
        for option, found in zip(decision.options, results, strict=True)
    ]


class ExpertCaptain(SensibleCaptain):
    """Decides by search where options lead to different states (:func:`appraise`), taking
    the option with the best ``objective`` (``credits`` or ``home``); the sensible captain's
    choice unless another does better. Outside a stepped flight (a single encounter), and for
    giving up (it never does by choice), it is the sensible captain.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> plan = trucker.plan(ship, "random:III", seed=7)
    >>> result = trucker.fly(plan, captains={"Cruiser": trucker.ExpertCaptain(effort=2)})
    >>> result.ships[0].gave_up, result.ships[0].final_credits
    (True, 2)
    """

    name = "expert"

    def __init__(
        self, effort: int = DEFAULT_EFFORT, objective: str = "credits", seed: int = 0
    ) -> None:
        super().__init__()
        if objective not in OBJECTIVES:
            raise ValueError(f"unknown objective {objective!r}: use {', '.join(OBJECTIVES)}")
        if effort < 1:
            raise ValueError(f"the effort is a number of rollouts, at least 1, not {effort}")
        self.effort = effort
        self.objective = objective
        self.seed = seed

    def search(self, state: FlightState, decision: Decision) -> Option:
        sensible = self.decide(decision)
        if len(decision.options) == 1 or decision.kind is DecisionKind.GIVE_UP:
            return sensible
        appraised = appraise(state, decision, effort=self.effort, seed=self.seed)
        if not appraised[0].searched:
            return sensible
        best = next(a for a in appraised if a.option == sensible)
        for candidate in appraised:
            if candidate.value(self.objective) > best.value(self.objective):
                best = candidate
        return best.option

    def __reduce__(self) -> tuple[object, ...]:
        return (ExpertCaptain, (self.effort, self.objective, self.seed))
