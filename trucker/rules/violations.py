"""What a check returns: a broken rule's id, its squares and one line saying what is wrong."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from trucker.core.geometry import Cell, Direction

__all__ = ["RuleId", "Violation", "JoinHint"]


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


@dataclass(frozen=True)
class JoinHint:
    """Where a disconnected tile could join the ship (RULES §3.1 item 6): ``how`` is
    ``touching`` (it touches these tiles of the ship without joining them), ``through`` (it
    hangs on these tiles of its piece, which touch the ship), ``fill`` (a tile on these empty
    squares would join it, or its piece, to the ship) or ``none``."""

    how: str
    squares: tuple[Cell, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"how": self.how, "squares": [str(c) for c in self.squares]}


@dataclass(frozen=True, order=True)
class Violation:
    """One broken rule: the offending square first, then the neighbour or blocker. A
    disconnected tile also says where it could join (``hint``, ``could_join`` in JSON)."""

    rule: RuleId
    squares: tuple[Cell, ...]
    message: str = field(compare=False)
    side: Direction | None = field(default=None, compare=False)
    hint: JoinHint | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rule": str(self.rule),
            "squares": [str(c) for c in self.squares],
            "side": str(self.side) if self.side else None,
            "message": self.message,
        }
        if self.hint is not None:
            out["could_join"] = self.hint.to_dict()
        return out

    def __str__(self) -> str:
        where = " ".join(str(c) for c in self.squares)
        side = f" ({self.side})" if self.side else ""
        return f"{self.rule} {where}{side}: {self.message}"
