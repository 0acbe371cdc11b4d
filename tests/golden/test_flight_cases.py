"""Flight goldens (scenarios/flights/cases.toml): one card type at a time against small ships,
with scripted dice, worked out by hand from the rules."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from trucker.core.rulings import Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, fly

pytestmark = pytest.mark.rules("6", "9.1")

FOLDER = SCENARIOS / "flights"
CASES = tomllib.loads((FOLDER / "cases.toml").read_text(encoding="utf-8"))["case"]


def run(case: dict[str, Any]):
    crews = []
    for name in case["ships"]:
        ship = load_ship(FOLDER / name)
        crews.append(Crew(ship.name or name, ship))
    plan = FlightPlan(
        tuple(crews),
        load_deck(FOLDER / case["deck"]),
        Rulings(**case.get("rulings", {})),
        seed=case.get("seed"),
        faces=tuple(case["dice"]) if "dice" in case else None,
        choices=case.get("choices", {}),
    )
    return fly(plan)


def _matches(event: dict[str, Any], want: dict[str, Any]) -> bool:
    return all(event.get(k) == v for k, v in want.items())


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_flight_case(case: dict[str, Any]) -> None:
    result = run(case)
    events = [e.to_dict() for e in result.events]
    if "dice" in case:
        rolled = [e for e in events if e["kind"] == "rolled"]
        assert 2 * len(rolled) == len(case["dice"]), "every scripted die is used, no more"
    position = 0
    for want in case.get("events", []):
        while position < len(events) and not _matches(events[position], want):
            position += 1
        assert position < len(events), f"missing, in order: {want}"
        position += 1
    ships = {s.name: s.to_dict() for s in result.ships}
    for name, expected in case["expect"].items():
        for key, value in expected.items():
            got = ships[name][key]
            assert got == (None if value == "none" else value), (name, key)
