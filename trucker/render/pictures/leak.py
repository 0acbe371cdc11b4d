"""A Radiation Leak (``trucker radiation --svg``, the flight page): the ship's energy networks
before, and what is left after.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.render.pictures.board import draw_squares
from trucker.render.pictures.canvas import (
    GREEN,
    RED,
    SQUARE,
    Panel,
    Picture,
    node,
)
from trucker.render.pictures.labels import Badge, Box, Layout
from trucker.render.pictures.marks import square_outline
from trucker.render.pictures.ship import lost_marks
from trucker.render.pictures.tiles import draw_tiles, tile_boxes
from trucker.render.text import LOST, Mark, draw_ship

if TYPE_CHECKING:
    from trucker.sim.radiation import RadiationPlan

__all__ = ["radiation_svg"]


def radiation_svg(
    before: Ship, after: Ship, plan: RadiationPlan, lost: Sequence[Cell], title: str
) -> str:
    """A Radiation Leak (RULES §8.1) before and after: on the left the ship it met, each energy
    network outlined and labelled with its token total (red and dashed: it explodes), each tile
    that loses a crew member tagged; on the right the ship that is left, its lost tiles crossed
    out."""
    lines = [
        f"network {_letter(k)}: {', '.join(map(str, n.cells))}: {_plural(n.tokens, 'token')}"
        + (f", explodes (at {plan.threshold})" if n.explodes else ", holds")
        for k, n in enumerate(plan.networks)
    ]
    lines += [f"{cell}: loses one {who}" for cell, who in plan.exposed]
    lines.append(f"tiles lost: {', '.join(map(str, lost))}" if lost else "no tile lost")
    marks: dict[Cell, Mark] = dict.fromkeys(lost, LOST)
    desc = "\n".join(
        [
            draw_ship(before).plain(),
            *lines,
            "the ship after:",
            draw_ship(after, marks=marks).plain(),
        ]
    )
    picture = Picture(title, desc)
    extent = set(before.tiles) | set(after.tiles)
    first = Panel.sized(before.board, extent)
    second = Panel.sized(after.board, extent, prefix="after-")
    bottom = picture.place([first, second], ["the leak: networks and crew", "the ship after"])
    draw_squares(picture.body, first, before.hole_squares, tiles=before.tiles)
    draw_tiles(picture.body, first, before.tiles, before.contents, before.part_facts)
    layout = Layout(Box(first.x0, first.y0, first.width, first.height))
    layout.block(tile_boxes(first, before.tiles, before.contents, before.part_facts))
    group = node(picture.body, "g", id="networks")
    for k, network in enumerate(plan.networks):
        color = RED if network.explodes else GREEN
        item = node(
            group,
            "g",
            class_="network" + (" explodes" if network.explodes else ""),
            data_tokens=str(network.tokens),
            data_squares=" ".join(map(str, network.cells)),
        )
        for cell in network.cells:
            dash = "8 4" if network.explodes else None
            square_outline(item, first, cell, color, inset=2, width=4, dash=dash, cls="outline")
        head = min(network.cells)
        x, y = first.xy(head)
        words = f"{_letter(k)}: {_plural(network.tokens, 'token')}"
        layout.badge(
            Badge(
                words + (" — explodes" if network.explodes else ""),
                12,
                color,
                "tag",
                first.centre(head),
                [(x + SQUARE / 2, y + 12)],
                parent=item,
                home=Box(x, y, SQUARE, SQUARE),
            )
        )
    crew = node(picture.body, "g", id="crew-lost")
    for cell, who in plan.exposed:
        item = node(crew, "g", class_="crew-lost", data_square=str(cell))
        x, y = first.xy(cell)
        layout.badge(
            Badge(
                f"−1 {who}",
                12,
                RED,
                "tag",
                first.centre(cell),
                [(x + SQUARE / 2, y + SQUARE - 14)],
                parent=item,
                home=Box(x, y, SQUARE, SQUARE),
            )
        )
    layout.draw(picture.body)
    draw_squares(picture.body, second, after.hole_squares, tiles=after.tiles)
    draw_tiles(picture.body, second, after.tiles, after.contents, after.part_facts)
    lost_marks(picture.body, second, lost, before)
    captions = [(line, "bad summary" if "explodes" in line else "summary") for line in lines]
    picture.captions(captions, bottom - 6)
    return picture.render()


def _letter(k: int) -> str:
    return chr(ord("A") + k % 26)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
