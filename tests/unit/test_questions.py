"""Every question the engine asks is in one table (sim/questions.py): each decision kind with its
options' value types and the module that asks it, held to every kind and to seeded flights."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for, fly
from trucker.sim.captains import SensibleCaptain
from trucker.sim.questions import QUESTIONS

SHIPS = Path(__file__).resolve().parents[2] / "scenarios" / "ships"


def test_every_decision_kind_is_in_the_table() -> None:
    assert set(QUESTIONS) == set(DecisionKind)


def test_each_question_is_asked_where_the_table_says() -> None:
    for kind, question in QUESTIONS.items():
        source = inspect.getsource(importlib.import_module(question.asked_in))
        assert f"DecisionKind.{kind.name}" in source, kind


class _Watching(SensibleCaptain):
    """The sensible captain, noting every option's value it is offered."""

    name = "watching"

    def __init__(self, seen: list[tuple[DecisionKind, object]]) -> None:
        super().__init__()
        self.seen = seen

    def decide(self, decision: Decision) -> Option:
        self.seen.extend((decision.kind, option.value) for option in decision.options)
        return super().decide(decision)


def test_options_carry_the_values_the_table_names() -> None:
    seen: list[tuple[DecisionKind, object]] = []
    names = ["class-iii-cruiser.toml", "abe-gadgets.toml", "class-iv-leviathan.toml"]
    ships = [load_ship(SHIPS / name) for name in names]
    for seed, (ship, level) in enumerate(zip(ships * 8, ["III", "II", "IV"] * 8, strict=True)):
        plan = FlightPlan(
            (Crew("A", ship),), deck_for(f"random:{level}", seed), Rulings(), seed=seed
        )
        fly(plan, keep_log=False, captains={"A": _Watching(seen)})
    assert len({kind for kind, _ in seen}) >= 10
    for kind, value in seen:
        assert isinstance(value, QUESTIONS[kind].values), (kind, value)
