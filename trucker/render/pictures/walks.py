"""An intruder's walk (``trucker intruder --svg``): the landing line, every step numbered, what
was eaten and fused, where it was defeated, and the outcome in words.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from trucker.core.geometry import Cell
from trucker.core.ship import Ship

if TYPE_CHECKING:
    from trucker.sim.intruders import Eaten, IntruderResult, Step, Walk
from trucker.render.pictures.canvas import (
    GREEN,
    INK,
    RED,
    SQUARE,
    WALKER_COLORS,
    Panel,
    Picture,
    arrowhead,
    node,
    point_list,
    unit_vector,
)
from trucker.render.pictures.threats import draw_threat, roll_line
from trucker.render.pictures.tiles import square_outline, square_tag
from trucker.render.walks import draw_walk

__all__ = [
    "outcome_lines",
    "walk_title",
    "walk_svg",
]


_SLOTS = (
    (-31, -31),
    (31, -31),
    (-31, 31),
    (31, 31),
    (0, -31),
    (0, 31),
    (-31, 0),
    (31, 0),
    (0, 0),
)


def _eaten_words(eaten: Eaten) -> list[str]:
    words = []
    if eaten.humans:
        words.append(f"{eaten.humans} human{'s' if eaten.humans != 1 else ''}")
    words.extend(f"{a} alien" for a in eaten.aliens)
    if eaten.tokens:
        words.append(f"{eaten.tokens} token{'s' if eaten.tokens != 1 else ''}")
    if eaten.goods:
        words.append(f"goods {eaten.goods}")
    if eaten.passengers:
        words.append("the passenger")
    if eaten.robots:
        words.append(f"{eaten.robots} robots")
    return words


def _step_words(walk: Walk, step: Step) -> str:
    move = {
        "landed": "lands on",
        "left": "turns left into",
        "right": "turns right into",
        "straight": "goes straight into",
        "back": "goes back into",
    }.get(step.move, step.move)
    text = f"{walk.hand}-hand step {step.number}: {move} the {step.part} on {step.square}"
    text += f", heading {step.heading}"
    if step.defended_by:
        text += f"; defeated by {step.defended_by}"
    if step.eaten is not None:
        text += "; eats " + ", ".join(_eaten_words(step.eaten))
    if step.fused:
        text += "; places a fuse"
    return text


def outcome_lines(result: IntruderResult) -> list[str]:
    """The outcome in short lines, from the result's fields."""
    card = result.card
    if result.outcome == "miss":
        return [f"outcome: a miss ({result.line})"]
    if result.outcome == "repelled":
        return [f"outcome: repelled by the {result.repelled_by} on {result.landing}"]
    lines = []
    for walk in result.walks:
        end = (
            f"defeated at step {walk.stopped} by {walk.defeated_by}"
            if walk.outcome == "defeated"
            else "escaped"
        )
        lines.append(f"{walk.hand}-hand {card.kind}: {end}")
    summary = [f"outcome: {result.outcome}"]
    eaten = result.eaten
    if eaten:
        humans = sum(e.humans for e in eaten)
        tokens = sum(e.tokens for e in eaten)
        summary.append(f"eaten: {humans} human(s), {tokens} battery token(s)")
    if result.fused:
        summary.append(f"fuses: {', '.join(map(str, result.fused))}")
    lost = result.damage.lost
    summary.append(f"lost: {', '.join(map(str, lost))}" if lost else "nothing lost")
    reward = result.reward
    if reward.credits or reward.goods:
        summary.append(f"reward: {reward.short()}")
    lines.append(" · ".join(summary))
    return lines


def walk_title(ship: Ship, result: IntruderResult) -> str:
    """One line naming the card, the roll and the line, as the terminal header does."""
    card = result.card
    double = "double " if card.double else ""
    return (
        f"{ship.label}: {double}{card.kind} from the {card.direction}, {card.steps} steps, "
        f"{roll_line(result)}"
    )


