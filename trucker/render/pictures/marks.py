"""Marks on a board's squares that any picture may draw: an outline, a small tag."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from trucker.core.geometry import Cell
from trucker.render.pictures.canvas import Panel, node, square_rect, text_width

__all__ = ["square_outline", "square_tag"]


def square_outline(
    parent: ET.Element,
    panel: Panel,
    cell: Cell,
    color: str,
    *,
    inset: float,
    width: float,
    dash: str | None = None,
    cls: str = "outline",
) -> None:
    x, y = panel.xy(cell)
    square_rect(
        parent,
        x,
        y,
        inset=inset,
        fill="none",
        stroke=color,
        stroke_width=width,
        stroke_dasharray=dash,
        class_=cls,
        data_square=str(cell),
    )


def square_tag(
    parent: ET.Element,
    text: str,
    x: float,
    y: float,
    color: str,
    *,
    size: float = 9,
    anchor_centre: bool = True,
    cls: str = "tag",
) -> None:
    """A small label on a white background; (x, y) is its top centre (or top left)."""
    width = text_width(text, size) + 6
    left = x - width / 2 if anchor_centre else x
    node(
        parent,
        "rect",
        x=left,
        y=y,
        width=width,
        height=size + 4,
        rx=2,
        fill="#ffffff",
        fill_opacity=0.9,
        stroke=color,
        stroke_width=1,
        class_=f"{cls}-box",
    )
    node(
        parent,
        "text",
        text,
        x=left + width / 2,
        y=y + size + 0.5,
        font_size=size,
        fill=color,
        text_anchor="middle",
        class_=cls,
    )
