"""A flight at the table (trucker.play.session): the questions, the replies read, the seats, and
a person who always takes the suggested option flying as the sensible captain does."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.errors import BadInput, IllegalChoiceError
from trucker.core.rulings import DEFAULT_RULINGS
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for, fly, replay
from trucker.play.session import HUMAN, DiceQuestion, Question, Session, read_reply, seat
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


def _cruisers(seed: int, level: str = "random:II") -> FlightPlan:
    crews = (Crew("A", CRUISER, HUMAN), Crew("B", CRUISER, HUMAN))
    return FlightPlan(crews, deck_for(level, seed), DEFAULT_RULINGS, seed=seed)


def _enter_everywhere(session: Session) -> list[Question]:
    """Take every suggestion (and let the program throw any dice); the questions asked."""
    asked = []
    while (question := session.play()) is not None:
        if isinstance(question, DiceQuestion):
            session.throw()
            continue
        asked.append(question)
        session.answer(question.suggested)
    return asked


@pytest.mark.parametrize("seed", [2, 3])
def test_the_give_up_setting_changes_the_asking_not_the_flight(seed: int) -> None:
    # a question not asked is answered "fly on", as Enter would: the three settings fly the
    # same flight, and ask fewer give-up questions from always to matters to never
    logs, counts = [], []
    for setting in ("always", "matters", "never"):
        session = Session(_cruisers(seed), give_up=setting)
        asked = _enter_everywhere(session)
        give_ups = [q for q in asked if q.decision.kind is DecisionKind.GIVE_UP]
        counts.append(len(give_ups))
        logs.append(session.document()["events"])
        if setting == "matters":
            assert all(q.why for q in give_ups)
    assert logs[0] == logs[1] == logs[2]
    assert counts[0] > counts[1] > counts[2] == 0


def test_a_give_up_question_where_it_matters_says_why() -> None:
    # a give-up question is asked before a card that can take tiles or goods, never before
    # one that can only cost crew, days or tokens (trucker/sim/giving_up.py)
    harmless = ("stardust", "abandoned-station", "abandoned-ship", "planets", "open-space",
                "epidemic")  # fmt: skip
    asked = set()
    for seed in (2, 3):
        session = Session(_cruisers(seed))
        while (question := session.play()) is not None:
            assert isinstance(question, Question)
            if question.decision.kind is DecisionKind.GIVE_UP:
                card = session.state.card
                assert card is not None and str(card.type) not in harmless
                assert question.why
                asked.add(str(card.type))
            session.answer(question.suggested)
    assert asked


def test_the_table_throws_its_own_dice_and_the_log_says_which() -> None:
    # the table enters the first roll's faces and lets the program throw the rest: the log
    # marks the entered roll only, and replays (the rolls as scripted dice) to the same end
    session = Session(_cruisers(3), table_dice=True)
    first = session.play()
    assert isinstance(first, DiceQuestion) and first.number == 1
    with pytest.raises(ValueError, match="two die faces 1-6"):
        session.throw((7, 1))
    assert session.throw((6, 6)) == (6, 6)
    _enter_everywhere(session)
    log = session.document()
    assert log["flight"]["table_dice"] is True
    rolled = [e for e in log["events"] if e["kind"] == "rolled"]
    assert rolled[0]["faces"] == [6, 6] and rolled[0]["entered"] is True
    assert all("entered" not in e for e in rolled[1:])
    _, replayed = replay(log)
    assert [s.to_dict() for s in replayed.ships] == log["ships"]


def test_program_throws_at_a_table_with_dice_are_the_seeded_flights() -> None:
    # Enter at every roll throws from the seed's stream for that roll, as a seeded flight does
    seeded = Session(_cruisers(4))
    _enter_everywhere(seeded)
    thrown = Session(_cruisers(4), table_dice=True)
    _enter_everywhere(thrown)
    assert thrown.document()["events"] == seeded.document()["events"]


@pytest.mark.parametrize("stop", [1, 4, 9])
def test_a_table_dice_flight_resumes_to_the_same_log(stop: int) -> None:
    # entered faces at some rolls, program throws at others, a stop after `stop` answers:
    # resumed from the save, the flight ends with the log of the flight played through
    faces = [(3, 4), None, (1, 1), None, (6, 5)]

    def play(session: Session, answers: int | None) -> None:
        given = 0
        while (question := session.play()) is not None:
            if answers is not None and given >= answers:
                return
            if isinstance(question, DiceQuestion):
                session.throw(faces[question.number % len(faces)])
            else:
                session.answer(question.options[question.number % len(question.options)])
            given += 1

    whole = Session(_cruisers(5), table_dice=True)
    play(whole, None)
    part = Session(_cruisers(5), table_dice=True)
    play(part, stop)
    saved = json.loads(json.dumps(part.document()))
    assert saved["finished"] is False
    resumed = Session.resume(saved, "save.json")
    play(resumed, None)
    assert resumed.document() == whole.document()


def test_a_resumed_log_keeps_its_give_up_setting_unless_told() -> None:
    session = Session(_cruisers(2), give_up="always")
    session.play()
    saved = json.loads(json.dumps(session.document()))
    assert saved["flight"]["give_up"] == "always"
    assert Session.resume(saved).give_up == "always"
    assert Session.resume(saved, give_up="never").give_up == "never"
    saved["flight"]["give_up"] = "sometimes"
    with pytest.raises(BadInput, match=r"flight\.give_up"):
        Session.resume(saved)


def test_an_entered_roll_in_a_seeded_log_is_refused() -> None:
    session = Session(_cruisers(3))
    _enter_everywhere(session)
    saved = json.loads(json.dumps(session.document()))
    index = next(i for i, e in enumerate(saved["events"]) if e["kind"] == "rolled")
    saved["events"][index]["entered"] = True
    with pytest.raises(BadInput, match=rf"events\.{index}: a roll entered at the table"):
        Session.resume(saved, "edited.json")


@pytest.mark.parametrize(
    ("typed", "action", "faces"),
    [("", "throw", None), ("3 5", "throw", (3, 5)), ("3,5", "throw", (3, 5)),
     ("35", "throw", (3, 5)), ("7 1", "bad", None), ("3", "bad", None), ("save", "save", None),
     ("track", "track", None)],
)  # fmt: skip
def test_dice_replies(typed: str, action: str, faces) -> None:
    reply = read_reply(typed, DiceQuestion("meteor 1 line", 1))
    assert (reply.action, reply.faces) == (action, faces)


@pytest.mark.parametrize("typed", ["9" * 5000, "²", "١", "𝟑", "3²", "\ufffd", "x" * 4096])
def test_what_is_not_a_number_or_an_option_is_asked_again(typed: str) -> None:
    # a number too long to convert, digits that are not ASCII, a byte that was not UTF-8
    reply = read_reply(typed, QUESTION)
    assert reply.action == "bad"
    assert len(reply.problem) < 120
