"""The canvas every picture is drawn on: sizes, colours, number format, the SVG element
helpers, a board panel (where each square sits) and a picture (title, panels, captions, the
plain-text description).

Pictures are built with the standard library (:mod:`xml.etree.ElementTree`). Every one carries a
``<title>``, and a ``<desc>`` holding the plain-text drawing, so that screen readers (and tests)
can read it without parsing shapes; numbers are written with one fixed format and iteration is
sorted, so the same input always gives the same bytes.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from trucker.core.boards import Board
from trucker.core.geometry import Cell, Direction
from trucker.core.parts import Family

__all__ = [
    "INSET",
    "ROTATE",
    "FILL",
    "GOODS",
    "ALIENS",
    "INK",
    "RED",
    "GREEN",
    "SEAM",
    "GOLD",
    "fmt",
    "node",
    "cell_id",
    "point_list",
    "arrowhead",
    "unit_vector",
    "text_width",
    "Panel",
    "Picture",
    "SQUARE",
    "WALKER_COLORS",
    "LABEL_SIZE",
]


SQUARE = 88
INSET = 4
LABEL_SIZE = 12
"""A part's label, in picture units: at least 16 px when a walk is projected at 1920×1080."""
_MARGIN = 64
_TITLE_HEIGHT = 40
_LINE_HEIGHT = 20
_CAPTION_SIZE = 14
_TITLE_SIZE = 17
_GAP = 32
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

WALKER_COLORS = {"left": "#d55e00", "right": "#0072b2"}
ROTATE = {Direction.FRONT: 0, Direction.RIGHT: 90, Direction.REAR: 180, Direction.LEFT: 270}
FILL = {
    Family.CREW: ("#dcfce7", "#15803d"),
    Family.POWER: ("#fef9c3", "#a16207"),
    Family.CARGO: ("#dbeafe", "#1d4ed8"),
    Family.ENGINE: ("#fae8ff", "#a21caf"),
    Family.WEAPON: ("#fee2e2", "#b91c1c"),
    Family.SHIELD: ("#cffafe", "#0e7490"),
    Family.OTHER: ("#f1f5f9", "#475569"),
}
"""A tile's fill and outline, by its part's colour family (its row's ``draw.family``)."""
GOODS = {"R": "#dc2626", "Y": "#facc15", "G": "#16a34a", "B": "#2563eb"}
ALIENS = {"brown": "#92400e", "purple": "#7e22ce", "cyan": "#06b6d4"}
INK = "#1e293b"
RED = "#dc2626"
GREEN = "#16a34a"
SEAM = "#0891b2"
GOLD = "#ca8a04"

_STYLE = """
.step.current .marker { stroke: #facc15; stroke-width: 4; }
.step.current .route { stroke-width: 5; }
.future { display: none; }
.lost-mark line { stroke-linecap: round; }
"""


# -- small helpers -------------------------------------------------------------------------


