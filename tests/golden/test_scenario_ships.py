"""The bundled ships give the verdicts worked out by hand in scenarios/ships-expected.toml
(beside the ships, not among them, so that `trucker validate scenarios/ships/*.toml` reads ships
only)."""

from __future__ import annotations

import tomllib

import pytest

from tests.conftest import SCENARIOS
from trucker.formats.load import load_ship
from trucker.rules.repair import CannotRepair, repair
from trucker.rules.validate import validate

pytestmark = pytest.mark.rules("3.1")

FOLDER = SCENARIOS / "ships"
EXPECTED = tomllib.loads((SCENARIOS / "ships-expected.toml").read_text(encoding="utf-8"))


def test_every_ship_has_an_expectation() -> None:
    ships = {p.name for p in FOLDER.iterdir() if p.suffix in (".toml", ".json")}
    assert ships == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_verdict(name: str) -> None:
    expect = EXPECTED[name]
    report = validate(load_ship(FOLDER / name))
    got = [[str(v.rule), *map(str, v.squares)] for v in report.violations]
    assert report.legal is expect["legal"]
    assert got == expect.get("violations", [])
    stats = report.stats.to_dict()
    for key, value in expect.get("stats", {}).items():
        assert stats[key] == value, key


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fix(name: str) -> None:
    expect = EXPECTED[name]["fix"]
    ship = load_ship(FOLDER / name)
    if expect.get("cannot"):
        with pytest.raises(CannotRepair):
            repair(ship)
        return
    result = repair(ship)
    assert result.report.legal
    assert result.tiles_lost == expect["tiles_lost"]
    if "removed" in expect:
        assert [str(r.cell) for r in result.removed] == expect["removed"]
    if "stepwise" in expect:
        stepwise = repair(ship, method="stepwise")
        assert stepwise.tiles_lost == expect["stepwise"]["tiles_lost"]
        assert [str(r.cell) for r in stepwise.removed] == expect["stepwise"]["removed"]
