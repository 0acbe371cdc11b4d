"""The validity rules: one small check per rule id, listed once with its RULES section.

Each check has the shape ``(RuleContext) -> Iterator[Violation]``.
:func:`trucker.rules.validate.validate` runs them all and sorts the result, so every problem is
reported, in a fixed order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from trucker.rules.checks.clearance import (
    check_cannon_clearance,
    check_engine_clearance,
    check_engine_facing,
    check_thruster_clearance,
)
from trucker.rules.checks.connectors import check_connectors
from trucker.rules.checks.crew import (
    check_alien_duplicate,
    check_alien_in_start_cabin,
    check_alien_life_support,
    check_overloaded,
)
from trucker.rules.checks.integrity import check_disconnected
from trucker.rules.checks.placement import (
    check_extra_start_cabin,
    check_holes,
    check_no_start_cabin,
    check_off_board,
    check_start_square,
)
from trucker.rules.checks.shields import check_shield_covers
from trucker.rules.view import RuleContext
from trucker.rules.violations import RuleId, Violation

__all__ = ["RULES", "RuleSpec", "RuleContext", "FLIGHT_SKIPS", "rule_spec"]

Check = Callable[[RuleContext], Iterator[Violation]]


class RuleSpec(NamedTuple):
    id: RuleId
    check: Check
    section: str
    title: str


RULES: tuple[RuleSpec, ...] = (
    RuleSpec(
        RuleId.OFF_BOARD, check_off_board, "§3.1.1", "tile on a square the board does not have"
    ),
    RuleSpec(RuleId.HOLE, check_holes, "§1.6", "tile on a IIIB hole square"),
    RuleSpec(RuleId.NO_START_CABIN, check_no_start_cabin, "§2.2", "no starting cabin"),
    RuleSpec(
        RuleId.EXTRA_START_CABIN, check_extra_start_cabin, "§2.2", "more than one starting cabin"
    ),
    RuleSpec(
        RuleId.START_SQUARE, check_start_square, "§1.6", "starting cabin off the start square"
    ),
    RuleSpec(RuleId.CONNECTOR_MISMATCH, check_connectors, "§2.1", "touching sides do not match"),
    RuleSpec(RuleId.ENGINE_FACING, check_engine_facing, "§3.1.3", "engine exhaust not to the rear"),
    RuleSpec(
        RuleId.ENGINE_BLOCKED, check_engine_clearance, "§3.1.3", "square behind an exhaust occupied"
    ),
    RuleSpec(
        RuleId.CANNON_BLOCKED,
        check_cannon_clearance,
        "§3.1.4",
        "square in front of a barrel occupied",
    ),
    RuleSpec(
        RuleId.THRUSTER_BLOCKED,
        check_thruster_clearance,
        "§3.1.5",
        "square behind a nozzle occupied",
    ),
    RuleSpec(
        RuleId.DISCONNECTED, check_disconnected, "§3.1.6", "tile not joined to the starting cabin"
    ),
    RuleSpec(
        RuleId.ALIEN_NO_LIFE_SUPPORT,
        check_alien_life_support,
        "§3.1.7",
        "alien without its life support",
    ),
    RuleSpec(
        RuleId.ALIEN_IN_START_CABIN,
        check_alien_in_start_cabin,
        "§2.2",
        "alien in the starting cabin",
    ),
    RuleSpec(RuleId.ALIEN_DUPLICATE, check_alien_duplicate, "§3.1.7", "two aliens of one colour"),
    RuleSpec(RuleId.OVERLOADED, check_overloaded, "§2.2", "more contents than the part holds"),
    RuleSpec(RuleId.SHIELD_COVERS, check_shield_covers, "§4.6", "shield sides not adjacent"),
)

FLIGHT_SKIPS = frozenset({RuleId.NO_START_CABIN, RuleId.START_SQUARE, RuleId.DISCONNECTED})
"""Rules a flight-phase check skips: the starting cabin is not needed in flight (the spec)."""


def rule_spec(rule: RuleId) -> RuleSpec:
    return next(spec for spec in RULES if spec.id is rule)
