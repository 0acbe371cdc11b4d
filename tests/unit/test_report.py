"""Violations and reports: ordering, text and the JSON shape of the spec."""

from __future__ import annotations

from trucker.core.geometry import Cell, Direction
from trucker.rules.violations import RuleId, Violation


def test_violations_sort_by_rule_id_then_squares() -> None:
    a = Violation(RuleId.OVERLOADED, (Cell(7, 7),), "x")
    b = Violation(RuleId.DISCONNECTED, (Cell(9, 9),), "y")
    c = Violation(RuleId.DISCONNECTED, (Cell(7, 9),), "z")
    assert sorted([a, b, c]) == [c, b, a]


def test_message_and_side_do_not_change_equality() -> None:
    one = Violation(RuleId.HOLE, (Cell(7, 8),), "one", Direction.LEFT)
    two = Violation(RuleId.HOLE, (Cell(7, 8),), "two")
    assert one == two


def test_violation_text_and_dict() -> None:
    v = Violation(
        RuleId.CANNON_BLOCKED, (Cell(6, 7), Cell(5, 7)), "the square is taken", Direction.FRONT
    )
    assert str(v) == "cannon-blocked 6,7 5,7 (front): the square is taken"
    assert v.to_dict() == {
        "rule": "cannon-blocked",
        "squares": ["6,7", "5,7"],
        "side": "front",
        "message": "the square is taken",
    }
    bare = Violation(RuleId.NO_START_CABIN, (), "no starting cabin")
    assert bare.to_dict()["squares"] == []
    assert bare.to_dict()["side"] is None
