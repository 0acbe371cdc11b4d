"""Golden validate cases (tests/golden/validate/*.toml): a ship and the verdict worked out by
hand from RULES and the spec, with the reasoning in each file's comment (STYLE §6.13 item 2);
``[expect.messages]`` holds the words of the violations whose advice matters (what would make
two sides join), keyed by rule and squares; ``[expect.could_join]`` where a disconnected tile
could join, by square; ``notes`` the parts that do nothing where they stand."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import as_lists
from trucker.core.rulings import RulingSource, resolve_rulings
from trucker.formats.load import ship_from_document
from trucker.rules.notes import NoteId
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
    hints = {str(v.squares[0]): v.hint.to_dict() for v in report.violations if v.hint}
    for square, hint in expect.get("could_join", {}).items():
        assert hints.get(square) == hint, square
    notes = [[str(n.note), *map(str, n.squares)] for n in report.part_notes]
    assert notes == expect.get("notes", []), "notes"


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


def test_every_note_has_a_golden_case() -> None:
    covered = {n[0] for path in CASES for n in case(path)["expect"].get("notes", [])}
    missing = sorted(str(n) for n in NoteId if str(n) not in covered)
    assert not missing, f"notes without a golden case in {FOLDER.name}/: {missing}"
