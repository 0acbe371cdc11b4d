"""The expert's golden case, worked out by hand in scenarios/flights/robot-thruster.toml: it
wakes robots to man a thruster when that alone saves the ship; left asleep, the crew is lost; and
since the sensible captain weighs waking robots for a shift that shortens a walk (Rusty's
golden), the sensible one wakes them too."""

from __future__ import annotations

from tests.conftest import SCENARIOS
from trucker.core.rulings import Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, fly

FOLDER = SCENARIOS / "flights"


def _plan(captain: str) -> FlightPlan:
    ship = load_ship(FOLDER / "robot-thruster.toml")
    deck = load_deck(FOLDER / "decks" / "small-predator.toml")
    return FlightPlan((Crew("Tinker", ship, captain),), deck, Rulings(), faces=(3, 4))


def _story(captain: str) -> list[tuple[str, str]]:
    result = fly(_plan(captain))
    return [
        (e.kind, getattr(e, "choice", "") or getattr(e, "reason", ""))
        for e in result.events or ()
        if e.kind in ("decided", "shifted", "gave-up") and getattr(e, "decision", "") != "give-up"
    ]


def test_the_expert_wakes_the_robots_to_man_the_thruster() -> None:
    assert _story("expert") == [
        ("decided", "activate robots 7,8 with battery 6,8"),
        ("decided", "shift front with battery 6,8"),
        ("shifted", ""),
    ]
    ship = fly(_plan("expert")).ships[0]
    assert (ship.gave_up, ship.place, ship.arrival, ship.best_looking) == (False, 1, 4, 2)
    assert (ship.humans, ship.batteries, ship.final_credits) == (2, 0, 6)


def test_left_asleep_the_robots_lose_the_crew() -> None:
    """The other branch of the file's header: a captain told to leave them asleep."""
    ship = load_ship(FOLDER / "robot-thruster.toml")
    deck = load_deck(FOLDER / "decks" / "small-predator.toml")
    script = {"Tinker": ["activate-robots: leave robots 7,8 inactive"]}
    plan = FlightPlan((Crew("Tinker", ship),), deck, Rulings(), faces=(3, 4), choices=script)
    result = fly(plan)
    story = [
        (e.kind, getattr(e, "choice", "") or getattr(e, "reason", ""))
        for e in result.events or ()
        if e.kind in ("decided", "shifted", "gave-up") and getattr(e, "decision", "") != "give-up"
    ]
    assert story == [("decided", "leave robots 7,8 inactive"), ("gave-up", "no humans left aboard")]
    ship_end = result.ships[0]
    assert (ship_end.gave_up, ship_end.humans, ship_end.final_credits) == (True, 0, 0)


def test_after_its_scripted_choices_the_expert_still_searches() -> None:
    """``fly --choices ... --policy expert``: the script answers the question before the card
    (fly on), then the expert looks ahead and wakes the robots as it does alone; told to leave
    them asleep, it obeys and loses its crew."""
    ship = load_ship(FOLDER / "robot-thruster.toml")
    deck = load_deck(FOLDER / "decks" / "small-predator.toml")
    crews = (Crew("Tinker", ship, "expert"),)
    for script, home in (
        (["give-up: fly on"], True),
        (["give-up: fly on", "activate-robots: leave robots 7,8 inactive"], False),
    ):
        plan = FlightPlan(crews, deck, Rulings(), faces=(3, 4), choices={"Tinker": script})
        assert fly(plan).ships[0].gave_up is not home


def test_the_sensible_captain_wakes_them_too() -> None:
    assert _story("sensible") == _story("expert")
    ship = fly(_plan("sensible")).ships[0]
    assert (ship.gave_up, ship.humans, ship.final_credits) == (False, 2, 6)
