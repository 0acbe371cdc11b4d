"""What is each option worth? The pending decision of a flight given so far, appraised.

A flight given so far is a plan with the dice rolled and the choices made up to now (or a saved
log and a decision number); it is stepped (:class:`~trucker.sim.stepping.FlightState`) with
every ship outside the engine, each wait answered from what was given, until a decision
nothing given answers. That decision is appraised by the expert's search
(:func:`~trucker.sim.expert.appraise`): each option flown to the flight's end many times, the
same future dice and deck order for every option, later choices by each ship's captain in the
plan (the sensible one standing in for the expert and for players). Options are
ranked by the objective, and an option whose paired difference from the best has a 95%
interval that holds zero is said to be indistinguishable from it at this effort.

:func:`appraise_options` is the small API for a table's hints: given a stopped flight, each
option's mean final credits and chance of coming home, with intervals, best first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from trucker.core.decisions import Decision, DecisionKind, Policy
from trucker.core.errors import BadInput, ScriptExhaustedError
from trucker.core.events import Decided, Rolled
from trucker.play.flights import FlightPlan, read_log, start
from trucker.play.montecarlo import Interval, mean_interval, wilson
from trucker.sim.captains import CAPTAINS as PLAIN
from trucker.sim.captains import ScriptedPolicy, SensibleCaptain
from trucker.sim.expert import OBJECTIVES, Appraisal, Outcome, appraise
from trucker.sim.stepping import FlightState
from trucker.sim.tape import Choose, ExternalCaptain, ExternalDice, Waiting

__all__ = [
    "ADVICE_EFFORT",
    "MAX_ADVICE_EFFORT",
    "OptionValue",
    "Advice",
    "appraise_options",
    "advise_state",
    "advise",
    "advise_log",
    "stop_at_decision",
    "stop_in_log",
]

ADVICE_EFFORT = 200
"""The most rollouts per option at ``trucker advise``'s default effort: options clearly behind
stop sooner, and the search ends when one is left (a Class III decision of a few options
answers in well under a second on one core)."""

MAX_ADVICE_EFFORT = 100_000
"""The most rollouts per option ``trucker advise`` flies: minutes on one core."""


@dataclass(frozen=True)
class OptionValue:
    """One option of a decision: the deciding ship's final credits and chance of coming home
    over the rollouts, each with its 95% interval; ``apart`` is False when its paired
    difference from the best option cannot be told from zero at this effort (the best
    itself is True)."""

    label: str
    credits: Interval
    home: Interval
    rollouts: int
    apart: bool = True
    difference: Interval | None = None
    """The best option minus this one in the objective, rollout by rollout (None: the best)."""
    alike: tuple[str, ...] = ()
    """The other options that leave the flight in the same state at the end of the card (the
    same dice): they cannot differ from this one, and were valued with it."""
    culled: bool = False
    """Its rollouts stopped early: the best was clearly ahead."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "option": self.label,
            "alike": list(self.alike),
            "culled": self.culled,
            "credits": self.credits.to_dict(),
            "home": self.home.to_dict(),
            "rollouts": self.rollouts,
            "told_apart": self.apart,
            "difference": None if self.difference is None else self.difference.to_dict(),
        }


def _score(outcome: Outcome, objective: str) -> float:
    return float(outcome.home) if objective == "home" else float(outcome.credits)


def _paired(best: Appraisal, other: Appraisal, objective: str) -> Interval:
    """Best minus other, rollout by rollout (the same rollouts: common random numbers), over
    the rollouts both flew (an option culled early flew fewer)."""
    diffs = [
        _score(a, objective) - _score(b, objective)
        for a, b in zip(best.outcomes, other.outcomes, strict=False)
    ]
    return mean_interval(sum(diffs), sum(d * d for d in diffs), len(diffs))


def _value(appraisal: Appraisal) -> tuple[Interval, Interval]:
    ends = appraisal.outcomes
    credits = mean_interval(
        float(sum(o.credits for o in ends)), float(sum(o.credits**2 for o in ends)), len(ends)
    )
    return credits, wilson(sum(o.home for o in ends), len(ends))


def _rank(appraised: Sequence[Appraisal], objective: str) -> list[OptionValue]:
    """The options best first, one entry for each group of options alike (named by its first
    option, the others in ``alike``), each told apart from the best or not: an option culled
    early is apart (the best was clearly ahead of it)."""
    firsts = [a for a in appraised if not a.alike or a.option == a.alike[0]]
    if not appraised[0].searched:
        firsts = [appraised[0]]
    contenders = [a for a in firsts if not a.culled] or firsts
    best = max(contenders, key=lambda a: a.value(objective))
    others = sorted(
        (a for a in firsts if a is not best),
        key=lambda a: (not a.culled, a.value(objective)),
        reverse=True,
    )
    ranked = [best, *others]
    out = []
    for appraisal in ranked:
        credits, home = _value(appraisal)
        label, rollouts = appraisal.option.label, len(appraisal.outcomes)
        alike = tuple(o.label for o in appraisal.alike if o.label != label)
        if appraisal is best:
            out.append(OptionValue(label, credits, home, rollouts, alike=alike))
            continue
        difference = _paired(best, appraisal, objective)
        apart = appraisal.searched and (appraisal.culled or difference.low > 0)
        out.append(
            OptionValue(label, credits, home, rollouts, apart, difference, alike, appraisal.culled)
        )
    return out


