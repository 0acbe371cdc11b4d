"""The words and marks of what a change is worth (``trucker weigh``, ``rulings --impact``),
shared by the terminal report and the picture: a difference with its interval in its unit, and
the five characters a drawing's square has room for."""

from __future__ import annotations

from trucker.core.geometry import Cell
from trucker.play.statistics import Interval
from trucker.play.weigh import WeighResult
from trucker.render.text import Mark

__all__ = ["value_label", "value_marks", "worth"]


def worth(interval: Interval, measure: str) -> str:
    """A difference with its interval in its unit: ``+0.17 (+0.15 to +0.19)`` credits, or
    points of the chance of coming home.

    >>> worth(Interval(0.1667, 0.148, 0.186), "finish")
    '+16.7 pts (+14.8 to +18.6)'
    """
    if measure == "finish":
        return (
            f"{100 * interval.value:+.1f} pts "
            f"({100 * interval.low:+.1f} to {100 * interval.high:+.1f})"
        )
    return f"{interval.value:+.2f} ({interval.low:+.2f} to {interval.high:+.2f})"


def value_label(value: float, measure: str) -> str:
    """Five characters for a square's value in the drawing: credits, or points.

    >>> value_label(0.1667, "credits"), value_label(-12.34, "credits"), value_label(0.05, "finish")
    ('+0.17', '-12.3', '+5.0')
    """
    shown = 100 * value if measure == "finish" else value
    if abs(shown) < 9.995 and measure == "credits":
        return f"{shown:+.2f}"
    return f"{shown:+.1f}" if abs(shown) < 99.95 else f"{shown:+.0f}"


def value_marks(result: WeighResult) -> dict[Cell, Mark]:
    """Each free square's best addition as a mark: its value, green when it is worth
    something, dim when it cannot be told from no change, red when it costs."""
    marks = {}
    for cell, weighed in result.best_by_square().items():
        value = weighed.difference.of(result.measure).value
        style = "dim" if weighed.zero else ("defended" if value > 0 else "hit")
        marks[cell] = Mark(style, value_label(value, result.measure))
    return marks
