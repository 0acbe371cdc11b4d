"""What a check returns: violations with rule ids and squares, gathered in a report."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from trucker.core.geometry import Cell, Direction

if TYPE_CHECKING:
    from trucker.rules.stats import ShipStats

__all__ = ["RuleId", "Violation", "Report"]


class RuleId(StrEnum):
    """The spec's rule ids, as reports and ``--json`` write them."""

    OFF_BOARD = "off-board"
    HOLE = "hole"
    NO_START_CABIN = "no-start-cabin"
    EXTRA_START_CABIN = "extra-start-cabin"
    START_SQUARE = "start-square"
    CONNECTOR_MISMATCH = "connector-mismatch"
    ENGINE_FACING = "engine-facing"
    ENGINE_BLOCKED = "engine-blocked"
    CANNON_BLOCKED = "cannon-blocked"
    THRUSTER_BLOCKED = "thruster-blocked"
    DISCONNECTED = "disconnected"
    ALIEN_NO_LIFE_SUPPORT = "alien-no-life-support"
    ALIEN_IN_START_CABIN = "alien-in-start-cabin"
    ALIEN_DUPLICATE = "alien-duplicate"
    OVERLOADED = "overloaded"
    SHIELD_COVERS = "shield-covers"


@dataclass(frozen=True, slots=True, order=True)
class Violation:
    """One broken rule: the offending square first, then the neighbour or blocker."""

    rule: RuleId
    squares: tuple[Cell, ...]
    message: str = field(compare=False)
    side: Direction | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": str(self.rule),
            "squares": [str(c) for c in self.squares],
            "side": str(self.side) if self.side else None,
            "message": self.message,
        }

    def __str__(self) -> str:
        where = " ".join(str(c) for c in self.squares)
        side = f" ({self.side})" if self.side else ""
        return f"{self.rule} {where}{side}: {self.message}"


@dataclass(frozen=True)
class Report:
    """The verdict on one ship: every violation, in the spec's order, and the ship's numbers."""

    file: str | None
    board: str
    violations: tuple[Violation, ...]
    stats: ShipStats
    notes: tuple[str, ...] = ()
    rulings: dict[str, object] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def exit_code(self) -> int:
        return 0 if self.legal else 1

    def rules_broken(self) -> list[str]:
        return sorted({str(v.rule) for v in self.violations})

    def to_dict(self) -> dict[str, Any]:
        """Exactly the spec's JSON shape (``trucker validate --json``)."""
        return {
            "file": self.file,
            "board": self.board,
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "rulings": dict(self.rulings),
            "notes": list(self.notes),
            "stats": self.stats.to_dict(),
        }
