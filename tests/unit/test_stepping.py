"""The stepped flight's contract with its driver: what it waits for, what an answer must be."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.properties.flights import SHIPS
from trucker.core.decisions import DecisionKind
from trucker.core.errors import IllegalChoiceError
from trucker.core.events import Decided
from trucker.core.rulings import Rulings
from trucker.play.flights import Crew, FlightPlan, deck_for, start
from trucker.sim.stepping import FlightWaits
from trucker.sim.tape import Choose, ExternalCaptain, ExternalDice, Throw


def _plan(seed: int = 3) -> FlightPlan:
    crews = (Crew("red", SHIPS["class-iii-cruiser.toml"]), Crew("blue", SHIPS["abe-gadgets.toml"]))
    return FlightPlan(crews, deck_for("random:III", seed), Rulings(), seed=seed)


def test_a_decision_waits_with_its_number_in_the_flight() -> None:
    """The number counts every ship's decisions before it, as the log's decided events."""
    state = start(_plan(), captains={"blue": ExternalCaptain()})
    seen = 0
    waiting = state.advance()
    while waiting is not None:
        assert isinstance(waiting, Choose) and waiting.ship == "blue"
        assert state.table.log is not None
        decided = [e for e in state.table.log if isinstance(e, Decided)]
        assert waiting.number == len(decided) + 1
        seen += 1
        waiting = state.apply(waiting.options[0])
    assert seen > 3 and state.done


def test_a_roll_waits_with_its_reason_and_outcomes() -> None:
    state = start(_plan(), dice=ExternalDice())
    waiting = state.advance()
    assert isinstance(waiting, Throw) and waiting.why
    outcomes = list(waiting.outcomes())
    assert len({roll for roll, _ in outcomes}) == 36
    assert sum(p for _, p in outcomes) == Fraction(1)
    with pytest.raises(ValueError, match="1-6"):
        state.apply((7, 1))
    with pytest.raises(TypeError):
        state.apply("fly on")


def test_an_answer_must_be_one_of_the_options() -> None:
    state = start(_plan(), captains={"red": ExternalCaptain()})
    waiting = state.advance()
    assert isinstance(waiting, Choose)
    with pytest.raises(IllegalChoiceError):
        state.apply("no such option")
    assert state.waiting == waiting


def test_run_to_the_end_refuses_to_answer_for_someone_outside() -> None:
    state = start(_plan(), captains={"red": ExternalCaptain()})
    with pytest.raises(FlightWaits, match=str(DecisionKind.GIVE_UP)):
        state.finish()


def test_the_tables_choices_are_the_logs_decisions_after_a_card_played_again() -> None:
    """A card stopped for an answer is played again from its start; the table's choices are
    read from its log, so each decision is there once, in order."""
    state = start(_plan(), captains={"blue": ExternalCaptain()})
    waiting = state.advance()
    while waiting is not None:
        waiting = state.apply(waiting.options[-1])
    log = state.table.log
    assert log is not None
    decided = [e for e in log if isinstance(e, Decided)]
    assert [(str(c.kind), c.ship, c.label, c.forced) for c in state.table.choices] == [
        (e.decision, e.ship, e.choice, e.forced) for e in decided
    ]
    assert all(isinstance(c.kind, DecisionKind) for c in state.table.choices)
