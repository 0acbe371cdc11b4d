"""Powering doubles in flight (RULES §2.4, §4.4): the doubles offered are those that can all be
paid for together, and no payment may strand a double the captain chose to power."""

from __future__ import annotations

import pytest

from tests.helpers import ship
from trucker.core.cards import Level, OpenSpace
from trucker.core.decisions import DecisionKind
from trucker.core.rulings import Rulings
from trucker.formats.catalogue import catalogue
from trucker.rules.validate import validate
from trucker.sim.captains import SensibleCaptain
from trucker.sim.run import run_flight
from trucker.sim.table import Table

pytestmark = pytest.mark.rules("2.4", "4.4")


def _declared(layout, policy=None) -> tuple[int, list]:
    built = ship(layout)
    assert validate(built, Rulings()).legal
    log: list = []
    table = Table(log=log, policies=policy)
    run_flight([("A", built)], [OpenSpace(level=Level.I)], Level.I, table, catalogue=catalogue())
    (declared,) = [e for e in log if e.kind == "declared"]
    return declared.value, log


def test_a_panel_reaching_only_the_second_double_still_powers_it() -> None:
    """No battery; the solar panel 6,8 is joined to the double engine 7,8 only. The first double
    in board order (7,6) cannot be paid for, but 7,8 can: engine power 2, not 0 and a give-up."""
    value, log = _declared(
        {
            "7,7": "start",
            "7,6": "double-engine -u-- rear",
            "7,8": "double-engine u--u rear",
            "6,8": "solar-panel --u-",
        }
    )
    assert value == 2
    assert not [e for e in log if e.kind == "gave-up"]


class _GreedyPayer(SensibleCaptain):
    """Powers every double, and pays with the panel 6,7 whenever it is offered."""

    def decide(self, decision):
        if decision.kind is DecisionKind.POWER_ENGINES:
            return decision.options[-1]
        if decision.kind is DecisionKind.PAY:
            wanted = [o for o in decision.options if "6,7" in o.label]
            return wanted[0] if wanted else decision.options[0]
        return super().decide(decision)


def test_paying_never_strands_a_chosen_double() -> None:
    """Panel 6,7 reaches both double engines, panel 5,6 only 6,6. Paying for 6,6 with 6,7 would
    leave 6,8 with no power, so 6,7 is not offered for 6,6: both run, engine power 4."""
    value, log = _declared(
        {
            "7,7": "start",
            "6,6": "double-engine uu-- rear",
            "6,8": "double-engine ---u rear",
            "6,7": "solar-panel -uuu",
            "5,6": "solar-panel --u-",
        },
        _GreedyPayer(),
    )
    assert value == 4
    spent = {e.square: e.purpose for e in log if e.kind == "spent"}
    assert spent == {"5,6": "double engine 6,6", "6,7": "double engine 6,8"}
