"""A ship's squares and tiles as pictures: the board's squares, holes and seam, each tile with
its connectors, the feature on its front (barrel, exhaust, nozzles, armor), its icon with what it
holds, its label, and the outlines and tags that mark a square.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction
from trucker.core.parts import Part
from trucker.core.ship import Contents, Tile
from trucker.render.pictures.labels import Box
from trucker.render.text import PART_STYLE

if TYPE_CHECKING:
    from trucker.core.boards import Board
from trucker.render.pictures.canvas import (
    ALIENS,
    FILL,
    GOLD,
    GOODS,
    INK,
    INSET,
    LABEL_SIZE,
    NAMES,
    RED,
    ROTATE,
    SEAM,
    SQUARE,
    Panel,
    cell_id,
    fmt,
    node,
    point_list,
    square_rect,
    text_width,
    unit_vector,
)

__all__ = [
    "draw_squares",
    "draw_tiles",
    "draw_tile",
    "square_outline",
    "square_tag",
    "tile_boxes",
    "draw_tile_tops",
    "icon_centre",
    "crew_spots",
    "ALIEN_LETTERS",
]

ALIEN_LETTERS = {"brown": "B", "purple": "P", "cyan": "C"}
"""Each alien's colour written on it as a letter too, for readers who cannot tell them apart."""
_GOOD_INK = {"R": "#ffffff", "Y": "#1e293b", "G": "#ffffff", "B": "#ffffff"}


