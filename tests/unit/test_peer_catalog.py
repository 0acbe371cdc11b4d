"""Cross-check against another project's tile catalogue (../shared/peer-data, GPL): the file is
read at test time and never copied here. For each catalogued tile, placed beside a starting
cabin on each of its four sides, the validator must treat its connectors as the spec says: the
side touching the cabin's universal connector joins unless it is smooth (then it is a
connector-mismatch and the tile is disconnected), and its other connectors are exposed.

The catalogue's conventions: UP = front, RIGHT, DOWN = rear, LEFT; ZERO/S/D/U for smooth,
single, double, universal; cannons have the barrel UP, engines the exhaust DOWN, shields cover
UP and RIGHT."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SHARED
from tests.helpers import as_lists
from trucker.core.geometry import DIRECTIONS, Cell, Direction
from trucker.formats.load import ship_from_document
from trucker.rules.validate import validate

CATALOGS = sorted(SHARED.glob("peer-data/*/src/main/resources/components.json"))
pytestmark = pytest.mark.skipif(
    not CATALOGS, reason=f"no peer tile catalogue under {SHARED / 'peer-data'}"
)

SIDE = {"UP": Direction.FRONT, "RIGHT": Direction.RIGHT, "DOWN": Direction.REAR,
        "LEFT": Direction.LEFT}  # fmt: skip
CONNECTOR = {"ZERO": "-", "S": "s", "D": "d", "U": "u"}
START = Cell(7, 7)


def _tiles() -> list[dict[str, Any]]:
    if not CATALOGS:
        return []
    return json.loads(Path(CATALOGS[0]).read_text(encoding="utf-8"))


def sides(tile: dict[str, Any]) -> str:
    chars = {SIDE[k]: CONNECTOR[v] for k, v in tile["connectors"].items()}
    return "".join(chars[d] for d in DIRECTIONS)


def entry(tile: dict[str, Any]) -> dict[str, Any]:
    """The catalogued tile as a trucker-ship/1 tile entry (the spec's part table)."""
    kind = tile["type"]
    out: dict[str, Any] = {"sides": sides(tile)}
    match kind:
        case "Battery":
            out |= {"part": "battery", "capacity": int(tile["slots"])}
        case "CargoHold":
            out |= {"part": "cargo", "capacity": int(tile["slots"])}
        case "SpecialCargoHold":
            out |= {"part": "cargo", "capacity": int(tile["slots"]), "red": True}
        case "Cabin":
            out |= {"part": "cabin"}
        case "Pipes":
            out |= {"part": "structure"}
        case "LifeSupport":
            out |= {"part": "life-support", "color": tile["color"].lower()}
        case "Engine":
            double = tile["doublePower"] == "true"
            out |= {"part": "double-engine" if double else "engine", "facing": "rear"}
        case "Cannon":
            double = tile["power"] == "2"
            out |= {"part": "double-cannon" if double else "cannon", "facing": "front"}
        case "Shield":
            covers = [str(SIDE[s]) for s in tile["coveredSides"]]
            out |= {"part": "shield", "covers": covers}
        case _:
            raise AssertionError(f"a catalogue type this test does not know: {kind}")
    return out


TILES = _tiles()


def test_the_catalogue_is_read() -> None:
    assert len(TILES) > 100
    assert {t["type"] for t in TILES} >= {"Cannon", "Engine", "Shield", "Cabin", "Battery"}


@pytest.mark.parametrize("tile", TILES, ids=lambda t: f"{t['type']}-{t['IDComponent']}")
def test_catalogued_tile_beside_a_starting_cabin(tile: dict[str, Any]) -> None:
    spec = entry(tile)
    text = spec["sides"]
    for toward_tile in DIRECTIONS:
        cell = START.step(toward_tile)
        touching = toward_tile.opposite  # the tile's side that faces the cabin
        doc = {
            "format": "trucker-ship/1",
            "board": "III",
            "tiles": {str(START): {"part": "cabin", "start": True}, str(cell): spec},
        }
        report = validate(ship_from_document(doc, "peer.json"))
        found = as_lists(report.violations)
        expected: list[list[str]] = []
        smooth = text[touching.index] == "-"
        facing = spec.get("facing")
        if facing is not None and Direction(facing) is touching:
            rule = "engine-blocked" if "engine" in spec["part"] else "cannon-blocked"
            expected.append([rule, str(cell), str(START)])
        if smooth:
            pair = sorted([cell, START])
            expected.append(["connector-mismatch", *map(str, pair)])
            expected.append(["disconnected", str(cell)])
        assert found == sorted(expected), (toward_tile, text)
        # exposed: the cabin's three free universal connectors, and every connector of the tile
        # except the one facing the cabin (which either joins or meets the cabin)
        others = sum(1 for d in DIRECTIONS if d is not touching and text[d.index] != "-")
        assert report.stats.exposed_connectors == 3 + others, (toward_tile, text)


@pytest.mark.parametrize("tile", TILES, ids=lambda t: f"{t['type']}-{t['IDComponent']}")
def test_functional_sides_are_smooth_in_the_catalogue_too(tile: dict[str, Any]) -> None:
    """The spec: a barrel or exhaust side carries no connector; the catalogue agrees."""
    text = sides(tile)
    if tile["type"] == "Cannon":
        assert text[Direction.FRONT.index] == "-"
    if tile["type"] == "Engine":
        assert text[Direction.REAR.index] == "-"
