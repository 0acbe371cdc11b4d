"""Radiation Leak goldens (scenarios/radiation/cases.toml), from the walkthrough's examples."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from trucker.core.geometry import Cell
from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.sim.captains import SensibleCaptain
from trucker.sim.radiation import plan_radiation, radiation_leak
from trucker.sim.state import ShipState
from trucker.sim.table import Table

pytestmark = pytest.mark.rules("8.1")

FOLDER = SCENARIOS / "radiation"
CASES = tomllib.loads((FOLDER / "cases.toml").read_text(encoding="utf-8"))["case"]


def _ship(case: dict[str, Any]) -> ShipState:
    ship = ShipState.from_ship(load_ship(FOLDER / case["ship"]))
    for square in case.get("spend", []):
        cell = Cell.parse(square)
        ship.set(cell, ship.contents[cell]._replace(charge=ship.contents[cell].charge - 1))
    return ship


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_radiation_plan(case: dict[str, Any]) -> None:
    rulings = Rulings(**case.get("rulings", {}))
    plan = plan_radiation(_ship(case), rulings).to_dict()
    assert plan["crew_lost"] == case["crew_lost"]
    assert plan["networks"] == case["networks"]
    assert plan["destroyed"] == case["destroyed"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_radiation_applied(case: dict[str, Any]) -> None:
    ship = _ship(case)
    table = Table(rulings=Rulings(**case.get("rulings", {})), policies=SensibleCaptain())
    radiation_leak(table, ship)
    assert sorted(map(str, ship.lost)) == sorted(case["destroyed"])
    assert ship.humans() == case["humans_after"]
