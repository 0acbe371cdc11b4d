"""A flight stepped by hand is the flight run_flight flies: for many seeds and every shipped
captain, a driver that answers each wait itself (the ships' own captains, the plan's dice),
clones the state at a random point and resumes both, gets the log and results of one call."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.flights import case_plans, plans
from trucker.core.decisions import Policy, answer
from trucker.core.dice import Dice
from trucker.play.flights import FlightPlan, flight_log, fly, plan_dice, start
from trucker.sim.captains import CAPTAINS, RandomPolicy, ScriptedPolicy, SensibleCaptain
from trucker.sim.expert import ExpertCaptain
from trucker.sim.stepping import FlightState
from trucker.sim.tape import Choose, ExternalCaptain, ExternalDice, fork

pytestmark = pytest.mark.slow

Captains = Callable[[FlightPlan], dict[str, Policy]]


def shipped(name: str) -> Captains:
    """Fresh captains of one kind for every ship of a plan (each call: captains at their
    start, for a reference flight, a stepped one and its driver)."""

    def make(plan: FlightPlan) -> dict[str, Policy]:
        if name == "random":
            return {c.name: RandomPolicy(i) for i, c in enumerate(plan.crews)}
        if name == "scripted":
            return {
                c.name: ScriptedPolicy(
                    plan.choices.get(c.name, ()), fallback=SensibleCaptain(), lenient=True
                )
                for c in plan.crews
            }
        if name == "expert":
            return {c.name: ExpertCaptain(effort=2, seed=i) for i, c in enumerate(plan.crews)}
        return {c.name: CAPTAINS[name]() for c in plan.crews}

    return make


def drive(state: FlightState, captains: dict[str, Policy], dice: Dice, steps: int) -> int:
    """Answer at most ``steps`` waits as the engine would have; the number answered."""
    done = 0
    waiting = state.waiting if state.waiting is not None else state.advance()
    while waiting is not None and done < steps:
        if isinstance(waiting, Choose):
            captain = captains[waiting.ship]
            search = getattr(captain, "search", None)
            if search is not None:
                # a searcher outside the engine looks ahead from the stopped flight
                given = search(state, waiting.decision)
            else:
                given = answer(captain, waiting.decision)
            waiting = state.apply(given)
        else:
            streams = getattr(dice, "stream", None)
            roll = (streams(waiting.stream) if streams is not None else dice).roll(waiting.why)
            waiting = state.apply(roll)
        done += 1
    return done


def logged(plan: FlightPlan, state: FlightState) -> str:
    assert state.result is not None
    return json.dumps(flight_log(plan, state.result), sort_keys=True)


def check_stepping(
    plan: FlightPlan, make: Captains, outside: set[str], outside_dice: bool, clone_at: int
) -> None:
    reference = json.dumps(flight_log(plan, fly(plan, captains=make(plan))), sort_keys=True)
    inside = make(plan)
    drivers = make(plan)
    policies: dict[str, Policy] = {
        n: ExternalCaptain() if n in outside else p for n, p in inside.items()
    }
    dice = plan_dice(plan)
    state = start(plan, captains=policies, dice=ExternalDice() if outside_dice else None)
    drive(state, drivers, dice, clone_at)
    twin = state.clone()
    twin_drivers = {n: fork(p) for n, p in drivers.items()}
    twin_dice = fork(dice)
    # the original goes on first: the twin must not have shared anything it changed
    drive(state, drivers, dice, 10**6)
    drive(twin, twin_drivers, twin_dice, 10**6)
    assert state.done and twin.done
    assert logged(plan, state) == reference
    assert logged(plan, twin) == reference


CAPTAIN_NAMES = [*CAPTAINS, "random"]


@pytest.mark.parametrize("captain", CAPTAIN_NAMES)
@settings(max_examples=30, deadline=None)
@given(plan=plans, data=st.data())
def test_stepping_by_hand_gives_the_log_of_one_call(
    captain: str, plan: FlightPlan, data: st.DataObject
) -> None:
    names = [c.name for c in plan.crews]
    outside = data.draw(st.sets(st.sampled_from(names), min_size=1), label="outside")
    outside_dice = data.draw(st.booleans(), label="outside dice")
    clone_at = data.draw(st.integers(0, 150), label="clone after")
    check_stepping(plan, shipped(captain), outside, outside_dice, clone_at)


@settings(max_examples=20, deadline=None)
@given(plan=plans, data=st.data())
def test_the_expert_stepped_by_hand(plan: FlightPlan, data: st.DataObject) -> None:
    """The expert searches from inside the flight (its branches start at the mark of the card
    in progress): stepped, cloned and resumed, it still flies as in one call, and an expert
    outside the engine, searching from the stopped flight, chooses as the one inside."""
    names = [c.name for c in plan.crews]
    outside = data.draw(st.sets(st.sampled_from(names)), label="outside")
    clone_at = data.draw(st.integers(0, 80), label="clone after")
    check_stepping(plan, shipped("expert"), outside, data.draw(st.booleans()), clone_at)


@pytest.mark.parametrize("index", range(len(case_plans())))
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_the_flight_goldens_stepped_with_their_scripts(index: int, data: st.DataObject) -> None:
    """The goldens' scripted captains and scripted dice (a script that is read as it goes:
    the clone must carry on from the same answer)."""
    plan = case_plans()[index]
    names = [c.name for c in plan.crews]
    outside = data.draw(st.sets(st.sampled_from(names), min_size=1), label="outside")
    clone_at = data.draw(st.integers(0, 60), label="clone after")
    check_stepping(plan, shipped("scripted"), outside, data.draw(st.booleans()), clone_at)


def test_a_flight_with_no_one_outside_keeps_no_tape() -> None:
    """The fast path: nothing to wait for, no mark copied per card."""
    plan = next(iter(case_plans()))
    state = start(plan)
    assert not state.stepped
    assert state.advance() is None and state.done
