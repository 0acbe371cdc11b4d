"""What each square is worth (``trucker weigh --svg``): the ship as it is, and on each free
square its best addition drawn faintly, with the change it makes (green when it is worth
something, grey when it cannot be told from no change, red when it costs); on each tile, what
removing it changes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from trucker.core.ship import EMPTY, Ship
from trucker.play.weigh import Weighed, WeighResult
from trucker.render.pictures.board import draw_squares
from trucker.render.pictures.canvas import (
    GREEN,
    INK,
    RED,
    SQUARE,
    Panel,
    Picture,
    cell_id,
    fmt,
    node,
    square_rect,
)
from trucker.render.pictures.marks import square_tag
from trucker.render.pictures.tiles import draw_tiles
from trucker.render.text import draw_ship
from trucker.render.values import value_label, value_marks, worth

__all__ = ["value_svg"]

GREY = "#64748b"


def _colour(weighed: Weighed, value: float) -> str:
    return GREY if weighed.zero else (GREEN if value > 0 else RED)


def value_svg(result: WeighResult, ship: Ship) -> str:
    """The board with each free square's best addition and its value, and each tile's removal
    value, in the measure the study ranked by; a study stopped early (Ctrl-C) says so in the
    title, as its report does."""
    measure = result.measure
    unit = "credits" if measure == "credits" else "points of coming home"
    title = f"{ship.label} on board {ship.board.id}: what each square is worth ({unit})"
    if result.partial:
        title += f" (PARTIAL: stopped early, {result.flown:,} flights)"
    best = result.best_by_square()
    removals = {w.change.cell: w for w in result.removals}
    desc = [
        draw_ship(ship, marks=value_marks(result)).plain(),
        *(
            f"{cell}: {w.change.words()}: {worth(w.difference.of(measure), measure)}"
            for cell, w in sorted(best.items())
        ),
    ]
    picture = Picture(title, "\n".join(desc))
    cells = [*ship.tiles, *best]
    panel = Panel.sized(ship.board, cells)
    bottom = picture.place([panel])
    draw_squares(picture.body, panel, ship.hole_squares, tiles=ship.tiles)
    draw_tiles(picture.body, panel, ship.tiles, ship.contents, ship.part_facts)
    ghosts = node(picture.body, "g", id="additions", class_="additions", opacity=0.4)
    draw_tiles(
        ghosts,
        panel,
        {cell: w.change.tile for cell, w in best.items()},
        {cell: w.change.ship.contents.get(cell, EMPTY) for cell, w in best.items()},
        ship.part_facts,
        group_id="addition-tiles",
    )
    values = node(picture.body, "g", id="values", class_="values")
    for _, weighed in sorted(best.items()):
        _value(values, panel, weighed, measure, "addition")
    for _, weighed in sorted(removals.items()):
        _value(values, panel, weighed, measure, "removal")
    picture.captions(
        [
            (
                f"faint: each free square's best addition, with the change in {unit} it makes; "
                "on each tile, the change if it were removed",
                "legend",
            ),
            (
                f"green: worth something; grey: within the 95% interval of no change; red: a "
                f"loss. {result.flown:,} flights, seed {result.seed}, deck {result.deck}",
                "legend",
            ),
        ],
        bottom - 6,
    )
    return picture.render()


def _value(parent: ET.Element, panel: Panel, weighed: Weighed, measure: str, kind: str) -> None:
    cell = weighed.change.cell
    if not panel.shows(cell):
        return
    interval = weighed.difference.of(measure)
    colour = _colour(weighed, interval.value)
    x, y = panel.xy(cell)
    item = node(
        parent,
        "g",
        id=f"{kind}-{cell_id(cell)}",
        class_=f"value {kind}",
        data_square=str(cell),
        data_value=fmt(interval.value),
        data_low=fmt(interval.low),
        data_high=fmt(interval.high),
    )
    node(item, "title", f"{weighed.change.words()}: {worth(interval, measure)}")
    if kind == "addition":
        square_rect(
            item,
            x,
            y,
            fill="none",
            stroke=colour,
            stroke_width=3,
            stroke_dasharray="6 4",
        )
    label = value_label(interval.value, measure)
    text = label if kind == "addition" else f"removed: {label}"
    square_tag(item, text, x + SQUARE / 2, y + 6, INK)
    node(
        item,
        "circle",
        cx=x + 10,
        cy=y + 12,
        r=4,
        fill=colour,
    )
