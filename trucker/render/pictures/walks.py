"""An intruder's walk as pictures (``trucker intruder --svg``, ``--frames DIR``, ``--html``):
one frame per step, drawn from the card's log (:mod:`~trucker.render.pictures.story`).

A frame shows the ship as the events up to its step left it (eaten crew gone, dashed ghosts
where they stood), the path so far through the centres of the tiles entered (each way along a
joint in its own lane, so a way back or a second visit is seen, an arrowhead on every joint),
a large token on the tile where each walker stands now with its heading, the tries its hand
made before this move (``1✗`` nothing joined there, ``2✓`` the way it went), the fuses placed
so far, and what this step did. Nothing on a frame tells what comes later; the last frame
(the outcome) adds the explosion and what drifted off.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from trucker.core.events import Event
from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.core.threats import Line
from trucker.render.pictures.board import draw_squares
from trucker.render.pictures.canvas import (
    GREEN,
    INK,
    INSET,
    RED,
    SQUARE,
    WALKER_COLORS,
    Panel,
    Picture,
    arrowhead,
    fmt,
    node,
    point_list,
    square_rect,
    unit_vector,
)
from trucker.render.pictures.icons import crew_spots, icon_centre
from trucker.render.pictures.labels import Badge, Box, Layout
from trucker.render.pictures.marks import square_outline
from trucker.render.pictures.story import Visit, WalkStory, tries, turned, walk_story
from trucker.render.pictures.threats import draw_lines, roll_line
from trucker.render.pictures.tiles import draw_tile_tops, draw_tiles, tile_boxes
from trucker.render.text import LOST, Mark, draw_ship
from trucker.render.walks import step_label

if TYPE_CHECKING:
    from trucker.sim.intruders import IntruderResult

__all__ = [
    "outcome_lines",
    "eaten_words",
    "walk_title",
    "walk_svg",
    "walk_frame_svg",
    "walk_frames_svgs",
    "walk_frames",
    "walk_legend",
    "step_words",
]

_LANE = 7.0
_FUSE = "#9a3412"
_GHOST = "#64748b"
_SIZE = 12


def _plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else many or word + 's'}"


def eaten_words(
    humans: int = 0,
    aliens: Sequence[str] = (),
    goods: str = "",
    tokens: int = 0,
    passengers: int = 0,
    robots: int = 0,
) -> list[str]:
    """What a predator ate, in the words every picture, caption and outcome uses."""
    words = []
    if humans:
        words.append(_plural(humans, "human"))
    words.extend(f"the {a} alien" for a in aliens)
    if passengers:
        words.append(_plural(passengers, "passenger"))
    if goods:
        words.append(f"goods {goods}")
    if tokens:
        words.append(_plural(tokens, "battery token"))
    if robots:
        words.append(_plural(robots, "robot"))
    return words


def outcome_lines(result: IntruderResult) -> list[str]:
    """The outcome in short lines, from the result's fields: each walker's end, then what was
    eaten (humans, aliens, passengers, goods, tokens, robots), fused, lost and earned."""
    card = result.card
    if result.outcome == "miss":
        return [f"outcome: a miss ({result.line})"]
    if result.outcome == "repelled":
        return [f"outcome: repelled by the {result.repelled_by} on {result.landing}"]
    lines = []
    ends = []
    for walk in result.walks:
        end = (
            f"defeated at step {walk.stopped} by {walk.defeated_by}"
            if walk.outcome == "defeated"
            else "escaped"
        )
        lines.append(f"{walk.hand}-hand {card.kind}: {end}")
        ends.append(walk.outcome)
    outcome = result.outcome
    if len(ends) > 1:
        outcome = (
            "both " + ends[0]
            if len(set(ends)) == 1
            else " and ".join(f"{w.hand}-hand {w.outcome}" for w in result.walks)
        )
    summary = [f"outcome: {outcome}"]
    eaten = result.eaten
    if eaten:
        words = eaten_words(
            sum(e.humans for e in eaten),
            [a for e in eaten for a in e.aliens],
            "".join(e.goods for e in eaten),
            sum(e.tokens for e in eaten),
            sum(e.passengers for e in eaten),
            sum(e.robots for e in eaten),
        )
        summary.append("eaten: " + ", ".join(words))
    if result.fused:
        summary.append(f"fuses: {', '.join(map(str, result.fused))}")
    damage = result.damage
    lost = damage.lost
    if lost:
        summary.append(f"tiles lost: {', '.join(map(str, lost))}")
        died = eaten_words(damage.humans, damage.aliens)
        if died:
            summary.append("with them " + ", ".join(died))
    else:
        summary.append("no tile lost")
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


# -- words for one step ------------------------------------------------------------------------

_MOVES = {
    "landed": "lands on",
    "left": "turns left into",
    "right": "turns right into",
    "straight": "goes straight into",
    "back": "goes back into",
}


def _tried_words(visit: Visit) -> str:
    done = tries(visit.hand, visit.move)
    if not done:
        return ""
    return " ".join(f"{m} {'✓' if ok else '✗'}" for m, ok in done) + ": "


def step_words(visit: Visit) -> str:
    """One step in words: the tries, the move, what it met and did there."""
    text = (
        f"step {visit.step} ({visit.hand}-hand): {_tried_words(visit)}"
        f"{_MOVES.get(visit.move, visit.move)} the {visit.part} on {visit.square}, "
        f"heading {visit.heading}"
    )
    if visit.defeated_by:
        text += f"; defeated by the {visit.defeated_by}"
    if visit.ate is not None:
        a = visit.ate
        text += "; eats " + ", ".join(
            eaten_words(a.humans, a.aliens, a.goods, a.tokens, a.passengers, a.robots)
        )
    if visit.fused:
        again = " (already fused: it counts once)" if visit.fused_again else ""
        text += "; places a fuse" + again
    return text


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


def _draw_route(
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
        a, b, u = _offset(start, end, _LANE * (lane + 0.6))
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


def _home(panel: Panel, cell: Cell) -> Box:
    x, y = panel.xy(cell)
    return Box(x, y, SQUARE, SQUARE)


def _ghosts(parent: ET.Element, panel: Panel, visit: Visit, fresh: bool) -> None:
    """Dashed outlines where the crew and aliens a predator ate stood: red on the frame of the
    meal, grey after it."""
    ate = visit.ate
    if ate is None:
        return
    ink = RED if fresh else _GHOST
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


def _fuse(parent: ET.Element, panel: Panel, visit: Visit, layout: Layout) -> None:
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


def _token(
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


def _tries(panel: Panel, before: Visit, visit: Visit, layout: Layout) -> None:
    """The hand's tries on the tile it left, in order, at the sides they tried."""
    cx, cy = panel.centre(before.square)
    for number, (move, taken) in enumerate(tries(visit.hand, visit.move), 1):
        side = turned(before.heading, move)
        ux, uy = unit_vector(side)
        ex, ey = cx + ux * SQUARE / 2, cy + uy * SQUARE / 2
        along = (-uy * 24, ux * 24)
        why = "joined: it went this way" if taken else "nothing joined there"
        layout.badge(
            Badge(
                f"{number}{'✓' if taken else '✗'}",
                _SIZE,
                GREEN if taken else RED,
                "try " + ("try-yes" if taken else "try-no"),
                (ex, ey),
                [
                    (ex - along[0], ey - along[1]),
                    (ex + along[0], ey + along[1]),
                    (ex, ey),
                ],
                title=f"try {number}: {move} from {before.square}: {why}",
                home=_home(panel, before.square),
            )
        )