def _check(effort: int, objective: str) -> None:
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}: use {', '.join(OBJECTIVES)}")
    if effort < 1:
        raise ValueError(f"the effort is a number of rollouts, at least 1, not {effort}")


def appraise_options(
    state: FlightState,
    *,
    effort: int = ADVICE_EFFORT,
    objective: str = "credits",
    seed: int = 0,
) -> list[OptionValue]:
    """Each option of the decision the stopped ``state`` waits for, best first by
    ``objective`` (``credits`` or ``home``, the other breaking ties), from ``effort``
    rollouts per option; the flight itself goes on as if nothing was asked (the same
    state, answered as before)."""
    _check(effort, objective)
    appraised = appraise(state, effort=effort, seed=seed, always=True, objective=objective)
    return _rank(appraised, objective)


@dataclass(frozen=True)
class Advice:
    """A decision and its options appraised, best first."""

    ship: str
    number: int
    """The decision's number in the flight (1 is the first asked, every ship's counted)."""
    kind: str
    context: str
    card: str | None
    """The label of the card in play (None before the first card)."""
    objective: str
    effort: int
    differs: bool
    """Do the options lead to different states? False: whatever is chosen, the card ends the
    same (every option is worth the same)."""
    options: tuple[OptionValue, ...]

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    @property
    def close(self) -> tuple[OptionValue, ...]:
        """The options that cannot be told apart from the best at this effort."""
        return tuple(o for o in self.options[1:] if not o.apart)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship": self.ship,
            "decision": self.number,
            "kind": self.kind,
            "context": self.context,
            "card": self.card,
            "objective": self.objective,
            "effort": self.effort,
            "options_differ": self.differs,
            "options": [o.to_dict() for o in self.options],
        }


def advise_state(
    state: FlightState,
    *,
    effort: int = ADVICE_EFFORT,
    objective: str = "credits",
    seed: int = 0,
    others: Mapping[str, Policy] | None = None,
) -> Advice:
    """The advice for the decision the stopped ``state`` waits for; ``others``: the captains
    that fly ships in the rollouts (by default the flight's own plain captains, anyone else
    as the sensible captain)."""
    waiting = state.waiting
    if not isinstance(waiting, Choose):
        raise ValueError("the flight does not wait for a decision")
    _check(effort, objective)
    decision = waiting.decision
    appraised = appraise(
        state, effort=effort, seed=seed, always=True, others=others, objective=objective
    )
    card = state.card
    return Advice(
        ship=decision.ship,
        number=waiting.number,
        kind=str(decision.kind),
        context=decision.context,
        card=card.label if card is not None else None,
        objective=objective,
        effort=effort,
        differs=appraised[0].searched,
        options=tuple(_rank(appraised, objective)),
    )


def _captains(plan: FlightPlan) -> dict[str, Policy]:
    """Each ship's captain by the plan (a log's, or the sensible one), as a rollout flies it:
    a plain captain by its name, the expert and anyone else as the sensible captain."""
    return {c.name: PLAIN.get(c.captain, SensibleCaptain)() for c in plan.crews}


def _outside(plan: FlightPlan) -> FlightState:
    """The plan's flight with every ship and every roll given from outside."""
    return start(
        plan,
        captains={c.name: ExternalCaptain() for c in plan.crews},
        dice=ExternalDice(),
    )


def _roll(state: FlightState, why: str, pairs: list[tuple[int, int]], given: int) -> Waiting | None:
    if not pairs:
        problem = f"the flight needs a roll for {why} before the next decision: give its faces"
        raise BadInput.one("--dice", f"{given} roll(s) given", problem)
    return state.apply(pairs.pop(0))


