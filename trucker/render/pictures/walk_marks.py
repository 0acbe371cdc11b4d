"""What a walk's frame draws on the ship: the path through the tiles entered (each way along a
joint in its own lane), the ghosts of eaten crew, the fuses placed, the token of each walker
with its heading, and the tries its hand made.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from trucker.core.geometry import Cell
from trucker.render.pictures.canvas import (
    GREEN,
    INSET,
    RED,
    SQUARE,
    Panel,
    arrowhead,
    fmt,
    node,
    point_list,
    unit_vector,
)
from trucker.render.pictures.icons import crew_spots, icon_centre
from trucker.render.pictures.labels import Badge, Box, Layout
from trucker.render.pictures.story import Visit, tries, turned

if TYPE_CHECKING:
    pass

__all__ = [
    "LANE",
    "FUSE",
    "GHOST",
    "SIZE",
    "draw_route",
    "home_box",
    "draw_ghosts",
    "draw_fuse",
    "draw_token",
    "draw_tries",
]

LANE = 7.0
FUSE = "#9a3412"
GHOST = "#64748b"
SIZE = 12


# -- the path ----------------------------------------------------------------------------------


def _unit(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return dx / length, dy / length


def _offset(
    a: tuple[float, float], b: tuple[float, float], lane: float
) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The segment a→b moved ``lane`` units to its right (as the walker sees it), and its
    direction."""
    ux, uy = _unit(a, b)
    nx, ny = -uy, ux
    return (a[0] + nx * lane, a[1] + ny * lane), (b[0] + nx * lane, b[1] + ny * lane), (ux, uy)


def _join(
    end: tuple[float, float],
    u1: tuple[float, float],
    start: tuple[float, float],
    u2: tuple[float, float],
) -> list[tuple[float, float]]:
    """The points that join one lane segment to the next at a tile's centre: the corner of a
    turn, a loop for a way back, a short jog between lanes."""
    cross = u1[0] * u2[1] - u1[1] * u2[0]
    dot = u1[0] * u2[0] + u1[1] * u2[1]
    if abs(cross) > 0.5:
        # two lines, end + t·u1 and start - s·u2, meet at the corner
        dx, dy = start[0] - end[0], start[1] - end[1]
        t = (dx * u2[1] - dy * u2[0]) / cross
        return [(end[0] + u1[0] * t, end[1] + u1[1] * t)]
    if dot < -0.5:
        reach = 12.0
        return [
            (end[0] + u1[0] * reach, end[1] + u1[1] * reach),
            (start[0] - u2[0] * reach, start[1] - u2[1] * reach),
        ]
    return [end, start]


def draw_route(
    parent: ET.Element,
    panel: Panel,
    visits: Sequence[Visit],
    lanes: dict[tuple[Any, ...], int],
    color: str,
    latest: int | None,
    layout: Layout,
) -> None:
    """One walker's path so far: a segment per step, each in its lane, an arrowhead on it."""
    segments = []
    for i, visit in enumerate(visits):
        end = panel.centre(visit.square)
        if i == 0:
            start = panel.edge(visit.square, visit.heading.opposite)
            key: tuple[Any, ...] = ("entry", visit.square)
        else:
            start = panel.centre(visits[i - 1].square)
            key = (visits[i - 1].square, visit.square)
        lane = lanes.get(key, 0)
        lanes[key] = lane + 1
        a, b, u = _offset(start, end, LANE * (lane + 0.6))
        segments.append((visit, a, b, u))
    joins = [[a] for _, a, _, _ in segments[:1]]
    for (_, _, pb, pu), (_, na, _, nu) in pairwise(segments):
        joins.append(_join(pb, pu, na, nu))
    for i, (visit, a, b, u) in enumerate(segments):
        points = list(joins[i])
        points.append(joins[i + 1][0] if i + 1 < len(joins) else b)
        now = visit.step == latest
        group = node(
            parent,
            "g",
            class_="route" + (" latest" if now else ""),
            data_step=visit.step,
        )
        node(
            group,
            "polyline",
            points=point_list(points),
            fill="none",
            stroke="#ffffff",
            stroke_width=9 if now else 7,
            stroke_linejoin="round",
            stroke_linecap="round",
            stroke_opacity=0.8,
        )
        node(
            group,
            "polyline",
            points=point_list(points),
            fill="none",
            stroke=color,
            stroke_width=5 if now else 3.5,
            stroke_linejoin="round",
            stroke_linecap="round",
            stroke_opacity=1 if now else 0.7,
            class_="route-line",
        )
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        size = 12 if now else 9
        tip = (mx + u[0] * size / 2, my + u[1] * size / 2)
        arrowhead(group, tip, u, size, color).set("class", "route-arrow")
        layout.block([Box(tip[0] - size, tip[1] - size, 2 * size, 2 * size)])


# -- marks on tiles --------------------------------------------------------------------------


def home_box(panel: Panel, cell: Cell) -> Box:
    x, y = panel.xy(cell)
    return Box(x, y, SQUARE, SQUARE)