# -- the frame ---------------------------------------------------------------------------------


def _marks(story: WalkStory, visits: Mapping[str, Sequence[Visit]]) -> dict[Cell, Mark]:
    """The plain drawing's marks: the step numbers taken so far on each square."""
    numbers: dict[Cell, list[int]] = {}
    styles: dict[Cell, str] = {}
    for index, hand in enumerate(story.hands):
        for visit in visits.get(hand, ()):
            numbers.setdefault(visit.square, []).append(visit.step)
            styles.setdefault(visit.square, ("step", "step2")[index % 2])
            if visit.defeated_by:
                styles[visit.square] = "defended"
    if story.repelled_by and story.landing is not None:
        return {story.landing: Mark("defended", "R")}
    return {cell: Mark(styles[cell], step_label(n)) for cell, n in numbers.items()}


def walk_frame_svg(
    story: WalkStory,
    upto: int | None,
    title: str,
    *,
    rolled: Line | None = None,
    outcome: Sequence[str] = (),
    captions: bool = True,
) -> str:
    """One frame of a walk: the landing (``upto`` 0), a step, or the outcome (None), drawn
    from the story's events up to that step and the ship as the intruder found it."""
    before = story.ship
    ship = story.at(upto)
    visits = story.upto(upto)
    lost = story.lost if upto is None else []
    kind = story.intruder
    shown = [v for hand in story.hands for v in visits.get(hand, ())]
    now = [visits[hand][-1] for hand in story.hands if visits.get(hand)]
    latest = upto if upto else None
    words = [step_words(v) for v in shown if upto is not None and v.step == upto]
    lines = [step_words(v) for v in shown] if upto is None else words
    arrows = {}
    if story.line.index is not None:
        symbol = {"front": "vv", "rear": "^^", "left": ">>", "right": "<<"}[str(story.direction)]
        arrows[(story.line.direction, story.line.index)] = symbol
    marks = _marks(story, visits)
    marks.update(dict.fromkeys(lost, LOST))
    desc = "\n".join([draw_ship(ship, marks=marks, arrows=arrows).plain(), *lines, *outcome])
    picture = Picture(title, desc)
    panel = Panel.around(before.board, before.tiles)
    bottom = picture.place([panel])
    draw_squares(picture.body, panel, before.hole_squares, tiles=ship.tiles)
    layout = Layout(Box(0, 40, panel.width, panel.height))
    draw_lines(picture.body, panel, story.line, rolled, "#475569")
    draw_tiles(picture.body, panel, ship.tiles, ship.contents, ship.part_facts, floor_only=True)
    layout.block(tile_boxes(panel, ship.tiles, ship.contents, ship.part_facts))
    _lost(picture.body, panel, story, lost, layout)
    walks_group = node(picture.body, "g", id="walks")
    draw_tile_tops(picture.body, panel, ship.tiles, ship.contents, ship.part_facts)
    marks_group = node(picture.body, "g", id="walk-marks")
    for visit in shown:
        _ghosts(marks_group, panel, visit, visit.step == upto)
        if visit.fused:
            _fuse(marks_group, panel, visit, layout)
    if story.repelled_by and story.landing is not None:
        item = node(picture.body, "g", id="repelled", class_="repelled")
        item.set("data-square", str(story.landing))
        square_outline(item, panel, story.landing, GREEN, inset=1, width=5, cls="outline defender")
        cx, cy = panel.centre(story.landing)
        layout.badge(
            Badge(
                f"repelled: {story.repelled_by}",
                _SIZE,
                GREEN,
                "defeat",
                (cx, cy),
                [],
                home=_home(panel, story.landing),
            )
        )
    lanes: dict[tuple[Any, ...], int] = {}
    tokens = node(picture.body, "g", id="tokens")
    on_square: dict[Cell, int] = {}
    for hand in story.hands:
        color = WALKER_COLORS.get(hand, INK)
        group = node(walks_group, "g", id=f"walk-{hand}", class_=f"walk walker-{hand}")
        group.set("data-hand", hand)
        group.set("data-color", color)
        mine = visits.get(hand, [])
        _draw_route(group, panel, mine, lanes, color, latest, layout)
        for visit in mine:
            if visit.defeated_by:
                square_outline(
                    group, panel, visit.square, GREEN, inset=1, width=5, cls="outline defender"
                )
        if upto is not None and mine:
            last = mine[-1]
            inner = on_square.get(last.square, 0) > 0
            on_square[last.square] = on_square.get(last.square, 0) + 1
            layout.block([_token(tokens, panel, last, color, inner, kind, layout)])
    for hand in story.hands:
        mine = visits.get(hand, [])
        color = WALKER_COLORS.get(hand, INK)
        for visit in mine:
            x, y = panel.xy(visit.square)
            corners = [
                (x + SQUARE - 14, y + SQUARE - 14),
                (x + 14, y + SQUARE - 14),
                (x + 14, y + 14),
                (x + SQUARE - 14, y + 14),
            ]
            layout.badge(
                Badge(
                    str(visit.step),
                    _SIZE,
                    color,
                    f"step-number walker-{hand}" + (" this-step" if visit.step == upto else ""),
                    panel.centre(visit.square),
                    corners,
                    title=step_words(visit),
                    fill=color,
                    home=_home(panel, visit.square),
                )
            )
    for visit in now:
        if upto is None or visit.step != upto:
            continue
        index = visits[visit.hand].index(visit)
        if index > 0:
            _tries(panel, visits[visit.hand][index - 1], visit, layout)
    for visit in shown:
        if upto is not None and visit.step != upto:
            continue
        cx, cy = panel.centre(visit.square)
        said = []
        if visit.defeated_by:
            said.append((f"defeated: {visit.defeated_by}", GREEN, "defeat"))
        if visit.ate is not None and upto is not None:
            a = visit.ate
            food = eaten_words(a.humans, a.aliens, a.goods, a.tokens, a.passengers, a.robots)
            said.append(("ate " + ", ".join(food), RED, "eaten"))
        if visit.fused and upto is not None:
            said.append(("fuse placed", _FUSE, "fuse"))
        for text, color, cls in said:
            layout.badge(
                Badge(
                    text,
                    _SIZE,
                    color,
                    cls,
                    (cx, cy),
                    [(cx, cy + SQUARE / 2 + 12)],
                    home=_home(panel, visit.square),
                )
            )
    if upto is None:
        for hand in story.hands:
            mine = visits.get(hand, [])
            if mine and hand in story.escaped and not mine[-1].defeated_by:
                cx, cy = panel.centre(mine[-1].square)
                layout.badge(
                    Badge(
                        f"{hand}-hand left the ship",
                        _SIZE,
                        WALKER_COLORS.get(hand, INK),
                        "escaped",
                        (cx, cy),
                        [],
                        home=_home(panel, mine[-1].square),
                    )
                )
    layout.draw(picture.body)
    written: list[tuple[str, str]] = []
    if captions:
        written.append(("Key: " + " · ".join(walk_legend(story, upto is None)), "legend"))
        written += [(line, "step-line") for line in lines]
        written += [(line, "outcome") for line in outcome]
    picture.captions(written, bottom - 6)
    return picture.render()


