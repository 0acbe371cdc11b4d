"""The exact odds of losing each tile to a threat from each side, as a heat map per side
(``trucker exposure --svg``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from trucker.core.geometry import Direction
from trucker.core.ship import Ship
from trucker.render.pictures.board import draw_squares
from trucker.render.pictures.canvas import (
    INK,
    RED,
    SQUARE,
    Panel,
    Picture,
    arrowhead,
    cell_id,
    fmt,
    node,
    square_rect,
    text_width,
    unit_vector,
)
from trucker.render.pictures.labels import Badge, Box, Layout
from trucker.render.pictures.tiles import draw_tiles, tile_boxes
from trucker.render.text import Mark, draw_ship

if TYPE_CHECKING:
    from trucker.sim.exposure import SideExposure

__all__ = ["exposure_svg"]


_HEAT_FULL = Fraction(6, 36)


_HEAT = "#b91c1c"
_SCALE = (Fraction(1, 36), Fraction(2, 36), Fraction(4, 36), Fraction(6, 36))


def _heat(p: Fraction) -> tuple[str, float]:
    """One red, darker as ``p`` grows (none at 0): read by its depth alone, whatever colours a
    reader tells apart."""
    level = float(min(p / _HEAT_FULL, Fraction(1)))
    return _HEAT, (0.2 + 0.6 * level) if p else 0.0


def _draw_scale(parent: ET.Element, x: float, y: float) -> float:
    """The heat map's scale: a swatch per chance, named; returns the y under it."""
    group = node(parent, "g", class_="heat-scale")
    node(group, "text", "chance destroyed:", x=x, y=y + 15, font_size=13, fill=INK)
    left = x + 128
    for p in (Fraction(0), *_SCALE):
        color, opacity = _heat(p)
        node(
            group,
            "rect",
            x=left,
            y=y,
            width=26,
            height=20,
            rx=3,
            fill=color if opacity else "#ffffff",
            fill_opacity=opacity or 1,
            stroke="#94a3b8",
        )
        words = "none" if not p else f"{p.numerator * 36 // p.denominator} in 36"
        if p == _SCALE[-1]:
            words += " or more"
        node(group, "text", words, x=left + 32, y=y + 15, font_size=13, fill=INK)
        left += 32 + text_width(words, 13) + 16
    return y + 28


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _draw_heat(parent: ET.Element, panel: Panel, side: SideExposure, layout: Layout) -> None:
    heat = node(parent, "g", class_="heat")
    for cell in sorted(side.tiles):
        odds = side.tiles[cell]
        if not panel.shows(cell):
            continue
        x, y = panel.xy(cell)
        item = node(
            heat,
            "g",
            id=panel.id(f"heat-{cell_id(cell)}"),
            class_="heat-tile",
            data_square=str(cell),
            data_destroyed=fmt(float(odds.destroyed_unpowered)),
            data_destroyed_powered=fmt(float(odds.destroyed_powered)),
        )
        node(
            item,
            "title",
            f"{cell}: met {_pct(odds.met)}, destroyed {_pct(odds.destroyed_unpowered)} / "
            f"{_pct(odds.destroyed_powered)}, lost {_pct(odds.lost_unpowered)} / "
            f"{_pct(odds.lost_powered)} (without / with batteries)",
        )
        color, opacity = _heat(odds.destroyed_unpowered)
        if opacity:
            square_rect(
                item,
                x,
                y,
                fill=color,
                fill_opacity=opacity,
            )
        if odds.destroyed_unpowered or odds.destroyed_powered:
            layout.badge(
                Badge(
                    f"{_pct(odds.destroyed_unpowered)} / {_pct(odds.destroyed_powered)}",
                    11,
                    INK,
                    "odds",
                    panel.centre(cell),
                    [(x + SQUARE / 2, y + 13)],
                    parent=item,
                    home=Box(x, y, SQUARE, SQUARE),
                )
            )


def _side_arrow(parent: ET.Element, panel: Panel, direction: Direction) -> None:
    """An arrow in the margin, pointing the way threats from ``direction`` travel."""
    ux, uy = unit_vector(direction.opposite)
    width, height = len(panel.cols) * SQUARE, len(panel.rows) * SQUARE
    mid_x, mid_y = panel.left + width / 2, panel.top + height / 2
    centre = {
        Direction.FRONT: (mid_x, panel.top - 36),
        Direction.REAR: (mid_x, panel.top + height + 36),
        Direction.LEFT: (panel.left - 36, mid_y),
        Direction.RIGHT: (panel.left + width + 36, mid_y),
    }[direction]
    arrow = node(parent, "g", class_="side-arrow")
    tip = (centre[0] + ux * 18, centre[1] + uy * 18)
    node(
        arrow,
        "line",
        x1=centre[0] - ux * 18,
        y1=centre[1] - uy * 18,
        x2=tip[0] - ux * 6,
        y2=tip[1] - uy * 6,
        stroke=RED,
        stroke_width=4,
    )
    arrowhead(arrow, tip, (ux, uy), 12, RED)


def exposure_svg(ship: Ship, sides: Sequence[SideExposure]) -> str:
    """A heat map per side: each tile coloured by its chance to be destroyed without batteries,
    with that chance and the one with batteries written on it (exact odds from
    :func:`trucker.sim.encounters.exposure`)."""
    if not sides:
        raise ValueError("exposure_svg needs at least one side")
    kind = sides[0].threat
    title = f"{ship.label} on board {ship.board.id}: exposure to a {kind}, exact odds"
    desc_lines = []
    captions: list[tuple[str, str]] = [
        (
            "the ship greyed, each tile in red as deep as its chance to be destroyed without "
            "batteries; numbers: destroyed without / with batteries",
            "legend",
        )
    ]
    panels = []
    headings = []
    for side in sides:
        panels.append(Panel.sized(ship.board, ship.tiles, prefix=f"{side.direction}-"))
        heading = (
            f"from the {side.direction}: meets {_pct(side.meets)}, loses a tile "
            f"{_pct(side.damage_unpowered)} / {_pct(side.damage_powered)}"
        )
        headings.append(heading)
        captions.append((heading + " (without / with batteries)", "side-odds"))
        marks = {
            cell: Mark("hit", f"{round(100 * odds.destroyed_unpowered):>2}%")
            for cell, odds in side.tiles.items()
            if odds.destroyed_unpowered
        }
        desc_lines.append(heading)
        desc_lines.append(draw_ship(ship, marks=marks).plain())
    picture = Picture(title, "\n".join(desc_lines))
    bottom = picture.place(panels, headings, columns=2)
    for side, panel in zip(sides, panels, strict=True):
        group = node(picture.body, "g", id=panel.id("side"), class_=f"side side-{side.direction}")
        draw_squares(group, panel, ship.hole_squares, tiles=ship.tiles)
        greyed = node(group, "g", class_="greyed", opacity=0.55, filter="saturate(0.1)")
        draw_tiles(greyed, panel, ship.tiles, ship.contents, ship.part_facts)
        layout = Layout(Box(panel.x0, panel.y0, panel.width, panel.height))
        layout.block(tile_boxes(panel, ship.tiles, ship.contents, ship.part_facts))
        _draw_heat(group, panel, side, layout)
        layout.draw(group)
        _side_arrow(group, panel, side.direction)
    bottom = _draw_scale(picture.body, 16, bottom + 4)
    picture.height = max(picture.height, bottom)
    picture.captions(captions, bottom - 6)
    return picture.render()
