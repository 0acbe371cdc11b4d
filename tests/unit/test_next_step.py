"""The intruder's next step, the one copy of the turn rule (RULES §7.2), worked by hand; the
walk's events carry the tries it made, and a walk's pictures read the same tries from an older
log that does not carry them.

Headings are the sides a walker moves towards: ``front`` is the top of the board. Turning left
while heading right faces the front; turning right while heading right faces the rear.
"""

from __future__ import annotations

import tomllib

import pytest

from tests.conftest import SCENARIOS
from tests.golden.test_intruder_cases import FOLDER, _card
from trucker.cli.captains import CommandLineCaptain
from trucker.core.cards import Hand
from trucker.core.events import Walked
from trucker.core.geometry import Cell, Direction
from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.render.pictures.story import tries, walk_story
from trucker.sim.intruders import NextStep, intrude, next_step
from trucker.sim.state import ShipState
from trucker.sim.table import Table

FRONT, RIGHT, REAR, LEFT = Direction.FRONT, Direction.RIGHT, Direction.REAR, Direction.LEFT
HERE, AHEAD, ABOVE, BELOW, BEHIND = (Cell(7, 7), Cell(7, 8), Cell(6, 7), Cell(8, 7), Cell(7, 6))
CASES = tomllib.loads((SCENARIOS / "intruders" / "cases.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("joined", "hand", "previous", "expect"),
    [
        # heading right with a joined tile above: the left hand turns left into it first
        ({ABOVE: FRONT, AHEAD: RIGHT}, Hand.LEFT, BEHIND, NextStep("left", FRONT, ABOVE, ())),
        # the right hand tries the rear first (nothing there), then straight on
        ({ABOVE: FRONT, AHEAD: RIGHT}, Hand.RIGHT, BEHIND,
         NextStep("straight", RIGHT, AHEAD, ("right",))),
        # only the tile below: left and straight find nothing, it turns right
        ({BELOW: REAR, BEHIND: LEFT}, Hand.LEFT, BEHIND,
         NextStep("right", REAR, BELOW, ("left", "straight"))),
        # a dead end: back to the tile it came from, every side tried
        ({BEHIND: LEFT}, Hand.LEFT, BEHIND,
         NextStep("back", LEFT, BEHIND, ("left", "straight", "right"))),
        # a dead end on the landing tile: it leaves the ship
        ({BEHIND: LEFT}, Hand.RIGHT, None, None),
    ],
)  # fmt: skip
def test_next_step(joined, hand, previous, expect) -> None:
    assert next_step(joined, RIGHT, hand, previous) == expect


def test_going_back_out_of_the_landing_tile_is_a_ruling() -> None:
    # ruling landing_dead_end = "back" (RULES §10): back out through the side it came in by
    found = next_step({BEHIND: LEFT}, RIGHT, Hand.LEFT, None, back_from_landing=True)
    assert found == NextStep("back", LEFT, BEHIND, ("left", "straight", "right"))
    assert next_step({}, RIGHT, Hand.LEFT, None, back_from_landing=True) is None


def _walked(case: dict) -> tuple[ShipState, list]:
    ship = load_ship(FOLDER / case["ship"])
    shift = Direction.parse(case["shift"]) if "shift" in case else None
    captain = CommandLineCaptain(shift=shift, activate_robots=case.get("activate_robots", False))
    table = Table(rulings=Rulings(**case.get("rulings", {})), policies=captain, log=[])
    intrude(table, ShipState.from_ship(ship), _card(case), case["roll"])
    return ship, table.log or []


@pytest.mark.parametrize("case", CASES["case"], ids=[c["name"] for c in CASES["case"]])
def test_each_walked_event_carries_its_tries(case) -> None:
    # the hand-worked walks of scenarios/intruders/cases.toml: every step's tries are the
    # hand's order before the move (all three before a way back), and the log's words agree
    ship, log = _walked(case)
    order = {"left": ("left", "straight", "right"), "right": ("right", "straight", "left")}
    for event in (e for e in log if isinstance(e, Walked)):
        mine = order[event.hand]
        if event.move == "landed":
            assert event.tried == ()
        elif event.move == "back":
            assert event.tried == mine
        else:
            assert event.tried == mine[: mine.index(event.move)]
            for move in event.tried:
                assert move in event.why or event.why.startswith(f"the {event.hand}-hand rule")
    # a log that does not carry them (written before they were) gives the pictures the same
    older = [e.replace(tried=None) if isinstance(e, Walked) else e for e in log]
    if any(isinstance(e, Walked) for e in log) and any(e.kind == "landed" for e in log):
        new, old = walk_story(ship, log), walk_story(ship, older)
        for hand in new.visits:
            assert [tries(v) for v in old.visits[hand]] == [tries(v) for v in new.visits[hand]]