def walk_legend(story: WalkStory, last: bool = True) -> list[str]:
    """What a walk's marks mean, one item each (the picture's key, and the page's)."""
    who = (
        [
            "vermilion, solid frame: the left-hand walker",
            "blue, dashed frame: the right-hand walker",
        ]
        if len(story.hands) > 1
        else [f"the thick frame with {story.intruder[:1].upper()}: where the {story.intruder} is"]
    )
    parts = [
        *who,
        "the big arrow: its heading",
        "numbered discs: its steps; arrowheads on the joints: the way it went",
        "1✗ 2✓ on the tile it left: its hand's tries, in order (✗ nothing joined)",
    ]
    if story.intruder != "commando":
        parts.append("dashed rings: crew eaten (red on the step that ate them)")
    if "commando" in story.intruder:
        parts.append("bomb: a fuse, placed on that step")
    if last and story.lost:
        parts.append("burst: a tile the fuses blew up; hatched and dashed: a tile that drifted off")
    return parts


def _lost(
    parent: ET.Element, panel: Panel, story: WalkStory, lost: Sequence[Cell], layout: Layout
) -> None:
    """The tiles the walk cost, on the last frame: those the fuses blew up (a burst) and those
    that drifted off with them (dashed), each naming the part that was there."""
    group = node(parent, "g", id=panel.id("lost"), class_="lost")
    exploded = set(story.exploded)
    for cell in lost:
        if not panel.shows(cell):
            continue
        tile = story.ship.tiles.get(cell)
        blown = cell in exploded
        x, y = panel.xy(cell)
        cx, cy = panel.centre(cell)
        mark = node(
            group,
            "g",
            class_="lost-mark " + ("exploded-mark" if blown else "drifted-mark"),
            data_square=str(cell),
        )
        name = story.ship.part_facts[tile.part].look.label if tile is not None else "tile"
        node(mark, "title", f"{cell}: the {name} " + ("exploded" if blown else "drifted off"))
        square_rect(
            mark,
            x,
            y,
            fill="#fee2e2" if blown else "#f1f5f9",
            stroke=RED if blown else _GHOST,
            stroke_width=2,
            stroke_dasharray=None if blown else "6 4",
        )
        if blown:
            star = []
            for i in range(16):
                radius = 26 if i % 2 == 0 else 12
                angle = i * math.pi / 8
                star.append((cx + radius * math.cos(angle), cy - 8 + radius * math.sin(angle)))
            node(mark, "polygon", points=point_list(star), fill="#f97316", stroke=RED)
        else:
            for dx in (-12, 0, 12):
                node(
                    mark,
                    "line",
                    x1=cx + dx - 6,
                    y1=cy - 14,
                    x2=cx + dx + 6,
                    y2=cy - 2,
                    stroke=_GHOST,
                    stroke_width=2,
                )
        layout.block([Box(cx - 27, cy - 35, 54, 54)])
        if blown:
            layout.badge(
                Badge(
                    "exploded",
                    _SIZE,
                    RED,
                    "lost-label",
                    (cx, cy),
                    [(cx, cy + 28)],
                    home=_home(panel, cell),
                )
            )


