"""The file model, ``trucker-ship/1`` (trucker/formats/ship_file.py): shapes a single tile can
check about itself (the spec's "The file", "sides", "Parts" and "Values")."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from tests.helpers import tile
from trucker.core.geometry import Connector, Direction
from trucker.formats.ship_file import TILE_MODELS, ShipFile, tile_keys


def model(entry: str | dict[str, Any], **top: Any) -> ShipFile:
    doc: dict[str, Any] = {"format": "trucker-ship/1", "board": "II", "tiles": {"7,8": tile(entry)}}
    doc.update(top)
    return ShipFile.model_validate(doc)


def problems(entry: str | dict[str, Any]) -> list[str]:
    with pytest.raises(ValidationError) as info:
        model(entry)
    return [e["msg"] for e in info.value.errors()]


def test_every_part_of_the_spec_has_a_model() -> None:
    assert set(TILE_MODELS) == {
        "cabin", "structure", "battery", "cargo", "engine", "double-engine", "cannon",
        "double-cannon", "shield", "life-support", "hybrid-life-support", "solar-panel",
        "thruster", "router", "robot-center", "turret", "armory", "luxury-cabin",
        "stasis-chamber",
    }  # fmt: skip


@pytest.mark.parametrize(("text", "sides"), [("s-du", "s-du"), ("1023", "s-du"), ("SDU-", "sdu-")])
def test_sides_accept_chars_and_digits(text: str, sides: str) -> None:
    entry = model({"part": "structure", "sides": text})
    parsed = entry.tiles["7,8"].sides
    assert "".join(c.char for c in parsed) == sides
    assert all(isinstance(c, Connector) for c in parsed)


def test_directions_accept_short_forms_and_store_long_ones() -> None:
    entry = model("shield s--- covers=N,e")
    assert entry.tiles["7,8"].covers == [Direction.FRONT, Direction.RIGHT]


@pytest.mark.parametrize(
    ("entry", "fragment"),
    [
        ("cannon s--- front", "front side carries the barrel"),
        ("double-cannon -s-- right", "right side carries the barrel"),
        ("engine --u- rear", "rear side carries the exhaust"),
        ("double-engine --d- rear", "rear side carries the exhaust"),
        ("thruster ---u nozzles=left,front", "left side carries a nozzle"),
        ("thruster u--- nozzles=left,front", "front side carries a nozzle"),
        ("pipe u--- armor=front", "front side carries armor"),
        ("battery -s-- capacity=2 armor=right", "right side carries armor"),
    ],
)
def test_functional_sides_must_be_smooth(entry: str, fragment: str) -> None:
    assert any(fragment in p for p in problems(entry))


def test_armor_may_lie_on_a_barrel_side() -> None:
    """The spec: armor may lie on a barrel, exhaust or nozzle side."""
    assert model("cannon --s- front armor=front").tiles["7,8"].armor == [Direction.FRONT]


@pytest.mark.parametrize(
    ("entry", "fragment"),
    [
        ("start sides=uusu", 'the starting cabin is "uuuu"'),
        ("cabin", "only the starting cabin may omit it"),
        ("cabin uuuu crew=1 alien=brown", "crew and alien together"),
        ("cargo ---u capacity=1", "plain hold of 1"),
        ("cargo ---u capacity=4", "plain hold of 4"),
        ("cargo ---u capacity=3 red=true", "red hold of 3"),
        ("cargo ---u capacity=2 goods=RX", "unknown goods letter"),
        ("battery ---u capacity=4", "Input should be 2 or 3"),
        ("battery ---u capacity=1", "Input should be 2 or 3"),
        ("shield ---u covers=front", "two different directions"),
        ("shield ---u covers=front,front", "two different directions"),
        ("shield ---u covers=front,right,rear", "two different directions"),
        ("thruster ---- nozzles=front,rear", "perpendicular"),
        ("thruster ---- nozzles=left,left", "two different directions"),
        ("hybrid-life-support ---u colors=brown,brown", "two different colours"),
        ("pipe ---u armor=left,left", "armored twice"),
        ({"part": "structure", "sides": "--u"}, "expected 4 characters"),
        ({"part": "structure", "sides": "--x-"}, "not a connector"),
        ("cannon --s- up", "not a direction"),
    ],
)
def test_bad_tiles(entry: str | dict[str, Any], fragment: str) -> None:
    assert any(fragment in p for p in problems(entry)), problems(entry)


@pytest.mark.parametrize(
    "entry",
    [
        {"part": "cabin", "sides": "uuuu", "crew": "2"},
        {"part": "cabin", "sides": "uuuu", "crew": 1.5},
        {"part": "cabin", "sides": "uuuu", "crew": -1},
        {"part": "cabin", "sides": "uuuu", "crew": True},
        {"part": "battery", "sides": "uuuu", "capacity": 2, "charge": -1},
        {"part": "stasis-chamber", "sides": "uuuu", "sleepers": -2},
        {"part": "stasis-chamber", "sides": "uuuu", "sleepers": 2.0},
        {"part": "robot-center", "sides": "uuuu", "active": "yes"},
        {"part": "cargo", "sides": "uuuu", "capacity": 2, "red": 1},
        {"part": "life-support", "sides": "uuuu", "color": "green"},
        {"part": "structure", "sides": "uuuu", "sdies": "uuuu"},
        {"part": "battery", "sides": "uuuu", "capacity": 2.0},
        {"part": "battery", "sides": "uuuu", "capacity": "3"},
        {"part": "battery", "sides": "uuuu", "capacity": True},
        {"part": "cargo", "sides": "uuuu", "capacity": 3.0},
    ],
)
def test_wrong_types_negative_numbers_and_unknown_keys(entry: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        model(entry)


def test_out_of_range_contents_are_accepted_by_the_model() -> None:
    """3 crew, 4 charge in a 3-battery, 5 sleepers, 4 goods in a 3-hold, red goods in a plain
    hold: the violation `overloaded`, not bad input (the spec's Values)."""
    for entry in (
        "cabin uuuu crew=3",
        "battery uuuu capacity=3 charge=4",
        "stasis-chamber uuuu sleepers=5",
        "cargo uuuu capacity=3 goods=RYGB",
        "cargo uuuu capacity=2 goods=R",
    ):
        model(entry)


@pytest.mark.parametrize(
    "top",
    [
        {"format": "trucker-ship/2"},
        {"loadout": "full"},
        {"holes": [1]},
        {"holes": [1, 2, 3]},
        {"holes": [0, 3]},
        {"holes": [3, 7]},
        {"insured": "yes"},
        {"name": 3},
        {"board": 2},
        {"colour": "red"},
    ],
)
def test_bad_top_level_keys(top: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        model("pipe ---u", **top)


def test_tile_keys_for_hints() -> None:
    assert "sides" in tile_keys("structure")
    assert "facing" in tile_keys("cannon")
    assert tile_keys("nonsense") == ["part"]


def test_schema_describes_the_file() -> None:
    schema = ShipFile.model_json_schema()
    assert set(schema["required"]) == {"format", "board", "tiles"}
    assert "sides" in str(schema)
