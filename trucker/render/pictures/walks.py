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
from typing import TYPE_CHECKING, Any

from trucker.core.events import Event
from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.core.threats import Line
from trucker.render.pictures.board import draw_squares
from trucker.render.pictures.canvas import (
    GREEN,
    INK,
    RED,
    SQUARE,
    WALKER_COLORS,
    Panel,
    Picture,
    node,
    point_list,
    square_rect,
)
from trucker.render.pictures.labels import Badge, Box, Layout
from trucker.render.pictures.marks import square_outline
from trucker.render.pictures.story import Visit, WalkStory, walk_story
from trucker.render.pictures.threats import draw_lines
from trucker.render.pictures.tiles import draw_tile_tops, draw_tiles, tile_boxes
from trucker.render.pictures.walk_marks import (
    FUSE,
    GHOST,
    SIZE,
    draw_fuse,
    draw_ghosts,
    draw_route,
    draw_token,
    draw_tries,
    home_box,
)
from trucker.render.pictures.walk_words import (
    eaten_words,
    outcome_lines,
    step_words,
    walk_title,
)
from trucker.render.text import LOST, Mark, draw_ship
from trucker.render.walks import step_label

if TYPE_CHECKING:
    from trucker.sim.intruders import IntruderResult

__all__ = [
    "walk_svg",
    "walk_frame_svg",
    "walk_frames_svgs",
    "walk_frames",
    "walk_legend",
]


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
        draw_ghosts(marks_group, panel, visit, visit.step == upto)
        if visit.fused:
            draw_fuse(marks_group, panel, visit, layout)
    if story.repelled_by and story.landing is not None:
        item = node(picture.body, "g", id="repelled", class_="repelled")
        item.set("data-square", str(story.landing))
        square_outline(item, panel, story.landing, GREEN, inset=1, width=5, cls="outline defender")
        cx, cy = panel.centre(story.landing)
        layout.badge(
            Badge(
                f"repelled: {story.repelled_by}",
                SIZE,
                GREEN,
                "defeat",
                (cx, cy),
                [],
                home=home_box(panel, story.landing),
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
        draw_route(group, panel, mine, lanes, color, latest, layout)
        for visit in mine:
            if visit.defeated_by:
                square_outline(
                    group, panel, visit.square, GREEN, inset=1, width=5, cls="outline defender"
                )
        if upto is not None and mine:
            last = mine[-1]
            inner = on_square.get(last.square, 0) > 0
            on_square[last.square] = on_square.get(last.square, 0) + 1
            layout.block([draw_token(tokens, panel, last, color, inner, kind, layout)])
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
                    SIZE,
                    color,
                    f"step-number walker-{hand}" + (" this-step" if visit.step == upto else ""),
                    panel.centre(visit.square),
                    corners,
                    title=step_words(visit),
                    fill=color,
                    home=home_box(panel, visit.square),
                )
            )
    for visit in now:
        if upto is None or visit.step != upto:
            continue
        index = visits[visit.hand].index(visit)
        if index > 0:
            draw_tries(panel, visits[visit.hand][index - 1], visit, layout)
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
            said.append(("fuse placed", FUSE, "fuse"))
        for text, color, cls in said:
            layout.badge(
                Badge(
                    text,
                    SIZE,
                    color,
                    cls,
                    (cx, cy),
                    [(cx, cy + SQUARE / 2 + 12)],
                    home=home_box(panel, visit.square),
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
                        SIZE,
                        WALKER_COLORS.get(hand, INK),
                        "escaped",
                        (cx, cy),
                        [],
                        home=home_box(panel, mine[-1].square),
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
            stroke=RED if blown else GHOST,
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
                    stroke=GHOST,
                    stroke_width=2,
                )
        layout.block([Box(cx - 27, cy - 35, 54, 54)])
        if blown:
            layout.badge(
                Badge(
                    "exploded",
                    SIZE,
                    RED,
                    "lost-label",
                    (cx, cy),
                    [(cx, cy + 28)],
                    home=home_box(panel, cell),
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
