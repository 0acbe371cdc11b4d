"""One label layout pass for a picture: every badge is asked for, then placed once, so that no
two labels overlap and none lies over an icon, a part's label or a marker.

A picture registers what must stay visible (:meth:`Layout.block`: icons, part labels, step
discs, tokens) and asks for badges near an anchor (:meth:`Layout.badge`). :meth:`Layout.draw`
places them in the order asked: the first free spot among those near the anchor (inside its
square first, then around it, farther and farther), else a free spot in the picture's margin;
a badge away from its anchor gets a leader line back to it. A badge's text is drawn at the
width the layout reserved (``textLength``), so what the browser shows is what was laid out,
whatever the font.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from trucker.render.pictures.canvas import fmt, node, text_width

__all__ = ["Box", "Badge", "Layout", "draw_badge"]

_PAD = 4
_GAP = 2


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in picture units."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def overlaps(self, other: Box, gap: float = 0.0) -> bool:
        return not (
            self.right + gap <= other.x
            or other.right + gap <= self.x
            or self.bottom + gap <= other.y
            or other.bottom + gap <= self.y
        )

    def inside(self, other: Box) -> bool:
        return (
            self.x >= other.x
            and self.y >= other.y
            and self.right <= other.right
            and self.bottom <= other.bottom
        )

    def moved(self, cx: float, cy: float) -> Box:
        """The same size, centred on (cx, cy)."""
        return Box(cx - self.w / 2, cy - self.h / 2, self.w, self.h)


def badge_size(text: str, size: float) -> tuple[float, float]:
    return text_width(text, size, bold=True) + 2 * _PAD, size + 6


@dataclass
class Badge:
    """A label asked for: its words, colours and class, the point it names (``anchor``) and
    the spots it would rather sit at (centres, best first)."""

    text: str
    size: float
    color: str
    cls: str
    anchor: tuple[float, float]
    spots: Sequence[tuple[float, float]]
    title: str | None = None
    parent: ET.Element | None = None
    fill: str = "#ffffff"
    home: Box | None = None
    """The square the badge belongs to: inside it, no leader line is drawn; outside, the
    leader starts on its edge."""
    placed: Box | None = field(default=None, init=False)


def draw_badge(
    parent: ET.Element,
    text: str,
    box: Box,
    color: str,
    *,
    size: float,
    cls: str,
    fill: str = "#ffffff",
) -> None:
    """A label on a background: a rounded box and its text, centred, at the box's width."""
    node(
        parent,
        "rect",
        x=box.x,
        y=box.y,
        width=box.w,
        height=box.h,
        rx=3,
        fill=fill,
        stroke=color,
        stroke_width=1.5,
        class_=f"{cls}-box label-box",
    )
    node(
        parent,
        "text",
        text,
        x=box.x + box.w / 2,
        y=box.y + box.h / 2 + size * 0.36,
        font_size=size,
        fill=color if fill == "#ffffff" else "#ffffff",
        text_anchor="middle",
        font_weight="bold",
        textLength=fmt(box.w - 2 * _PAD),
        lengthAdjust="spacingAndGlyphs",
        class_=f"{cls} label-text",
    )


class Layout:
    """The labels of one picture and what they must not cover."""

    def __init__(self, bounds: Box, step: float = 22.0) -> None:
        self.bounds = bounds
        self.step = step
        self.blocked: list[Box] = []
        self.badges: list[Badge] = []

    def block(self, boxes: Iterable[Box]) -> None:
        """Areas no label may cover."""
        self.blocked.extend(boxes)

    def badge(self, badge: Badge) -> Badge:
        self.badges.append(badge)
        return badge

    def _free(self, box: Box, placed: Sequence[Box]) -> bool:
        if not box.inside(self.bounds):
            return False
        return not any(box.overlaps(b, _GAP) for b in self.blocked) and not any(
            box.overlaps(b, _GAP) for b in placed
        )

    def _around(self, badge: Badge, size: tuple[float, float]) -> Iterable[tuple[float, float]]:
        """Spots in rings around the anchor, nearest first, each ring from above clockwise."""
        ax, ay = badge.anchor
        w, h = size
        for ring in range(1, 12):
            dx, dy = ring * (w / 2 + self.step / 2), ring * (h + self.step / 2)
            for fx, fy in (
                (0, -1),
                (1, -1),
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
            ):
                yield ax + fx * dx, ay + fy * dy

    def _margin(self, size: tuple[float, float]) -> Iterable[tuple[float, float]]:
        """Spots along the picture's edges, top and bottom rows first."""
        w, h = size
        b = self.bounds
        x = b.x + w / 2 + 2
        while x + w / 2 <= b.right:
            yield x, b.y + h / 2 + 2
            yield x, b.bottom - h / 2 - 2
            x += self.step
        y = b.y + h / 2 + 2
        while y + h / 2 <= b.bottom:
            yield b.x + w / 2 + 2, y
            yield b.right - w / 2 - 2, y
            y += self.step / 2

    def place(self) -> list[Badge]:
        """Place every badge, in the order asked; return those that found no spot."""
        placed: list[Box] = []
        homeless = []
        for badge in self.badges:
            size = badge_size(badge.text, badge.size)
            shape = Box(0, 0, *size)
            chosen = None
            for spots in (badge.spots, self._around(badge, size), self._margin(size)):
                for cx, cy in spots:
                    box = shape.moved(cx, cy)
                    if self._free(box, placed):
                        chosen = box
                        break
                if chosen is not None:
                    break
            if chosen is None:
                homeless.append(badge)
                continue
            badge.placed = chosen
            placed.append(chosen)
        return homeless

    def draw(self, parent: ET.Element) -> None:
        """Place the badges and draw them, each with a leader line when it sits away from its
        anchor; a badge that found no spot is left out of the picture (its words are in the
        picture's description)."""
        self.place()
        group = node(parent, "g", class_="labels")
        for badge in self.badges:
            box = badge.placed
            if box is None:
                continue
            item = node(badge.parent if badge.parent is not None else group, "g", class_="label")
            if badge.title:
                node(item, "title", badge.title)
            ax, ay = badge.anchor
            bx, by = box.centre
            home = badge.home
            at_home = (
                home is not None and home.x <= bx <= home.right and home.y <= by <= home.bottom
            )
            touching = box.x - 2 <= ax <= box.right + 2 and box.y - 2 <= ay <= box.bottom + 2
            if not (at_home or touching):
                if home is not None:
                    ax = min(max(bx, home.x), home.right)
                    ay = min(max(by, home.y), home.bottom)
                ex = min(max(ax, box.x), box.right)
                ey = min(max(ay, box.y), box.bottom)
                node(
                    item,
                    "line",
                    x1=ax,
                    y1=ay,
                    x2=ex,
                    y2=ey,
                    stroke=badge.color,
                    stroke_width=1.5,
                    class_="leader",
                )
                node(item, "circle", cx=ax, cy=ay, r=2.5, fill=badge.color, class_="leader-end")
            draw_badge(
                item,
                badge.text,
                box,
                badge.color,
                size=badge.size,
                cls=badge.cls,
                fill=badge.fill,
            )
