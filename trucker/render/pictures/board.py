"""A board as a picture: its squares with their row and column numbers, the start square, the
IIIB holes with their die marks, and the IIB seam with the joined columns beyond it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from trucker.core.geometry import Cell
from trucker.render.pictures.canvas import (
    GOLD,
    INK,
    SEAM,
    SQUARE,
    Panel,
    cell_id,
    node,
    point_list,
)

__all__ = ["draw_squares"]


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
