"""The picture on each tile: one function per icon of the parts' rows (``draw.icon`` in
``components_data/parts.toml``), each drawing what the tile holds into it (crew, tokens,
goods, sleepers...). Parts may share an icon: engines draw one body per engine power.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import assert_never

from trucker.core.geometry import DIRECTIONS, Cell
from trucker.core.parts import Icon, PartInfo
from trucker.core.ship import Contents, Tile
from trucker.render.pictures.canvas import (
    ALIENS,
    GOLD,
    GOODS,
    INK,
    RED,
    Panel,
    fmt,
    node,
    point_list,
    unit_vector,
)

__all__ = ["draw_icon", "icon_centre", "crew_spots", "spread", "ALIEN_LETTERS"]

ALIEN_LETTERS = {"brown": "B", "purple": "P", "cyan": "C"}
"""Each alien's colour written on it as a letter too, for readers who cannot tell them apart."""
_GOOD_INK = {"R": "#ffffff", "Y": "#1e293b", "G": "#ffffff", "B": "#ffffff"}


def spread(count: int, gap: float) -> tuple[float, ...]:
    """Offsets of ``count`` things ``gap`` apart, centred on 0 (at least one thing)."""
    count = max(count, 1)
    return tuple((i - (count - 1) / 2) * gap for i in range(count))


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


def draw_icon(
    parent: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """The icon of the tile's part (its row's ``draw.icon``), centred on (cx, cy), with what
    the tile holds drawn in."""
    icon = node(parent, "g", class_="icon")
    match row.look.icon:
        case Icon.NONE:
            pass
        case Icon.CABIN:
            _cabin(icon, tile, held, row, cx, cy)
        case Icon.LUXURY:
            _luxury(icon, tile, held, row, cx, cy)
        case Icon.PIPES:
            _pipes(icon, tile, held, row, cx, cy)
        case Icon.BATTERY:
            _battery(icon, tile, held, row, cx, cy)
        case Icon.HOLD:
            _hold(icon, tile, held, row, cx, cy)
        case Icon.ENGINE:
            _engine(icon, tile, held, row, cx, cy)
        case Icon.CANNON:
            _cannon(icon, tile, held, row, cx, cy)
        case Icon.SHIELD:
            _shield(icon, tile, held, row, cx, cy)
        case Icon.LIFE_SUPPORT:
            _life_support(icon, tile, held, row, cx, cy)
        case Icon.SOLAR:
            _solar(icon, tile, held, row, cx, cy)
        case Icon.THRUSTER:
            _thruster(icon, tile, held, row, cx, cy)
        case Icon.ROUTER:
            _router(icon, tile, held, row, cx, cy)
        case Icon.ROBOTS:
            _robots(icon, tile, held, row, cx, cy)
        case Icon.TURRET:
            _turret(icon, tile, held, row, cx, cy)
        case Icon.ARMORY:
            _armory(icon, tile, held, row, cx, cy)
        case Icon.STASIS:
            _stasis(icon, tile, held, row, cx, cy)
        case _:
            assert_never(row.look.icon)


def _cabin(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A cabin's bunk with its humans standing on it, or its alien (a disc with its letter)."""
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


def _luxury(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A luxury cabin's diamond, its passenger in it."""
    diamond = [(cx, cy - 13), (cx + 15, cy), (cx, cy + 13), (cx - 15, cy)]
    node(icon, "polygon", points=point_list(diamond), fill="#fef3c7", stroke=GOLD)
    if held.passenger:
        node(icon, "circle", cx=cx, cy=cy, r=5, fill="#15803d", class_="passenger")


def _pipes(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """Pipes crossing: a structural module."""
    node(icon, "rect", x=cx - 16, y=cy - 3, width=32, height=6, fill="#94a3b8")
    node(icon, "rect", x=cx - 3, y=cy - 16, width=6, height=32, fill="#94a3b8")


def _battery(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A battery with its slots, the tokens aboard filled."""
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


def _hold(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A hold with a slot per good, each good in its colour and letter; a red hold in red."""
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


def _engine(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """One engine body per engine power (a double engine two)."""
    for dx in spread(row.power, 16):
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


def _cannon(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A cannon's turret."""
    node(icon, "circle", cx=cx, cy=cy, r=11, fill="#fca5a5", stroke="#7f1d1d", stroke_width=2)


def _shield(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A shield badge."""
    badge = (
        f"M {fmt(cx - 11)} {fmt(cy - 12)} L {fmt(cx + 11)} {fmt(cy - 12)} "
        f"L {fmt(cx + 11)} {fmt(cy - 1)} Q {fmt(cx + 11)} {fmt(cy + 10)} {fmt(cx)} "
        f"{fmt(cy + 14)} Q {fmt(cx - 11)} {fmt(cy + 10)} {fmt(cx - 11)} {fmt(cy - 1)} Z"
    )
    node(icon, "path", d=badge, fill="#67e8f9", stroke="#0e7490", stroke_width=2)


def _life_support(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A disc in its alien colour (two halves for hybrid life support)."""
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


def _solar(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """Six solar cells."""
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


def _thruster(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A thruster's body (its nozzles are drawn on its sides)."""
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


def _router(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A hub with a spoke to each side."""
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


def _robots(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A robot, its eyes lit when activated."""
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


def _turret(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A laser turret's sight."""
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


def _armory(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """Two crossed swords."""
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


def _stasis(
    icon: ET.Element, tile: Tile, held: Contents, row: PartInfo, cx: float, cy: float
) -> None:
    """A stasis pod with a dot per sleeper."""
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
