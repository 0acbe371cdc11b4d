"""Every shipped captain by the name ``--policy`` takes: the plain ones and the expert."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trucker.core.decisions import Policy
from trucker.sim.captains import CAPTAINS as PLAIN
from trucker.sim.captains import SensibleCaptain
from trucker.sim.expert import ExpertCaptain

__all__ = ["CAPTAINS", "captain"]

CAPTAINS: dict[str, type[SensibleCaptain]] = {**PLAIN, "expert": ExpertCaptain}
"""The shipped captains, by name: sensible, cautious, greedy, expert."""


def captain(name: str, options: Mapping[str, Any] | None = None) -> Policy:
    """A new captain of this name (the sensible one for a name it does not know), with its
    options (the expert's effort, objective and seed)."""
    return CAPTAINS.get(name, SensibleCaptain)(**dict(options or {}))
