"""A ship's tiles as pictures: each tile's body in its part's colours, its connectors (an
exposed one marked), what sits on a side instead (barrel, exhaust, nozzles, armor), its icon
(:mod:`~trucker.render.pictures.icons`), its label and a tooltip; every part as its row of
``components_data/parts.toml`` says.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import TYPE_CHECKING

from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction
from trucker.core.parts import Icon, Look, Part, PartInfo, Shows
from trucker.core.ship import Contents, Tile
from trucker.render.pictures.canvas import (
    FILL,
    GOLD,
    INK,
    INSET,
    LABEL_SIZE,
    ROTATE,
    SQUARE,
    Panel,
    cell_id,
    fmt,
    node,
    point_list,
    square_rect,
    text_width,
)
from trucker.render.pictures.icons import draw_icon, spread
from trucker.render.pictures.labels import Box

if TYPE_CHECKING:
    from trucker.core.boards import Board

__all__ = [
    "draw_tiles",
    "draw_tile",
    "tile_words",
    "draw_tile_tops",
    "tile_boxes",
    "exposed_sides",
    "part_label",
    "EXPOSED",
]


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
    parent: ET.Element, tile: Tile, row: PartInfo, direction: Direction, cx: float, cy: float
) -> None:
    """What sits on one side instead of a connector: barrel, exhaust, nozzle, armor (a barrel
    or an exhaust per power: a double cannon has two)."""
    edge = cy - SQUARE / 2
    group = _rotated(parent, direction, cx, cy)
    if tile.facing is direction and tile.part.is_cannon:
        group.set("class", "barrel")
        for dx in spread(row.power, 14):
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
        for dx in spread(row.power, 20):
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


def part_label(tile: Tile, held: Contents, look: Look) -> str:
    """The short words under a tile's icon: its row's ``draw.label``, and a count of what it
    holds where its row ``shows`` one."""
    label = look.label
    if tile.start:
        return "start"
    match look.shows:
        case Shows.CHARGE:
            return f"{label} {held.charge}/{tile.capacity}"
        case Shows.GOODS:
            return f"{'red ' if tile.red else ''}{label} {len(held.goods)}/{tile.capacity}"
        case Shows.ACTIVE:
            return f"{label} on" if held.active else label
        case Shows.SLEEPERS:
            return f"{label} {held.sleepers}"
        case _:
            return label


def tile_words(tile: Tile, held: Contents, look: Look) -> str:
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
    if look.shows is Shows.CHARGE:
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
    row: PartInfo,
    top: ET.Element | None,
    exposed: frozenset[Direction] = frozenset(),
) -> None:
    """One tile; its icon and label go into ``top`` (the tile's own group when ``top`` is
    ``parent``; left out when it is None); the connectors on the sides ``exposed`` (no tile
    beyond) marked."""
    x, y = panel.xy(cell)
    cx, cy = panel.centre(cell)
    look = row.look
    fill, stroke = FILL[look.family]
    group = node(
        parent,
        "g",
        id=panel.id(f"tile-{cell_id(cell)}"),
        class_=f"tile part-{tile.part}" + (" start" if tile.start else ""),
        data_square=str(cell),
    )
    node(group, "title", f"{cell}: {tile_words(tile, held, look)}")
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
            _draw_front_feature(group, tile, row, direction, cx, cy)
    if top is None:
        return
    if top is not parent:
        group = node(top, "g", class_="tile-top", data_square=str(cell))
    draw_icon(group, tile, held, row, cx, cy - 10)
    label = part_label(tile, held, look)
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
    panel: Panel,
    tiles: Mapping[Cell, Tile],
    contents: Mapping[Cell, Contents],
    facts: Mapping[Part, PartInfo],
) -> list[Box]:
    """The boxes of every tile's icon and label: what no badge may cover."""
    boxes = []
    for cell in sorted(tiles):
        if not panel.shows(cell):
            continue
        tile, held = tiles[cell], contents[cell]
        look = facts[tile.part].look
        cx, cy = panel.centre(cell)
        width = 36.0
        if look.icon is Icon.HOLD:
            width = max(width, 13.0 * max(tile.capacity, len(held.goods), 1) + 4)
        boxes.append(Box(cx - width / 2, cy - 28, width, 36))
        label = min(text_width(part_label(tile, held, look), LABEL_SIZE), _LABEL_ROOM)
        boxes.append(Box(cx - label / 2, cy + 19, label, 14))
    return boxes


def draw_tiles(
    parent: ET.Element,
    panel: Panel,
    tiles: Mapping[Cell, Tile],
    contents: Mapping[Cell, Contents],
    facts: Mapping[Part, PartInfo],
    *,
    group_id: str = "tiles",
    floor_only: bool = False,
) -> None:
    """Every tile, as its part's row in ``facts`` draws it; with ``floor_only`` their bodies,
    sides and features alone (a picture that draws a path over the floor then adds
    :func:`draw_tile_tops`)."""
    group = node(parent, "g", id=panel.id(group_id), class_="tiles")
    for cell in sorted(c for c in tiles if panel.holds(c)):
        top = None if floor_only else group
        out = exposed_sides(panel.board, cell, tiles)
        tile = tiles[cell]
        _draw_tile(group, panel, cell, tile, contents[cell], facts[tile.part], top, out)


def draw_tile(
    parent: ET.Element, panel: Panel, cell: Cell, tile: Tile, held: Contents, row: PartInfo
) -> None:
    """One tile alone, as its part's ``row`` draws it, its connectors unmarked (a tile in
    hand, or in a palette)."""
    _draw_tile(parent, panel, cell, tile, held, row, parent)


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
    parent: ET.Element,
    panel: Panel,
    tiles: Mapping[Cell, Tile],
    contents: Mapping[Cell, Contents],
    facts: Mapping[Part, PartInfo],
) -> None:
    """The icons and labels of tiles drawn with ``floor_only``, over what lies between."""
    group = node(parent, "g", id=panel.id("tile-tops"), class_="tile-tops")
    for cell in sorted(c for c in tiles if panel.holds(c)):
        tile = tiles[cell]
        _draw_tile(ET.Element("g"), panel, cell, tile, contents[cell], facts[tile.part], group)
