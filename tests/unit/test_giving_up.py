"""When giving up before a card can matter (trucker/sim/giving_up.py), worked by hand from the
rules: giving up keeps credits, half the goods' value and the tiles still aboard (RULES §6.3,
§9.1); a card that can take none of those leaves the ship free to give up before the next card
with the same in hand, so asking before it changes nothing.

Red (scenarios/flights/red.toml) has firepower 2 from its two front single cannons and one
battery token for one double cannon: 2 + 2 = 4 at most (the Czech rulebook's smugglers example,
RULES §10b-1). So an enemy of strength 4 can at worst tie with it; one of strength 5 can beat it.
"""

from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS
from tests.helpers import ship
from trucker.core.cards import (
    AbandonedShip,
    CombatLine,
    CombatTest,
    CombatZone,
    Epidemic,
    Hand,
    Intruder,
    IntruderKind,
    Level,
    MeteorSwarm,
    OpenSpace,
    Penalty,
    PenaltyKind,
    Pirates,
    Planets,
    RadiationLeak,
    Reward,
    Sabotage,
    Slavers,
    Smugglers,
    Stardust,
)
from trucker.core.geometry import Direction
from trucker.core.rulings import Rulings
from trucker.core.threats import Threat
from trucker.formats.load import load_ship
from trucker.sim.giving_up import card_can_cost
from trucker.sim.state import ShipState

RED = ShipState(load_ship(SCENARIOS / "flights" / "red.toml"))
HAULER = ShipState(
    ship(
        {
            "7,7": "start crew=2",
            "7,8": "cargo ---u capacity=2 goods=RY",
            "6,7": "cannon --u- front",
        }
    )
)
"""Firepower 1 (a single front cannon, RULES §4.1), two goods aboard."""

ONE = Level.I
SHOT = (Threat.parse("light-fire front"),)
RULINGS = Rulings()


def _zone(*kinds: PenaltyKind) -> CombatZone:
    lines = tuple(
        CombatLine(CombatTest.CREW, Penalty(k, 2, SHOT if k is PenaltyKind.SHOTS else ()))
        for k in kinds
    )
    return CombatZone(level=ONE, lines=lines)


def _intruder(kind: IntruderKind) -> Intruder:
    fuses = (2,) if kind.places_fuses else ()
    return Intruder(level=ONE, kind=kind, direction=Direction.LEFT, steps=3, hand=Hand.LEFT,
                    fuses=fuses, double=False, reward=Reward(credits=2))  # fmt: skip


@pytest.mark.parametrize(
    ("state", "card", "matters"),
    [
        # days, crew and tokens cost nothing giving up would keep
        (RED, OpenSpace(level=ONE), ""),
        (RED, Stardust(level=ONE), ""),
        (HAULER, Epidemic(level=ONE), ""),
        (HAULER, Planets(level=ONE, planets=("RR",), days=2), ""),
        (HAULER, AbandonedShip(level=ONE, crew=1, credits=3, days=1), ""),
        (RED, Slavers(level=ONE, strength=9, crew=3, credits=5, days=1), ""),
        # Red can always reach 4: a tie with strength 4 does nothing (RULES §6.2)
        (RED, Pirates(level=ONE, strength=4, shots=SHOT, credits=4, days=1), ""),
        (RED, Pirates(level=ONE, strength=5, shots=SHOT, credits=4, days=1),
         "the pirates (strength 5) can beat it and shoot"),
        # smugglers take goods, else battery tokens: Red carries none, the hauler two
        (RED, Smugglers(level=ONE, strength=5, goods=2, reward="RY", days=1), ""),
        (HAULER, Smugglers(level=ONE, strength=5, goods=2, reward="RY", days=1),
         "the smugglers (strength 5) can take its goods"),
        (HAULER, Smugglers(level=ONE, strength=1, goods=2, reward="RY", days=1), ""),
        # ABE hostile enemies shoot the ships they beat (RULES §6.8)
        (RED, Slavers(level=ONE, strength=9, crew=3, credits=5, days=1, shots=SHOT),
         "the slavers (strength 9) can beat it and shoot"),
        (RED, _zone(PenaltyKind.DAYS, PenaltyKind.CREW), ""),
        (RED, _zone(PenaltyKind.DAYS, PenaltyKind.GOODS), ""),
        (HAULER, _zone(PenaltyKind.DAYS, PenaltyKind.GOODS), "the combat zone can take its goods"),
        (RED, _zone(PenaltyKind.CREW, PenaltyKind.SHOTS), "the combat zone can shoot it"),
        (RED, _intruder(IntruderKind.PREDATOR), ""),
        (HAULER, _intruder(IntruderKind.PREDATOR), "the predator can eat its goods"),
        (RED, _intruder(IntruderKind.COMMANDO), "a commando's fuses can destroy tiles"),
        (RED, MeteorSwarm(level=ONE, threats=(Threat.parse("small-meteor front"),)),
         "this card can destroy tiles"),
        (RED, Sabotage(level=ONE), "this card can destroy tiles"),
        (RED, RadiationLeak(level=ONE), "this card can destroy tiles"),
    ],
)  # fmt: skip
def test_what_a_card_can_cost(state: ShipState, card, matters: str) -> None:
    assert card_can_cost(state, card, RULINGS) == matters


def test_fire_on_the_ship_offered_matters_only_under_that_ruling() -> None:
    # ABE abandoned ships under fire (RULES §6.8): by default only the ship that takes it is
    # shot, a choice; ruling under_fire_target = "offered" shoots the ship it is offered to
    card = AbandonedShip(level=ONE, crew=1, credits=3, days=1, shots=SHOT)
    assert card_can_cost(RED, card, RULINGS) == ""
    offered = Rulings(under_fire_target="offered")
    assert card_can_cost(RED, card, offered) == "the fire on the ship offered it can break tiles"
