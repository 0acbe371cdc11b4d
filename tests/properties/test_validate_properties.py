"""Properties of the validator over random layouts on every board (STYLE §6.13 item 4)."""

from __future__ import annotations

import tomllib
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.layouts import MIRROR_AXES, layouts, mirror, mirror_cell
from trucker.core.geometry import Cell, Direction
from trucker.core.ship import Ship
from trucker.formats.load import ship_from_document
from trucker.formats.write import dumps_ship
from trucker.rules.report import Report
from trucker.rules.validate import validate
from trucker.rules.violations import RuleId, Violation

pytestmark = [pytest.mark.slow, pytest.mark.rules("3.1")]


def build(doc: dict[str, Any]) -> Ship:
    return ship_from_document(doc, "random.toml")


@settings(max_examples=120, deadline=None)
@given(doc=layouts())
def test_validate_never_raises_and_is_deterministic(doc: dict[str, Any]) -> None:
    ship = build(doc)
    first = validate(ship)
    assert first.to_dict() == validate(ship).to_dict()
    assert first.exit_code in (0, 1)
    assert first.legal is (first.violations == ())
    assert list(first.violations) == sorted(first.violations)
    flight = validate(ship, flight=True)
    skipped = {RuleId.NO_START_CABIN, RuleId.START_SQUARE, RuleId.DISCONNECTED}
    assert list(flight.violations) == [v for v in first.violations if v.rule not in skipped]


@settings(max_examples=100, deadline=None)
@given(doc=layouts(), data=st.data())
def test_verdict_does_not_depend_on_tile_order(doc: dict[str, Any], data: st.DataObject) -> None:
    items = data.draw(st.permutations(list(doc["tiles"].items())))
    shuffled = {**doc, "tiles": dict(items)}
    assert validate(build(doc)).to_dict() == validate(build(shuffled)).to_dict()


@settings(max_examples=100, deadline=None)
@given(doc=layouts())
def test_written_layouts_read_back_the_same(doc: dict[str, Any]) -> None:
    ship = build(doc)
    again = ship_from_document(tomllib.loads(dumps_ship(ship)), "again.toml")
    assert dict(again.tiles) == dict(ship.tiles)
    assert validate(again).violations == validate(ship).violations


# --- mirror images ---------------------------------------------------------------------------

_SWAP = {
    Direction.LEFT: Direction.RIGHT,
    Direction.RIGHT: Direction.LEFT,
    Direction.FRONT: Direction.FRONT,
    Direction.REAR: Direction.REAR,
}
FIRST_BY_LOWEST = {RuleId.ALIEN_DUPLICATE, RuleId.EXTRA_START_CABIN}
"""Rules whose second square is "the first" by lowest (row, col): not mirror-invariant one by
one, so they are compared as a count and the set of all their squares."""
ORDERED = {
    RuleId.ENGINE_FACING,
    RuleId.ENGINE_BLOCKED,
    RuleId.CANNON_BLOCKED,
    RuleId.THRUSTER_BLOCKED,
}
"""Rules whose squares are (tile, blocker) and whose side is the tile's facing or nozzle."""


def _mirrored(v: Violation, axis: int) -> tuple[Cell, ...]:
    return tuple(mirror_cell(c, axis) for c in v.squares)


def comparable(report: Report, axis: int | None) -> Counter[object]:
    """Violations in a mirror-comparable form (mirrored first when ``axis`` is given)."""
    out: Counter[object] = Counter()
    grouped: dict[RuleId, list[Violation]] = {}
    for v in report.violations:
        squares = _mirrored(v, axis) if axis is not None else v.squares
        side = _SWAP[v.side] if (axis is not None and v.side is not None) else v.side
        if v.rule in FIRST_BY_LOWEST:
            grouped.setdefault(v.rule, []).append(v)
        elif v.rule in ORDERED:
            out[(v.rule, squares, side)] += 1
        elif v.rule is RuleId.CONNECTOR_MISMATCH:
            assert side is not None
            a, b = squares
            # the side named is that of the first square; the other square faces the opposite way
            out[(v.rule, frozenset({(a, side), (b, side.opposite)}))] += 1
        else:
            out[(v.rule, frozenset(squares))] += 1
    for rule, found in grouped.items():
        squares = {
            (mirror_cell(c, axis) if axis is not None else c) for v in found for c in v.squares
        }
        out[(rule, len(found), frozenset(squares))] += 1
    return out


@settings(max_examples=120, deadline=None)
@given(doc=layouts(boards=tuple(MIRROR_AXES)))
def test_mirror_image_gets_the_mirror_verdict(doc: dict[str, Any]) -> None:
    """On the symmetric boards a ship and its mirror image get mirror-image verdicts."""
    axis = MIRROR_AXES[doc["board"]]
    report = validate(build(doc))
    image = validate(build(mirror(doc)))
    assert comparable(image, None) == comparable(report, axis)
    assert report.legal is image.legal
    a, b = report.stats.to_dict(), image.stats.to_dict()
    for key in (
        "tiles", "exposed_connectors", "humans", "aliens", "batteries", "firepower",
        "engine_power", "cargo_slots", "goods", "crew_for_comparison", "armed_crew",
        "turret_pairs", "solar_panels",
    ):  # fmt: skip
        assert a[key] == b[key], key
    assert {_SWAP[Direction(d)] for d in a["shield_sides"]} == set(b["shield_sides"])
    assert {_SWAP[Direction(d)] for d in a["thruster_shifts"]} == set(b["thruster_shifts"])


def test_mirror_of_a_known_ship() -> None:
    """A hand check of the helper: a right-facing cannon on 7,8 becomes a left-facing one on
    7,6 with its sides swapped."""
    doc = {
        "format": "trucker-ship/1",
        "board": "II",
        "tiles": {"7,7": {"part": "cabin", "start": True},
                  "7,8": {"part": "cannon", "sides": "s--u", "facing": "right"}},
    }  # fmt: skip
    assert mirror(doc)["tiles"]["7,6"] == {"part": "cannon", "sides": "su--", "facing": "left"}
    assert mirror(mirror(doc)) == doc
