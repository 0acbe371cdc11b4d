"""A tile on its own (the shipyard's tile in hand, its palette): drawn as a ship picture draws
it, with no board around it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping

from trucker.core.boards import Board
from trucker.core.geometry import Cell
from trucker.core.parts import Part, PartInfo
from trucker.core.ship import EMPTY, Contents, Tile
from trucker.formats.catalogue import parts
from trucker.render.pictures.canvas import SQUARE, Panel, fmt
from trucker.render.pictures.tiles import draw_tile, tile_words

__all__ = ["tile_svg"]

_PAD = 6
_HERE = Cell(0, 0)
_SPOT = Board(
    id="hand",
    name="a tile in hand",
    level=0,
    source="none",
    squares=frozenset({_HERE}),
    start=Cell(-9, -9),
)
"""One square to draw on: a tile in hand lies on no board."""


def tile_svg(
    tile: Tile, held: Contents = EMPTY, facts: Mapping[Part, PartInfo] | None = None
) -> str:
    """The tile as a ship picture draws it (its part, connectors, barrel or exhaust, nozzles,
    shield arcs, armor, what it holds), on a square of its own; titled in words. Its part's
    row is from ``facts`` (a ship's own), else the packaged catalogue."""
    row = (parts() if facts is None else facts)[tile.part]
    panel = Panel(_SPOT, range(0, 1), range(0, 1), 0.0, 0.0)
    left, top = panel.xy(_HERE)
    size = SQUARE + 2 * _PAD
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"{fmt(left - _PAD)} {fmt(top - _PAD)} {fmt(size)} {fmt(size)}",
            "width": fmt(size),
            "height": fmt(size),
            "role": "img",
            "font-family": "DejaVu Sans, Verdana, Arial, sans-serif",
            "class": "tile-picture",
        },
    )
    ET.SubElement(root, "title").text = tile_words(tile, held, row.look)
    draw_tile(root, panel, _HERE, tile, held, row)
    return ET.tostring(root, encoding="unicode")
