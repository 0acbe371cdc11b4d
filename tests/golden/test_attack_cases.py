"""Attack goldens (scenarios/attacks/cases.toml): each case's threats, rolled with scripted dice,
give the results worked out by hand from the rules and the walkthrough."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from trucker.core.dice import ScriptedDice
from trucker.core.threats import Threat
from trucker.formats.load import load_ship
from trucker.sim.attacks import AttackResult, attack
from trucker.sim.captains import ScriptedPolicy, SensibleCaptain
from trucker.sim.state import ShipState
from trucker.sim.table import Table

pytestmark = pytest.mark.rules("5")

FOLDER = SCENARIOS / "attacks"
CASES = tomllib.loads((FOLDER / "cases.toml").read_text(encoding="utf-8"))["case"]


def _check_impact(got: dict[str, Any], want: dict[str, Any]) -> None:
    for key in ("hit", "stopped_by", "defender"):
        assert got.get(key) == want.get(key), key


def _check(result: AttackResult, want: dict[str, Any], before: set[str], after: set[str]) -> None:
    data = result.to_dict()
    assert data["shift"] == want.get("shift")
    assert data["line"] == want.get("line")
    if "impacts" in want:
        for got_impact, want_impact in zip(data["impacts"], want["impacts"], strict=True):
            _check_impact(got_impact, want_impact)
    else:
        _check_impact(data, want)
    if "batteries_used" in want:
        assert data["batteries_used"] == want["batteries_used"]
    assert sorted(before - after) == want["lost"]
    assert data["lost"] == want["lost"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_attack_case(case: dict[str, Any]) -> None:
    ship = ShipState.from_ship(load_ship(FOLDER / case["ship"]))
    dice = ScriptedDice(case["dice"])
    policy = (
        ScriptedPolicy(case["choices"], fallback=SensibleCaptain()) if "choices" in case else None
    )
    table = Table(dice=dice, policies=policy, log=[])
    assert len(case["threats"]) == len(case["expect"])
    for text, want in zip(case["threats"], case["expect"], strict=True):
        before = {str(c) for c in ship.tiles}
        result = attack(table, ship, Threat.parse(text), table.roll(text))
        _check(result, want, before, {str(c) for c in ship.tiles})
    assert dice.remaining == 0
