"""A threat's line and what it met (``trucker hit --svg``), and a card's threats as its log
tells them (the flight page). The exposure heat map is :mod:`~trucker.render.pictures.heat`,
a Radiation Leak :mod:`~trucker.render.pictures.leak`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trucker.core.geometry import Cell, Direction
from trucker.core.ship import Ship
from trucker.core.threats import is_side
from trucker.render.pictures.board import draw_squares
from trucker.render.pictures.canvas import (
    GREEN,
    RED,
    SQUARE,
    Panel,
    Picture,
    arrowhead,
    node,
    text_width,
    unit_vector,
)
from trucker.render.pictures.labels import Badge, Box, Layout
from trucker.render.pictures.marks import square_outline
from trucker.render.pictures.ship import lost_marks
from trucker.render.pictures.tiles import draw_tiles, tile_boxes
from trucker.render.text import LOST, Mark, draw_ship, hit_marks

if TYPE_CHECKING:
    from trucker.core.threats import Line
    from trucker.sim.attacks import AttackResult
    from trucker.sim.intruders import IntruderResult

__all__ = [
    "roll_text",
    "roll_line",
    "draw_threat",
    "draw_lines",
    "threats_svg",
    "LoggedImpact",
    "hit_svg",
]


def _draw_line(
    parent: ET.Element,
    panel: Panel,
    line: Line,
    *,
    label: str,
    color: str,
    ghost: bool = False,
    element_id: str = "line",
    beside: int | None = None,
) -> Box | None:
    """A band over the squares a threat crosses, and an arrow (with a short label) pointing
    where it enters; the squares come from :func:`trucker.core.threats.line_squares`. Beside
    the arrow of a column, the label is wrapped to fit the width of a square, on the right of
    it (``beside`` 1; -1: the left, the rolled line's by default), so the labels of lines on
    neighbouring columns never run into each other. Several threats on one line give their
    labels one under the other (a newline between them). Returns where the label lies (None:
    the line crosses no square shown), for the badges to keep clear of."""
    from trucker.core.threats import line_squares

    squares = [c for c in line_squares(panel.board, line) if panel.shows(c)]
    group = node(
        parent,
        "g",
        id=panel.id(element_id),
        class_="threat-line" + (" rolled" if ghost else ""),
        data_line=str(line),
    )
    parts = label.split("\n")
    node(group, "title", f"{', '.join(parts)}: {line}")
    if not squares:
        return None
    for cell in squares:
        x, y = panel.xy(cell)
        node(
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
    ux, uy = unit_vector(line.direction.opposite)
    ex, ey = panel.edge(squares[0], line.direction)
    tail = (ex - ux * 60, ey - uy * 60)
    tip = (ex - ux * 16, ey - uy * 16)
    node(
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
    arrowhead(group, tip, (ux, uy), 12, color)
    mid = ((tail[0] + tip[0]) / 2, (tail[1] + tip[1]) / 2)
    if line.direction in (Direction.LEFT, Direction.RIGHT):
        rows = parts
        x = min(tail[0], tip[0]) if line.direction is Direction.LEFT else max(tail[0], tip[0])
        y = mid[1] + 18 if ghost else mid[1] - 9 - _LABEL_LEADING * (len(rows) - 1)
        anchor = "start" if line.direction is Direction.LEFT else "end"
    else:
        side = beside if beside is not None else (-1 if ghost else 1)
        rows = [row for part in parts for row in _wrapped(part)]
        x = mid[0] + 8 * side
        y = mid[1] + 4 - _LABEL_LEADING * (len(rows) - 1) / 2
        anchor = "start" if side > 0 else "end"
    text = node(
        group,
        "text",
        rows[0] if len(rows) == 1 else None,
        x=x,
        y=y,
        font_size=_LABEL_SIZE,
        fill=color,
        stroke="#ffffff",
        stroke_width=3,
        paint_order="stroke",
        text_anchor=anchor,
        font_weight="bold",
        class_="line-label",
    )
    if len(rows) > 1:
        for number, row in enumerate(rows):
            node(text, "tspan", row, x=x, dy=_LABEL_LEADING if number else 0)
    width = max(text_width(row, _LABEL_SIZE, bold=True) for row in rows)
    left = x if anchor == "start" else x - width
    return Box(left, y - _LABEL_SIZE, width, _LABEL_LEADING * len(rows))


_LABEL_SIZE = 11
"""The size of a line's label, in pixels."""

_LABEL_WIDTH = SQUARE - 16
"""The widest row of a column's label: what fits between its arrow and the next column's, a
square away ("1 small" over "meteor")."""

_LABEL_LEADING = 13
"""The distance between the rows of a label, in pixels."""


def _wrapped(text: str) -> list[str]:
    """``text`` in rows that fit beside a column's arrow, its words kept whole."""
    rows: list[str] = []
    for word in text.split():
        if rows and text_width(f"{rows[-1]} {word}", _LABEL_SIZE, bold=True) <= _LABEL_WIDTH:
            rows[-1] += f" {word}"
        else:
            rows.append(word)
    return rows or [text]


def _beside(line: Line, rolled: Line | None) -> tuple[int, int]:
    """Which side of its arrow the label of the line a threat travelled and of the line as
    rolled go (1: the right): away from each other, so a shift by one column leaves both
    readable."""
    if (
        line.index is not None
        and rolled is not None
        and rolled.index is not None
        and rolled.index > line.index
    ):
        return -1, 1
    return 1, -1


def _draw_rolled(parent: ET.Element, panel: Panel, rolled: Line, beside: int) -> None:
    """The line as rolled, ghosted: a thruster moved the ship off it."""
    _draw_line(
        parent,
        panel,
        rolled,
        label="rolled",
        color="#64748b",
        ghost=True,
        element_id="rolled-line",
        beside=beside,
    )


def _destroyed(impact: LoggedImpact) -> bool:
    return impact.square is not None and not impact.stopped_by


def _short_line(line: Line) -> str:
    """``row 9`` / ``col 6``: a label short enough for the margin beside an arrow."""
    if line.index is None:
        return "miss"
    return f"{'row' if line.direction in (Direction.LEFT, Direction.RIGHT) else 'col'} {line.index}"


# -- public pictures -------------------------------------------------------------------------


def roll_text(roll: object) -> str:
    if isinstance(roll, tuple):
        return f"{roll[0]} and {roll[1]}"
    return str(roll)


def draw_lines(
    parent: ET.Element, panel: Panel, line: Line, rolled: Line | None, color: str
) -> None:
    """The line as rolled (ghosted: a thruster moved the ship off it), and the line the threat
    or intruder really travelled."""
    beside = _beside(line, rolled)
    if rolled is not None and rolled.index is not None:
        _draw_rolled(parent, panel, rolled, beside[1])
    _draw_line(parent, panel, line, label=_short_line(line), color=color, beside=beside[0])


def draw_threat(parent: ET.Element, panel: Panel, ship: Ship, result: Any, color: str) -> None:
    """The board, the line as rolled (ghosted, when a thruster moved the ship), the tiles, and
    the line the threat or intruder really travelled: shared by hits and walks."""
    draw_squares(parent, panel, ship.hole_squares, tiles=ship.tiles)
    beside = _beside(result.line, result.rolled)
    if result.shift is not None and result.rolled.index is not None:
        _draw_rolled(parent, panel, result.rolled, beside[1])
    draw_tiles(parent, panel, ship.tiles, ship.contents, ship.part_facts)
    _draw_line(
        parent,
        panel,
        result.line,
        label=_short_line(result.line),
        color=color,
        beside=beside[0],
    )


def hit_svg(before: Ship, after: Ship, result: AttackResult) -> str:
    """A threat against a ship: the line it travels (and the rolled line, if a thruster moved
    the ship), the tile it met and what defended it; beside it, the ship after the hit."""
    kind, side = result.threat.kind, result.threat.direction
    marks = hit_marks(result)
    text_before = draw_ship(before, marks=marks)
    lost = result.lost
    title = f"{before.label}: {kind} from the {side}, {roll_line(result)}"
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
    picture = Picture(title, desc)
    extent = set(before.tiles) | set(after.tiles)
    first = Panel.sized(before.board, extent)
    second = Panel.sized(after.board, extent, prefix="after-")
    bottom = picture.place([first, second], ["the threat's line", "the ship after"])
    draw_threat(picture.body, first, before, result, RED)
    layout = Layout(Box(first.x0, first.y0, first.width, first.height))
    layout.block(tile_boxes(first, before.tiles, before.contents, before.part_facts))
    marks_group = node(picture.body, "g", id="impacts")
    for number, impact in enumerate(result.impacts, 1):
        item = node(
            marks_group,
            "g",
            class_=f"impact impact-{number} {impact.stopped_by or 'destroyed'}",
            data_square=str(impact.hit) if impact.hit else None,
        )
        if impact.hit is not None:
            square_outline(item, first, impact.hit, RED, inset=1, width=4, cls="outline hit")
            x, y = first.xy(impact.hit)
            word = f"stopped: {impact.stopped_by}" if impact.stopped_by else "hit"
            layout.badge(
                Badge(
                    word,
                    11,
                    RED if not impact.stopped_by else GREEN,
                    "tag",
                    first.centre(impact.hit),
                    [(x + SQUARE / 2, y + 12)],
                    parent=item,
                    home=Box(x, y, SQUARE, SQUARE),
                )
            )
        if impact.defender is not None:
            square_outline(
                item, first, impact.defender, GREEN, inset=1, width=4, cls="outline defender"
            )
    layout.draw(picture.body)
    draw_squares(picture.body, second, after.hole_squares, tiles=after.tiles)
    draw_tiles(picture.body, second, after.tiles, after.contents, after.part_facts)
    lost_marks(picture.body, second, lost, before)
    picture.captions(captions, bottom - 6)
    return picture.render()


# -- a card's threats, from its log -----------------------------------------------------------


@dataclass(frozen=True)
class LoggedImpact:
    """One threat of a card as the log tells it: its kind, line, the tile it met (None: a
    miss), and what stopped it (None: it destroyed the tile)."""

    threat: str
    line: Line
    square: Cell | None
    stopped_by: str | None = None
    defender: Cell | None = None


def _line_squares(impacts: Sequence[LoggedImpact], cells: Sequence[Cell]) -> list[Cell]:
    """A square on each impact's row or column, inside the rows and columns ``cells`` span."""
    if not cells:
        return []
    row, col = min(c.row for c in cells), min(c.col for c in cells)
    found = []
    for impact in impacts:
        line = impact.line
        if line.index is None:
            continue
        if is_side(line.direction):
            found.append(Cell(line.index, col))
        else:
            found.append(Cell(row, line.index))
        if line.entry is not None:
            found.append(Cell(row, line.entry))
    return found


def threats_svg(
    before: Ship,
    after: Ship,
    impacts: Sequence[LoggedImpact],
    lost: Sequence[Cell],
    title: str,
    crop: Sequence[Cell] | None = None,
    *,
    captions: bool = True,
) -> str:
    """Every meteor and shot of one card against one ship: each line numbered in the order it
    came, the tile it met outlined (green: stopped, red: destroyed), over the ship as the card
    left it, the tiles lost crossed out. Given ``crop``, the board is cut to the squares it
    spans and every line's row or column (a miss beside the ship is still drawn). Without
    ``captions`` the lines are told in the description only (a page that narrates them
    beside the picture gives the room to the ship)."""
    lines = []
    for number, impact in enumerate(impacts, 1):
        end = (
            "a miss"
            if impact.square is None
            else f"meets {impact.square}: "
            + (f"stopped ({impact.stopped_by})" if impact.stopped_by else "destroyed")
        )
        lines.append(
            f"{number}. {impact.threat} from the {impact.line.direction}, {impact.line}: {end}"
        )
    marks: dict[Cell, Mark] = dict.fromkeys(lost, LOST)
    picture = Picture(title, "\n".join([draw_ship(after, marks=marks).plain(), *lines]))
    shown = [*before.tiles, *after.tiles]
    panel = (
        Panel.sized(before.board, shown)
        if crop is None
        else Panel.around(before.board, [*crop, *shown, *_line_squares(impacts, [*crop, *shown])])
    )
    bottom = picture.place([panel])
    draw_squares(picture.body, panel, after.hole_squares, tiles=after.tiles)
    draw_tiles(picture.body, panel, after.tiles, after.contents, after.part_facts)
    lost_marks(picture.body, panel, lost, before)
    layout = Layout(Box(panel.x0, panel.y0, panel.width, panel.height))
    layout.block(tile_boxes(panel, after.tiles, after.contents, after.part_facts))
    group = node(picture.body, "g", id="impacts")
    on_line: dict[Line, list[int]] = {}
    for number, impact in enumerate(impacts, 1):
        on_line.setdefault(impact.line, []).append(number)
    for line, numbers in on_line.items():  # threats on one line share its arrow and label
        harmed = any(_destroyed(impacts[n - 1]) for n in numbers)
        label_box = _draw_line(
            group,
            panel,
            line,
            label="\n".join(f"{n} {impacts[n - 1].threat.replace('-', ' ')}" for n in numbers),
            color=RED if harmed else "#475569",
            element_id=f"line-{numbers[0]}",
        )
        if label_box is not None:
            layout.block([label_box])
    for number, impact in enumerate(impacts, 1):
        if impact.square is None or not panel.shows(impact.square):
            continue
        item = node(
            group,
            "g",
            class_=f"impact impact-{number} {impact.stopped_by or 'destroyed'}",
            data_square=str(impact.square),
        )
        stopped = impact.stopped_by is not None
        square_outline(
            item,
            panel,
            impact.square,
            GREEN if stopped else RED,
            inset=1,
            width=4,
            cls="outline hit",
        )
        x, y = panel.xy(impact.square)
        layout.badge(
            Badge(
                f"{number} " + (f"stopped: {impact.stopped_by}" if stopped else "hit"),
                11,
                GREEN if stopped else RED,
                "tag",
                panel.centre(impact.square),
                [(x + SQUARE / 2, y + 12)],
                parent=item,
                home=Box(x, y, SQUARE, SQUARE),
            )
        )
    layout.draw(picture.body)
    picture.captions([(line, "impact-line") for line in lines] if captions else [], bottom - 6)
    return picture.render()


# -- intruder walks ----------------------------------------------------------------------------


def roll_line(result: AttackResult | IntruderResult) -> str:
    """``roll 7 → row 7``, or with a thruster shift ``roll 7 → row 7, shifted front → row 8``."""
    text = f"roll {roll_text(result.roll)} → {result.rolled}"
    if result.shift is not None:
        text += f", shifted {result.shift} → {result.line}"
    return text
