"""Statistics of many flights: an estimate with its 95% confidence interval (a proportion's
Wilson interval, a mean's normal interval) and exact percentiles from counts. Plain functions
of numbers: :mod:`trucker.play.montecarlo`, :mod:`trucker.play.paired`,
:mod:`trucker.play.weigh` and :mod:`trucker.play.advice` fly and count, these say what the
counts mean.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Z95", "Interval", "wilson", "mean_interval", "moments", "percentile"]

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high


def wilson(successes: int, trials: int) -> Interval:
    """A proportion with its Wilson score interval (sound near 0 and 1, unlike mean ± 2 se).

    >>> round(wilson(50, 100).low, 3), round(wilson(50, 100).high, 3)
    (0.404, 0.596)
    """
    if trials == 0:
        return Interval(math.nan, 0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(p, low, high)


def mean_interval(total: float, squares: float, n: int) -> Interval:
    """The mean of ``n`` values given their sum and sum of squares, ± 1.96 standard errors."""
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = Z95 * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


def moments(counts: Counter[int]) -> tuple[int, int, int]:
    """How many values the counts hold, their sum and the sum of their squares."""
    n = sum(counts.values())
    return n, sum(v * c for v, c in counts.items()), sum(v * v * c for v, c in counts.items())


def percentile(counts: Counter[int], q: float) -> int | None:
    """The smallest value with at least ``q`` of the mass at or below it (exact, from counts:
    ``q`` is read as the decimal it was written as, so 0.9 of 10 flights is 9 of them, not the
    binary float's 9.000000000000000222)."""
    n = sum(counts.values())
    if n == 0:
        return None
    need, seen = Fraction(q).limit_denominator(10_000) * n, 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= need:
            return value
    return max(counts)
