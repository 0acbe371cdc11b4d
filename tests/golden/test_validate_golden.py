"""Golden validate cases (tests/golden/validate/*.toml): a ship and the verdict worked out by
hand from RULES and the spec, with the reasoning in each file's comment (STYLE §6.13 item 2);
``[expect.messages]`` holds the words of the violations whose advice matters (what would make
two sides join), keyed by rule and squares."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import as_lists
from trucker.core.rulings import RulingSource, resolve_rulings
from trucker.formats.load import ship_from_document
from trucker.rules.validate import validate
from trucker.rules.violations import RuleId

pytestmark = pytest.mark.rules("3.1")

FOLDER = Path(__file__).parent / "validate"
CASES = sorted(FOLDER.glob("*.toml"))


def case(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    data = case(path)
    expect = data["expect"]
    ship = ship_from_document(data["ship"], path.name)
    rulings = resolve_rulings([RulingSource(path.name, ship.rulings)])
    report = validate(ship, rulings, flight=expect.get("flight", False))
    assert as_lists(report.violations) == expect.get("violations", [])
    assert report.legal is expect["legal"]
    stats = report.stats.to_dict()
    for key, value in expect.get("stats", {}).items():
        assert stats[key] == value, key
    if "rulings" in expect:
        assert report.rulings == expect["rulings"]
    said = {
        " ".join(found): v.message
        for found, v in zip(as_lists(report.violations), report.violations, strict=True)
    }
    for key, message in expect.get("messages", {}).items():
        assert said.get(key) == message, key


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_golden_cites_its_source_and_explains_itself(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# "), "the reasoning comes first, as a comment"
    assert case(path)["source"].startswith("RULES §")
    assert set(case(path)) == {"source", "ship", "expect"}


def test_every_rule_id_has_a_golden_case() -> None:
    """OpenSpiel's test_all_games_tested, for rule ids (STYLE §2.6)."""
    covered = {v[0] for path in CASES for v in case(path)["expect"].get("violations", [])}
    missing = sorted(str(r) for r in RuleId if str(r) not in covered)
    assert not missing, f"rule ids without a golden case in {FOLDER.name}/: {missing}"
