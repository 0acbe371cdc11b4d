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

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trucker.core.decisions import Decision, DecisionKind, Option, Policy
from trucker.core.dice import StreamDice, derive_seed
from trucker.sim.captains import CautiousCaptain, GreedyCaptain, SensibleCaptain
from trucker.sim.flight import Flight
from trucker.sim.stepping import FlightState, Restart
from trucker.sim.tape import Choose

__all__ = [
    "DEFAULT_EFFORT",
    "MAX_EFFORT",
    "OBJECTIVES",
    "Outcome",
    "Appraisal",
    "appraise",
    "same_state",
    "behind",
    "ExpertCaptain",
]

DEFAULT_EFFORT = 8
"""The most rollouts per option at the expert's default effort (18 to 20 Class III flights a CPU
second: ``python benchmarks/bench_stepping.py``)."""

MAX_EFFORT = 1000
"""The most rollouts per option an expert may be asked for: at this effort a Class III flight
takes minutes, and a typo (``--effort 80000``) would fly for days."""

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
    the rollouts were not flown. ``alike``: the options (this one among them, in the order
    offered) that left the flight in the same state at the end of the card, with the same
    dice: they cannot differ, and were valued once, together. ``culled``: its rollouts stopped
    before the effort asked, because another option was clearly ahead (:func:`behind`)."""

    option: Option
    outcomes: tuple[Outcome, ...]
    searched: bool = True
    alike: tuple[Option, ...] = ()
    culled: bool = False

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


def _alike(branches: Sequence[FlightState]) -> list[list[int]]:
    """The options (by index) grouped by the state their branches left at the end of the card,
    with the same dice: options of one group lead to the same flight."""
    groups: list[list[int]] = []
    keys: list[tuple[object, ...]] = []
    for index, branch in enumerate(branches):
        key = _fingerprint(branch.flight)
        for group, seen in zip(groups, keys, strict=True):
            if seen == key:
                group.append(index)
                break
        else:
            groups.append([index])
            keys.append(key)
    return groups


def _branch(state: FlightState, label: str, seed: int, policies: dict[str, Policy]) -> FlightState:
    """One rollout of one option: the same dice and deck order for every option."""
    return state.branch(
        label, dice=StreamDice(seed), policies=policies, shuffle=random.Random(seed)
    )


def _rollout(
    state: FlightState, label: str, seed: int, policies: dict[str, Policy], start: Restart | None
) -> FlightState:
    """A further rollout of one option: from the end of its card when its first rollout read
    no dice and no deck order there (:meth:`FlightState.restart`: the same flight), else
    played again from the start of the card."""
    if start is None:
        return _branch(state, label, seed, policies)
    return start.branch(dice=StreamDice(seed), shuffle=random.Random(seed))


def _end(branch: FlightState, ship: str) -> Outcome:
    """Fly a branch to its settlement: the deciding ship's end."""
    result = branch.finish()
    end = next(s for s in result.ships if s.name == ship)
    return Outcome(end.final_credits, not end.gave_up)


_Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def behind(leader: Sequence[Outcome], other: Sequence[Outcome], objective: str) -> bool:
    """Is ``other`` clearly behind ``leader`` over the same rollouts: the leader's lead in the
    objective, rollout by rollout, has a 95% interval above zero? (At least four rollouts: a
    lead seen in fewer says little.)"""
    n = len(other)
    if n < _FIRST_STAGE:
        return False
    if objective == "home":
        diffs = [int(a.home) - int(b.home) for a, b in zip(leader, other, strict=False)]
    else:
        diffs = [a.credits - b.credits for a, b in zip(leader, other, strict=False)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean - _Z95 * math.sqrt(variance / n) > 0


_FIRST_STAGE = 4
"""The fewest rollouts an option flies before it can be culled."""


def _stages(effort: int) -> list[int]:
    """The rollouts after which options are compared and the clearly behind culled: an
    eighth of the effort (at least four), doubling up to the effort.

    >>> _stages(8), _stages(200), _stages(3)
    ([4, 8], [25, 50, 100, 200], [3])
    """
    out, at = [], max(_FIRST_STAGE, effort // 8)
    while at < effort:
        out.append(at)
        at *= 2
    return [*out, effort]


def appraise(
    state: FlightState,
    decision: Decision | None = None,
    *,
    effort: int = DEFAULT_EFFORT,
    seed: int = 0,
    always: bool = False,
    others: Mapping[str, Policy] | None = None,
    objective: str = "credits",
    race: bool = True,
) -> list[Appraisal]:
    """Each option of ``decision`` (asked now of a searcher in ``state``; by default the
    decision the stopped flight waits for) and the ends of up to ``effort`` rollouts from it,
    for the ship deciding, in the order offered.

    The first rollout of every option groups the options by the state they leave at the end of
    the card (:attr:`Appraisal.alike`): each group is flown once. When there is one group, the
    search stops there (``searched`` False), unless ``always``: then its rollouts are flown
    and stand for every option. With ``race`` the groups are raced: after each stage
    (:func:`_stages`) a group clearly behind the leader in ``objective`` is culled
    (:func:`behind`), and the search ends when one group is left, or when every group left
    ended exactly as the leader in every rollout so far. ``others`` names the
    captains that fly ships in the rollouts over the flight's own (a ship outside the engine
    flown by the captain it had in a saved log); they must remember nothing between calls."""
    if decision is None:
        if not isinstance(state.waiting, Choose):
            raise ValueError("the flight does not wait for a decision")
        decision = state.waiting.decision
    ship, options = decision.ship, decision.options
    policies = {**_rollout_policies(state), **(others or {})}
    base = _seed(state, seed)
    branches = [_branch(state, o.label, base, policies) for o in options]
    groups = _alike(branches)
    if len(groups) == 1 and not always:
        return [Appraisal(o, (), searched=False, alike=options) for o in options]
    labels = [options[group[0]].label for group in groups]
    starts = [branches[group[0]].restart() for group in groups]
    ends = [[_end(branches[group[0]], ship)] for group in groups]
    alive = list(range(len(groups)))
    flown = 1
    for stage in _stages(max(1, effort)):
        for rollout in range(flown, stage):
            for g in alive:
                rollout_state = _rollout(state, labels[g], base + rollout, policies, starts[g])
                ends[g].append(_end(rollout_state, ship))
        flown = max(flown, stage)
        if race and len(alive) > 1:
            leader = max(alive, key=lambda g: _mean(ends[g], objective))
            alive = [g for g in alive if not behind(ends[leader], ends[g], objective)]
            if flown >= _FIRST_STAGE and all(ends[g] == ends[leader] for g in alive):
                break  # every option left ended as the leader in every rollout: no more to learn
        if len(alive) == 1:
            break
    searched = len(groups) > 1
    out: list[Appraisal | None] = [None] * len(options)
    for g, group in enumerate(groups):
        alike = tuple(options[i] for i in group)
        for i in group:
            out[i] = Appraisal(options[i], tuple(ends[g]), searched, alike, g not in alive)
    return [a for a in out if a is not None]


def _mean(ends: Sequence[Outcome], objective: str) -> tuple[float, float]:
    """The mean of the objective, then of the other measure (the ranking of options)."""
    credits = sum(o.credits for o in ends) / len(ends)
    home = sum(o.home for o in ends) / len(ends)
    return (home, credits) if objective == "home" else (credits, home)


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
    (True, 0)
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
        appraised = appraise(
            state, decision, effort=self.effort, seed=self.seed, objective=self.objective
        )
        if not appraised[0].searched:
            return sensible
        contenders = [a for a in appraised if not a.culled]
        best = next((a for a in contenders if a.option == sensible), contenders[0])
        for candidate in contenders:
            if candidate.value(self.objective) > best.value(self.objective):
                best = candidate
        return best.option

    def __reduce__(self) -> tuple[object, ...]:
        return (ExpertCaptain, (self.effort, self.objective, self.seed))
