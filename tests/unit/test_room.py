"""A flight at a table of several screens (trucker/play/room.py) and what a screen draws of it
(trucker/render/pages/table.py): answers count once, a seat answers its own ship, the version
moves with every change, and the squares that pick an option are the ones its value names."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import SCENARIOS
from trucker.core.decisions import DecisionKind
from trucker.core.rulings import DEFAULT_RULINGS
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for
from trucker.play.room import AnswerRefused, TableRoom, option_square, question_key
from trucker.play.session import HUMAN, DiceQuestion, Question, Session
from trucker.render.pages.table import table_view

CRUISER = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
RED = load_ship(SCENARIOS / "flights" / "red.toml")


def _plan(*captains: str, seed: int = 1) -> FlightPlan:
    ships = (("Cruiser", CRUISER), ("Red", RED))
    crews = tuple(Crew(n, s, c) for (n, s), c in zip(ships, captains, strict=False))
    return FlightPlan(crews, deck_for("random:II", seed), DEFAULT_RULINGS, seed=seed)


def test_a_second_answer_to_one_question_is_refused() -> None:
    changes: list[int] = []
    room = TableRoom(Session(_plan(HUMAN, "sensible")), on_change=changes.append)
    room.start()
    question = room.question
    assert isinstance(question, Question)
    key = room.key
    assert key == f"decision-{question.number}"
    first = room.answer(key, question.suggested.label)
    assert first.version == 2 and changes == [1, 2]
    with pytest.raises(AnswerRefused, match="not asked any more"):
        room.answer(key, question.suggested.label)
    assert room.version == 2  # the refused answer changed nothing


def test_a_seat_answers_its_own_ship_only() -> None:
    room = TableRoom(Session(_plan(HUMAN, HUMAN)))
    room.start()
    question = room.question
    assert isinstance(question, Question)
    other = "Red" if question.ship == "Cruiser" else "Cruiser"
    with pytest.raises(AnswerRefused, match=f"{question.ship}'s to answer, not {other}'s"):
        room.answer(room.key or "", question.options[0].label, seat=other)
    with pytest.raises(AnswerRefused, match="is not an option"):
        room.answer(room.key or "", "jump", seat=question.ship)
    room.answer(room.key or "", question.options[0].label, seat=question.ship)


def test_the_table_throws_and_a_throw_counts_once() -> None:
    room = TableRoom(Session(_plan(HUMAN, "sensible"), table_dice=True))
    room.start()
    while not isinstance(room.question, DiceQuestion):
        question = room.question
        assert isinstance(question, Question)
        room.answer(room.key or "", question.suggested.label)
    key = room.key or ""
    with pytest.raises(AnswerRefused, match="two die faces"):
        room.throw(key, (0, 3))
    room.throw(key, (2, 5))
    with pytest.raises(AnswerRefused, match="not asked any more"):
        room.throw(key, (2, 5))
    assert any(e.get("entered") for e in room.document()["events"])


def test_a_battery_and_a_cabin_are_picked_on_the_picture() -> None:
    # seed 1's round-II deck, the Cruiser flown by a person: it powers a double cannon and
    # is asked which battery pays, later which cabin loses a crew member; each option names
    # its square, and the view makes those squares of the Cruiser's picture clickable
    room = TableRoom(Session(_plan(HUMAN, "sensible")))
    room.start()
    seen = set()
    while (question := room.question) is not None:
        assert isinstance(question, Question)
        kind = question.decision.kind
        if kind in (DecisionKind.PAY, DecisionKind.LOSE_CREW):
            view = table_view(room.session)
            cruiser = next(s for s in view["ships"] if s["name"] == "Cruiser")
            assert cruiser["large"] and cruiser["asked"]
            squares = {str(option_square(o)) for o in question.options}
            assert set(cruiser["picks"]) == squares
            for square in squares:
                assert f'data-square="{square}"' in cruiser["picture"]
            assert view["question"]["on_picture"] is True
            seen.add(kind)
        room.answer(room.key or "", question.suggested.label)
    assert seen == {DecisionKind.PAY, DecisionKind.LOSE_CREW}


def test_the_view_is_json_and_says_everything_a_screen_draws() -> None:
    room = TableRoom(Session(_plan(HUMAN, "sensible")))
    room.start()
    view = json.loads(json.dumps(table_view(room.session, seat="Cruiser")))
    assert [s["name"] for s in view["ships"]] == ["Cruiser", "Red"]
    assert [s["captain"] for s in view["ships"]] == ["a person", "sensible captain"]
    assert view["card"]["index"] >= 1 and view["card"]["label"]
    assert view["story"] and view["story"][0].startswith("card ")
    assert view["question"]["key"] == question_key(room.question)
    assert view["question"]["yours"] is True
    assert view["track"].startswith("<svg") and "scoreboard" in view["scoreboard"]
    assert [o["place"] for o in view["order"]] == ["1st", "2nd"]
    ids = [i for s in view["ships"] for i in re.findall(r'id="([^"]+)"', s["picture"])]
    assert len(ids) == len(set(ids))  # two pictures on one page, no id shared


def test_a_table_is_opened_from_files_as_trucker_play_seats_it() -> None:
    from pathlib import Path

    from trucker.core.errors import BadInput
    from trucker.play.room import table_session

    files = [SCENARIOS / "ships" / "class-iii-cruiser.toml", SCENARIOS / "flights" / "red.toml"]
    session = table_session(files, "random:II", seed=1, captains={"red": "greedy"},
                            table_dice=True, give_up="always")  # fmt: skip
    assert [(c.name, c.captain) for c in session.plan.crews] == [
        ("Cruiser", HUMAN),
        ("Red", "greedy"),
    ]
    assert (session.table_dice, session.give_up, session.plan.seed) == (True, "always", 1)
    broken = SCENARIOS / "ships" / "broken-hauler.toml"
    with pytest.raises(BadInput, match=r"broken\.toml: the layout is illegal"):
        table_session([broken], "random:I", seed=1, names=["broken.toml"])
    with pytest.raises(BadInput, match="unknown captain"):
        table_session(files, "random:II", seed=1, captains={"red": "clever"})
    with pytest.raises(BadInput, match="give_up"):
        table_session(files, "random:II", seed=1, give_up="sometimes")
    assert Path(files[0]).exists()
