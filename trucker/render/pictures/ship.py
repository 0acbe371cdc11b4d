"""A ship as a picture (``trucker show --svg``): its tiles and every violation of its report, or
the ship after tiles were lost, the lost squares crossed out.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from trucker.core.boards import Board
from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.render.text import LOST, Mark, draw_ship

if TYPE_CHECKING:
    from trucker.rules.report import Report
from trucker.render.pictures.board import draw_squares
from trucker.render.pictures.canvas import RED, SQUARE, Panel, Picture, node, square_rect
from trucker.render.pictures.labels import Badge, Box, Layout
from trucker.render.pictures.marks import square_outline
from trucker.render.pictures.tiles import draw_tiles, exposed_sides, tile_boxes

__all__ = [
    "boards_svg",
    "lost_marks",
    "ship_key",
    "ship_svg",
    "after_svg",
]


# -- the threat's line -----------------------------------------------------------------------


def _violation_desc(report: Report) -> list[str]:
    return [f"{i}. {v}" for i, v in enumerate(report.violations, 1)]


def _draw_violations(parent: ET.Element, panel: Panel, report: Report, layout: Layout) -> None:
    """A dashed red outline on each offending square (dashed: never mistaken for the start
    cabin's gold frame), a thinner one on the squares it involves, and a label naming the
    violation's number and rule, placed by the picture's label layout."""
    group = node(parent, "g", id=panel.id("violations"))
    depth: dict[Cell, int] = {}
    for number, violation in enumerate(report.violations, 1):
        item = node(
            group,
            "g",
            id=panel.id(f"violation-{number}"),
            class_=f"violation {violation.rule}",
            data_rule=str(violation.rule),
            data_squares=" ".join(map(str, violation.squares)),
        )
        node(item, "title", f"{number}. {violation}")
        if not violation.squares or not panel.shows(violation.squares[0]):
            continue
        first = violation.squares[0]
        inner = depth.get(first, 0)
        depth[first] = inner + 1
        square_outline(item, panel, first, RED, inset=1 + 3 * inner, width=3, dash="9 4")
        for other in violation.squares[1:]:
            if panel.shows(other):
                square_outline(
                    item,
                    panel,
                    other,
                    RED,
                    inset=2,
                    width=1.5,
                    dash="5 3",
                    cls="outline secondary",
                )
        x, y = panel.xy(first)
        cx, cy = panel.centre(first)
        layout.badge(
            Badge(
                f"{number} {violation.rule}",
                11,
                RED,
                "rule",
                (cx, cy),
                [(cx, y + SQUARE - 9)],
                title=f"{number}. {violation}",
                parent=item,
                home=Box(x, y, SQUARE, SQUARE),
            )
        )


PARTS_KEY = (
    "red: weapons",
    "green: crew",
    "yellow: batteries",
    "blue: holds (goods/room)",
    "pink: engines",
    "cyan: shields (the arc: the sides covered)",
    "gold frame: the starting cabin",
)
"""What a ship picture's colours mean, for a key beside it."""
MARKS_KEY = {
    "exposed": "orange prongs and bar: an exposed connector (no tile beyond it)",
    "violation": "dashed red outline and its number: a violation, the rule named",
    "lost": "crossed-out red square: a tile lost",
    "hole": "dark crossed square: a hole; small numbers: the die faces that make holes",
    "seam": "dashed cyan line: the seam, the faded strip beyond it the column it joins",
}
"""What a picture's marks mean, each said when the picture shows it."""


def ship_key(ship: Ship, report: Report | None = None, lost: bool = False) -> list[str]:
    """The key of a ship picture: its parts' colours and the marks it shows."""
    marks = []
    if any(exposed_sides(ship.board, cell, ship.tiles) for cell in ship.tiles):
        marks.append(MARKS_KEY["exposed"])
    if report is not None and report.violations:
        marks.append(MARKS_KEY["violation"])
    if lost:
        marks.append(MARKS_KEY["lost"])
    if ship.board.hole_marks:
        marks.append(MARKS_KEY["hole"])
    if ship.board.wrap:
        marks.append(MARKS_KEY["seam"])
    return [*PARTS_KEY, *marks]


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
    picture = Picture(title, "\n".join([text, *lines]))
    panel = Panel.sized(ship.board, ship.tiles)
    bottom = picture.place([panel])
    draw_squares(picture.body, panel, ship.hole_squares, tiles=ship.tiles)
    draw_tiles(picture.body, panel, ship.tiles, ship.contents, ship.part_facts)
    captions: list[tuple[str, str]] = []
    if report is not None:
        layout = Layout(Box(0, 40, panel.width, panel.height))
        layout.block(tile_boxes(panel, ship.tiles, ship.contents, ship.part_facts))
        _draw_violations(picture.body, panel, report, layout)
        layout.draw(picture.body)
        captions = [(line, "bad violation-line") for line in lines]
    captions.append(("Key: " + " · ".join(ship_key(ship, report)), "legend"))
    picture.captions(captions, bottom - 6)
    return picture.render()


def boards_svg(boards: Sequence[Board], dice: tuple[int, int] | None = None) -> str:
    """Empty boards (``trucker boards --svg``), three to a row: squares, start square, the IIB
    seam, the IIIB die faces printed on the squares that may become holes and, given the two
    dice rolled when building started, those holes, the rolled faces named."""
    title = "The boards" if len(boards) > 1 else f"Board {boards[0].id}: {boards[0].name}"
    panels = [Panel.sized(b, (), prefix=f"{b.id}-" if len(boards) > 1 else "") for b in boards]
    headings = [f"{b.id}: {b.name}" for b in boards] if len(boards) > 1 else []
    said = []
    for board in boards:
        holes = board.holes(dice)
        if dice is not None and board.hole_marks:
            faces = " and ".join(map(str, sorted(set(dice))))
            where = ", ".join(map(str, sorted(holes))) or "none"
            said.append(
                f"{board.id}: dice {dice[0]} and {dice[1]} rolled, faces {faces}: holes {where}"
            )
    picture = Picture(title, "\n".join([*(f"{b.id}: {b.name}" for b in boards), *said]))
    bottom = picture.place(panels, headings, columns=min(3, len(panels)))
    for board, panel in zip(boards, panels, strict=True):
        draw_squares(picture.body, panel, board.holes(dice), dice=dice)
    picture.captions([(line, "summary") for line in said], bottom - 6)
    return picture.render()


def lost_marks(
    parent: ET.Element,
    panel: Panel,
    cells: Iterable[Cell],
    before: Ship | None = None,
) -> None:
    """Each lost square crossed out, naming the part that was there ``before`` when known."""
    group = node(parent, "g", id=panel.id("lost"), class_="lost")
    for cell in sorted(cells):
        if not panel.shows(cell):
            continue
        x, y = panel.xy(cell)
        tile = before.tiles.get(cell) if before is not None else None
        words = f"lost {before.part_facts[tile.part].look.label}" if tile and before else "lost"
        mark = node(group, "g", class_="lost-mark", data_square=str(cell))
        node(mark, "title", f"{cell}: lost" + (f" (the {tile.part})" if tile else ""))
        square_rect(
            mark,
            x,
            y,
            fill="#fee2e2",
            stroke=RED,
            stroke_dasharray="5 3",
        )
        for (ax, ay), (bx, by) in (
            ((x + 22, y + 22), (x + SQUARE - 22, y + SQUARE - 22)),
            ((x + SQUARE - 22, y + 22), (x + 22, y + SQUARE - 22)),
        ):
            node(mark, "line", x1=ax, y1=ay, x2=bx, y2=by, stroke=RED, stroke_width=5)
        node(
            mark,
            "text",
            words,
            x=x + SQUARE / 2,
            y=y + SQUARE - 10,
            font_size=10,
            fill=RED,
            text_anchor="middle",
        )


def after_svg(
    ship: Ship,
    lost: Iterable[Cell],
    title: str,
    before: Ship | None = None,
    *,
    crew_lost: int = 0,
    crop: Iterable[Cell] | None = None,
) -> str:
    """A ship after damage, each lost square crossed out (intruder fuses, hits), naming the
    part that was there when the ship ``before`` is given; ``crew_lost`` humans and aliens
    who died or left on the way are said too. Given ``crop`` (a flight's ship as launched),
    the board is cut to the squares it spans, so that the ship fills its picture."""
    gone = sorted(set(lost))
    text = draw_ship(
        ship,
        marks=dict.fromkeys(gone, LOST),
    ).plain()
    picture = Picture(title, text)
    shown = [*ship.tiles, *gone]
    panel = (
        Panel.sized(ship.board, shown)
        if crop is None
        else Panel.around(ship.board, [*crop, *shown])
    )
    bottom = picture.place([panel])
    draw_squares(picture.body, panel, ship.hole_squares, tiles=ship.tiles)
    draw_tiles(picture.body, panel, ship.tiles, ship.contents, ship.part_facts)
    lost_marks(picture.body, panel, gone, before)
    said = [f"tiles lost: {', '.join(map(str, gone))}"] if gone else []
    if crew_lost:
        said.append(f"{crew_lost} crew lost")
    line = " · ".join(said) or "nothing lost"
    picture.captions([(line, "bad summary" if said else "summary")], bottom - 6)
    return picture.render()


# -- exposure ----------------------------------------------------------------------------------