def _draw_step(
    parent: ET.Element,
    panel: Panel,
    walk: Walk,
    step: Step,
    slot: tuple[float, float],
    previous: tuple[float, float] | None,
    previous_cell: Cell | None,
    *,
    upto: int | None,
) -> tuple[float, float]:
    """One step: its route from the last marker, its numbered marker, a heading arrow."""
    hand = str(walk.hand)
    color = WALKER_COLORS.get(hand, INK)
    cx, cy = panel.centre(step.square)
    mx, my = cx + slot[0], cy + slot[1]
    classes = ["step", f"step-{step.number}", f"walker-{hand}"]
    if step.defended_by:
        classes.append("defeated")
    if step.eaten is not None:
        classes.append("eats")
    if step.fused:
        classes.append("fuse")
    if upto is not None and step.number == upto:
        classes.append("current")
    group = node(
        parent,
        "g",
        id=panel.id(f"step-{hand}-{step.number}"),
        class_=" ".join(classes),
        data_step=step.number,
        data_square=str(step.square),
        data_heading=str(step.heading),
    )
    node(group, "title", _step_words(walk, step))
    along = -5 if hand == "left" else 5
    entry = panel.edge(step.square, step.heading.opposite, along)
    if previous is None or previous_cell is None:
        ux, uy = unit_vector(step.heading)
        route = [(entry[0] - ux * 30, entry[1] - uy * 30), entry, (mx, my)]
        routes = [route]
    else:
        exit_point = panel.edge(previous_cell, step.heading, along)
        if (round(exit_point[0], 2), round(exit_point[1], 2)) == (
            round(entry[0], 2),
            round(entry[1], 2),
        ):
            routes = [[previous, entry, (mx, my)]]
        else:
            routes = [[previous, exit_point], [entry, (mx, my)]]
    for points in routes:
        node(
            group,
            "polyline",
            points=point_list(points),
            fill="none",
            stroke=color,
            stroke_width=3,
            stroke_linejoin="round",
            stroke_opacity=0.85,
            class_="route",
        )
    last_from = routes[-1][-2]
    dx, dy = mx - last_from[0], my - last_from[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    unit = (dx / length, dy / length)
    arrowhead(group, (mx - unit[0] * 10, my - unit[1] * 10), unit, 9, color)
    if hand == "right":
        node(
            group,
            "rect",
            x=mx - 9,
            y=my - 9,
            width=18,
            height=18,
            rx=4,
            fill=color,
            stroke="#ffffff",
            stroke_width=1.5,
            class_="marker",
        )
    else:
        node(
            group,
            "circle",
            cx=mx,
            cy=my,
            r=10,
            fill=color,
            stroke="#ffffff",
            stroke_width=1.5,
            class_="marker",
        )
    node(
        group,
        "text",
        str(step.number),
        x=mx,
        y=my + 4,
        font_size=11,
        font_weight="bold",
        fill="#ffffff",
        text_anchor="middle",
        class_="step-number",
    )
    hx, hy = unit_vector(step.heading)
    arrowhead(group, (mx + hx * 17, my + hy * 17), (hx, hy), 6, color).set("class", "heading-arrow")
    x, y = panel.xy(step.square)
    badges = []
    if step.defended_by:
        badges.append((f"defeated: {step.defended_by}", GREEN, "defeat"))
    if step.eaten is not None:
        words = _eaten_words(step.eaten)
        badges.append(("ate " + words[0] + (" +" if len(words) > 1 else ""), RED, "eaten"))
    if step.fused:
        badges.append((f"fuse (step {step.number})", "#9a3412", "fuse"))
    for i, (text, tag_color, cls) in enumerate(badges):
        square_tag(
            group, text, x + SQUARE / 2, y + SQUARE / 2 + 4 + i * 13, tag_color, size=8.5, cls=cls
        )
    if step.defended_by:
        square_outline(group, panel, step.square, GREEN, inset=2, width=3, cls="outline defender")
    return mx, my


def walk_svg(ship: Ship, result: IntruderResult, *, upto: int | None = None) -> str:
    """The ship as the intruder found it, with the walk drawn on it: the landing line, numbered
    step markers (the left-hand walker's circles, the right-hand walker's squares, in two
    colours), heading arrows, what was eaten or fused on each tile, and the outcome.

    ``upto`` draws only the steps up to that number and marks that step ``current`` (a
    step-by-step picture); every step group carries ``data-step`` so a page can do the same."""
    title = walk_title(ship, result)
    lines = []
    for walk in result.walks:
        for step in walk.steps:
            if upto is None or step.number <= upto:
                lines.append(_step_words(walk, step))
    outcome = outcome_lines(result) if upto is None else []
    desc = "\n".join([draw_walk(ship, result).plain(), *lines, *outcome])
    if upto is not None:
        title += f" (step {upto})"
    picture = Picture(title, desc)
    panel = Panel.sized(ship.board, ship.tiles)
    bottom = picture.place([panel])
    draw_threat(picture.body, panel, ship, result, "#475569")
    if result.outcome == "repelled" and result.landing is not None:
        item = node(
            picture.body, "g", id="repelled", class_="repelled", data_square=str(result.landing)
        )
        node(item, "title", f"{result.landing}: repelled by {result.repelled_by}")
        square_outline(item, panel, result.landing, GREEN, inset=1, width=4, cls="outline defender")
        x, y = panel.xy(result.landing)
        square_tag(
            item,
            f"repelled: {result.repelled_by}",
            x + SQUARE / 2,
            y + SQUARE / 2 + 4,
            GREEN,
            size=8.5,
            cls="defeat",
        )
    walks_group = node(picture.body, "g", id="walks")
    visits: dict[Cell, int] = {}
    for walk in result.walks:
        hand = str(walk.hand)
        walk_group = node(
            walks_group,
            "g",
            id=f"walk-{hand}",
            class_=f"walk walker-{hand}",
            data_hand=hand,
            data_color=WALKER_COLORS.get(hand, INK),
        )
        previous: tuple[float, float] | None = None
        previous_cell: Cell | None = None
        for step in walk.steps:
            k = visits.get(step.square, 0)
            visits[step.square] = k + 1
            if upto is not None and step.number > upto:
                continue
            slot = _SLOTS[min(k, len(_SLOTS) - 1)]
            previous = _draw_step(
                walk_group, panel, walk, step, slot, previous, previous_cell, upto=upto
            )
            previous_cell = step.square
    captions: list[tuple[str, str]] = []
    if len(result.walks) > 1:
        captions.append(
            (
                "left-hand walker: vermilion circles · right-hand walker: blue squares",
                "legend",
            )
        )
    captions += [(line, "step-line") for line in lines]
    captions += [(line, "outcome") for line in outcome]
    picture.captions(captions, bottom - 6)
    return picture.render()
