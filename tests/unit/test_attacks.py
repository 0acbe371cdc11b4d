"""The attack engine, one rule at a time (RULES §5, §2.4)."""

from __future__ import annotations

import pytest

from tests.helpers import ship
from trucker.core.decisions import DecisionKind
from trucker.core.geometry import Cell
from trucker.core.rulings import Rulings
from trucker.core.threats import Line, Threat
from trucker.sim.attacks import attack, why_no_shift
from trucker.sim.captains import ScriptedPolicy, SensibleCaptain
from trucker.sim.state import ShipState
from trucker.sim.table import Table

pytestmark = pytest.mark.rules("5")

# A Class II ship: starting cabin, a shield covering front and left, a battery.
BASE = {
    "7,7": "start",
    "6,7": "pipe s-u-",
    "7,6": "shield -u-- covers=front,left",
    "7,8": "battery ---u capacity=2",
}


def fly(tiles: dict, threat: str, roll, **table) -> tuple:
    state = ShipState.from_ship(ship(tiles))
    log: list = []
    result = attack(Table(log=log, **table), state, Threat.parse(threat), roll)
    return result, state, log


def test_small_meteor_bounces_off_a_smooth_side_for_free() -> None:
    result, _, _ = fly(BASE, "small-meteor right", 7)
    assert result.impacts[0].hit == Cell(7, 8)
    assert result.impacts[0].stopped_by == "smooth"
    assert result.batteries_used == 0


def test_exposed_connector_shielded_with_a_battery() -> None:
    result, state, log = fly(BASE, "small-meteor front", 7)
    assert result.impacts[0].stopped_by == "shield"
    assert result.batteries_used == 1
    assert state.contents[Cell(7, 8)].charge == 1
    assert [e.kind for e in log].count("decided") == 1


def test_no_battery_no_shield() -> None:
    result, state, _ = fly(
        BASE, "small-meteor front", 7, policies=SensibleCaptain(use_batteries=False)
    )
    assert result.lost == [Cell(6, 7)]
    assert Cell(6, 7) not in state.tiles


def test_shield_only_covers_its_sides() -> None:
    tiles = dict(BASE, **{"8,7": "pipe us--"})
    result, _, _ = fly(tiles, "small-meteor rear", 7)
    assert result.impacts[0].hit == Cell(8, 7)
    assert result.lost == [], "the rear side of 8,7 is smooth"
    result, _, _ = fly(tiles, "small-meteor right", 8)
    assert result.lost == [Cell(8, 7)], "the shield covers front and left, not right"


def test_light_fire_ignores_smooth_sides_but_not_shields() -> None:
    result, _, _ = fly(BASE, "light-fire left", 7)
    assert result.impacts[0].hit == Cell(7, 6)
    assert result.impacts[0].stopped_by == "shield"


def test_heavy_fire_goes_through_shields() -> None:
    result, _, _ = fly(BASE, "heavy-fire front", 7)
    assert result.lost == [Cell(6, 7)]
    assert result.batteries_used == 0


def test_armor_stops_anything_on_its_side_only() -> None:
    tiles = dict(BASE, **{"6,7": "pipe --u- armor=front"})
    assert fly(tiles, "heavy-fire front", 7)[0].impacts[0].stopped_by == "armor"
    tiles = dict(BASE, **{"6,7": "pipe --u- armor=left"})
    assert fly(tiles, "heavy-fire front", 7)[0].lost == [Cell(6, 7)]


def test_large_meteor_single_cannon_free_double_paid() -> None:
    single = dict(BASE, **{"6,8": "cannon --s- front", "7,8": "battery s--u capacity=2"})
    result, _, _ = fly(single, "large-meteor front", 8)
    assert result.impacts[0].stopped_by == "cannon"
    assert result.batteries_used == 0
    double = dict(BASE, **{"6,8": "double-cannon --s- front", "7,8": "battery s--u capacity=2"})
    result, _, _ = fly(double, "large-meteor front", 8)
    assert (result.impacts[0].stopped_by, result.batteries_used) == ("cannon", 1)


def test_large_meteor_from_the_side_same_or_adjacent_row() -> None:
    tiles = dict(BASE, **{"8,7": "cannon u--- left"})
    for roll, stopped in ((6, None), (7, "cannon"), (8, "cannon"), (9, None)):
        result, _, _ = fly(tiles, "large-meteor left", roll)
        assert result.impacts[0].stopped_by == stopped, roll


