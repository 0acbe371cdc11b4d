"""The text reports of one encounter (trucker/render/terminal/encounters.py), read as plain text."""

from __future__ import annotations

from rich.text import Text

from tests.conftest import SCENARIOS
from tests.helpers import ship
from trucker.cli.captains import CommandLineCaptain
from trucker.core.cards import Intruder
from trucker.core.geometry import Cell, Direction
from trucker.core.rulings import Rulings
from trucker.core.threats import Threat, ThreatKind
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.render.terminal.encounters import (
    exposure_lines,
    hit_lines,
    intruder_lines,
    radiation_lines,
)
from trucker.sim import encounters
from trucker.sim.captains import SensibleCaptain

BASE = {
    "7,7": "start",
    "6,7": "pipe s-u-",
    "7,6": "shield -u-- covers=front,left",
    "7,8": "battery ---u capacity=2",
}


def _plain(lines: list[Text]) -> list[str]:
    return [line.plain for line in lines]


def test_a_hit_report_says_what_was_lost_and_draws_the_ship_after() -> None:
    found = encounters.hit(
        ship(BASE),
        Threat.parse("small-meteor front"),
        7,
        captain=SensibleCaptain(use_batteries=False),
        repaired=(Cell(9, 9),),
        rulings=Rulings(armory_reach="adjacent"),
    )
    lines = _plain(hit_lines(found, 12))
    assert lines[0].endswith("board II: small-meteor from the front, roll 7 → column 7")
    assert lines[1] == "rolled with seed 12; rerun with --seed 12"
    assert "vv" in lines[2], "the line's arrow is drawn"
    assert "result: 0 battery tokens spent · lost: 6,7" in lines
    assert "repaired before the hit: 9,9 (counted as lost)" in lines
    assert "the ship after the hit:" in lines
    assert "tiles lost so far: 2 (each costs a credit at the end of the flight)" in lines
    assert lines[-1] == "rulings not at their defaults: armory_reach = adjacent"


def test_a_stopped_hit_has_no_picture_after() -> None:
    found = encounters.hit(ship(BASE), Threat.parse("small-meteor front"), 7)
    lines = _plain(hit_lines(found, None))
    assert not any(line.startswith("rolled with seed") for line in lines)
    assert lines[-1] == "result: stopped by shield · 1 battery token spent · nothing lost"
    assert found.log and any(line.startswith("  1. ") for line in lines)


def _walk() -> encounters.Encounter:
    (card,) = load_deck(SCENARIOS / "intruders" / "small-predator.toml").cards
    assert isinstance(card, Intruder)
    yellow = load_ship(SCENARIOS / "intruders" / "yellow-predator.toml", display="yellow.toml")
    return encounters.intruder(yellow, card, 9, captain=CommandLineCaptain())


def test_an_intruder_report_gives_each_walk_or_every_step() -> None:
    found = _walk()
    short = _plain(intruder_lines(found, None, explain=False, frames=False))
    assert short[0].startswith("yellow.toml  board ")
    assert "  left-hand walk: 9,6 → 9,7 → 9,8 → 8,8 (escaped)" in short
    assert short[-1] == "outcome: escaped · eaten: 2 humans, 3 battery tokens"
    explained = _plain(intruder_lines(found, None, explain=True, frames=False))
    assert not any("-hand walk:" in line for line in explained)
    assert len(explained) > len(short), "every step is narrated"
    frames = _plain(intruder_lines(found, None, explain=False, frames=True))
    assert sum(line.startswith("step ") for line in frames) >= 4


def test_a_radiation_report_names_the_networks_that_explode() -> None:
    network_b = load_ship(SCENARIOS / "radiation" / "network-b.toml", display="b.toml")
    lines = _plain(radiation_lines(encounters.radiation(network_b)))
    assert lines[0].startswith("b.toml  board II: a Radiation Leak (RULES §8.1;")
    assert any(line.startswith("network 1: ") and line.endswith("EXPLODES") for line in lines)
    assert any(line.startswith("after the leak (") for line in lines)
    assert lines[-1] == "1 crew member lost · 4 tiles lost"
    calm = _plain(radiation_lines(encounters.radiation(network_b, spend=[Cell(6, 6)])))
    assert calm[-1] == "1 crew member lost · 0 tiles lost"
    assert not any(line.startswith("after the leak") for line in calm)


def test_an_exposure_report_ranks_the_tiles_it_can_cost() -> None:
    built = ship(BASE)
    sides = encounters.exposure(built, ThreatKind.SMALL_METEOR, sides=[Direction.FRONT])
    lines = _plain(exposure_lines("base.toml", built, ThreatKind.SMALL_METEOR, sides))
    assert lines[0] == (
        "base.toml  board II: exposure to a small-meteor, exact odds over the 36 rolls"
    )
    assert lines[2] == "" and lines[3].startswith("from the front: meets the ship ")
    assert any(line.startswith("  6,7 structure: met ") for line in lines)
