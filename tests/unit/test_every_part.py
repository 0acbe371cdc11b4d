"""Every part, end to end: a part added to the game (a :class:`Part` value and its row of
``components_data/parts.toml``) is drawn, checked, hit and weighed like every other, or this
fails. A part missing from a table the program keeps (a symbol, a colour, an icon, what weigh
may try) used to surface only when a user's ship held one (``trucker validate`` exiting 3).

The ship is the part's own example line (``trucker parts``) on board I's start square, alone:
illegal for every part but a starting cabin, which the checks must say without failing.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from tests.helpers import ship as build
from trucker.core.geometry import Cell, Direction
from trucker.core.parts import Part
from trucker.core.threats import Threat, ThreatKind
from trucker.formats.catalogue import parts
from trucker.formats.decks import load_deck
from trucker.formats.ship_file import TILE_MODELS
from trucker.play.changes import PartChoice
from trucker.play.montecarlo import Precision
from trucker.play.weigh import weigh
from trucker.render.pictures import hit_svg, ship_svg
from trucker.render.pictures.value import value_svg
from trucker.render.terminal.encounters import hit_lines
from trucker.render.terminal.reports import report_text
from trucker.render.terminal.weigh import weigh_lines
from trucker.render.text import draw_ship, legend_for
from trucker.rules.validate import validate
from trucker.sim.encounters import hit

pytestmark = pytest.mark.rules("2.2", "2.3", "2.4")

START = Cell(7, 7)
"""Board I's start square, where each part's tile lies."""


def _alone(part: Part) -> dict[str, Any]:
    """The part's example tile (``trucker parts``), moved to the start square."""
    line = TILE_MODELS[str(part)].example
    (entry,) = tomllib.loads(line).values()
    return entry


@pytest.mark.parametrize("part", list(Part))
def test_a_one_tile_ship_of_every_part_is_drawn_checked_and_hit(part: Part) -> None:
    row = parts()[part]
    ship = build({str(START): _alone(part)}, board="I")
    assert ship.tiles[START].part is part

    drawn = draw_ship(ship).plain()
    assert row.look.symbol in drawn
    assert any(row.name in line for line in legend_for([ship]))
    report = validate(ship)
    assert report.legal is (part is Part.CABIN and ship.tiles[START].start)
    assert "".join(str(line) for line in report_text(ship, report))
    picture = ship_svg(ship, report)
    assert f'class="tile part-{part}' in picture and row.look.label in picture

    found = hit(ship, Threat(ThreatKind.LARGE_METEOR, Direction.FRONT), 7)
    assert found.result.impacts[0].hit == START
    assert hit_lines(found, None)
    assert hit_svg(found.before, found.after, found.result).startswith("<svg")


@pytest.mark.parametrize("part", list(Part))
def test_weigh_tries_every_part_beside_a_starting_cabin(part: Part) -> None:
    """Its row says how the part may lie; ``weigh`` adds it where the ship stays legal and
    flies it (a few flights: the numbers are not the point), and draws what it found."""
    cabin = build({str(START): "start"}, board="I")
    deck = load_deck(SCENARIOS / "odds" / "one-small-meteor.toml")
    found = weigh(cabin, deck, parts=[PartChoice(part)], seed=1, precision=Precision(0.5), most=20)
    added = [w for w in found.additions if w.change.tile.part is part]
    assert added, f"weigh found nowhere to add a {part}"
    assert weigh_lines(found, cabin)
    assert value_svg(found, cabin).startswith("<svg")
