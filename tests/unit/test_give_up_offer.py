"""The offer to give up before each card (RULES §6.3) says when giving up changes nothing: the
card puts the ship out at once whatever it does (issue 13, A.5)."""

from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS
from tests.unit.test_render_flight_page import DICE, ROUND_1
from trucker.core.cards import Level, MostlyOpenSpace, OpenSpace
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.rulings import Rulings
from trucker.core.threats import Threat
from trucker.formats.decks import Deck, load_deck
from trucker.formats.load import load_ship, ship_from_document
from trucker.play.flights import Crew, FlightPlan, fly
from trucker.sim.captains import SensibleCaptain

pytestmark = pytest.mark.rules("6.3")

FLIGHTS = SCENARIOS / "flights"


class Watching(SensibleCaptain):
    """The sensible captain, keeping every give-up offer it was made."""

    def __init__(self) -> None:
        super().__init__()
        self.offers: list[Decision] = []

    def decide(self, decision: Decision) -> Option:
        if decision.kind is DecisionKind.GIVE_UP:
            self.offers.append(decision)
        return super().decide(decision)


def _offers(cards, names=("red.toml", "green.toml"), faces=DICE) -> dict[str, list[str]]:
    captains = {name: Watching() for name in ("Red", "Green")}
    crews = tuple(Crew(n.split(".")[0].title(), load_ship(FLIGHTS / n)) for n in names)
    plan = FlightPlan(crews, Deck("test", Level.I, tuple(cards)), Rulings(), faces=faces)
    fly(plan, captains=captains)
    for captain in captains.values():
        for offer in captain.offers:
            assert [o.value.give_up for o in offer.options] == [False, True]
            assert offer.options[0].value.out == offer.options[1].value.out
    return {
        name: [d.options[0].value.out for d in captain.offers] for name, captain in captains.items()
    }


def test_an_open_space_without_engine_power_puts_the_ship_out_anyway() -> None:
    """Green has no engine at all: in an Open Space it is out at once, so giving up before one
    changes nothing; Red has an engine, and no other card puts either out before it plays."""
    deck = load_deck(ROUND_1)
    offers = _offers(deck.cards)
    assert offers["Red"] == [""] * len(deck.cards)
    assert offers["Green"] == ["", "", "no engine power in open space"]
    mostly = MostlyOpenSpace(level=Level.IV, threats=(Threat.parse("small-meteor front"),))
    assert _offers([mostly, OpenSpace(level=Level.I)], faces=(1, 1)) == {
        "Red": ["", ""],
        "Green": ["no engine power in open space"],
    }


def _double_engine_ship(charge: int):
    doc = {
        "format": "trucker-ship/1",
        "name": "Green",
        "board": "I",
        "tiles": {
            "7,7": {"part": "cabin", "start": True},
            "8,7": {"part": "double-engine", "sides": "u---", "facing": "rear"},
            "7,8": {"part": "battery", "capacity": 2, "charge": charge, "sides": "---u"},
        },
    }
    return ship_from_document(doc, "test")


def test_a_double_engine_with_a_token_to_run_it_keeps_the_ship_in() -> None:
    for charge, out in ((1, ""), (0, "no engine power in open space")):
        captain = Watching()
        crews = (Crew("Green", _double_engine_ship(charge)),)
        deck = Deck("test", Level.I, (OpenSpace(level=Level.I),))
        fly(FlightPlan(crews, deck, Rulings(), faces=()), captains={"Green": captain})
        assert [d.options[0].value.out for d in captain.offers] == [out]


def test_a_logged_flight_records_the_unasked_answer_as_the_question_would() -> None:
    """A shipped captain that never gives up is not asked before each card even with a log:
    its answer is recorded unasked, and the log reads as the one where a captain watching its
    questions (so asked each) answered them."""
    deck = load_deck(ROUND_1)
    crews = tuple(Crew(n.title(), load_ship(FLIGHTS / f"{n}.toml")) for n in ("red", "green"))
    plan = FlightPlan(crews, deck, Rulings(), faces=DICE)
    watched = fly(plan, captains={"Red": Watching(), "Green": Watching()})
    unasked = fly(plan)
    assert unasked.events is not None and watched.events is not None
    assert [e.to_dict() for e in unasked.events] == [e.to_dict() for e in watched.events]
    assert any(e.to_dict().get("decision") == "give-up" for e in unasked.events)
