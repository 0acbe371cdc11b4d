"""validate(): every violation, in the spec's order, with notes, numbers and rulings."""

from __future__ import annotations

import pytest

from tests.helpers import as_lists, ship
from trucker.core.rulings import Rulings
from trucker.rules.validate import board_notes, is_legal, validate, violations

pytestmark = pytest.mark.rules("3.1")

BROKEN = {
    "7,7": "start crew=3",
    "6,7": "cannon --s- front",
    "5,7": "pipe ----",
    "7,8": "pipe -s-u",
    "7,9": "pipe ---d",
    "10,7": "pipe ----",
}


def test_all_violations_are_reported_sorted_by_rule_then_squares() -> None:
    report = validate(ship(BROKEN))
    assert as_lists(report.violations) == [
        ["cannon-blocked", "6,7", "5,7"],
        ["connector-mismatch", "7,8", "7,9"],
        ["disconnected", "5,7"],
        ["disconnected", "7,9"],
        ["off-board", "10,7"],
        ["overloaded", "7,7"],
    ]
    assert not report.legal
    assert report.exit_code == 1
    assert report.rules_broken() == [
        "cannon-blocked",
        "connector-mismatch",
        "disconnected",
        "off-board",
        "overloaded",
    ]


def test_order_does_not_depend_on_tile_order() -> None:
    forward = validate(ship(BROKEN)).to_dict()
    backward = validate(ship(dict(reversed(BROKEN.items())))).to_dict()
    assert forward == backward


def test_flight_phase_check_skips_the_start_cabin_rules() -> None:
    s = ship({"7,6": "start", "7,7": "cabin ---u", "7,9": "pipe uuuu"})
    assert as_lists(violations(s)) == [["disconnected", "7,9"], ["start-square", "7,6"]]
    assert violations(s, flight=True) == []
    assert not is_legal(s)
    assert is_legal(s, flight=True)


def test_a_legal_report() -> None:
    report = validate(ship({"7,7": "start"}, name="Solo"))
    assert report.legal
    assert report.exit_code == 0
    assert report.file == "test.toml"
    assert report.board == "II"


def test_to_dict_has_the_spec_shape() -> None:
    data = validate(ship({"7,7": "start", "7,8": "pipe -s-u", "7,9": "pipe ---d"})).to_dict()
    spec = ["file", "board", "legal", "violations", "rulings", "notes", "stats"]
    assert list(data) == [*spec, "part_notes"], "the spec's keys, in order, then the extensions"
    assert data["violations"][0] == {
        "rule": "connector-mismatch",
        "squares": ["7,8", "7,9"],
        "side": "right",
        "message": "7,8's right side is single, 7,9's left is double: make one of them "
        "universal or match them",
    }
    assert data["violations"][1]["side"] is None


def test_rulings_that_differ_from_the_defaults_are_reported() -> None:
    report = validate(ship({"7,7": "start"}), Rulings(thruster_clearance="one-square"))
    assert report.rulings == {"thruster_clearance": "one-square"}
    assert validate(ship({"7,7": "start"})).rulings == {}


@pytest.mark.parametrize(
    ("cap", "effect"),
    [("none", "every lost tile costs a credit"), (3, "losses are capped at 3")],
)
def test_unknown_insurance_cap_note(cap: object, effect: str) -> None:
    """Class II's printed cap is not known (RULES §10 #21): the note says what the ruling did."""
    rulings = Rulings(unknown_insurance_cap=cap)
    notes = validate(ship({"7,7": "start"}), rulings).notes
    assert len(notes) == 1
    assert effect in notes[0]
    assert f"unknown_insurance_cap = {cap}" in notes[0]


def test_known_insurance_cap_has_no_note() -> None:
    """Class I prints its cap (5): no note, whatever the ruling."""
    assert validate(ship({"7,7": "start"}, "I"), Rulings(unknown_insurance_cap=3)).notes == ()


def test_reconstructed_boards_are_noted() -> None:
    notes = validate(ship({"3,5": "start"}, "IIB")).notes
    assert any("reconstruction" in n for n in notes)
    assert not any("reconstruction" in n for n in validate(ship({"7,7": "start"})).notes)


@pytest.mark.parametrize(("insured", "state"), [(True, "bought"), (False, "not bought")])
def test_class_iv_insurance_note(insured: bool, state: str) -> None:
    s = ship({"11,7": "start"}, "IV", insured=insured)
    notes = board_notes(s, Rulings())
    assert any(f"insurance {state}" in n for n in notes)
    assert not any("unknown_insurance_cap" in n for n in notes)


def test_a_disconnected_tile_says_where_it_could_join_in_a_key_of_its_own() -> None:
    """A pure extension: the spec's four keys of a violation, then ``could_join``."""
    data = validate(ship({"7,7": "start", "7,8": "pipe -s-u", "7,9": "pipe ---d"})).to_dict()
    disconnected = data["violations"][1]
    assert list(disconnected) == ["rule", "squares", "side", "message", "could_join"]
    assert disconnected["could_join"] == {"how": "touching", "squares": ["7,8"]}
    assert "could_join" not in data["violations"][0]


def test_part_notes_in_json() -> None:
    data = validate(ship({"7,7": "start", "7,8": "turret ---u"})).to_dict()
    assert data["part_notes"] == [
        {
            "note": "turret-unpaired",
            "squares": ["7,8"],
            "message": "turret can never fire: no other turret is connected to it, and turrets "
            "fire in connected pairs (alone, it still stops intruders)",
            "section": "§2.4",
        }
    ]
