"""One encounter against a built ship (trucker/sim/encounters.py): the values the single-encounter
commands report from, and their refusals."""

from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS
from tests.helpers import ship
from trucker.cli.captains import CommandLineCaptain
from trucker.core.cards import Intruder
from trucker.core.geometry import Cell, Direction
from trucker.core.threats import Threat, ThreatKind
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.sim import encounters
from trucker.sim.captains import SensibleCaptain

# A Class II ship: starting cabin, a pipe with an exposed connector in front, a shield covering
# front and left, a battery.
BASE = {
    "7,7": "start",
    "6,7": "pipe s-u-",
    "7,6": "shield -u-- covers=front,left",
    "7,8": "battery ---u capacity=2",
}
NO_BATTERIES = SensibleCaptain(use_batteries=False)


def _predator() -> Intruder:
    (card,) = load_deck(SCENARIOS / "intruders" / "small-predator.toml").cards
    assert isinstance(card, Intruder)
    return card


def test_a_hit_that_destroys_a_tile_keeps_the_ship_before_and_after() -> None:
    built = ship(BASE)
    found = encounters.hit(built, Threat.parse("small-meteor front"), 7, captain=NO_BATTERIES)
    assert found.result.lost == [Cell(6, 7)]
    assert Cell(6, 7) in found.before.tiles and Cell(6, 7) not in found.after.tiles
    assert found.lost == (Cell(6, 7),) and found.lost_here == [Cell(6, 7)]
    assert "destroyed" in [e.kind for e in found.log]
    assert Cell(6, 7) in built.tiles, "the built ship is a value: never changed"


def test_a_repair_counts_as_lost_before_the_hit() -> None:
    repaired = (Cell(9, 9),)
    found = encounters.hit(
        ship(BASE), Threat.parse("small-meteor front"), 7, captain=NO_BATTERIES, repaired=repaired
    )
    assert found.repaired == repaired
    assert found.lost == (Cell(9, 9), Cell(6, 7))
    assert found.lost_here == [Cell(6, 7)]


def test_a_shielded_hit_spends_a_battery_and_loses_nothing() -> None:
    found = encounters.hit(ship(BASE), Threat.parse("small-meteor front"), 7)
    assert found.result.impacts[0].stopped_by == "shield"
    assert found.after.contents[Cell(7, 8)].charge == found.before.contents[Cell(7, 8)].charge - 1
    assert found.lost == ()


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        (Direction.FRONT, "a front shift does not move the ship off a line from the front"),
        (Direction.LEFT, "no thruster can move the ship left (it needs a nozzle pointing right)"),
    ],
)
def test_a_shift_the_ship_cannot_make_is_refused_before_the_hit(
    moves: Direction, reason: str
) -> None:
    with pytest.raises(encounters.CannotShift) as exc:
        encounters.hit(ship(BASE), Threat.parse("small-meteor front"), 7, shift=moves)
    assert exc.value.reason == reason


def test_an_intruder_walks_and_eats_by_its_hand() -> None:
    """The walkthrough's small predator on Yellow's ship, roll 9 (the captain shifts only when
    told to, as on the command line)."""
    yellow = load_ship(SCENARIOS / "intruders" / "yellow-predator.toml")
    found = encounters.intruder(yellow, _predator(), 9, captain=CommandLineCaptain())
    (walk,) = found.result.walks
    assert walk.path == [Cell(9, 6), Cell(9, 7), Cell(9, 8), Cell(8, 8)]
    assert found.result.outcome == "escaped"
    eaten = {e.square: (e.humans, e.tokens) for e in found.result.eaten}
    assert eaten == {Cell(9, 7): (0, 3), Cell(9, 8): (2, 0)}
    assert found.after.contents[Cell(9, 7)].charge == 0 < found.before.contents[Cell(9, 7)].charge
    assert [e.kind for e in found.log].count("walked") == 4


def test_an_intruder_shift_needs_crew_or_is_refused() -> None:
    yellow = load_ship(SCENARIOS / "intruders" / "yellow-predator.toml")
    with pytest.raises(encounters.CannotShift, match="does not move the ship off a line"):
        encounters.intruder(yellow, _predator(), 9, shift=Direction.LEFT)


def test_radiation_spends_tokens_first_then_leaks() -> None:
    network_b = load_ship(SCENARIOS / "radiation" / "network-b.toml")
    plain = encounters.radiation(network_b)
    assert [n.explodes for n in plain.result.plan.networks] == [True]
    assert len(plain.lost_here) == 4
    spent = encounters.radiation(network_b, spend=[Cell(6, 6)])
    assert spent.before.contents[Cell(6, 6)].charge == network_b.contents[Cell(6, 6)].charge - 1
    assert [n.explodes for n in spent.result.plan.networks] == [False, False]
    assert spent.lost_here == [] and spent.result.plan.exposed == ((Cell(7, 7), "human"),)


@pytest.mark.parametrize(
    ("spend", "reason"),
    [
        ([Cell(4, 4)], "no battery there"),
        ([Cell(6, 6)] * 4, "that battery holds no token left to spend"),
    ],
)
def test_radiation_refuses_a_token_that_is_not_there(spend: list[Cell], reason: str) -> None:
    network_b = load_ship(SCENARIOS / "radiation" / "network-b.toml")
    with pytest.raises(encounters.CannotSpend) as exc:
        encounters.radiation(network_b, spend=spend)
    assert exc.value.reason == reason and exc.value.cell == spend[-1]


def test_radiation_reads_the_squares_to_spend_one_at_a_time() -> None:
    network_b = load_ship(SCENARIOS / "radiation" / "network-b.toml")
    read: list[Cell] = []

    def squares():
        for cell in (Cell(4, 4), Cell(6, 6)):
            read.append(cell)
            yield cell

    with pytest.raises(encounters.CannotSpend):
        encounters.radiation(network_b, spend=squares())
    assert read == [Cell(4, 4)]


def test_exposure_gives_each_side_asked_for() -> None:
    built = ship(BASE)
    sides = encounters.exposure(built, ThreatKind.SMALL_METEOR, sides=[Direction.FRONT])
    assert [s.direction for s in sides] == [Direction.FRONT]
    assert sides[0].meets > 0 and Cell(6, 7) in sides[0].tiles
    assert sides[0].damage_powered < sides[0].damage_unpowered, "the shield covers the front"
