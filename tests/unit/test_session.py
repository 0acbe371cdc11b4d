"""A flight at the table (trucker.play.session): the questions, the replies read, the seats, and
a person who always takes the suggested option flying as the sensible captain does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.errors import BadInput, IllegalChoiceError
from trucker.core.rulings import DEFAULT_RULINGS
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for, fly
from trucker.play.session import HUMAN, Question, Session, read_reply, seat
from trucker.sim.captains import SensibleCaptain

CRUISER = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
RED = load_ship(SCENARIOS / "flights" / "red.toml")

QUESTION = Question(
    Decision(
        DecisionKind.LAND,
        "Red",
        (Option("pass"), Option("land on planet 1 (RR)"), Option("land on planet 2 (GGGG)")),
        "planets, 3 days",
    ),
    4,
    Option("land on planet 1 (RR)"),
)


@pytest.mark.parametrize(
    ("typed", "action", "label"),
    [
        ("\n", "choose", "land on planet 1 (RR)"),
        ("  3 \n", "choose", "land on planet 2 (GGGG)"),
        ("PASS", "choose", "pass"),
        ("save", "save", None),
        ("s", "save", None),
        ("Quit", "quit", None),
        ("?", "help", None),
        ("4", "bad", None),
        ("0", "bad", None),
        ("land", "bad", None),
    ],
)
def test_replies(typed: str, action: str, label: str | None) -> None:
    reply = read_reply(typed, QUESTION)
    assert reply.action == action
    assert (reply.option.label if reply.option else None) == label
    assert bool(reply.problem) == (action == "bad")


def test_seats_default_to_people_and_take_names_or_aliases() -> None:
    plan = FlightPlan(
        (Crew("Red", RED), Crew("Green", RED), Crew("Blue", RED)),
        deck_for("random:I", 1),
        DEFAULT_RULINGS,
        seed=1,
    )
    seated = seat(plan, ["green=cautious", "Blue=greedy"], {"green": "Green"})
    assert [c.captain for c in seated.crews] == [HUMAN, "cautious", "greedy"]
    assert [c.captain for c in seat(plan, ["sensible", "Red=human"]).crews] == [
        HUMAN,
        "sensible",
        "sensible",
    ]
    with pytest.raises(BadInput, match="no ship named 'Pink'"):
        seat(plan, ["Pink=human"])
    with pytest.raises(BadInput, match="unknown captain 'clever'"):
        seat(plan, ["clever"])


def test_an_answer_not_offered_is_refused_and_the_question_stays() -> None:
    plan = FlightPlan((Crew("Red", RED, HUMAN),), deck_for("random:I", 3), DEFAULT_RULINGS, seed=3)
    session = Session(plan)
    question = session.play()
    assert question is not None
    with pytest.raises(IllegalChoiceError):
        session.answer("jump")
    assert session.play() is question


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), people=st.sampled_from([(0,), (1,), (0, 1)]))
def test_a_person_taking_every_suggestion_flies_as_the_sensible_captain(seed, people) -> None:
    # the suggestion Enter takes is the sensible captain's choice, so a table where everyone
    # presses Enter tells the log of a flight of sensible captains, event for event
    captains = [HUMAN if i in people else "sensible" for i in range(2)]
    plan = FlightPlan(
        tuple(Crew(f"ship {i + 1}", CRUISER, c) for i, c in enumerate(captains)),
        deck_for("random:III", seed),
        DEFAULT_RULINGS,
        seed=seed,
    )
    session = Session(plan)
    asked = 0
    while (question := session.play()) is not None:
        assert question.ship in {f"ship {i + 1}" for i in people}
        assert len(question.options) > 1
        session.answer(question.suggested)
        asked += 1
    sensible = fly(plan, captains={c.name: SensibleCaptain() for c in plan.crews})
    assert session.document()["events"] == [e.to_dict() for e in sensible.events or []]
    assert session.result is not None
    assert [s.to_dict() for s in session.result.ships] == [s.to_dict() for s in sensible.ships]
    assert asked > 0