def fmt(value: float) -> str:
    """One fixed number format: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: Mapping[str, object]) -> dict[str, str]:
    out = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = fmt(value) if isinstance(value, int | float) else str(value)
    return out


def node(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    element = ET.SubElement(parent, tag, _attrs(attrs))
    if text is not None:
        element.text = text
    return element


def square_rect(
    parent: ET.Element, x: float, y: float, *, inset: float = INSET, **style: object
) -> ET.Element:
    """The rounded square drawn ``inset`` inside the square whose corner is ``x, y``: a
    tile's body, an outline, a mark over a lost tile or a square's value."""
    side = SQUARE - 2 * inset
    return node(
        parent, "rect", None, x=x + inset, y=y + inset, width=side, height=side, rx=6, **style
    )


def cell_id(cell: Cell) -> str:
    return f"{cell.row}-{cell.col}"


def point_list(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)


def arrowhead(
    parent: ET.Element, tip: tuple[float, float], unit: tuple[float, float], size: float, fill: str
) -> ET.Element:
    """A filled triangle whose tip is ``tip``, pointing along ``unit``."""
    (x, y), (ux, uy) = tip, unit
    bx, by = x - ux * size, y - uy * size
    px, py = -uy * size * 0.55, ux * size * 0.55
    return node(
        parent,
        "polygon",
        points=point_list([(x, y), (bx + px, by + py), (bx - px, by - py)]),
        fill=fill,
        class_="arrowhead",
    )


def unit_vector(direction: Direction) -> tuple[float, float]:
    return {
        Direction.FRONT: (0.0, -1.0),
        Direction.RIGHT: (1.0, 0.0),
        Direction.REAR: (0.0, 1.0),
        Direction.LEFT: (-1.0, 0.0),
    }[direction]


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """A width estimate for laying out labels (no font metrics in the standard library):
    DejaVu Sans averages 0.58 em a character, 0.66 in bold, and symbols (✓, ✗, ×) are wider."""
    wide = sum(1 for c in text if ord(c) > 127)
    return (len(text) * (0.66 if bold else 0.58) + wide * 0.3) * size


# -- the picture and its panels --------------------------------------------------------------

_NEAR = 2
"""Squares off the board this close to it are drawn (the text drawing's margin too)."""


def _near(board: Board, cell: Cell) -> bool:
    return (
        board.rows[0] - _NEAR <= cell.row <= board.rows[-1] + _NEAR
        and board.cols[0] - _NEAR <= cell.col <= board.cols[-1] + _NEAR
    )


@dataclass
class Panel:
    """One board drawn at an origin: where each square lies."""

    board: Board
    rows: range
    cols: range
    x0: float
    y0: float
    prefix: str = ""

    @classmethod
    def sized(cls, board: Board, cells: Iterable[Cell], prefix: str = "") -> Panel:
        """The board and the cells near it: as in the text drawing, a tile far off the board
        (``"7,99999999"``) is left out rather than stretching the picture to it."""
        every = set(board.squares) | {c for c in cells if _near(board, c)}
        rows = range(min(c.row for c in every), max(c.row for c in every) + 1)
        cols = range(min(c.col for c in every), max(c.col for c in every) + 1)
        return cls(board, rows, cols, 0.0, 0.0, prefix)

    def holds(self, cell: Cell) -> bool:
        """The cell is one of the panel's squares."""
        return cell.row in self.rows and cell.col in self.cols

    @classmethod
    def around(cls, board: Board, cells: Iterable[Cell], prefix: str = "") -> Panel:
        """A panel cropped to the squares ``cells`` span (the board's own squares beyond them
        left out), so that the ship fills the picture."""
        every = set(cells) or set(board.squares)
        rows = range(min(c.row for c in every), max(c.row for c in every) + 1)
        cols = range(min(c.col for c in every), max(c.col for c in every) + 1)
        return cls(board, rows, cols, 0.0, 0.0, prefix)

    @property
    def width(self) -> float:
        return len(self.cols) * SQUARE + 2 * _MARGIN

    @property
    def height(self) -> float:
        return len(self.rows) * SQUARE + 2 * _MARGIN

    @property
    def left(self) -> float:
        return self.x0 + _MARGIN

    @property
    def top(self) -> float:
        return self.y0 + _MARGIN

    def xy(self, cell: Cell) -> tuple[float, float]:
        return (
            self.left + (cell.col - self.cols[0]) * SQUARE,
            self.top + (cell.row - self.rows[0]) * SQUARE,
        )

    def centre(self, cell: Cell) -> tuple[float, float]:
        x, y = self.xy(cell)
        return x + SQUARE / 2, y + SQUARE / 2

    def edge(self, cell: Cell, side: Direction, along: float = 0.0) -> tuple[float, float]:
        """The middle of one side of a square, moved ``along`` the side."""
        cx, cy = self.centre(cell)
        ux, uy = unit_vector(side)
        return cx + ux * SQUARE / 2 - uy * along, cy + uy * SQUARE / 2 + ux * along

    def shows(self, cell: Cell) -> bool:
        return cell.row in self.rows and cell.col in self.cols

    def id(self, name: str) -> str:
        return f"{self.prefix}{name}"


class Picture:
    """An SVG document: title, description, a stylesheet, panels and caption lines."""

    def __init__(self, title: str, desc: str) -> None:
        self.title = title
        self.desc = desc
        self.root = ET.Element("svg")
        self.body = ET.Element("g", {"class": "picture"})
        self.width = 0.0
        self.height = 0.0

    def place(
        self, panels: Sequence[Panel], headings: Sequence[str] = (), columns: int = 0
    ) -> float:
        """Put panels under the title, ``columns`` to a row (all in one row by default);
        return the y under them."""
        columns = columns or len(panels)
        y = float(_TITLE_HEIGHT)
        for start in range(0, len(panels), columns):
            row = panels[start : start + columns]
            y += 24 if headings else 0
            x = 0.0
            for i, panel in enumerate(row, start):
                panel.x0, panel.y0 = x, y
                if i < len(headings) and headings[i]:
                    node(
                        self.body,
                        "text",
                        headings[i],
                        x=x + 16,
                        y=y - 4,
                        font_size=14,
                        font_weight="bold",
                        fill=INK,
                        class_="panel-heading",
                    )
                    self.width = max(self.width, x + 32 + text_width(headings[i], 14))
                x += panel.width + _GAP
            self.width = max(self.width, x - _GAP)
            y += max(p.height for p in row)
        self.height = max(self.height, y)
        return y

    def captions(self, lines: Sequence[tuple[str, str]], y: float) -> None:
        """Caption lines (text, class) under the panels, each wrapped to the panels' width
        (a long line never widens the picture and so shrinks its labels)."""
        group = node(self.body, "g", id="captions")
        room = max(40, int((max(self.width, 480) - 32) / (_CAPTION_SIZE * 0.58)))
        row = 0
        for line, cls in lines:
            for part in textwrap.wrap(line, room, break_on_hyphens=False) or [""]:
                row += 1
                node(
                    group,
                    "text",
                    part,
                    x=16,
                    y=y + row * _LINE_HEIGHT,
                    font_size=_CAPTION_SIZE,
                    fill=RED if "bad" in cls else INK,
                    class_=f"caption {cls}".strip(),
                )
        self.width = max(self.width, 480)
        self.height = max(self.height, y + row * _LINE_HEIGHT + 16)

    def render(self) -> str:
        width, height = self.width, self.height
        self.root.attrib.update(
            _attrs(
                {
                    "xmlns": "http://www.w3.org/2000/svg",
                    "viewBox": f"0 0 {fmt(width)} {fmt(height)}",
                    "width": width,
                    "height": height,
                    "role": "img",
                    "aria-labelledby": "svg-title svg-desc",
                    "font-family": _FONT,
                }
            )
        )
        node(self.root, "title", self.title, id="svg-title")
        node(self.root, "desc", self.desc, id="svg-desc")
        node(self.root, "style", _STYLE)
        room = max(30, int((width - 32) / (_TITLE_SIZE * 0.6)))
        heading = textwrap.wrap(self.title, room, break_on_hyphens=False) or [""]
        extra = (len(heading) - 1) * 22
        if extra:
            height += extra
            self.root.set("viewBox", f"0 0 {fmt(width)} {fmt(height)}")
            self.root.set("height", fmt(height))
            self.body.set("transform", f"translate(0 {fmt(extra)})")
        node(self.root, "rect", x=0, y=0, width=width, height=height, fill="#ffffff")
        title = node(
            self.root,
            "text",
            heading[0] if len(heading) == 1 else None,
            x=16,
            y=26,
            font_size=_TITLE_SIZE,
            font_weight="bold",
            fill=INK,
            class_="title",
        )
        if len(heading) > 1:
            for i, part in enumerate(heading):
                node(title, "tspan", part, x=16, dy=0 if i == 0 else 22)
        self.root.append(self.body)
        ET.indent(self.root, space=" ")
        return ET.tostring(self.root, encoding="unicode") + "\n"