def draw_ghosts(parent: ET.Element, panel: Panel, visit: Visit, fresh: bool) -> None:
    """Dashed outlines where the crew and aliens a predator ate stood: red on the frame of the
    meal, grey after it."""
    ate = visit.ate
    if ate is None:
        return
    ink = RED if fresh else GHOST
    ix, iy = icon_centre(panel, visit.square)
    group = node(parent, "g", class_="ghosts", data_square=str(visit.square))
    node(group, "title", f"{visit.square}: eaten at step {visit.step}")
    if ate.aliens:
        node(
            group,
            "circle",
            cx=ix,
            cy=iy - 6,
            r=8,
            fill="none",
            stroke=ink,
            stroke_width=2,
            stroke_dasharray="3 2",
            class_="ghost ghost-alien",
        )
    for x, y in crew_spots(ate.humans, ix, iy):
        node(
            group,
            "circle",
            cx=x,
            cy=y - 1,
            r=5,
            fill="none",
            stroke=ink,
            stroke_width=2,
            stroke_dasharray="2 2",
            class_="ghost ghost-human",
        )


def draw_fuse(parent: ET.Element, panel: Panel, visit: Visit, layout: Layout) -> None:
    """A fuse on the tile where it was placed: a bomb in the square's top-left corner."""
    x, y = panel.xy(visit.square)
    cx, cy = x + INSET + 13, y + INSET + 14
    group = node(
        parent, "g", class_="fuse-mark", data_square=str(visit.square), data_step=visit.step
    )
    node(group, "title", f"{visit.square}: a fuse, placed at step {visit.step}")
    node(group, "circle", cx=cx, cy=cy, r=8, fill="#111827", stroke="#ffffff", stroke_width=1.5)
    node(
        group,
        "path",
        d=f"M {fmt(cx + 5)} {fmt(cy - 6)} q 3 -5 7 -4",
        fill="none",
        stroke="#111827",
        stroke_width=2,
    )
    node(group, "circle", cx=cx + 12, cy=cy - 10, r=3, fill="#f97316")
    layout.block([Box(cx - 10, cy - 14, 26, 24)])


def draw_token(
    parent: ET.Element,
    panel: Panel,
    visit: Visit,
    color: str,
    inner: bool,
    kind: str,
    layout: Layout,
) -> Box:
    """Where a walker stands now: a thick frame round its square (inside a second walker's,
    when both stand on one square), a disc with its letter and a big arrow for its heading."""
    x, y = panel.xy(visit.square)
    inset = 9.0 if inner else 2.0
    group = node(
        parent,
        "g",
        id=panel.id(f"token-{visit.hand}"),
        class_=f"walker-token walker-{visit.hand}" + (" beaten" if visit.defeated_by else ""),
        data_square=str(visit.square),
        data_step=visit.step,
        data_heading=str(visit.heading),
    )
    node(
        group,
        "title",
        f"the {visit.hand}-hand {kind} is on {visit.square}, heading {visit.heading}",
    )
    side = SQUARE - 2 * inset
    node(
        group,
        "rect",
        x=x + inset,
        y=y + inset,
        width=side,
        height=side,
        rx=10,
        fill="none",
        stroke="#ffffff",
        stroke_width=10,
    )
    node(
        group,
        "rect",
        x=x + inset,
        y=y + inset,
        width=side,
        height=side,
        rx=10,
        fill="none",
        stroke=color,
        stroke_width=6,
        stroke_dasharray="10 5" if visit.hand == "right" else None,
        class_="token-frame",
    )
    cx, cy = panel.centre(visit.square)
    ux, uy = unit_vector(visit.heading)
    edge = SQUARE / 2 - inset
    tip = (cx + ux * (edge + 14), cy + uy * (edge + 14))
    node(
        group,
        "polygon",
        points=point_list(
            [
                tip,
                (cx + ux * (edge - 4) - uy * 14, cy + uy * (edge - 4) + ux * 14),
                (cx + ux * (edge - 4) + uy * 14, cy + uy * (edge - 4) - ux * 14),
            ]
        ),
        fill=color,
        stroke="#ffffff",
        stroke_width=2,
        class_="heading-arrow",
    )
    dx = x + SQUARE - inset - 14 if not inner else x + inset + 14
    dy = y + inset + 14
    node(group, "circle", cx=dx, cy=dy, r=13, fill=color, stroke="#ffffff", stroke_width=2)
    node(
        group,
        "text",
        kind[:1].upper(),
        x=dx,
        y=dy + 5,
        font_size=15,
        font_weight="bold",
        fill="#ffffff",
        text_anchor="middle",
        class_="token-letter",
    )
    if visit.defeated_by:
        for sx in (-1, 1):
            node(
                group,
                "line",
                x1=dx - 9 * sx,
                y1=dy - 9,
                x2=dx + 9 * sx,
                y2=dy + 9,
                stroke="#ffffff",
                stroke_width=3,
            )
    layout.block([Box(tip[0] - 16, tip[1] - 16, 32, 32)])
    return Box(dx - 15, dy - 15, 30, 30)


def draw_tries(panel: Panel, before: Visit, visit: Visit, layout: Layout) -> None:
    """The hand's tries on the tile it left, in order, at the sides they tried."""
    cx, cy = panel.centre(before.square)
    for number, (move, taken) in enumerate(tries(visit), 1):
        side = turned(before.heading, move)
        ux, uy = unit_vector(side)
        ex, ey = cx + ux * SQUARE / 2, cy + uy * SQUARE / 2
        along = (-uy * 24, ux * 24)
        why = "joined: it went this way" if taken else "nothing joined there"
        layout.badge(
            Badge(
                f"{number}{'✓' if taken else '✗'}",
                SIZE,
                GREEN if taken else RED,
                "try " + ("try-yes" if taken else "try-no"),
                (ex, ey),
                [
                    (ex - along[0], ey - along[1]),
                    (ex + along[0], ey + along[1]),
                    (ex, ey),
                ],
                title=f"try {number}: {move} from {before.square}: {why}",
                home=home_box(panel, before.square),
            )
        )
