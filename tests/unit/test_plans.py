"""A flight's plan from a command's options (trucker/play/plans.py)."""

from __future__ import annotations

import dataclasses

import pytest

from tests.conftest import SCENARIOS
from trucker.core.errors import BadInput
from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.play.plans import plan_flight

RED = load_ship(SCENARIOS / "flights" / "red.toml")
GREEN = load_ship(SCENARIOS / "flights" / "green.toml")
SHIPS = [(RED, "red.toml", ()), (GREEN, "green.toml", ())]
DECK = str(SCENARIOS / "flights" / "decks" / "smugglers.toml")


def test_order_captains_and_dice() -> None:
    plan = plan_flight(SHIPS, DECK, Rulings(), order="2,1", policy=["greedy", "Red=cautious"],
                       dice="3,4")  # fmt: skip
    assert [(c.name, c.captain) for c in plan.crews] == [("Green", "greedy"), ("Red", "cautious")]
    assert plan.faces == (3, 4) and [c.id for c in plan.deck.cards] == ["I-smugglers-1"]


def test_the_first_mistake_is_told_in_the_order_options_are_read() -> None:
    with pytest.raises(BadInput) as caught:
        plan_flight(SHIPS, DECK, Rulings(), order="1,1", policy=["nobody"], dice="9")
    assert str(caught.value) == "--order: 1,1: name each of the 2 ships once, 1-2"
    with pytest.raises(BadInput) as caught:
        plan_flight(SHIPS, DECK, Rulings(), policy=["nobody"], dice="9")
    assert str(caught.value).startswith("--policy: nobody: unknown captain 'nobody'")
    with pytest.raises(BadInput, match="expected faces in pairs, got 3"):
        plan_flight(SHIPS, DECK, Rulings(), dice="3,4,5")


def test_a_flight_names_the_scripted_choices_it_did_not_use() -> None:
    """The smugglers ask Green one question (take their goods or not) and Red none."""
    from trucker.play.flights import fly

    take = "take: pass on the smugglers' goods YGB"
    choices = {"Green": [take, "lose-crew: a human from 7,8"], "Red": ["land: planet 9"]}
    plan = plan_flight(SHIPS, DECK, Rulings(), dice="3,4")
    plan = dataclasses.replace(plan, choices=choices)
    assert fly(plan).unused_choices == {
        "Green": ["lose-crew: a human from 7,8"],
        "Red": ["land: planet 9"],
    }
    assert fly(dataclasses.replace(plan, choices={"Green": [take]})).unused_choices == {}
