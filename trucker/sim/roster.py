"""Every shipped captain by the name ``--policy`` takes: the plain ones and the expert."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trucker.core.decisions import Decision, Option, Policy
from trucker.sim.captains import CAPTAINS as PLAIN
from trucker.sim.captains import ScriptedPolicy, SensibleCaptain
from trucker.sim.expert import ExpertCaptain
from trucker.sim.stepping import FlightState

__all__ = ["CAPTAINS", "captain", "scripted"]

CAPTAINS: dict[str, type[SensibleCaptain]] = {**PLAIN, "expert": ExpertCaptain}
"""The shipped captains, by name: sensible, cautious, greedy, expert."""


def captain(name: str, options: Mapping[str, Any] | None = None) -> Policy:
    """A new captain of this name (the sensible one for a name it does not know), with its
    options (the expert's effort, objective and seed)."""
    return CAPTAINS.get(name, SensibleCaptain)(**dict(options or {}))


class _ScriptedSearcher(ScriptedPolicy):
    """A script in front of a captain that searches (``fly --choices ... --policy expert``):
    the script's answers while it has them, then the expert looks ahead as it would alone."""

    def __init__(self, answers: list[str], fallback: ExpertCaptain) -> None:
        super().__init__(answers, fallback=fallback, lenient=True)
        self._searcher = fallback

    def fork(self) -> _ScriptedSearcher:
        twin = _ScriptedSearcher(self._answers, self._searcher)
        twin._next = self._next
        return twin

    def search(self, state: FlightState, decision: Decision) -> Option:
        before = self._next
        option = self.decide(decision)
        if self._next > before:
            return option
        return self._searcher.search(state, decision)


def scripted(answers: list[str], fallback: Policy) -> Policy:
    """A ship's scripted choices, then its captain (searching, when it is the expert)."""
    if isinstance(fallback, ExpertCaptain):
        return _ScriptedSearcher(answers, fallback)
    return ScriptedPolicy(answers, fallback=fallback, lenient=True)
