"""The robots' offer against an intruder weighs "no shift" on the ship as it stands (RULES §2.4,
§7): once one robot center has been woken and paid for, the next center's "no shift" is the walk
on that ship, not on the ship as it was before the first was woken."""

from __future__ import annotations

import trucker
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.geometry import Cell
from trucker.formats.load import ship_from_document
from trucker.sim.captains import SensibleCaptain
from trucker.sim.intruders import _preview
from trucker.sim.state import ShipState
from trucker.sim.table import Table

# Two robot centers, each joined to a thruster that could shift the ship away from a predator
# coming from the left along row 7; a battery beside each.
TILES = {
    "6,7": {"part": "battery", "sides": "ssss", "capacity": 2},
    "6,8": {"part": "thruster", "sides": "--ss", "nozzles": ["front", "right"]},
    "7,7": {"part": "cabin", "start": True},
    "7,8": {"part": "robot-center", "sides": "ssss"},
    "8,6": {"part": "thruster", "sides": "ss--", "nozzles": ["rear", "left"]},
    "8,7": {"part": "robot-center", "sides": "ssss"},
    "8,8": {"part": "battery", "sides": "ssss", "capacity": 2},
}


class Watching(SensibleCaptain):
    """The sensible captain, noting each robots' offer's "no shift" preview and answer."""

    def __init__(self) -> None:
        super().__init__()
        self.offers: list[tuple[str, object, str]] = []

    def decide(self, decision: Decision) -> Option:
        chosen = super().decide(decision)
        if decision.kind is DecisionKind.ACTIVATE_ROBOTS and len(decision.options) > 1:
            woken = decision.options[1].value
            if woken.shifts:
                stay = woken.shifts[0].outcome
                self.offers.append((str(woken.center), stay, chosen.label))
        return chosen


def test_the_second_centers_no_shift_is_the_walk_on_the_ship_as_it_stands() -> None:
    document = {"format": "trucker-ship/1", "name": "Robots Both Ways", "board": "III",
                "tiles": TILES}  # fmt: skip
    ship = ship_from_document(document, "robots.toml")
    assert trucker.rules.validate.is_legal(ship)
    (card,) = trucker.load_deck(
        trucker.scenarios_root() / "intruders" / "small-predator.toml"
    ).cards
    captain = Watching()
    trucker.intruder(ship, card, 7, captain=captain)
    (first, first_stay, first_answer), (second, second_stay, _) = captain.offers
    assert (first, second) == ("7,8", "8,7")
    assert first_answer.startswith("activate robots 7,8 with battery 6,7")
    # the ship as it stands at the second offer: 7,8 awake, one token of 6,7 spent for it
    now = ShipState.from_ship(ship)
    battery, center = Cell(6, 7), Cell(7, 8)
    now.set(battery, now.contents[battery]._replace(charge=now.contents[battery].charge - 1))
    now.set(center, now.contents[center].with_active(True))
    rolled = trucker.sim.intruders.read_roll(ship.board, card.direction, 7)
    assert second_stay == _preview(Table(), now, card)(rolled)
    assert second_stay != first_stay
