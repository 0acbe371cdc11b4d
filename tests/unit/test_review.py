"""A saved flight read back card by card (trucker/play/review.py, the table's replay): the steps
cut the log at each card and at the settlement, each step's ships are the fold of the log up to
it, a flight saved before its end is read as far as it was played, and a log that the flight
flown again does not follow is refused naming the key."""

from __future__ import annotations

import json

import pytest

from tests.conftest import SCENARIOS
from trucker.core.errors import BadInput
from trucker.core.events import CardRevealed, FlightStarted, Settled
from trucker.core.rulings import DEFAULT_RULINGS
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for
from trucker.play.record import ShipAfter
from trucker.play.review import Step, review
from trucker.play.session import HUMAN, DiceQuestion, Session
from trucker.render.pages.replay import replay_view

CRUISER = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
RED = load_ship(SCENARIOS / "flights" / "red.toml")


def _session(seed: int) -> Session:
    crews = (Crew("Cruiser", CRUISER, HUMAN), Crew("Red", RED, "sensible"))
    return Session(FlightPlan(crews, deck_for("random:II", seed), DEFAULT_RULINGS, seed=seed))


def _told(step: Step) -> tuple:
    """A step as the page shows it: its title, events, and each ship's tiles, contents and
    standing before and after."""

    def ships(row: tuple[ShipAfter, ...]) -> list:
        return [(s.name, s.ship.tiles, s.ship.contents, s.lost, s.gave_up, s.credits,
                 s.position, s.days) for s in row]  # fmt: skip

    return step.title, step.events, ships(step.before), ships(step.after)


def _play(session: Session, answers: int | None = None) -> dict:
    """Take every suggestion (``answers`` of them, or to the end); the save, as JSON reads it."""
    given = 0
    while (question := session.play()) is not None:
        if answers is not None and given >= answers:
            break
        if isinstance(question, DiceQuestion):
            session.throw()
        else:
            session.answer(question.suggested)
        given += 1
    return json.loads(json.dumps(session.document()))


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_the_steps_are_the_launch_each_card_and_the_settlement(seed: int) -> None:
    read = review(_play(_session(seed)))
    assert read.result is not None and read.waiting == ""
    cards = [e for e in read.events if isinstance(e, CardRevealed)]
    assert read.steps == 1 + len(cards) + 1
    # the steps cut the log without losing or repeating an event
    told = [e for n in range(read.steps) for e in read.step(n).events]
    assert told == list(read.events)
    launch = read.step(0)
    assert launch.number == 0 and launch.card is None and launch.title == "The launch"
    assert isinstance(launch.events[0], FlightStarted)
    assert launch.before == launch.after == read.record.launch
    for n, reveal in enumerate(cards, 1):
        step = read.step(n)
        assert step.card == reveal and step.events[0] == reveal
        assert step.title == f"Card {reveal.index} of {read.cards}: {reveal.card}"
        # each card's ships are the fold up to its end, and the next card starts from them
        assert step.after == read.record.after[n - 1]
        assert step.before == read.step(n - 1).after
    end = read.step(read.steps - 1)
    assert end.last and end.card is None and all(isinstance(e, Settled) for e in end.events)
    assert end.title == "The end of the flight (RULES §9)"
    assert end.before == end.after == read.step(read.steps - 2).after
    with pytest.raises(IndexError):
        read.step(read.steps)
    with pytest.raises(IndexError):
        read.step(-1)


def test_a_flight_saved_before_its_end_is_read_as_far_as_it_was_played() -> None:
    whole = review(_play(_session(1)), "save.json")
    saved = _play(_session(1), answers=4)
    assert saved["finished"] is False
    read = review(saved, "save.json")
    assert read.result is None
    assert read.waiting.startswith("Cruiser's decision #")
    assert len(read.events) == len(saved["events"])
    assert list(read.events) == list(whole.events[: len(read.events)])
    # the steps so far are the finished flight's, the last one cut where the table stopped
    last = read.steps - 1
    for n in range(last):
        assert _told(read.step(n)) == _told(whole.step(n))
    assert read.step(last).card == whole.step(last).card
    assert not any(isinstance(e, Settled) for e in read.events)


def test_a_log_the_flight_does_not_follow_is_refused_naming_the_key() -> None:
    log = _play(_session(2))
    spent = next(i for i, e in enumerate(log["events"]) if e["kind"] == "decided")
    log["events"][spent]["choice"] = "a choice never offered"
    with pytest.raises(BadInput, match=r"tampered\.json: events: the flight flown again leaves"):
        review(log, "tampered.json")
    log = _play(_session(2))
    first = next(e for e in log["events"] if e["kind"] == "rolled")
    first["faces"] = [7 - first["faces"][0], first["faces"][1]]
    with pytest.raises(BadInput, match="leaves the log"):
        review(log, "rerolled.json")


def test_a_step_drawn_for_the_page() -> None:
    log = _play(_session(1))
    read = review(log)
    first = replay_view(log, "flight.json", 1)
    assert first["title"] == read.step(1).title and first["steps"] == read.steps
    assert first["file"] == "flight.json" and first["finished"] is True
    assert [s["name"] for s in first["ships"]] == ["Cruiser", "Red"]
    assert sum(s["large"] for s in first["ships"]) == 1
    assert first["card"]["index"] == 1 and first["story"][0].startswith("card 1:")
    assert first["settlement"] is None
    last = replay_view(log, "flight.json", 10_000)
    assert last["step"] == read.steps - 1 and last["settlement"] is not None
    assert last["titles"] == [read.step(n).title for n in range(read.steps)]


def test_the_ship_drawn_large_is_the_one_the_card_changed_aboard() -> None:
    # seed 53, card 10: a meteor swarm that hits Red and misses the Cruiser; the Cruiser leads
    log = _play(_session(53))
    read = review(log)
    step = read.step(10)
    assert step.card is not None and step.card.type == "meteor-swarm"
    (was, now), (red_was, red_now) = zip(step.before, step.after, strict=True)
    assert was.ship.contents == now.ship.contents and was.lost == now.lost
    assert red_was.lost != red_now.lost or red_was.ship.contents != red_now.ship.contents
    drawn = replay_view(log, "flight.json", 10)
    assert [s["name"] for s in drawn["ships"] if s["large"]] == ["Red"]
    assert drawn["order"][0]["name"] == "Cruiser"
