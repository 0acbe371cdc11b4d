"""Intruder walks drawn on the ship: step numbers on the squares entered, the defender marked,
one picture per step for teaching (``--frames``)."""

from __future__ import annotations

from collections.abc import Iterable

from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.render.text import Drawing, Mark, draw_ship
from trucker.sim.intruders import IntruderResult, Walk

__all__ = ["walk_marks", "draw_walk", "walk_drawings", "step_label"]

_STYLES = ("step", "step2")


def step_label(numbers: Iterable[int]) -> str:
    """Up to three characters naming the steps taken on one square: ``"2,4"``, ``"10+"``."""
    numbers = sorted(numbers)
    text = ",".join(map(str, numbers))
    if len(text) <= 3:
        return text
    return f"{numbers[0]}+"[:3]


def walk_marks(result: IntruderResult, upto: int | None = None) -> dict[Cell, Mark]:
    """Marks for the squares the walkers entered (their step numbers), up to step ``upto``:
    the first walker in one colour, the second in another, a defender's square highlighted."""
    if result.outcome == "repelled" and result.landing is not None:
        return {result.landing: Mark("defended", "R")}
    visits: dict[Cell, list[int]] = {}
    styles: dict[Cell, str] = {}
    for index, walk in enumerate(result.walks):
        for step in walk.steps:
            if upto is not None and step.number > upto:
                break
            visits.setdefault(step.square, []).append(step.number)
            styles.setdefault(step.square, _STYLES[index % 2])
            if step.defended_by:
                styles[step.square] = "defended"
    return {cell: Mark(styles[cell], step_label(numbers)) for cell, numbers in visits.items()}


def _arrow(result: IntruderResult) -> dict:
    line = result.line
    if line.index is None:
        return {}
    symbol = {"front": "vv", "rear": "^^", "left": ">>", "right": "<<"}[str(line.direction)]
    return {(line.direction, line.index): symbol}


def draw_walk(ship: Ship, result: IntruderResult) -> Drawing:
    """The ship as the intruder found it, with every step numbered."""
    return draw_ship(
        ship,
        marks=walk_marks(result),
        arrows=_arrow(result),
    )


def walk_drawings(ship: Ship, result: IntruderResult) -> list[tuple[str, Drawing]]:
    """One picture per step: the squares entered so far, the current one marked ``@``."""
    frames = []
    longest = max((len(w.steps) for w in result.walks), default=0)
    for upto in range(1, longest + 1):
        marks = walk_marks(result, upto)
        captions = []
        for index, walk in enumerate(result.walks):
            if upto <= len(walk.steps):
                step = walk.steps[upto - 1]
                style = "defended" if step.defended_by else _STYLES[index % 2]
                marks[step.square] = Mark(style, "@!" if step.defended_by else "@")
                captions.append(_caption(walk, step.number))
        drawing = draw_ship(ship, marks=marks, arrows=_arrow(result))
        frames.append((" | ".join(captions), drawing))
    return frames


def _caption(walk: Walk, number: int) -> str:
    step = walk.steps[number - 1]
    text = f"step {number} ({walk.hand}-hand): {step.square} {step.part}, heading {step.heading}"
    if step.defended_by:
        text += f" — defeated by {step.defended_by}"
    elif step.eaten:
        text += " — eats"
    if step.fused:
        text += " — fuse"
    return text
