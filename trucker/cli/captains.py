"""Captains driven by command-line options: ``--shift``, ``--keep``, ``--no-battery``..."""

from __future__ import annotations

from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.errors import TruckerError
from trucker.core.geometry import Cell, Direction
from trucker.sim.captains import SensibleCaptain

__all__ = ["CommandLineCaptain", "KeepNotFound"]


class KeepNotFound(TruckerError):
    """``--keep SQUARE`` names no square of any piece offered."""


class CommandLineCaptain(SensibleCaptain):
    """The sensible captain, except where the command line answers: a thruster shift happens
    only when ``--shift`` asks for it, and ``--keep`` names the piece to keep."""

    name = "command line"

    def __init__(
        self,
        *,
        shift: Direction | None = None,
        keep: Cell | None = None,
        use_batteries: bool = True,
        use_solar: bool = True,
    ) -> None:
        super().__init__(use_batteries=use_batteries, use_solar=use_solar)
        self.shift = shift
        self.keep = keep
        self.shift_offered = False

    def decide(self, decision: Decision) -> Option:
        if decision.kind is DecisionKind.SHIFT:
            self.shift_offered = True
            wanted = [o for o in decision.options if o.value.direction == self.shift]
            if not wanted:
                wanted = [o for o in decision.options if o.value.direction is None]
            allowed = [o for o in wanted if o in self.allowed(decision)] or wanted
            return min(allowed, key=lambda o: o.value.cost)
        if decision.kind is DecisionKind.KEEP_PIECE and self.keep is not None:
            for option in decision.options:
                if self.keep in option.value.cells:
                    return option
            offered = ", ".join(o.label for o in decision.options)
            raise KeepNotFound(
                f"--keep {self.keep}: no piece offered holds that square ({offered})"
            )
        return super().decide(decision)
