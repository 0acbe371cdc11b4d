"""SVG pictures of ships, hits, exposure and intruder walks, built with the standard library.

Like :mod:`trucker.render.text`, this module draws what the engine already decided: ships
(:class:`~trucker.core.ship.Ship`), reports (:class:`~trucker.rules.report.Report`), attack results,
exposure odds and intruder results. It never computes a rule. Every picture carries a
``<title>``, and a ``<desc>`` holding the plain-text drawing, so that screen readers (and
tests) can read it without parsing shapes. Ids and classes are stable (``id="tile-7-8"``,
``class="violation cannon-blocked"``, ``class="step step-3"``), iteration is sorted and numbers
are written with one fixed format, so the same input always gives the same bytes.

>>> from trucker.formats.catalogue import find_board, parts
>>> from trucker.core.ship import Ship
>>> svg = ship_svg(Ship(find_board("I"), {}, contents={}, part_facts=parts()))
>>> svg.startswith("<svg") and 'id="square-7-7"' in svg
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from trucker.core.boards import Board
from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction
from trucker.core.parts import Part
from trucker.core.ship import Contents, Ship, Tile
from trucker.render.text import LOST, PART_STYLE, Mark, draw_ship

if TYPE_CHECKING:
    from trucker.core.threats import Line
    from trucker.rules.report import Report
    from trucker.sim.attacks import AttackResult
    from trucker.sim.exposure import SideExposure
    from trucker.sim.intruders import Eaten, IntruderResult, Step, Walk

__all__ = [
    "ship_svg",
    "hit_svg",
    "exposure_svg",
    "walk_svg",
    "after_svg",
    "walk_title",
    "outcome_lines",
    "WALKER_COLORS",
    "SQUARE",
]

SQUARE = 88
"""Side of one board square, in SVG user units."""
_INSET = 4
_MARGIN = 64
_TITLE_HEIGHT = 40
_LINE_HEIGHT = 18
_GAP = 32
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

WALKER_COLORS = {"left": "#d55e00", "right": "#0072b2"}
"""The left-hand walker in vermilion, the right-hand one in blue (Okabe-Ito: safe for the
common colour-blindnesses; the two also differ in shape, circles and squares)."""

_ROTATE = {Direction.FRONT: 0, Direction.RIGHT: 90, Direction.REAR: 180, Direction.LEFT: 270}
_FILL = {
    "crew": ("#dcfce7", "#15803d"),
    "power": ("#fef9c3", "#a16207"),
    "cargo": ("#dbeafe", "#1d4ed8"),
    "engine": ("#fae8ff", "#a21caf"),
    "weapon": ("#fee2e2", "#b91c1c"),
    "shield": ("#cffafe", "#0e7490"),
    "other": ("#f1f5f9", "#475569"),
}
_NAMES = {
    Part.CABIN: "cabin",
    Part.STRUCTURE: "structure",
    Part.BATTERY: "battery",
    Part.CARGO: "hold",
    Part.ENGINE: "engine",
    Part.DOUBLE_ENGINE: "2× engine",
    Part.CANNON: "cannon",
    Part.DOUBLE_CANNON: "2× cannon",
    Part.SHIELD: "shield",
    Part.LIFE_SUPPORT: "life sup.",
    Part.HYBRID_LIFE_SUPPORT: "hybrid LS",
    Part.SOLAR_PANEL: "solar",
    Part.THRUSTER: "thruster",
    Part.ROUTER: "router",
    Part.ROBOT_CENTER: "robots",
    Part.TURRET: "turret",
    Part.ARMORY: "armory",
    Part.LUXURY_CABIN: "luxury",
    Part.STASIS_CHAMBER: "stasis",
}
_GOODS = {"R": "#dc2626", "Y": "#facc15", "G": "#16a34a", "B": "#2563eb"}
_ALIENS = {"brown": "#92400e", "purple": "#7e22ce", "cyan": "#06b6d4"}
_INK = "#1e293b"
_RED = "#dc2626"
_GREEN = "#16a34a"
_SEAM = "#0891b2"
_GOLD = "#ca8a04"

_STYLE = """
.step.current .marker { stroke: #facc15; stroke-width: 4; }
.step.current .route { stroke-width: 5; }
.future { display: none; }
.lost-mark line { stroke-linecap: round; }
"""


# -- small helpers -------------------------------------------------------------------------


def _n(value: float) -> str:
    """One fixed number format: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: Mapping[str, object]) -> dict[str, str]:
    out = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = _n(value) if isinstance(value, int | float) else str(value)
    return out


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    element = ET.SubElement(parent, tag, _attrs(attrs))
    if text is not None:
        element.text = text
    return element


def _cell_id(cell: Cell) -> str:
    return f"{cell.row}-{cell.col}"


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _arrowhead(
    parent: ET.Element, tip: tuple[float, float], unit: tuple[float, float], size: float, fill: str
) -> ET.Element:
    """A filled triangle whose tip is ``tip``, pointing along ``unit``."""
    (x, y), (ux, uy) = tip, unit
    bx, by = x - ux * size, y - uy * size
    px, py = -uy * size * 0.55, ux * size * 0.55
    return _el(
        parent,
        "polygon",
        points=_points([(x, y), (bx + px, by + py), (bx - px, by - py)]),
        fill=fill,
        class_="arrowhead",
    )


def _unit(direction: Direction) -> tuple[float, float]:
    return {
        Direction.FRONT: (0.0, -1.0),
        Direction.RIGHT: (1.0, 0.0),
        Direction.REAR: (0.0, 1.0),
        Direction.LEFT: (-1.0, 0.0),
    }[direction]


def _text_width(text: str, size: float) -> float:
    """A width estimate for laying out labels (no font metrics in the standard library)."""
    return len(text) * size * 0.58


# -- the picture and its panels --------------------------------------------------------------


@dataclass
class _Panel:
    """One board drawn at an origin: where each square lies."""

    board: Board
    rows: range
    cols: range
    x0: float
    y0: float
    prefix: str = ""

    @classmethod
    def sized(cls, board: Board, cells: Iterable[Cell], prefix: str = "") -> _Panel:
        every = set(board.squares) | set(cells)
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
        ux, uy = _unit(side)
        return cx + ux * SQUARE / 2 - uy * along, cy + uy * SQUARE / 2 + ux * along

    def shows(self, cell: Cell) -> bool:
        return cell.row in self.rows and cell.col in self.cols

    def id(self, name: str) -> str:
        return f"{self.prefix}{name}"