def walk_frames_svgs(
    story: WalkStory,
    title: str,
    steps: int,
    *,
    rolled: Line | None = None,
    outcome: Sequence[str] = (),
    captions: bool = True,
) -> list[tuple[str, str]]:
    """Every frame of a walk as (name, picture): the landing, each step of the ``steps`` the
    card shows that a walker took, and the outcome."""

    def frame(upto: int | None, suffix: str, said: Sequence[str] = ()) -> str:
        return walk_frame_svg(
            story, upto, f"{title} — {suffix}", rolled=rolled, outcome=said, captions=captions
        )

    frames = [("landing", frame(0, "the landing"))]
    for number in range(1, story.longest + 1):
        frames.append((f"step-{number}", frame(number, f"step {number} of {steps}")))
    last = frame(None, "the outcome", outcome)
    frames.append(("outcome", last))
    return frames


def walk_frames(
    ship: Ship, result: IntruderResult, events: Sequence[Event | Mapping[str, Any]]
) -> list[tuple[str, str]]:
    """Every frame of an intruder card as (file name, picture), in order and numbered so that
    a folder lists them so: ``00-landing``, ``01-step-1`` ..., the last ``NN-outcome``
    (``trucker intruder --frames DIR``)."""
    story = walk_story(ship, events)
    rolled = result.rolled if result.shift is not None else None
    drawn = walk_frames_svgs(
        story,
        walk_title(ship, result),
        result.card.steps,
        rolled=rolled,
        outcome=outcome_lines(result),
    )
    return [(f"{i:02d}-{name}", svg) for i, (name, svg) in enumerate(drawn)]


def walk_svg(
    ship: Ship,
    result: IntruderResult,
    events: Sequence[Event | Mapping[str, Any]],
    *,
    upto: int | None = None,
) -> str:
    """The walk as one picture (``upto`` None: the whole walk and its outcome) or the frame of
    one step (``upto``: 0 the landing, else that step), drawn from the card's log ``events``
    over ``ship`` as the intruder found it."""
    story = walk_story(ship, events)
    title = walk_title(ship, result)
    rolled = result.rolled if result.shift is not None else None
    if upto is None:
        return walk_frame_svg(story, None, title, rolled=rolled, outcome=outcome_lines(result))
    suffix = "the landing" if upto == 0 else f"step {upto} of {result.card.steps}"
    return walk_frame_svg(story, upto, f"{title} — {suffix}", rolled=rolled)
