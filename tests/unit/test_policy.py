"""Decisions and captains (trucker/core/decisions.py, trucker/sim/captains.py): options are
listed, answers are checked."""

from __future__ import annotations

import pytest

from trucker.core.decisions import Decision, DecisionKind, Option, ask
from trucker.core.errors import IllegalChoiceError, ScriptExhaustedError
from trucker.sim.captains import RandomPolicy, ScriptedPolicy

DECISION = Decision(
    DecisionKind.REMOVE_TILE, "ship", (Option("remove 7,8", 1), Option("remove 7,9", 2)), "x"
)


class Stubborn:
    name = "stubborn"

    def decide(self, decision: Decision) -> Option:
        return Option("remove 1,1")


def test_an_answer_outside_the_options_is_refused() -> None:
    with pytest.raises(IllegalChoiceError):
        ask(Stubborn(), DECISION)


def test_scripted_answers_in_order() -> None:
    policy = ScriptedPolicy(["remove 7,9", "remove-tile: remove 7,8"])
    assert ask(policy, DECISION)[0].value == 2
    option, choice = ask(policy, DECISION)
    assert option.value == 1
    assert choice.label == "remove 7,8" and not choice.forced
    with pytest.raises(ScriptExhaustedError, match="ran out"):
        ask(policy, DECISION)


def test_scripted_answer_for_another_kind_of_decision() -> None:
    with pytest.raises(ScriptExhaustedError, match="keep-piece"):
        ask(ScriptedPolicy(["keep-piece: keep piece at 7,7"]), DECISION)


def test_scripted_answer_that_is_not_an_option() -> None:
    with pytest.raises(ScriptExhaustedError, match="not an option"):
        ask(ScriptedPolicy(["remove 1,1"]), DECISION)


def test_random_policy_is_seeded() -> None:
    one, two = RandomPolicy(7), RandomPolicy(7)
    first = [one.decide(DECISION).label for _ in range(20)]
    assert first == [two.decide(DECISION).label for _ in range(20)]
    assert set(first) == {"remove 7,8", "remove 7,9"}


def test_a_single_option_is_still_asked_and_marked_forced() -> None:
    one = Decision(DecisionKind.REMOVE_TILE, "ship", (Option("remove 7,8", 1),))
    _, choice = ask(RandomPolicy(1), one)
    assert choice.forced