def test_rear_large_meteor_ruling_flips_at_the_adjacent_column() -> None:
    """RULES §10 #12: a rear cannon one column over covers the meteor by default only."""
    tiles = dict(BASE, **{"8,7": "pipe u--s", "8,6": "cannon -s-- rear"})
    default, _, _ = fly(tiles, "large-meteor rear", 7)
    assert default.impacts[0].stopped_by == "cannon"
    rulings = Rulings(rear_large_meteor="same-column")
    strict, _, _ = fly(tiles, "large-meteor rear", 7, rulings=rulings)
    assert strict.destroyed == [Cell(8, 7)]
    assert strict.lost == [Cell(8, 6), Cell(8, 7)], "the cannon hung from 8,7 and falls off"


def test_solar_panel_powers_once_per_card() -> None:
    """RULES §2.4: the panel powers the shield once; the next use needs a battery."""
    tiles = dict(BASE, **{"8,6": "solar-panel s---", "7,6": "shield -u-s covers=front,left"})
    tiles["7,6"] = "shield -us- covers=front,left"
    state = ShipState.from_ship(ship(tiles))
    table = Table()
    first = attack(table, state, Threat.parse("small-meteor front"), 7)
    assert first.solar_used == [Cell(8, 6)] and first.batteries_used == 0
    second = attack(table, state, Threat.parse("small-meteor front"), 7)
    assert second.solar_used == [] and second.batteries_used == 1
    state.new_card()
    third = attack(table, state, Threat.parse("small-meteor front"), 7)
    assert third.solar_used == [Cell(8, 6)]


def test_breaking_ship_keeps_the_chosen_piece() -> None:
    tiles = {"7,7": "start", "7,8": "pipe -u-u", "7,9": "cabin -s-u"}
    policy = ScriptedPolicy(["keep piece at 7,9"])
    result, state, _ = fly(tiles, "heavy-fire front", 8, policies=policy)
    assert result.destroyed == [Cell(7, 8)]
    assert set(state.tiles) == {Cell(7, 9)}
    assert result.lost == [Cell(7, 7), Cell(7, 8)]


def test_cabinless_pieces_ruling() -> None:
    """RULES §10 #13: auto-discard does not offer pieces without a cabin."""
    tiles = {"7,7": "start", "7,8": "pipe -u-u", "7,9": "battery ---u capacity=2"}
    asked: list = []

    class Recorder(SensibleCaptain):
        def decide(self, decision):
            if decision.kind is DecisionKind.KEEP_PIECE:
                asked.append([o.label for o in decision.options])
            return super().decide(decision)

    fly(tiles, "heavy-fire front", 8, policies=Recorder())
    fly(
        tiles,
        "heavy-fire front",
        8,
        policies=Recorder(),
        rulings=Rulings(cabinless_pieces="auto-discard"),
    )
    assert asked == [["keep piece at 7,7", "keep piece at 7,9"], ["keep piece at 7,7"]]


def test_alien_leaves_with_its_life_support() -> None:
    tiles = {
        "7,7": "start",
        "7,8": "cabin ---u alien=purple",
        "6,8": "life-support --s- color=purple",
    }
    tiles["7,8"] = "cabin s--u alien=purple"
    result, state, log = fly(tiles, "heavy-fire front", 8)
    assert result.destroyed == [Cell(6, 8)]
    assert state.contents[Cell(7, 8)].alien is None
    assert "alien-lost" in [e.kind for e in log]


def test_thruster_crew_ruling_for_meteors() -> None:
    """RULES §10 #5: by default a thruster needs no crew against meteors."""
    tiles = dict(
        BASE, **{"7,8": "battery -s-u capacity=2", "7,9": "thruster ---s nozzles=right,rear"}
    )
    state = ShipState.from_ship(ship(tiles))
    line = Line(Threat.parse("small-meteor front").direction, 7)
    from trucker.core.geometry import Direction

    assert why_no_shift(state, line, Direction.LEFT, needs_crew=False) is None
    assert "crew" in why_no_shift(state, line, Direction.LEFT, needs_crew=True)
    crewless = Rulings(thruster_crew_for_meteors=True)
    result, _, log = fly(tiles, "small-meteor front", 7, rulings=crewless)
    assert result.shift is None and "shift" not in [getattr(e, "decision", "") for e in log]
