"""Intruder goldens (scenarios/intruders/cases.toml): the walkthrough's predator and commando
examples, worked out by hand, against the engine."""

from __future__ import annotations

import dataclasses
import tomllib
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from trucker.cli.captains import CommandLineCaptain
from trucker.core.geometry import Direction
from trucker.core.rulings import Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.sim.captains import SensibleCaptain
from trucker.sim.intruders import intrude
from trucker.sim.state import ShipState
from trucker.sim.table import Table

pytestmark = pytest.mark.rules("7")

FOLDER = SCENARIOS / "intruders"
DATA = tomllib.loads((FOLDER / "cases.toml").read_text(encoding="utf-8"))


def _card(case: dict[str, Any]):
    card = load_deck(FOLDER / case["card"]).cards[0]
    if case.get("double"):
        card = dataclasses.replace(card, double=True, hand=None)
    if "from" in case:
        card = dataclasses.replace(card, direction=Direction.parse(case["from"]))
    return card


@pytest.mark.parametrize("case", DATA["case"], ids=[c["name"] for c in DATA["case"]])
def test_intruder_case(case: dict[str, Any]) -> None:
    ship = ShipState.from_ship(load_ship(FOLDER / case["ship"]))
    shift = Direction.parse(case["shift"]) if "shift" in case else None
    captain = (
        SensibleCaptain()
        if case.get("captain") == "sensible"
        else CommandLineCaptain(shift=shift, activate_robots=case.get("activate_robots", False))
    )
    table = Table(rulings=Rulings(**case.get("rulings", {})), policies=captain, log=[])
    result = intrude(table, ship, _card(case), case["roll"])
    want = case["expect"]
    data = result.to_dict()
    assert data["robots_activated"] == want.get("robots", [])
    assert data["shift"] == want.get("shift", case.get("shift"))
    assert data["line"] == want["line"]
    assert data["landing"] == want.get("landing")
    assert data["outcome"] == want["outcome"]
    assert data["repelled_by"] == want.get("repelled_by")
    assert [
        {k: w[k] for k in ("hand", "path", "outcome")} | ({"step": w["step"]} if w["step"] else {})
        for w in data["walkers"]
    ] == want["walkers"]
    eaten = [
        [e["square"], e["step"], e["humans"], e["aliens"], e["goods"], e["tokens"]]
        for e in data["eaten"]
    ]
    assert eaten == want["eaten"]
    assert data["fused"] == want.get("fused", [])
    assert data["destroyed"] == want.get("destroyed", [])
    assert data["lost"] == want["lost"]
    assert data["reward"]["credits"] == want.get("reward", 0)
    assert data["reward"]["goods"] == want.get("reward_goods", "")
    if "tokens_left" in want:
        assert ship.tokens() == want["tokens_left"]


@pytest.mark.parametrize("case", DATA["captain"])
def test_default_captain_shifts_as_the_walkthrough_advises(case: dict[str, Any]) -> None:
    built = load_ship(FOLDER / case["ship"])
    card = _card(case)
    robots = case.get("robots", [[]] * len(case["rolls"]))
    for roll, expected, woken in zip(case["rolls"], case["shifts"], robots, strict=True):
        ship = ShipState.from_ship(built)
        result = intrude(Table(policies=SensibleCaptain()), ship, card, roll)
        assert (str(result.shift) if result.shift else "none") == expected, roll
        assert [str(c) for c in result.robots] == woken, roll