def draw_squares(
    parent: ET.Element,
    panel: Panel,
    holes: Iterable[Cell],
    *,
    tiles: Iterable[Cell] = (),
    dice: tuple[int, int] | None = None,
) -> None:
    """Squares, labels, holes and their die marks (the faces of ``dice``, when given, ringed
    and bold), the start square and the IIB seam."""
    board = panel.board
    hole_set = set(holes)
    group = node(parent, "g", id=panel.id("board"), class_="board")
    for col in panel.cols:
        x, _ = panel.centre(Cell(panel.rows[0], col))
        node(
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
        node(
            group,
            "text",
            str(row),
            x=panel.left - (46 if board.wrap else 10),
            y=y + 4,
            font_size=12,
            fill="#64748b",
            text_anchor="end",
            class_="label row-label",
        )
    squares = node(group, "g", class_="squares", fill="#f8fafc", stroke="#cbd5e1")
    for cell in sorted(board.squares):
        if not panel.shows(cell):
            continue
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
            else node(
                squares,
                "g",
                id=panel.id(f"square-{cell_id(cell)}"),
                class_=" ".join(classes),
            )
        )
        node(
            square,
            "rect",
            id=panel.id(f"square-{cell_id(cell)}") if plain else None,
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
                node(square, "line", x1=ax, y1=ay, x2=bx, y2=by, stroke="#e2e8f0", stroke_width=4)
            node(square, "title", f"{cell}: a hole (no tile may lie here)")
        if face is not None:
            rolled = dice is not None and face in dice
            if rolled:
                node(
                    square,
                    "circle",
                    cx=x + SQUARE - 15,
                    cy=y + SQUARE - 16,
                    r=11,
                    fill="none",
                    stroke="#ffffff" if cell in hole_set else INK,
                    stroke_width=2,
                    class_="rolled-face",
                )
            node(
                square,
                "text",
                str(face),
                x=x + SQUARE - 15,
                y=y + SQUARE - 11,
                font_size=15,
                font_weight="bold" if rolled else None,
                fill="#ffffff" if cell in hole_set else "#475569",
                stroke="none",
                text_anchor="middle",
                class_="hole-mark" + (" rolled" if rolled else ""),
            )
        if cell == board.start and cell not in set(tiles):
            cx, cy = panel.centre(cell)
            node(
                square,
                "circle",
                cx=cx,
                cy=cy,
                r=18,
                fill="none",
                stroke=GOLD,
                stroke_width=2,
                stroke_dasharray="4 3",
            )
            node(
                square,
                "text",
                "start",
                x=cx,
                y=cy + 4,
                font_size=10,
                fill=GOLD,
                stroke="none",
                text_anchor="middle",
            )
    if board.wrap:
        _draw_seam(group, panel, set(tiles))


def _draw_ghosts(parent: ET.Element, panel: Panel, occupied: set[Cell]) -> None:
    """The wrap drawn: beyond each seam a faded strip of the column it joins, each square
    naming that column and shaded where a tile of the ship stands (RULES §1.5)."""
    board = panel.board
    first, last = board.cols[0], board.cols[-1]
    ghosts = node(parent, "g", class_="ghosts", opacity=0.8)
    for side, other in (("left", last), ("right", first)):
        x = panel.left - 40 if side == "left" else panel.left + len(panel.cols) * SQUARE + 6
        for row in panel.rows:
            cell = Cell(row, other)
            if cell not in board.squares:
                continue
            _, y = panel.xy(cell)
            filled = cell in occupied
            ghost = node(
                ghosts,
                "g",
                class_=f"ghost ghost-{side}" + (" occupied" if filled else ""),
                data_square=str(cell),
            )
            node(ghost, "title", f"{cell} across the seam" + (": a tile" if filled else ""))
            node(
                ghost,
                "rect",
                x=x,
                y=y + 1,
                width=34,
                height=SQUARE - 2,
                rx=4,
                fill="#cbd5e1" if filled else "#f8fafc",
                stroke=SEAM,
                stroke_dasharray="3 3",
            )
            node(
                ghost,
                "text",
                str(other),
                x=x + 17,
                y=y + SQUARE / 2 + 5,
                font_size=13,
                fill=SEAM,
                text_anchor="middle",
            )


def _draw_seam(parent: ET.Element, panel: Panel, occupied: set[Cell] | None = None) -> None:
    """The IIB seam: both outer edges marked, each naming the column it joins (RULES §1.5),
    and beyond each the joined column as a ghost."""
    first, last = panel.board.cols[0], panel.board.cols[-1]
    if first not in panel.cols or last not in panel.cols:
        return
    _draw_ghosts(parent, panel, occupied or set())
    top = panel.top - 4
    bottom = panel.top + len(panel.rows) * SQUARE + 4
    for side, col, other in (("left", first, last), ("right", last, first)):
        x = panel.left + (col - panel.cols[0] + (1 if side == "right" else 0)) * SQUARE
        seam = node(
            parent,
            "g",
            id=panel.id(f"seam-{side}"),
            class_=f"seam seam-{side}",
            data_joins=str(other),
        )
        node(seam, "title", f"the seam: column {col} is joined to column {other}")
        node(
            seam,
            "line",
            x1=x,
            y1=top,
            x2=x,
            y2=bottom,
            stroke=SEAM,
            stroke_width=4,
            stroke_dasharray="8 5",
        )
        for row in panel.rows:
            _, cy = panel.centre(Cell(row, col))
            dx = -1 if side == "left" else 1
            node(
                seam,
                "polyline",
                points=point_list([(x + dx * 4, cy - 6), (x + dx * 10, cy), (x + dx * 4, cy + 6)]),
                fill="none",
                stroke=SEAM,
                stroke_width=2,
            )
        node(
            seam,
            "text",
            f"seam ↔ {other}",
            x=x,
            y=bottom + 16,
            font_size=11,
            fill=SEAM,
            text_anchor="middle",
        )


# -- tiles -----------------------------------------------------------------------------------


def _rotated(parent: ET.Element, direction: Direction, cx: float, cy: float) -> ET.Element:
    """A group turned so that shapes drawn pointing to the front point to ``direction``."""
    angle = ROTATE[direction]
    if not angle:
        return node(parent, "g")
    return node(parent, "g", transform=f"rotate({angle} {fmt(cx)} {fmt(cy)})")


EXPOSED = "#ea580c"
"""An exposed connector's colour: nothing is joined to it, a small meteor there hits."""


def _draw_connector(
    parent: ET.Element, connector: Connector, cx: float, cy: float, exposed: bool = False
) -> None:
    """0/1/2/3 prongs, drawn at the front edge (callers rotate): reach the square's edge so
    that two joined tiles' prongs meet. An exposed connector (no tile beyond it) is orange,
    with a bar outside the edge, so that it reads without its colour too."""
    count = int(connector)
    offsets = {1: (0,), 2: (-8, 8), 3: (-13, 0, 13)}.get(count, ())
    edge = cy - SQUARE / 2
    for dx in offsets:
        node(
            parent,
            "rect",
            x=cx + dx - 3,
            y=edge,
            width=6,
            height=INSET + 6,
            fill=EXPOSED if exposed else "#334155",
        )
    if exposed and offsets:
        reach = max(abs(dx) for dx in offsets) + 6
        node(
            parent,
            "rect",
            x=cx - reach,
            y=edge - 5,
            width=2 * reach,
            height=4,
            rx=2,
            fill=EXPOSED,
            class_="exposed-mark",
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
            node(
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
            node(group, "polygon", points=point_list(flame), fill="#f97316", stroke="#9a3412")
    elif direction in tile.nozzles:
        group.set("class", "nozzle")
        cone = [(cx - 5, edge + 16), (cx + 5, edge + 16), (cx + 10, edge + 3), (cx - 10, edge + 3)]
        node(group, "polygon", points=point_list(cone), fill="#64748b", stroke="#0f172a")
    if direction in tile.armor:
        armor = _rotated(parent, direction, cx, cy)
        armor.set("class", "armor")
        node(
            armor,
            "rect",
            x=cx - SQUARE / 2 + INSET,
            y=edge + INSET,
            width=SQUARE - 2 * INSET,
            height=7,
            fill="#334155",
            stroke="#0f172a",
            stroke_dasharray="3 2",
        )


def crew_spots(count: int, cx: float, cy: float) -> list[tuple[float, float]]:
    """Where a cabin's humans stand in its icon centred on (cx, cy)."""
    return [(cx + (i - (count - 1) / 2) * 12, cy - 6) for i in range(count)]


def _human(parent: ET.Element, x: float, y: float) -> None:
    """A human: a head over shoulders, a shape no alien's disc has."""
    person = node(parent, "g", class_="human")
    node(person, "circle", cx=x, cy=y - 3, r=3.2, fill="#15803d")
    node(
        person,
        "path",
        d=f"M {fmt(x - 5)} {fmt(y + 5)} Q {fmt(x - 5)} {fmt(y)} {fmt(x)} {fmt(y)} "
        f"Q {fmt(x + 5)} {fmt(y)} {fmt(x + 5)} {fmt(y + 5)} Z",
        fill="#15803d",
    )


def icon_centre(panel: Panel, cell: Cell) -> tuple[float, float]:
    """The centre of a tile's icon (a little above the square's centre, over its label)."""
    cx, cy = panel.centre(cell)
    return cx, cy - 10


def _draw_icon(parent: ET.Element, tile: Tile, held: Contents, cx: float, cy: float) -> None:
    """The part's symbol, centred on (cx, cy), with its contents drawn in."""
    part = tile.part
    icon = node(parent, "g", class_="icon")
    if part in (Part.CABIN, Part.LUXURY_CABIN):
        if part is Part.LUXURY_CABIN:
            diamond = [(cx, cy - 13), (cx + 15, cy), (cx, cy + 13), (cx - 15, cy)]
            node(icon, "polygon", points=point_list(diamond), fill="#fef3c7", stroke=GOLD)
            if held.passenger:
                node(icon, "circle", cx=cx, cy=cy, r=5, fill="#15803d", class_="passenger")
            return
        node(
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
            alien = node(icon, "g", class_=f"alien alien-{held.alien}")
            node(
                alien,
                "circle",
                cx=cx,
                cy=cy - 6,
                r=8,
                fill=ALIENS.get(str(held.alien), INK),
                stroke=INK,
            )
            node(
                alien,
                "text",
                ALIEN_LETTERS.get(str(held.alien), "?"),
                x=cx,
                y=cy - 2.5,
                font_size=10,
                font_weight="bold",
                fill="#ffffff",
                text_anchor="middle",
            )
        for x, y in crew_spots(held.crew, cx, cy):
            _human(icon, x, y)
    elif part is Part.STRUCTURE:
        node(icon, "rect", x=cx - 16, y=cy - 3, width=32, height=6, fill="#94a3b8")
        node(icon, "rect", x=cx - 3, y=cy - 16, width=6, height=32, fill="#94a3b8")
    elif part is Part.BATTERY:
        capacity = max(tile.capacity, held.charge, 1)
        height = 6 * capacity + 2
        top = cy - height / 2 + 2
        node(icon, "rect", x=cx - 4, y=top - 4, width=8, height=4, fill="#a16207")
        node(
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
            node(
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
        width = 13 * slots + 2
        node(
            icon,
            "rect",
            x=cx - width / 2,
            y=cy - 9,
            width=width,
            height=17,
            rx=2,
            fill="#ffffff",
            stroke=RED if tile.red else "#1d4ed8",
            stroke_width=2.5 if tile.red else 1.5,
        )
        for i in range(slots):
            good = held.goods[i] if i < len(held.goods) else None
            x = cx - width / 2 + 2 + i * 13
            node(
                icon,
                "rect",
                x=x,
                y=cy - 7,
                width=11,
                height=13,
                fill=GOODS[good] if good else "#eff6ff",
                class_=f"good good-{good}" if good else "slot",
            )
            if good:
                node(
                    icon,
                    "text",
                    good,
                    x=x + 5.5,
                    y=cy + 3,
                    font_size=10,
                    font_weight="bold",
                    fill=_GOOD_INK.get(good, INK),
                    text_anchor="middle",
                    class_="good-letter",
                )
    elif part.is_engine:
        doubled = part is Part.DOUBLE_ENGINE
        for dx in (-8, 8) if doubled else (0,):
            node(
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
        node(icon, "circle", cx=cx, cy=cy, r=11, fill="#fca5a5", stroke="#7f1d1d", stroke_width=2)
    elif part is Part.SHIELD:
        badge = (
            f"M {fmt(cx - 11)} {fmt(cy - 12)} L {fmt(cx + 11)} {fmt(cy - 12)} "
            f"L {fmt(cx + 11)} {fmt(cy - 1)} Q {fmt(cx + 11)} {fmt(cy + 10)} {fmt(cx)} "
            f"{fmt(cy + 14)} Q {fmt(cx - 11)} {fmt(cy + 10)} {fmt(cx - 11)} {fmt(cy - 1)} Z"
        )
        node(icon, "path", d=badge, fill="#67e8f9", stroke="#0e7490", stroke_width=2)
    elif part.is_life_support:
        colors = [str(c) for c in tile.colors] or ["brown"]
        if len(colors) == 1:
            node(
                icon,
                "circle",
                cx=cx,
                cy=cy,
                r=12,
                fill=ALIENS.get(colors[0], INK),
                stroke=INK,
                class_=f"support support-{colors[0]}",
            )
        else:
            for i, color in enumerate(colors[:2]):
                sweep = 0 if i == 0 else 1
                arc = f"M {fmt(cx)} {fmt(cy - 12)} A 12 12 0 0 {sweep} {fmt(cx)} {fmt(cy + 12)} Z"
                node(
                    icon,
                    "path",
                    d=arc,
                    fill=ALIENS.get(color, INK),
                    stroke=INK,
                    class_=f"support support-{color}",
                )
        node(
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
                node(
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
        node(
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
            ux, uy = unit_vector(d)
            node(
                icon,
                "line",
                x1=cx,
                y1=cy,
                x2=cx + ux * 16,
                y2=cy + uy * 16,
                stroke="#475569",
                stroke_width=3,
            )
        node(icon, "circle", cx=cx, cy=cy, r=7, fill="#e2e8f0", stroke="#475569", stroke_width=2)
    elif part is Part.ROBOT_CENTER:
        eyes = "#facc15" if held.active else "#475569"
        node(icon, "line", x1=cx, y1=cy - 16, x2=cx, y2=cy - 9, stroke=INK, stroke_width=2)
        node(
            icon,
            "rect",
            x=cx - 12,
            y=cy - 9,
            width=24,
            height=19,
            rx=4,
            fill="#cbd5e1",
            stroke=INK,
        )
        for dx in (-5, 5):
            node(icon, "circle", cx=cx + dx, cy=cy - 1, r=3, fill=eyes)
    elif part is Part.TURRET:
        node(icon, "circle", cx=cx, cy=cy, r=13, fill="#ffffff", stroke="#b91c1c", stroke_width=2)
        node(icon, "circle", cx=cx, cy=cy, r=5, fill="none", stroke="#b91c1c", stroke_width=2)
        for d in DIRECTIONS:
            ux, uy = unit_vector(d)
            node(
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
            node(
                icon,
                "line",
                x1=cx - 12 * sign,
                y1=cy - 12,
                x2=cx + 12 * sign,
                y2=cy + 12,
                stroke="#7f1d1d",
                stroke_width=3,
            )
            node(
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
        node(
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
            node(icon, "circle", cx=cx - 9 + i * 6, cy=cy, r=2.5, fill="#4338ca", class_="sleeper")


def _label(tile: Tile, held: Contents) -> str:
    """The short words under a tile's symbol."""
    match tile.part:
        case Part.CABIN if tile.start:
            return "start"
        case Part.BATTERY:
            return f"battery {held.charge}/{tile.capacity}"
        case Part.CARGO:
            return f"{'red hold' if tile.red else 'hold'} {len(held.goods)}/{tile.capacity}"
        case Part.ROBOT_CENTER:
            return "robots on" if held.active else "robots"
        case Part.STASIS_CHAMBER:
            return f"stasis {held.sleepers}"
        case _:
            return NAMES[tile.part]


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


def _draw_tile(
    parent: ET.Element,
    panel: Panel,
    cell: Cell,
    tile: Tile,
    held: Contents,
    top: ET.Element | None,
    exposed: frozenset[Direction] = frozenset(),
) -> None:
    """One tile; its icon and label go into ``top`` (the tile's own group when ``top`` is
    ``parent``; left out when it is None); the connectors on the sides ``exposed`` (no tile
    beyond) marked."""
    x, y = panel.xy(cell)
    cx, cy = panel.centre(cell)
    category = PART_STYLE.get(tile.part, "other")
    fill, stroke = FILL[category]
    group = node(
        parent,
        "g",
        id=panel.id(f"tile-{cell_id(cell)}"),
        class_=f"tile part-{tile.part}" + (" start" if tile.start else ""),
        data_square=str(cell),
    )
    node(group, "title", f"{cell}: {_tile_words(tile, held)}")
    square_rect(
        group,
        x,
        y,
        fill=fill,
        stroke=GOLD if tile.start else stroke,
        stroke_width=3 if tile.start else 1.5,
        class_="body",
    )
    for direction in DIRECTIONS:
        connector = tile.side(direction)
        if connector is not Connector.SMOOTH:
            side = _rotated(group, direction, cx, cy)
            out = direction in exposed
            side.set(
                "class",
                f"connector {connector.word.split()[0]} side-{direction}"
                + (" exposed" if out else ""),
            )
            _draw_connector(side, connector, cx, cy, out)
    for direction in tile.covers:
        arc = _rotated(group, direction, cx, cy)
        arc.set("class", f"shield-arc covers-{direction}")
        edge = cy - SQUARE / 2 + INSET
        node(
            arc,
            "path",
            d=f"M {fmt(cx - 30)} {fmt(edge + 10)} Q {fmt(cx)} {fmt(edge - 2)} {fmt(cx + 30)} "
            f"{fmt(edge + 10)}",
            fill="none",
            stroke="#06b6d4",
            stroke_width=4,
            stroke_linecap="round",
        )
    for direction in DIRECTIONS:
        if tile.facing is direction or direction in tile.nozzles or direction in tile.armor:
            _draw_front_feature(group, tile, direction, cx, cy)
    if top is None:
        return
    if top is not parent:
        group = node(top, "g", class_="tile-top", data_square=str(cell))
    _draw_icon(group, tile, held, cx, cy - 10)
    label = _label(tile, held)
    width = text_width(label, LABEL_SIZE)
    node(
        group,
        "text",
        label,
        x=cx,
        y=cy + 30,
        font_size=LABEL_SIZE,
        fill=INK,
        text_anchor="middle",
        textLength=fmt(_LABEL_ROOM) if width > _LABEL_ROOM else None,
        lengthAdjust="spacingAndGlyphs" if width > _LABEL_ROOM else None,
        class_="part-label",
    )


_LABEL_ROOM = SQUARE - 2 * INSET - 6
"""The widest a part's label is drawn: inside its tile."""


def tile_boxes(
    panel: Panel, tiles: Mapping[Cell, Tile], contents: Mapping[Cell, Contents]
) -> list[Box]:
    """The boxes of every tile's icon and label: what no badge may cover."""
    boxes = []
    for cell in sorted(tiles):
        if not panel.shows(cell):
            continue
        tile, held = tiles[cell], contents[cell]
        cx, cy = panel.centre(cell)
        width = 36.0
        if tile.part is Part.CARGO:
            width = max(width, 13.0 * max(tile.capacity, len(held.goods), 1) + 4)
        boxes.append(Box(cx - width / 2, cy - 28, width, 36))
        label = min(text_width(_label(tile, held), LABEL_SIZE), _LABEL_ROOM)
        boxes.append(Box(cx - label / 2, cy + 19, label, 14))
    return boxes


def draw_tiles(
    parent: ET.Element,
    panel: Panel,
    tiles: Mapping[Cell, Tile],
    contents: Mapping[Cell, Contents],
    *,
    group_id: str = "tiles",
    floor_only: bool = False,
) -> None:
    """Every tile; with ``floor_only`` their bodies, sides and features alone (a picture that
    draws a path over the floor then adds :func:`draw_tile_tops`)."""
    group = node(parent, "g", id=panel.id(group_id), class_="tiles")
    for cell in sorted(c for c in tiles if panel.holds(c)):
        top = None if floor_only else group
        out = exposed_sides(panel.board, cell, tiles)
        _draw_tile(group, panel, cell, tiles[cell], contents[cell], top, out)


def draw_tile(parent: ET.Element, panel: Panel, cell: Cell, tile: Tile, held: Contents) -> None:
    """One tile alone, its connectors unmarked (a tile in hand, or in a palette)."""
    _draw_tile(parent, panel, cell, tile, held, parent)


def exposed_sides(board: Board, cell: Cell, tiles: Mapping[Cell, Tile]) -> frozenset[Direction]:
    """The sides of the tile on ``cell`` with a connector and no tile beyond (on IIB, across
    the seam): where the picture marks an exposed connector."""
    tile = tiles[cell]
    return frozenset(
        d
        for d in DIRECTIONS
        if tile.side(d) is not Connector.SMOOTH and board.neighbour(cell, d) not in tiles
    )


def draw_tile_tops(
    parent: ET.Element, panel: Panel, tiles: Mapping[Cell, Tile], contents: Mapping[Cell, Contents]
) -> None:
    """The icons and labels of tiles drawn with ``floor_only``, over what lies between."""
    group = node(parent, "g", id=panel.id("tile-tops"), class_="tile-tops")
    for cell in sorted(c for c in tiles if panel.holds(c)):
        _draw_tile(ET.Element("g"), panel, cell, tiles[cell], contents[cell], group)


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
