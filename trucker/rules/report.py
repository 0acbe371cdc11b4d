"""The verdict on one ship: its violations gathered with its numbers, notes and rulings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trucker.core.notebook import picture
from trucker.core.ship import Ship
from trucker.rules.notes import PartNote
from trucker.rules.stats import ShipStats
from trucker.rules.violations import Violation

__all__ = ["Report"]


@dataclass(frozen=True)
class Report:
    """The verdict on one ship: every violation, in the spec's order, and the ship's numbers;
    notes on the board, and on parts that do nothing where they stand (``part_notes``).

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "broken-hauler.toml")
    >>> report = trucker.validate(ship)
    >>> report.legal, len(report.violations), str(report.violations[0].rule)
    (False, 9, 'alien-no-life-support')
    >>> report._repr_svg_().startswith("<svg")  # what a notebook shows
    True
    """

    file: str | None
    board: str
    violations: tuple[Violation, ...]
    stats: ShipStats
    notes: tuple[str, ...] = ()
    rulings: dict[str, object] = field(default_factory=dict)
    part_notes: tuple[PartNote, ...] = ()
    ship: Ship | None = field(default=None, repr=False, compare=False)
    """The ship the verdict is on, when the report was made from one (:func:`validate`)."""

    def __repr__(self) -> str:
        verdict = "legal" if self.legal else f"{len(self.violations)} violation(s)"
        return f"<Report {self.file or 'ship'!r} on {self.board}: {verdict}>"

    def __str__(self) -> str:
        """The verdict, then one line per violation (the rule, its squares and the problem).

        >>> from trucker.formats.catalogue import scenarios_root
        >>> from trucker.formats.load import load_ship
        >>> from trucker.rules.validate import validate
        >>> print(validate(load_ship(scenarios_root() / "ships" / "broken-hauler.toml",
        ...                          display="broken-hauler.toml")))  # doctest: +ELLIPSIS
        broken-hauler.toml on board II: illegal, 9 violations
          alien-no-life-support 8,8: brown alien without connected brown life support
          ...
        """
        name = self.file or "ship"
        if self.legal:
            return f"{name} on board {self.board}: legal"
        count = len(self.violations)
        lines = [f"{name} on board {self.board}: illegal, {count} violation{'s' * (count != 1)}"]
        lines.extend(f"  {v}" for v in self.violations)
        return "\n".join(lines)

    @property
    def legal(self) -> bool:
        return not self.violations

    def _repr_svg_(self) -> str | None:
        """The ship with its violations marked, as a notebook shows the report."""
        return None if self.ship is None else picture("ship_svg", self.ship, self)

    @property
    def exit_code(self) -> int:
        return 0 if self.legal else 1

    def rules_broken(self) -> list[str]:
        return sorted({str(v.rule) for v in self.violations})

    def to_dict(self) -> dict[str, Any]:
        """The spec's JSON shape (``trucker validate --json``), extended: ``part_notes``, and
        ``could_join`` on a disconnected tile's violation."""
        return {
            "file": self.file,
            "board": self.board,
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "rulings": dict(self.rulings),
            "notes": list(self.notes),
            "stats": self.stats.to_dict(),
            "part_notes": [n.to_dict() for n in self.part_notes],
        }
