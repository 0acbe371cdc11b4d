"""The rule registry (trucker/rules/checks/__init__.py) and what every check sees
(trucker/rules/view.py)."""

from __future__ import annotations

from tests.helpers import ship
from trucker.core.geometry import Cell
from trucker.core.rulings import Rulings
from trucker.rules.checks import FLIGHT_SKIPS, RULES, RuleContext, rule_spec
from trucker.rules.view import misplaced_tiles
from trucker.rules.violations import RuleId


def test_every_rule_id_has_exactly_one_check() -> None:
    assert sorted(spec.id for spec in RULES) == sorted(RuleId)


def test_each_rule_cites_a_section_and_has_a_title() -> None:
    for spec in RULES:
        assert spec.section.startswith("§"), spec.id
        assert spec.title, spec.id
        assert spec.check.__doc__, spec.id
        assert rule_spec(spec.id) is spec


def test_flight_skips_the_three_starting_cabin_rules() -> None:
    """The spec's "In flight": no-start-cabin, start-square and disconnected."""
    assert {
        RuleId.NO_START_CABIN,
        RuleId.START_SQUARE,
        RuleId.DISCONNECTED,
    } == FLIGHT_SKIPS


def test_rule_ids_are_the_spec_strings() -> None:
    assert {str(r) for r in RuleId} == {
        "off-board", "hole", "no-start-cabin", "extra-start-cabin", "start-square",
        "connector-mismatch", "engine-facing", "engine-blocked", "cannon-blocked",
        "thruster-blocked", "disconnected", "alien-no-life-support", "alien-in-start-cabin",
        "alien-duplicate", "overloaded", "shield-covers",
    }  # fmt: skip


def test_context_leaves_misplaced_tiles_out() -> None:
    s = ship(
        {"7,7": "start", "7,8": "pipe ---u", "7,6": "pipe -u--", "3,3": "pipe ----"},
        "IIIB",
        holes=[1, 6],
    )
    assert misplaced_tiles(s) == {Cell(7, 6): RuleId.HOLE, Cell(3, 3): RuleId.OFF_BOARD}
    ctx = RuleContext(s, Rulings())
    assert set(ctx.tiles) == {Cell(7, 7), Cell(7, 8)}
    assert ctx.starting_cabins == [Cell(7, 7)]
    assert set(ctx.graph.edges) == {(Cell(7, 7), Cell(7, 8))}
    assert ctx.connected[Cell(7, 7)] == {Cell(7, 8)}
