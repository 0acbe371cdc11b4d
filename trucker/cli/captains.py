"""Captains driven by command-line options: ``--shift``, ``--keep``, ``--activate-robots``,
``--no-battery``..."""

from __future__ import annotations

from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.errors import TruckerError
from trucker.core.geometry import Cell, Direction
from trucker.sim.captains import SensibleCaptain
from trucker.sim.robots import Activation

__all__ = ["CommandLineCaptain", "KeepNotFound"]


class KeepNotFound(TruckerError):
    """``--keep SQUARE`` names no square of any piece offered."""


class CommandLineCaptain(SensibleCaptain):
    """The sensible captain, except where the command line answers: a thruster shift happens
    only when ``--shift`` asks for it, robots are woken to work its thruster only with
    ``--activate-robots``, and ``--keep`` names the piece to keep."""

    name = "command line"

    def __init__(
        self,
        *,
        shift: Direction | None = None,
        keep: Cell | None = None,
        activate_robots: bool = False,
        use_batteries: bool = True,
        use_solar: bool = True,
    ) -> None:
        super().__init__(use_batteries=use_batteries, use_solar=use_solar)
        self.shift = shift
        self.keep = keep
        self.activate_robots = activate_robots

    def _would_shift(self, activation: Activation) -> bool:
        """Wake robots for a thruster only when asked to, for the shift asked for."""
        return self.activate_robots and any(
            s.direction is not None and s.direction == self.shift for s in activation.shifts
        )

    def decide(self, decision: Decision) -> Option:
        if decision.kind is DecisionKind.SHIFT:
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