class _Picture:
    """An SVG document: title, description, a stylesheet, panels and caption lines."""

    def __init__(self, title: str, desc: str) -> None:
        self.title = title
        self.desc = desc
        self.root = ET.Element("svg")
        self.body = ET.Element("g", {"class": "picture"})
        self.width = 0.0
        self.height = 0.0

    def place(
        self, panels: Sequence[_Panel], headings: Sequence[str] = (), columns: int = 0
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
                    _el(
                        self.body,
                        "text",
                        headings[i],
                        x=x + 16,
                        y=y - 4,
                        font_size=14,
                        font_weight="bold",
                        fill=_INK,
                        class_="panel-heading",
                    )
                    self.width = max(self.width, x + 32 + _text_width(headings[i], 14))
                x += panel.width + _GAP
            self.width = max(self.width, x - _GAP)
            y += max(p.height for p in row)
        self.height = max(self.height, y)
        return y

    def captions(self, lines: Sequence[tuple[str, str]], y: float) -> None:
        """Caption lines (text, class) under the panels."""
        group = _el(self.body, "g", id="captions")
        for i, (line, cls) in enumerate(lines):
            _el(
                group,
                "text",
                line,
                x=16,
                y=y + (i + 1) * _LINE_HEIGHT,
                font_size=13,
                fill=_RED if "bad" in cls else _INK,
                class_=f"caption {cls}".strip(),
            )
            self.width = max(self.width, 32 + _text_width(line, 13))
        self.height = max(self.height, y + len(lines) * _LINE_HEIGHT + 16)

    def render(self) -> str:
        width, height = self.width, self.height
        self.root.attrib.update(
            _attrs(
                {
                    "xmlns": "http://www.w3.org/2000/svg",
                    "viewBox": f"0 0 {_n(width)} {_n(height)}",
                    "width": width,
                    "height": height,
                    "role": "img",
                    "aria-labelledby": "svg-title svg-desc",
                    "font-family": _FONT,
                }
            )
        )
        _el(self.root, "title", self.title, id="svg-title")
        _el(self.root, "desc", self.desc, id="svg-desc")
        _el(self.root, "style", _STYLE)
        _el(self.root, "rect", x=0, y=0, width=width, height=height, fill="#ffffff")
        _el(
            self.root,
            "text",
            self.title,
            x=16,
            y=26,
            font_size=17,
            font_weight="bold",
            fill=_INK,
            class_="title",
        )
        self.root.append(self.body)
        ET.indent(self.root, space=" ")
        return ET.tostring(self.root, encoding="unicode") + "\n"


# -- the board -------------------------------------------------------------------------------


def _draw_board(
    parent: ET.Element, panel: _Panel, holes: Iterable[Cell], *, tiles: Iterable[Cell] = ()
) -> None:
    """Squares, labels, holes and their die marks, the start square and the IIB seam."""
    board = panel.board
    hole_set = set(holes)
    group = _el(parent, "g", id=panel.id("board"), class_="board")
    for col in panel.cols:
        x, _ = panel.centre(Cell(panel.rows[0], col))
        _el(
            group,
            "text",
            str(col),
            x=x,
            y=panel.top - 10,
            font_size=12,
            fill="#64748b",
            text_anchor="middle",
            class_="label col-label",
        )
    for row in panel.rows:
        _, y = panel.centre(Cell(row, panel.cols[0]))
        _el(
            group,
            "text",
            str(row),
            x=panel.left - (22 if board.wrap else 10),
            y=y + 4,
            font_size=12,
            fill="#64748b",
            text_anchor="end",
            class_="label row-label",
        )
    squares = _el(group, "g", class_="squares", fill="#f8fafc", stroke="#cbd5e1")
    for cell in sorted(board.squares):
        x, y = panel.xy(cell)
        classes = ["square"]
        if cell in hole_set:
            classes.append("hole")
        if cell == board.start:
            classes.append("start")
        face = board.hole_marks.get(cell)
        plain = cell not in hole_set and face is None and cell != board.start
        square = (
            squares
            if plain
            else _el(
                squares,
                "g",
                id=panel.id(f"square-{_cell_id(cell)}"),
                class_=" ".join(classes),
            )
        )
        _el(
            square,
            "rect",
            id=panel.id(f"square-{_cell_id(cell)}") if plain else None,
            class_="square" if plain else None,
            x=x + 1,
            y=y + 1,
            width=SQUARE - 2,
            height=SQUARE - 2,
            rx=4,
            fill="#475569" if cell in hole_set else None,
        )
        if cell in hole_set:
            for (ax, ay), (bx, by) in (
                ((x + 16, y + 16), (x + SQUARE - 16, y + SQUARE - 16)),
                ((x + SQUARE - 16, y + 16), (x + 16, y + SQUARE - 16)),
            ):
                _el(square, "line", x1=ax, y1=ay, x2=bx, y2=by, stroke="#e2e8f0", stroke_width=4)
            _el(square, "title", f"{cell}: a hole (no tile may lie here)")
        if face is not None:
            _el(
                square,
                "text",
                str(face),
                x=x + SQUARE - 6,
                y=y + SQUARE - 6,
                font_size=10,
                fill="#e2e8f0" if cell in hole_set else "#94a3b8",
                stroke="none",
                text_anchor="end",
                class_="hole-mark",
            )
        if cell == board.start and cell not in set(tiles):
            cx, cy = panel.centre(cell)
            _el(
                square,
                "circle",
                cx=cx,
                cy=cy,
                r=18,
                fill="none",
                stroke=_GOLD,
                stroke_width=2,
                stroke_dasharray="4 3",
            )
            _el(
                square,
                "text",
                "start",
                x=cx,
                y=cy + 4,
                font_size=10,
                fill=_GOLD,
                stroke="none",
                text_anchor="middle",
            )
    if board.wrap:
        _draw_seam(group, panel)


def _draw_seam(parent: ET.Element, panel: _Panel) -> None:
    """The IIB seam: both outer edges marked, each naming the column it joins (RULES §1.5)."""
    first, last = panel.board.cols[0], panel.board.cols[-1]
    top = panel.top - 4
    bottom = panel.top + len(panel.rows) * SQUARE + 4
    for side, col, other in (("left", first, last), ("right", last, first)):
        x = panel.left + (col - panel.cols[0] + (1 if side == "right" else 0)) * SQUARE
        seam = _el(
            parent,
            "g",
            id=panel.id(f"seam-{side}"),
            class_=f"seam seam-{side}",
            data_joins=str(other),
        )
        _el(seam, "title", f"the seam: column {col} is joined to column {other}")
        _el(
            seam,
            "line",
            x1=x,
            y1=top,
            x2=x,
            y2=bottom,
            stroke=_SEAM,
            stroke_width=4,
            stroke_dasharray="8 5",
        )
        for row in panel.rows:
            _, cy = panel.centre(Cell(row, col))
            dx = -1 if side == "left" else 1
            _el(
                seam,
                "polyline",
                points=_points([(x + dx * 4, cy - 6), (x + dx * 10, cy), (x + dx * 4, cy + 6)]),
                fill="none",
                stroke=_SEAM,
                stroke_width=2,
            )
        _el(
            seam,
            "text",
            f"seam ↔ {other}",
            x=x,
            y=bottom + 16,
            font_size=11,
            fill=_SEAM,
            text_anchor="middle",
        )


# -- tiles -----------------------------------------------------------------------------------


def _rotated(parent: ET.Element, direction: Direction, cx: float, cy: float) -> ET.Element:
    """A group turned so that shapes drawn pointing to the front point to ``direction``."""
    angle = _ROTATE[direction]
    if not angle:
        return _el(parent, "g")
    return _el(parent, "g", transform=f"rotate({angle} {_n(cx)} {_n(cy)})")


def _draw_connector(parent: ET.Element, connector: Connector, cx: float, cy: float) -> None:
    """0/1/2/3 prongs, drawn at the front edge (callers rotate): reach the square's edge so
    that two joined tiles' prongs meet."""
    count = int(connector)
    offsets = {1: (0,), 2: (-6, 6), 3: (-10, 0, 10)}.get(count, ())
    edge = cy - SQUARE / 2
    for dx in offsets:
        _el(
            parent,
            "rect",
            x=cx + dx - 2,
            y=edge,
            width=4,
            height=_INSET + 3,
            fill="#334155",
        )


def _draw_front_feature(
    parent: ET.Element, tile: Tile, direction: Direction, cx: float, cy: float
) -> None:
    """What sits on one side instead of a connector: barrel, exhaust, nozzle, armor."""
    edge = cy - SQUARE / 2
    group = _rotated(parent, direction, cx, cy)
    if tile.facing is direction and tile.part.is_cannon:
        group.set("class", "barrel")
        doubled = tile.part is Part.DOUBLE_CANNON
        for dx in (-7, 7) if doubled else (0,):
            _el(
                group,
                "rect",
                x=cx + dx - 4,
                y=edge + 1,
                width=8,
                height=SQUARE / 2 - 10,
                rx=2,
                fill="#7f1d1d",
            )
    elif tile.facing is direction and tile.part.is_engine:
        group.set("class", "exhaust")
        doubled = tile.part is Part.DOUBLE_ENGINE
        for dx in (-10, 10) if doubled else (0,):
            flame = [
                (cx + dx - 9, edge + 14),
                (cx + dx + 9, edge + 14),
                (cx + dx + 6, edge + 4),
                (cx + dx + 3, edge + 8),
                (cx + dx, edge + 1),
                (cx + dx - 3, edge + 8),
                (cx + dx - 6, edge + 4),
            ]
            _el(group, "polygon", points=_points(flame), fill="#f97316", stroke="#9a3412")
    elif direction in tile.nozzles:
        group.set("class", "nozzle")
        cone = [(cx - 5, edge + 16), (cx + 5, edge + 16), (cx + 10, edge + 3), (cx - 10, edge + 3)]
        _el(group, "polygon", points=_points(cone), fill="#64748b", stroke="#0f172a")
    if direction in tile.armor:
        armor = _rotated(parent, direction, cx, cy)
        armor.set("class", "armor")
        _el(
            armor,
            "rect",
            x=cx - SQUARE / 2 + _INSET,
            y=edge + _INSET,
            width=SQUARE - 2 * _INSET,
            height=7,
            fill="#334155",
            stroke="#0f172a",
            stroke_dasharray="3 2",
        )


def _draw_icon(parent: ET.Element, tile: Tile, held: Contents, cx: float, cy: float) -> None:
    """The part's symbol, centred on (cx, cy), with its contents drawn in."""
    part = tile.part
    icon = _el(parent, "g", class_="icon")
    if part in (Part.CABIN, Part.LUXURY_CABIN):
        if part is Part.LUXURY_CABIN:
            diamond = [(cx, cy - 13), (cx + 15, cy), (cx, cy + 13), (cx - 15, cy)]
            _el(icon, "polygon", points=_points(diamond), fill="#fef3c7", stroke=_GOLD)
            if held.passenger:
                _el(icon, "circle", cx=cx, cy=cy, r=5, fill="#15803d", class_="passenger")
            return
        _el(
            icon,
            "rect",
            x=cx - 16,
            y=cy - 2,
            width=32,
            height=12,
            rx=3,
            fill="#ffffff",
            stroke="#15803d",
        )
        if held.alien is not None:
            _el(
                icon,
                "circle",
                cx=cx,
                cy=cy - 6,
                r=8,
                fill=_ALIENS.get(str(held.alien), _INK),
                stroke=_INK,
                class_=f"alien alien-{held.alien}",
            )
        for i in range(held.crew):
            x = cx + (i - (held.crew - 1) / 2) * 12
            _el(icon, "circle", cx=x, cy=cy - 6, r=5, fill="#15803d", class_="human")
    elif part is Part.STRUCTURE:
        _el(icon, "rect", x=cx - 16, y=cy - 3, width=32, height=6, fill="#94a3b8")
        _el(icon, "rect", x=cx - 3, y=cy - 16, width=6, height=32, fill="#94a3b8")
    elif part is Part.BATTERY:
        capacity = max(tile.capacity, held.charge, 1)
        height = 6 * capacity + 2
        top = cy - height / 2 + 2
        _el(icon, "rect", x=cx - 4, y=top - 4, width=8, height=4, fill="#a16207")
        _el(
            icon,
            "rect",
            x=cx - 10,
            y=top,
            width=20,
            height=height,
            rx=2,
            fill="#ffffff",
            stroke="#a16207",
        )
        for i in range(capacity):
            full = i >= capacity - held.charge
            _el(
                icon,
                "rect",
                x=cx - 8,
                y=top + 1 + i * 6 + 0.5,
                width=16,
                height=5,
                fill="#eab308" if full else "#fefce8",
                class_="token" if full else "slot",
            )
    elif part is Part.CARGO:
        slots = max(tile.capacity, len(held.goods), 1)
        width = 11 * slots + 2
        _el(
            icon,
            "rect",
            x=cx - width / 2,
            y=cy - 8,
            width=width,
            height=15,
            rx=2,
            fill="#ffffff",
            stroke=_RED if tile.red else "#1d4ed8",
            stroke_width=2.5 if tile.red else 1.5,
        )
        for i in range(slots):
            good = held.goods[i] if i < len(held.goods) else None
            _el(
                icon,
                "rect",
                x=cx - width / 2 + 2 + i * 11,
                y=cy - 6,
                width=9,
                height=11,
                fill=_GOODS[good] if good else "#eff6ff",
                class_=f"good good-{good}" if good else "slot",
            )
    elif part.is_engine:
        doubled = part is Part.DOUBLE_ENGINE
        for dx in (-8, 8) if doubled else (0,):
            _el(
                icon,
                "rect",
                x=cx + dx - 7,
                y=cy - 12,
                width=14,
                height=22,
                rx=5,
                fill="#e879f9",
                stroke="#a21caf",
            )
    elif part.is_cannon:
        _el(icon, "circle", cx=cx, cy=cy, r=11, fill="#fca5a5", stroke="#7f1d1d", stroke_width=2)
    elif part is Part.SHIELD:
        badge = (
            f"M {_n(cx - 11)} {_n(cy - 12)} L {_n(cx + 11)} {_n(cy - 12)} L {_n(cx + 11)} "
            f"{_n(cy - 1)} Q {_n(cx + 11)} {_n(cy + 10)} {_n(cx)} {_n(cy + 14)} Q {_n(cx - 11)} "
            f"{_n(cy + 10)} {_n(cx - 11)} {_n(cy - 1)} Z"
        )
        _el(icon, "path", d=badge, fill="#67e8f9", stroke="#0e7490", stroke_width=2)
    elif part.is_life_support:
        colors = [str(c) for c in tile.colors] or ["brown"]
        if len(colors) == 1:
            _el(
                icon,
                "circle",
                cx=cx,
                cy=cy,
                r=12,
                fill=_ALIENS.get(colors[0], _INK),
                stroke=_INK,
                class_=f"support support-{colors[0]}",
            )
        else:
            for i, color in enumerate(colors[:2]):
                sweep = 0 if i == 0 else 1
                arc = f"M {_n(cx)} {_n(cy - 12)} A 12 12 0 0 {sweep} {_n(cx)} {_n(cy + 12)} Z"
                _el(
                    icon,
                    "path",
                    d=arc,
                    fill=_ALIENS.get(color, _INK),
                    stroke=_INK,
                    class_=f"support support-{color}",
                )
        _el(
            icon,
            "text",
            "LS",
            x=cx,
            y=cy + 4,
            font_size=10,
            fill="#ffffff",
            text_anchor="middle",
            font_weight="bold",
        )
    elif part is Part.SOLAR_PANEL:
        for i in range(3):
            for j in range(2):
                _el(
                    icon,
                    "rect",
                    x=cx - 15 + i * 10,
                    y=cy - 10 + j * 10,
                    width=9,
                    height=9,
                    fill="#1e40af",
                    stroke="#93c5fd",
                )
    elif part is Part.THRUSTER:
        _el(
            icon,
            "rect",
            x=cx - 9,
            y=cy - 9,
            width=18,
            height=18,
            rx=4,
            fill="#94a3b8",
            stroke="#0f172a",
        )
    elif part is Part.ROUTER:
        for d in DIRECTIONS:
            ux, uy = _unit(d)
            _el(
                icon,
                "line",
                x1=cx,
                y1=cy,
                x2=cx + ux * 16,
                y2=cy + uy * 16,
                stroke="#475569",
                stroke_width=3,
            )
        _el(icon, "circle", cx=cx, cy=cy, r=7, fill="#e2e8f0", stroke="#475569", stroke_width=2)
    elif part is Part.ROBOT_CENTER:
        eyes = "#facc15" if held.active else "#475569"
        _el(icon, "line", x1=cx, y1=cy - 16, x2=cx, y2=cy - 9, stroke=_INK, stroke_width=2)
        _el(
            icon,
            "rect",
            x=cx - 12,
            y=cy - 9,
            width=24,
            height=19,
            rx=4,
            fill="#cbd5e1",
            stroke=_INK,
        )
        for dx in (-5, 5):
            _el(icon, "circle", cx=cx + dx, cy=cy - 1, r=3, fill=eyes)
    elif part is Part.TURRET:
        _el(icon, "circle", cx=cx, cy=cy, r=13, fill="#ffffff", stroke="#b91c1c", stroke_width=2)
        _el(icon, "circle", cx=cx, cy=cy, r=5, fill="none", stroke="#b91c1c", stroke_width=2)
        for d in DIRECTIONS:
            ux, uy = _unit(d)
            _el(
                icon,
                "line",
                x1=cx + ux * 7,
                y1=cy + uy * 7,
                x2=cx + ux * 16,
                y2=cy + uy * 16,
                stroke="#b91c1c",
                stroke_width=2,
            )
    elif part is Part.ARMORY:
        for sign in (-1, 1):
            _el(
                icon,
                "line",
                x1=cx - 12 * sign,
                y1=cy - 12,
                x2=cx + 12 * sign,
                y2=cy + 12,
                stroke="#7f1d1d",
                stroke_width=3,
            )
            _el(
                icon,
                "line",
                x1=cx - 12 * sign - 4,
                y1=cy + 4,
                x2=cx - 12 * sign + 4,
                y2=cy + 12,
                stroke="#7f1d1d",
                stroke_width=2,
            )
    elif part is Part.STASIS_CHAMBER:
        _el(
            icon,
            "rect",
            x=cx - 16,
            y=cy - 9,
            width=32,
            height=18,
            rx=9,
            fill="#e0e7ff",
            stroke="#4338ca",
        )
        for i in range(held.sleepers):
            _el(icon, "circle", cx=cx - 9 + i * 6, cy=cy, r=2.5, fill="#4338ca", class_="sleeper")


def _label(tile: Tile, held: Contents) -> str:
    """The short words under a tile's symbol."""
    match tile.part:
        case Part.CABIN if tile.start:
            return "start"
        case Part.BATTERY:
            return f"battery {held.charge}/{tile.capacity}"
        case Part.CARGO:
            return "red hold" if tile.red else "hold"
        case Part.ROBOT_CENTER:
            return "robots on" if held.active else "robots"
        case Part.STASIS_CHAMBER:
            return f"stasis {held.sleepers}"
        case _:
            return _NAMES[tile.part]


def _tile_words(tile: Tile, held: Contents) -> str:
    """A tooltip for a tile: the part, its facing, covers, nozzles, armor and what it holds."""
    words = [str(tile.part) + (" (starting cabin)" if tile.start else "")]
    if tile.facing is not None:
        words.append(f"facing {tile.facing}")
    if tile.covers:
        words.append("covers " + " and ".join(map(str, tile.covers)))
    if tile.nozzles:
        words.append("nozzles " + " and ".join(map(str, tile.nozzles)))
    if tile.armor:
        words.append("armor " + " ".join(str(d) for d in DIRECTIONS if d in tile.armor))
    if held.crew:
        words.append(f"{held.crew} human{'s' if held.crew != 1 else ''}")
    if held.alien:
        words.append(f"{held.alien} alien")
    if tile.part is Part.BATTERY:
        words.append(f"{held.charge} of {tile.capacity} tokens")
    if held.goods:
        words.append(f"goods {held.goods}")
    words.append("sides " + "".join(s.char for s in tile.sides))
    return ", ".join(words)


def _draw_tile(parent: ET.Element, panel: _Panel, cell: Cell, tile: Tile, held: Contents) -> None:
    x, y = panel.xy(cell)
    cx, cy = panel.centre(cell)
    category = PART_STYLE.get(tile.part, "other")
    fill, stroke = _FILL[category]
    group = _el(
        parent,
        "g",
        id=panel.id(f"tile-{_cell_id(cell)}"),
        class_=f"tile part-{tile.part}" + (" start" if tile.start else ""),
        data_square=str(cell),
    )
    _el(group, "title", f"{cell}: {_tile_words(tile, held)}")
    _el(
        group,
        "rect",
        x=x + _INSET,
        y=y + _INSET,
        width=SQUARE - 2 * _INSET,
        height=SQUARE - 2 * _INSET,
        rx=6,
        fill=fill,
        stroke=_GOLD if tile.start else stroke,
        stroke_width=3 if tile.start else 1.5,
        class_="body",
    )
    for direction in DIRECTIONS:
        connector = tile.side(direction)
        if connector is not Connector.SMOOTH:
            side = _rotated(group, direction, cx, cy)
            side.set("class", f"connector {connector.word.split()[0]} side-{direction}")
            _draw_connector(side, connector, cx, cy)
    for direction in tile.covers:
        arc = _rotated(group, direction, cx, cy)
        arc.set("class", f"shield-arc covers-{direction}")
        edge = cy - SQUARE / 2 + _INSET
        _el(
            arc,
            "path",
            d=f"M {_n(cx - 30)} {_n(edge + 10)} Q {_n(cx)} {_n(edge - 2)} {_n(cx + 30)} "
            f"{_n(edge + 10)}",
            fill="none",
            stroke="#06b6d4",
            stroke_width=4,
            stroke_linecap="round",
        )
    for direction in DIRECTIONS:
        if tile.facing is direction or direction in tile.nozzles or direction in tile.armor:
            _draw_front_feature(group, tile, direction, cx, cy)
    _draw_icon(group, tile, held, cx, cy - 10)
    _el(
        group,
        "text",
        _label(tile, held),
        x=cx,
        y=cy + 28,
        font_size=10,
        fill=_INK,
        text_anchor="middle",
        class_="part-label",
    )


def _draw_tiles(
    parent: ET.Element,
    panel: _Panel,
    tiles: Mapping[Cell, Tile],
    contents: Mapping[Cell, Contents],
    *,
    group_id: str = "tiles",
) -> None:
    group = _el(parent, "g", id=panel.id(group_id), class_="tiles")
    for cell in sorted(tiles):
        _draw_tile(group, panel, cell, tiles[cell], contents[cell])


def _square_outline(
    parent: ET.Element,
    panel: _Panel,
    cell: Cell,
    color: str,
    *,
    inset: float,
    width: float,
    dash: str | None = None,
    cls: str = "outline",
) -> None:
    x, y = panel.xy(cell)
    _el(
        parent,
        "rect",
        x=x + inset,
        y=y + inset,
        width=SQUARE - 2 * inset,
        height=SQUARE - 2 * inset,
        rx=6,
        fill="none",
        stroke=color,
        stroke_width=width,
        stroke_dasharray=dash,
        class_=cls,
        data_square=str(cell),
    )


def _tag(
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
    width = _text_width(text, size) + 6
    left = x - width / 2 if anchor_centre else x
    _el(
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
    _el(
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


def _split_rule(rule: str) -> list[str]:
    """A rule id on at most two lines, broken at a hyphen, so it fits inside a square."""
    if len(rule) <= 13:
        return [rule]
    parts = rule.split("-")
    best = [rule]
    for i in range(1, len(parts)):
        head, tail = "-".join(parts[:i]) + "-", "-".join(parts[i:])
        if max(len(head), len(tail)) < max(len(x) for x in best):
            best = [head, tail]
    return best


# -- the threat's line -----------------------------------------------------------------------


def _draw_line(
    parent: ET.Element,
    panel: _Panel,
    line: Line,
    *,
    label: str,
    color: str,
    ghost: bool = False,
    element_id: str = "line",
) -> None:
    """A band over the squares a threat crosses, and an arrow (with a short label) pointing
    where it enters; the squares come from :func:`trucker.core.threats.line_squares`."""
    from trucker.core.threats import line_squares

    squares = [c for c in line_squares(panel.board, line) if panel.shows(c)]
    group = _el(
        parent,
        "g",
        id=panel.id(element_id),
        class_="threat-line" + (" rolled" if ghost else ""),
        data_line=str(line),
    )
    _el(group, "title", f"{label}: {line}")
    if not squares:
        return
    for cell in squares:
        x, y = panel.xy(cell)
        _el(
            group,
            "rect",
            x=x,
            y=y,
            width=SQUARE,
            height=SQUARE,
            fill=color,
            fill_opacity=0.06 if ghost else 0.12,
            class_="band",
        )
    ux, uy = _unit(line.direction.opposite)
    ex, ey = panel.edge(squares[0], line.direction)
    tail = (ex - ux * 60, ey - uy * 60)
    tip = (ex - ux * 16, ey - uy * 16)
    _el(
        group,
        "line",
        x1=tail[0],
        y1=tail[1],
        x2=tip[0] - ux * 6,
        y2=tip[1] - uy * 6,
        stroke=color,
        stroke_width=4,
        stroke_dasharray="6 4" if ghost else None,
    )
    _arrowhead(group, tip, (ux, uy), 12, color)
    mid = ((tail[0] + tip[0]) / 2, (tail[1] + tip[1]) / 2)
    if line.direction in (Direction.LEFT, Direction.RIGHT):
        x = min(tail[0], tip[0]) if line.direction is Direction.LEFT else max(tail[0], tip[0])
        y = mid[1] + (18 if ghost else -9)
        anchor = "start" if line.direction is Direction.LEFT else "end"
    else:
        x = mid[0] + (-8 if ghost else 8)
        y = mid[1] + 4
        anchor = "end" if ghost else "start"
    _el(
        group,
        "text",
        label,
        x=x,
        y=y,
        font_size=11,
        fill=color,
        stroke="#ffffff",
        stroke_width=3,
        paint_order="stroke",
        text_anchor=anchor,
        font_weight="bold",
        class_="line-label",
    )


def _short_line(line: Line) -> str:
    """``row 9`` / ``col 6``: a label short enough for the margin beside an arrow."""
    if line.index is None:
        return "miss"
    return f"{'row' if line.direction in (Direction.LEFT, Direction.RIGHT) else 'col'} {line.index}"


# -- public pictures -------------------------------------------------------------------------


def _violation_desc(report: Report) -> list[str]:
    return [f"{i}. {v}" for i, v in enumerate(report.violations, 1)]


def _draw_violations(parent: ET.Element, panel: _Panel, report: Report) -> None:
    """Red outlines, each naming its rule id, on the offending square; the rule ids of one
    square stack up from its bottom edge, leaving barrels and shield arcs in view."""
    group = _el(parent, "g", id=panel.id("violations"))
    labels: dict[Cell, list[list[str]]] = {}
    for number, violation in enumerate(report.violations, 1):
        if violation.squares:
            labels.setdefault(violation.squares[0], []).append(
                _split_rule(f"{number} {violation.rule}")
            )
    placed: dict[Cell, int] = {}
    for number, violation in enumerate(report.violations, 1):
        item = _el(
            group,
            "g",
            id=panel.id(f"violation-{number}"),
            class_=f"violation {violation.rule}",
            data_rule=str(violation.rule),
            data_squares=" ".join(map(str, violation.squares)),
        )
        _el(item, "title", f"{number}. {violation}")
        if not violation.squares or not panel.shows(violation.squares[0]):
            continue
        first = violation.squares[0]
        depth = placed.get(first, 0)
        placed[first] = depth + 1
        _square_outline(item, panel, first, _RED, inset=1 + 3 * depth, width=3)
        for other in violation.squares[1:]:
            if panel.shows(other):
                _square_outline(
                    item,
                    panel,
                    other,
                    _RED,
                    inset=2,
                    width=1.5,
                    dash="5 3",
                    cls="outline secondary",
                )
        x, y = panel.xy(first)
        stack = labels[first]
        above = sum(len(lines) for lines in stack[depth:])
        top = y + SQUARE - 8 - above * 13
        for i, text in enumerate(stack[depth]):
            _tag(item, text, x + SQUARE / 2, top + i * 13, _RED, size=9, cls="rule")


def ship_svg(ship: Ship, report: Report | None = None) -> str:
    """The ship: every part's symbol, connectors as prongs, barrels, exhausts, nozzles, shield
    arcs and armor; the board's squares, holes, seam and start square; and, given a report,
    each violation outlined in red with its rule id."""
    marks = {}
    if report is not None:
        marks = {c: Mark("violation") for v in report.violations for c in v.squares[:1]}
    text = draw_ship(ship, marks=marks).plain()
    lines = _violation_desc(report) if report is not None else []
    verdict = ""
    if report is not None:
        count = len(report.violations)
        verdict = (
            ": legal"
            if report.legal
            else f": illegal, {count} violation{'s' if count != 1 else ''}"
        )
    title = f"{ship.label} on board {ship.board.id}{verdict}"
    picture = _Picture(title, "\n".join([text, *lines]))
    panel = _Panel.sized(ship.board, ship.tiles)
    bottom = picture.place([panel])
    _draw_board(picture.body, panel, ship.hole_squares, tiles=ship.tiles)
    _draw_tiles(picture.body, panel, ship.tiles, ship.contents)
    captions: list[tuple[str, str]] = []
    if report is not None:
        _draw_violations(picture.body, panel, report)
        captions = [(line, "bad violation-line") for line in lines]
    picture.captions(captions, bottom - 6)
    return picture.render()


def _lost_marks(
    parent: ET.Element,
    panel: _Panel,
    cells: Iterable[Cell],
    parts: Mapping[Cell, Tile] | None = None,
) -> None:
    """Each lost square crossed out, naming the part that was there when it is known."""
    group = _el(parent, "g", id=panel.id("lost"), class_="lost")
    for cell in sorted(cells):
        if not panel.shows(cell):
            continue
        x, y = panel.xy(cell)
        tile = parts.get(cell) if parts is not None else None
        words = f"lost {_NAMES[tile.part]}" if tile is not None else "lost"
        mark = _el(group, "g", class_="lost-mark", data_square=str(cell))
        _el(mark, "title", f"{cell}: lost" + (f" (the {tile.part})" if tile else ""))
        _el(
            mark,
            "rect",
            x=x + _INSET,
            y=y + _INSET,
            width=SQUARE - 2 * _INSET,
            height=SQUARE - 2 * _INSET,
            rx=6,
            fill="#fee2e2",
            stroke=_RED,
            stroke_dasharray="5 3",
        )
        for (ax, ay), (bx, by) in (
            ((x + 22, y + 22), (x + SQUARE - 22, y + SQUARE - 22)),
            ((x + SQUARE - 22, y + 22), (x + 22, y + SQUARE - 22)),
        ):
            _el(mark, "line", x1=ax, y1=ay, x2=bx, y2=by, stroke=_RED, stroke_width=5)
        _el(
            mark,
            "text",
            words,
            x=x + SQUARE / 2,
            y=y + SQUARE - 10,
            font_size=10,
            fill=_RED,
            text_anchor="middle",
        )


def _roll_text(roll: object) -> str:
    if isinstance(roll, tuple):
        return f"{roll[0]} and {roll[1]}"
    return str(roll)


def _draw_threat(parent: ET.Element, panel: _Panel, ship: Ship, result: Any, color: str) -> None:
    """The board, the line as rolled (ghosted, when a thruster moved the ship), the tiles, and
    the line the threat or intruder really travelled: shared by hits and walks."""
    _draw_board(parent, panel, ship.hole_squares, tiles=ship.tiles)
    if result.shift is not None and result.rolled.index is not None:
        _draw_line(
            parent,
            panel,
            result.rolled,
            label="rolled",
            color="#64748b",
            ghost=True,
            element_id="rolled-line",
        )
    _draw_tiles(parent, panel, ship.tiles, ship.contents)
    _draw_line(parent, panel, result.line, label=_short_line(result.line), color=color)


def hit_svg(before: Ship, after: Ship, result: AttackResult) -> str:
    """A threat against a ship: the line it travels (and the rolled line, if a thruster moved
    the ship), the tile it met and what defended it; beside it, the ship after the hit."""
    kind, side = result.threat.kind, result.threat.direction
    marks: dict[Cell, Mark] = {}
    for impact in result.impacts:
        if impact.hit is not None:
            marks[impact.hit] = Mark("hit")
        if impact.defender is not None:
            marks[impact.defender] = Mark("defended")
    text_before = draw_ship(before, marks=marks)
    lost = result.lost
    title = f"{before.label}: {kind} from the {side}, {_roll_line(result)}"
    captions: list[tuple[str, str]] = []
    if result.shift is not None:
        captions.append(
            (
                f"the thruster on {result.thruster} moved the ship {result.shift}: "
                f"{result.rolled} became {result.line}",
                "shift",
            )
        )
    for impact in result.impacts:
        if impact.hit is None:
            captions.append((f"{impact.kind}: a miss", "miss"))
        elif impact.stopped_by:
            by = f" on {impact.defender}" if impact.defender else ""
            captions.append(
                (
                    f"{impact.kind} meets the {impact.part} on {impact.hit}: stopped by "
                    f"{impact.stopped_by}{by}",
                    "stopped",
                )
            )
        else:
            captions.append(
                (f"{impact.kind} meets the {impact.part} on {impact.hit}: destroyed", "bad hit")
            )
    spent = []
    if result.batteries_used:
        spent.append(f"{result.batteries_used} battery token(s) spent")
    if result.solar_used:
        spent.append("solar power from " + ", ".join(map(str, result.solar_used)))
    captions.append(
        (
            "; ".join([*spent, f"lost: {', '.join(map(str, lost))}" if lost else "nothing lost"]),
            "bad summary" if lost else "summary",
        )
    )
    after_text = draw_ship(
        after,
        marks=dict.fromkeys(lost, LOST),
    )
    desc = "\n".join(
        [
            text_before.plain(),
            *(c for c, _ in captions),
            "the ship after:",
            after_text.plain(),
        ]
    )
    picture = _Picture(title, desc)
    extent = set(before.tiles) | set(after.tiles)
    first = _Panel.sized(before.board, extent)
    second = _Panel.sized(after.board, extent, prefix="after-")
    bottom = picture.place([first, second], ["the threat's line", "the ship after"])
    _draw_threat(picture.body, first, before, result, _RED)
    marks_group = _el(picture.body, "g", id="impacts")
    for number, impact in enumerate(result.impacts, 1):
        item = _el(
            marks_group,
            "g",
            class_=f"impact impact-{number} {impact.stopped_by or 'destroyed'}",
            data_square=str(impact.hit) if impact.hit else None,
        )
        if impact.hit is not None:
            _square_outline(item, first, impact.hit, _RED, inset=1, width=4, cls="outline hit")
            x, y = first.xy(impact.hit)
            word = f"stopped: {impact.stopped_by}" if impact.stopped_by else "hit"
            _tag(item, word, x + SQUARE / 2, y + 6, _RED if not impact.stopped_by else _GREEN)
        if impact.defender is not None:
            _square_outline(
                item, first, impact.defender, _GREEN, inset=1, width=4, cls="outline defender"
            )
    _draw_board(picture.body, second, after.hole_squares, tiles=after.tiles)
    _draw_tiles(picture.body, second, after.tiles, after.contents)
    _lost_marks(picture.body, second, lost, before.tiles)
    picture.captions(captions, bottom - 6)
    return picture.render()


def after_svg(ship: Ship, lost: Iterable[Cell], title: str, before: Ship | None = None) -> str:
    """A ship after damage, each lost square crossed out (intruder fuses, hits), naming the
    part that was there when the ship ``before`` is given."""
    gone = sorted(set(lost))
    text = draw_ship(
        ship,
        marks=dict.fromkeys(gone, LOST),
    ).plain()
    picture = _Picture(title, text)
    panel = _Panel.sized(ship.board, [*ship.tiles, *gone])
    bottom = picture.place([panel])
    _draw_board(picture.body, panel, ship.hole_squares, tiles=ship.tiles)
    _draw_tiles(picture.body, panel, ship.tiles, ship.contents)
    _lost_marks(picture.body, panel, gone, before.tiles if before is not None else None)
    line = f"lost: {', '.join(map(str, gone))}" if gone else "nothing lost"
    picture.captions([(line, "bad summary" if gone else "summary")], bottom - 6)
    return picture.render()


# -- exposure ----------------------------------------------------------------------------------


_HEAT_FULL = Fraction(6, 36)
"""The darkest heat colour: 6 in 36 (a 2d6 board's likeliest line, a 7) or more."""


def _heat(p: Fraction) -> tuple[str, float]:
    """A colour from yellow to red, and an opacity that grows with ``p`` (none at 0)."""
    level = float(min(p / _HEAT_FULL, Fraction(1)))
    low, high = (250, 204, 21), (220, 38, 38)
    rgb = [round(a + (b - a) * level) for a, b in zip(low, high, strict=True)]
    return "#" + "".join(f"{c:02x}" for c in rgb), (0.25 + 0.45 * level) if p else 0.0


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _draw_heat(parent: ET.Element, panel: _Panel, side: SideExposure) -> None:
    heat = _el(parent, "g", class_="heat")
    for cell in sorted(side.tiles):
        odds = side.tiles[cell]
        if not panel.shows(cell):
            continue
        x, y = panel.xy(cell)
        item = _el(
            heat,
            "g",
            id=panel.id(f"heat-{_cell_id(cell)}"),
            class_="heat-tile",
            data_square=str(cell),
            data_destroyed=_n(float(odds.destroyed_unpowered)),
            data_destroyed_powered=_n(float(odds.destroyed_powered)),
        )
        _el(
            item,
            "title",
            f"{cell}: met {_pct(odds.met)}, destroyed {_pct(odds.destroyed_unpowered)} / "
            f"{_pct(odds.destroyed_powered)}, lost {_pct(odds.lost_unpowered)} / "
            f"{_pct(odds.lost_powered)} (without / with batteries)",
        )
        color, opacity = _heat(odds.destroyed_unpowered)
        if opacity:
            _el(
                item,
                "rect",
                x=x + _INSET,
                y=y + _INSET,
                width=SQUARE - 2 * _INSET,
                height=SQUARE - 2 * _INSET,
                rx=6,
                fill=color,
                fill_opacity=opacity,
            )
        _tag(
            item,
            f"{_pct(odds.destroyed_unpowered)} / {_pct(odds.destroyed_powered)}",
            x + SQUARE / 2,
            y + SQUARE - 22,
            _INK,
            size=9,
            cls="odds",
        )


def _side_arrow(parent: ET.Element, panel: _Panel, direction: Direction) -> None:
    """An arrow in the margin, pointing the way threats from ``direction`` travel."""
    ux, uy = _unit(direction.opposite)
    width, height = len(panel.cols) * SQUARE, len(panel.rows) * SQUARE
    mid_x, mid_y = panel.left + width / 2, panel.top + height / 2
    centre = {
        Direction.FRONT: (mid_x, panel.top - 36),
        Direction.REAR: (mid_x, panel.top + height + 36),
        Direction.LEFT: (panel.left - 36, mid_y),
        Direction.RIGHT: (panel.left + width + 36, mid_y),
    }[direction]
    arrow = _el(parent, "g", class_="side-arrow")
    tip = (centre[0] + ux * 18, centre[1] + uy * 18)
    _el(
        arrow,
        "line",
        x1=centre[0] - ux * 18,
        y1=centre[1] - uy * 18,
        x2=tip[0] - ux * 6,
        y2=tip[1] - uy * 6,
        stroke=_RED,
        stroke_width=4,
    )
    _arrowhead(arrow, tip, (ux, uy), 12, _RED)


def exposure_svg(ship: Ship, sides: Sequence[SideExposure]) -> str:
    """A heat map per side: each tile coloured by its chance to be destroyed without batteries,
    with that chance and the one with batteries written on it (exact odds from
    :func:`trucker.sim.exposure.exposure`)."""
    if not sides:
        raise ValueError("exposure_svg needs at least one side")
    kind = sides[0].threat
    title = f"{ship.label} on board {ship.board.id}: exposure to a {kind}, exact odds"
    desc_lines = []
    captions: list[tuple[str, str]] = [
        (
            "colour: the chance a tile is destroyed without batteries (darkest: 6 in 36 or "
            "more); numbers: destroyed without / with batteries",
            "legend",
        )
    ]
    panels = []
    headings = []
    for side in sides:
        panels.append(_Panel.sized(ship.board, ship.tiles, prefix=f"{side.direction}-"))
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
    picture = _Picture(title, "\n".join(desc_lines))
    bottom = picture.place(panels, headings, columns=2)
    for side, panel in zip(sides, panels, strict=True):
        group = _el(picture.body, "g", id=panel.id("side"), class_=f"side side-{side.direction}")
        _draw_board(group, panel, ship.hole_squares, tiles=ship.tiles)
        _draw_tiles(group, panel, ship.tiles, ship.contents)
        _draw_heat(group, panel, side)
        _side_arrow(group, panel, side.direction)
    picture.captions(captions, bottom - 6)
    return picture.render()


# -- intruder walks ----------------------------------------------------------------------------


_SLOTS = (
    (-31, -31),
    (31, -31),
    (-31, 31),
    (31, 31),
    (0, -31),
    (0, 31),
    (-31, 0),
    (31, 0),
    (0, 0),
)
"""Where the k-th visit to one square puts its step marker: the corners first."""


def _eaten_words(eaten: Eaten) -> list[str]:
    words = []
    if eaten.humans:
        words.append(f"{eaten.humans} human{'s' if eaten.humans != 1 else ''}")
    words.extend(f"{a} alien" for a in eaten.aliens)
    if eaten.tokens:
        words.append(f"{eaten.tokens} token{'s' if eaten.tokens != 1 else ''}")
    if eaten.goods:
        words.append(f"goods {eaten.goods}")
    if eaten.passengers:
        words.append("the passenger")
    if eaten.robots:
        words.append(f"{eaten.robots} robots")
    return words


def _step_words(walk: Walk, step: Step) -> str:
    move = {
        "landed": "lands on",
        "left": "turns left into",
        "right": "turns right into",
        "straight": "goes straight into",
        "back": "goes back into",
    }.get(step.move, step.move)
    text = f"{walk.hand}-hand step {step.number}: {move} the {step.part} on {step.square}"
    text += f", heading {step.heading}"
    if step.defended_by:
        text += f"; defeated by {step.defended_by}"
    if step.eaten is not None:
        text += "; eats " + ", ".join(_eaten_words(step.eaten))
    if step.fused:
        text += "; places a fuse"
    return text


def outcome_lines(result: IntruderResult) -> list[str]:
    """The outcome in short lines, from the result's fields."""
    card = result.card
    if result.outcome == "miss":
        return [f"outcome: a miss ({result.line})"]
    if result.outcome == "repelled":
        return [f"outcome: repelled by the {result.repelled_by} on {result.landing}"]
    lines = []
    for walk in result.walks:
        end = (
            f"defeated at step {walk.stopped} by {walk.defeated_by}"
            if walk.outcome == "defeated"
            else "escaped"
        )
        lines.append(f"{walk.hand}-hand {card.kind}: {end}")
    summary = [f"outcome: {result.outcome}"]
    eaten = result.eaten
    if eaten:
        humans = sum(e.humans for e in eaten)
        tokens = sum(e.tokens for e in eaten)
        summary.append(f"eaten: {humans} human(s), {tokens} battery token(s)")
    if result.fused:
        summary.append(f"fuses: {', '.join(map(str, result.fused))}")
    lost = result.damage.lost
    summary.append(f"lost: {', '.join(map(str, lost))}" if lost else "nothing lost")
    reward = result.reward
    if reward.credits or reward.goods:
        summary.append(f"reward: {reward.short()}")
    lines.append(" · ".join(summary))
    return lines


def _roll_line(result: AttackResult | IntruderResult) -> str:
    """``roll 7 → row 7``, or with a thruster shift ``roll 7 → row 7, shifted front → row 8``."""
    text = f"roll {_roll_text(result.roll)} → {result.rolled}"
    if result.shift is not None:
        text += f", shifted {result.shift} → {result.line}"
    return text


def walk_title(ship: Ship, result: IntruderResult) -> str:
    """One line naming the card, the roll and the line, as the terminal header does."""
    card = result.card
    double = "double " if card.double else ""
    return (
        f"{ship.label}: {double}{card.kind} from the {card.direction}, {card.steps} steps, "
        f"{_roll_line(result)}"
    )


def _draw_step(
    parent: ET.Element,
    panel: _Panel,
    walk: Walk,
    step: Step,
    slot: tuple[float, float],
    previous: tuple[float, float] | None,
    previous_cell: Cell | None,
    *,
    upto: int | None,
) -> tuple[float, float]:
    """One step: its route from the last marker, its numbered marker, a heading arrow."""
    hand = str(walk.hand)
    color = WALKER_COLORS.get(hand, _INK)
    cx, cy = panel.centre(step.square)
    mx, my = cx + slot[0], cy + slot[1]
    classes = ["step", f"step-{step.number}", f"walker-{hand}"]
    if step.defended_by:
        classes.append("defeated")
    if step.eaten is not None:
        classes.append("eats")
    if step.fused:
        classes.append("fuse")
    if upto is not None and step.number == upto:
        classes.append("current")
    group = _el(
        parent,
        "g",
        id=panel.id(f"step-{hand}-{step.number}"),
        class_=" ".join(classes),
        data_step=step.number,
        data_square=str(step.square),
        data_heading=str(step.heading),
    )
    _el(group, "title", _step_words(walk, step))
    along = -5 if hand == "left" else 5
    entry = panel.edge(step.square, step.heading.opposite, along)
    if previous is None or previous_cell is None:
        ux, uy = _unit(step.heading)
        route = [(entry[0] - ux * 30, entry[1] - uy * 30), entry, (mx, my)]
        routes = [route]
    else:
        exit_point = panel.edge(previous_cell, step.heading, along)
        if (round(exit_point[0], 2), round(exit_point[1], 2)) == (
            round(entry[0], 2),
            round(entry[1], 2),
        ):
            routes = [[previous, entry, (mx, my)]]
        else:
            routes = [[previous, exit_point], [entry, (mx, my)]]
    for points in routes:
        _el(
            group,
            "polyline",
            points=_points(points),
            fill="none",
            stroke=color,
            stroke_width=3,
            stroke_linejoin="round",
            stroke_opacity=0.85,
            class_="route",
        )
    last_from = routes[-1][-2]
    dx, dy = mx - last_from[0], my - last_from[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    unit = (dx / length, dy / length)
    _arrowhead(group, (mx - unit[0] * 10, my - unit[1] * 10), unit, 9, color)
    if hand == "right":
        _el(
            group,
            "rect",
            x=mx - 9,
            y=my - 9,
            width=18,
            height=18,
            rx=4,
            fill=color,
            stroke="#ffffff",
            stroke_width=1.5,
            class_="marker",
        )
    else:
        _el(
            group,
            "circle",
            cx=mx,
            cy=my,
            r=10,
            fill=color,
            stroke="#ffffff",
            stroke_width=1.5,
            class_="marker",
        )
    _el(
        group,
        "text",
        str(step.number),
        x=mx,
        y=my + 4,
        font_size=11,
        font_weight="bold",
        fill="#ffffff",
        text_anchor="middle",
        class_="step-number",
    )
    hx, hy = _unit(step.heading)
    _arrowhead(group, (mx + hx * 17, my + hy * 17), (hx, hy), 6, color).set(
        "class", "heading-arrow"
    )
    x, y = panel.xy(step.square)
    badges = []
    if step.defended_by:
        badges.append((f"defeated: {step.defended_by}", _GREEN, "defeat"))
    if step.eaten is not None:
        words = _eaten_words(step.eaten)
        badges.append(("ate " + words[0] + (" +" if len(words) > 1 else ""), _RED, "eaten"))
    if step.fused:
        badges.append((f"fuse (step {step.number})", "#9a3412", "fuse"))
    for i, (text, tag_color, cls) in enumerate(badges):
        _tag(group, text, x + SQUARE / 2, y + SQUARE / 2 + 4 + i * 13, tag_color, size=8.5, cls=cls)
    if step.defended_by:
        _square_outline(group, panel, step.square, _GREEN, inset=2, width=3, cls="outline defender")
    return mx, my


def walk_svg(ship: Ship, result: IntruderResult, *, upto: int | None = None) -> str:
    """The ship as the intruder found it, with the walk drawn on it: the landing line, numbered
    step markers (the left-hand walker's circles, the right-hand walker's squares, in two
    colours), heading arrows, what was eaten or fused on each tile, and the outcome.

    ``upto`` draws only the steps up to that number and marks that step ``current`` (a
    step-by-step picture); every step group carries ``data-step`` so a page can do the same."""
    from trucker.render.walks import draw_walk

    title = walk_title(ship, result)
    lines = []
    for walk in result.walks:
        for step in walk.steps:
            if upto is None or step.number <= upto:
                lines.append(_step_words(walk, step))
    outcome = outcome_lines(result) if upto is None else []
    desc = "\n".join([draw_walk(ship, result).plain(), *lines, *outcome])
    if upto is not None:
        title += f" (step {upto})"
    picture = _Picture(title, desc)
    panel = _Panel.sized(ship.board, ship.tiles)
    bottom = picture.place([panel])
    _draw_threat(picture.body, panel, ship, result, "#475569")
    if result.outcome == "repelled" and result.landing is not None:
        item = _el(
            picture.body, "g", id="repelled", class_="repelled", data_square=str(result.landing)
        )
        _el(item, "title", f"{result.landing}: repelled by {result.repelled_by}")
        _square_outline(
            item, panel, result.landing, _GREEN, inset=1, width=4, cls="outline defender"
        )
        x, y = panel.xy(result.landing)
        _tag(
            item,
            f"repelled: {result.repelled_by}",
            x + SQUARE / 2,
            y + SQUARE / 2 + 4,
            _GREEN,
            size=8.5,
            cls="defeat",
        )
    walks_group = _el(picture.body, "g", id="walks")
    visits: dict[Cell, int] = {}
    for walk in result.walks:
        hand = str(walk.hand)
        walk_group = _el(
            walks_group,
            "g",
            id=f"walk-{hand}",
            class_=f"walk walker-{hand}",
            data_hand=hand,
            data_color=WALKER_COLORS.get(hand, _INK),
        )
        previous: tuple[float, float] | None = None
        previous_cell: Cell | None = None
        for step in walk.steps:
            k = visits.get(step.square, 0)
            visits[step.square] = k + 1
            if upto is not None and step.number > upto:
                continue
            slot = _SLOTS[min(k, len(_SLOTS) - 1)]
            previous = _draw_step(
                walk_group, panel, walk, step, slot, previous, previous_cell, upto=upto
            )
            previous_cell = step.square
    captions: list[tuple[str, str]] = []
    if len(result.walks) > 1:
        captions.append(
            (
                "left-hand walker: vermilion circles · right-hand walker: blue squares",
                "legend",
            )
        )
    captions += [(line, "step-line") for line in lines]
    captions += [(line, "outcome") for line in outcome]
    picture.captions(captions, bottom - 6)
    return picture.render()
