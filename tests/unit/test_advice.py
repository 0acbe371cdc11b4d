"""Advice on a pending decision (trucker.play.advice): the flight stopped where it was given,
each option appraised, the flight itself left as it was."""

from __future__ import annotations

import json

import pytest

from tests.conftest import SCENARIOS
from tests.properties.flights import SHIPS
from trucker.core.errors import BadInput
from trucker.core.rulings import Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.advice import (
    advise,
    advise_log,
    appraise_options,
    stop_at_decision,
    stop_in_log,
)
from trucker.play.flights import Crew, FlightPlan, deck_for, flight_log, fly, start
from trucker.sim.tape import Choose, ExternalCaptain, ExternalDice

FOLDER = SCENARIOS / "flights"


def _tinker() -> FlightPlan:
    ship = load_ship(FOLDER / "robot-thruster.toml")
    deck = load_deck(FOLDER / "decks" / "small-predator.toml")
    return FlightPlan((Crew("Tinker", ship),), deck, Rulings())


def test_the_robots_question_worked_out_by_hand() -> None:
    """scenarios/flights/robot-thruster.toml, rolled 3+4: woken, the robots man the thruster,
    the ship dodges and earns 6 credits every time; asleep, the predator eats both humans (0
    credits, never home). No dice are left to chance, so the intervals are points."""
    advice = advise(_tinker(), faces=(3, 4), effort=20)
    assert (advice.ship, advice.kind, advice.number) == ("Tinker", "activate-robots", 2)
    assert advice.differs
    woken, asleep = advice.options
    assert woken.label == "activate robots 7,8 with battery 6,8"
    assert (woken.credits.value, woken.credits.low, woken.credits.high) == (6, 6, 6)
    assert woken.home.value == 1 and asleep.home.value == 0
    assert asleep.credits.value == 0 and asleep.apart
    assert advice.close == ()


def test_a_roll_needed_and_not_given_is_bad_input() -> None:
    with pytest.raises(BadInput, match="needs a roll for predator landing"):
        stop_at_decision(_tinker())


def test_a_choice_given_answers_its_decision() -> None:
    """The robots' question answered in the choices: the flight plays on to its end, and no
    decision is left open."""
    choices = {"Tinker": ["activate-robots: leave robots 7,8 inactive"]}
    with pytest.raises(BadInput, match="ended before a decision"):
        stop_at_decision(_tinker(), faces=(3, 4), choices=choices)
    with pytest.raises(BadInput, match="not an option"):
        stop_at_decision(_tinker(), faces=(3, 4), choices={"Tinker": ["wake them all"]})


def _plan(seed: int) -> FlightPlan:
    crews = (Crew("red", SHIPS["class-iii-cruiser.toml"]), Crew("blue", SHIPS["abe-gadgets.toml"]))
    return FlightPlan(crews, deck_for("random:III", seed), Rulings(), seed=seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_appraising_leaves_the_flight_as_it_was(seed: int) -> None:
    """A table's hints must not change the game: a saved flight stepped from outside, every
    open decision appraised before it is answered as the log says, ends as the log did."""
    plan = _plan(seed)
    document = json.loads(json.dumps(flight_log(plan, fly(plan))))
    decided = [e["choice"] for e in document["events"] if e["kind"] == "decided"]
    rolls = [tuple(e["faces"]) for e in document["events"] if e["kind"] == "rolled"]
    state = start(
        plan, captains={c.name: ExternalCaptain() for c in plan.crews}, dice=ExternalDice()
    )
    waiting, appraised = state.advance(), 0
    while waiting is not None:
        if isinstance(waiting, Choose):
            if len(waiting.options) > 1 and appraised < 6:
                values = appraise_options(state, effort=2)
                named = {label for v in values for label in (v.label, *v.alike)}
                assert named == {o.label for o in waiting.options}
                appraised += 1
            waiting = state.apply(decided[waiting.number - 1])
        else:
            waiting = state.apply(rolls.pop(0))
    assert appraised and state.result is not None
    assert [s.to_dict() for s in state.result.ships] == document["ships"]
    assert json.loads(json.dumps(flight_log(plan, state.result)))["events"] == document["events"]


def test_the_same_question_the_same_advice() -> None:
    plan = _plan(3)
    document = flight_log(plan, fly(plan))
    decided = [e for e in document["events"] if e["kind"] == "decided"]
    at = next(i for i, e in enumerate(decided, 1) if not e["forced"] and e["decision"] != "give-up")
    one = advise_log(document, at, effort=5).to_dict()
    assert one == advise_log(document, at, effort=5).to_dict()
    best, *rest = one["options"]
    assert all(o["rollouts"] <= best["rollouts"] <= 5 for o in rest)
    assert all(o["rollouts"] == best["rollouts"] for o in rest if not o["culled"])
    assert all(best["credits"]["value"] >= o["credits"]["value"] for o in rest if not o["culled"])


def test_a_decision_number_past_the_log_is_bad_input() -> None:
    plan = _plan(3)
    document = flight_log(plan, fly(plan))
    with pytest.raises(BadInput, match="--at"):
        stop_in_log(document, 10_000)


def test_options_alike_are_told_as_one_and_the_culled_named() -> None:
    """The report names a group of options alike by its first ("any of these 3: ..."), lists
    every member once, and names the options flown no further."""
    from trucker.play.advice import Advice, OptionValue
    from trucker.play.montecarlo import Interval
    from trucker.render.terminal.advice import advice_lines

    def point(x: float) -> Interval:
        return Interval(x, x, x)

    humans = OptionValue(
        "a human from 7,6", point(5), point(1), 25, alike=("a human from 7,7", "a human from 8,6")
    )
    alien = OptionValue("the purple alien from 7,8", point(2), point(1), 25, True, point(3),
                        culled=True)  # fmt: skip
    advice = Advice("Red", 3, "lose-crew", "epidemic", "II-epidemic-1", "credits", 200, True,
                    (humans, alien))  # fmt: skip
    text = [line.plain for line in advice_lines(advice)]
    assert any(line.startswith(" 1 any of these 3: a human from 7,6 ") for line in text)
    assert any("a human from 7,6, a human from 7,7, a human from 8,6 leave the flight" in line
               for line in text)  # fmt: skip
    assert "Clearly behind the best, so flown no further: the purple alien from 7,8." in text
    assert advice.to_dict()["options"][0]["alike"] == ["a human from 7,7", "a human from 8,6"]
