"""The verdict on one ship: its violations gathered with its numbers, notes and rulings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trucker.rules.stats import ShipStats
from trucker.rules.violations import Violation

__all__ = ["Report"]


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