def stop_at_decision(
    plan: FlightPlan,
    *,
    faces: Sequence[int] = (),
    choices: Mapping[str, Sequence[str]] | None = None,
) -> FlightState:
    """The plan's flight played with ``faces`` (two per roll, in order) and each ship's
    ``choices`` (labels, optionally ``kind: label``, in order), stopped at the first decision
    with more than one option that no choice answers. A question whether to give up that the
    next choice does not answer is answered as the sensible captain would (fly on while the
    ship can). :class:`BadInput` when a roll is needed and no face is left, a choice does not
    fit its decision, or the flight ends first."""
    pairs = [(faces[i], faces[i + 1]) for i in range(0, len(faces) - 1, 2)]
    scripts = {c.name: ScriptedPolicy(list((choices or {}).get(c.name, ()))) for c in plan.crews}
    sensible = SensibleCaptain()
    state = _outside(plan)
    waiting = state.advance()
    while waiting is not None:
        if not isinstance(waiting, Choose):
            waiting = _roll(state, waiting.why, pairs, len(faces) // 2)
            continue
        decision = waiting.decision
        script = scripts[decision.ship]
        if len(decision.options) == 1:
            waiting = state.apply(decision.options[0])
        elif decision.kind is DecisionKind.GIVE_UP:
            waiting = state.apply(_give_up(script, sensible, decision))
        elif not script.remaining:
            return state
        else:
            try:
                waiting = state.apply(script.decide(decision))
            except ScriptExhaustedError as exc:
                raise BadInput.one("--choices", decision.ship, str(exc)) from None
    raise BadInput.one("--choices", "flight", "the flight ended before a decision was left open")


def _give_up(script: ScriptedPolicy, sensible: Policy, decision: Decision) -> str:
    """A give-up question: the script's answer when its next choice is one, else sensible's."""
    if script.remaining:
        try:
            return script.decide(decision).label
        except ScriptExhaustedError:
            pass
    return sensible.decide(decision).label


def stop_in_log(
    document: Mapping[str, Any], at: int, name: str = "log"
) -> tuple[FlightPlan, FlightState]:
    """A saved log's flight stopped at its ``at``-th decision (as its ``decided`` events
    count them, every ship's, from 1): the rolls and choices before it from the log. A flight
    saved before its end (``trucker play``) also has the decision it waits for, numbered as
    the table showed it."""
    plan, events = read_log(document, name)
    decided = [e for e in events if isinstance(e, Decided)]
    last = len(decided) + (1 if _waits_for_decision(document) else 0)
    if not 1 <= at <= last:
        raise BadInput.one("--at", str(at), f"the log has decisions 1 to {last}")
    rolls = [e.faces for e in events if isinstance(e, Rolled)]
    state = _outside(plan)
    waiting = state.advance()
    while waiting is not None:
        if not isinstance(waiting, Choose):
            if not rolls:
                raise BadInput.one(name, "events", "the log ran out of rolls before the decision")
            waiting = state.apply(rolls.pop(0))
            continue
        if waiting.number == at:
            return plan, state
        waiting = state.apply(_logged_answer(decided[waiting.number - 1], waiting, name))
    raise BadInput.one("--at", str(at), "the flight ended before that decision")


def _waits_for_decision(document: Mapping[str, Any]) -> bool:
    """Was the flight saved waiting for a person's decision (``"waiting"`` with a number)?"""
    waiting = document.get("waiting")
    return (
        document.get("finished") is False
        and isinstance(waiting, Mapping)
        and isinstance(waiting.get("number"), int)
    )


def _logged_answer(logged: Decided, waiting: Choose, name: str) -> str:
    """The log's answer to the decision the replayed flight asks, checked to fit it."""
    where = f"events: decision {waiting.number}"
    if (logged.ship, logged.decision) != (waiting.ship, str(waiting.decision.kind)):
        problem = (
            f"the log has {logged.ship}'s {logged.decision}; the flight asks {waiting.decision}"
        )
        raise BadInput.one(name, where, problem)
    if logged.choice not in {o.label for o in waiting.options}:
        raise BadInput.one(name, where, f"{logged.choice!r} is not an option of {waiting.decision}")
    return logged.choice


def advise(
    plan: FlightPlan,
    *,
    faces: Sequence[int] = (),
    choices: Mapping[str, Sequence[str]] | None = None,
    effort: int = ADVICE_EFFORT,
    objective: str = "credits",
    seed: int = 0,
) -> Advice:
    """The advice for the pending decision of a flight given so far
    (:func:`stop_at_decision`).

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> advice = trucker.advise(trucker.plan(ship, "random:III", seed=7), effort=2)
    >>> advice.context, advice.best.label
    ('planets, 3 days', 'pass')
    """
    state = stop_at_decision(plan, faces=faces, choices=choices)
    return advise_state(
        state, effort=effort, objective=objective, seed=seed, others=_captains(plan)
    )


def advise_log(
    document: Mapping[str, Any],
    at: int,
    *,
    name: str = "log",
    effort: int = ADVICE_EFFORT,
    objective: str = "credits",
    seed: int = 0,
) -> Advice:
    """The advice for the ``at``-th decision of a saved flight (:func:`stop_in_log`)."""
    plan, state = stop_in_log(document, at, name)
    return advise_state(
        state, effort=effort, objective=objective, seed=seed, others=_captains(plan)
    )
