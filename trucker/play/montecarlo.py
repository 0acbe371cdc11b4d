"""Odds: many seeded flights, counted into statistics a designer can act on.

Flight ``i`` of a run with seed ``s`` uses the seed ``derive_seed(s, i)``: its deck is dealt from
that seed's own stream, and its dice give each card and each threat a stream of their own, so
with ``--vs`` both designs meet the same deck and the same line for the same threat even when
their flights diverge (common random numbers). Flights are counted in chunks of fixed size into a
:class:`Tally` that merges by adding integers, so the numbers are the same whichever process
(or machine) flew which chunk, and in whatever order the chunks came back.

This module flies and counts; :mod:`trucker.play.parallel` spreads the chunks over processes or a
Dask cluster, and the CLI prints.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from trucker.core.catalogue import Catalogue
from trucker.core.dice import derive_seed
from trucker.core.rulings import Rulings
from trucker.formats.catalogue import catalogue as packaged
from trucker.formats.decks import Deck
from trucker.play.flights import Crew, FlightPlan, deck_for, fly

__all__ = [
    "OddsSpec",
    "ShipTally",
    "Tally",
    "Interval",
    "ShipOdds",
    "Comparison",
    "OddsResult",
    "Precision",
    "PrecisionNote",
    "CHUNK",
    "MAX_FLIGHTS",
    "chunks",
    "flight_seed",
    "mean_interval",
    "precision_note",
    "run_chunk",
    "summarise",
    "wilson",
]

CHUNK = 250
"""Flights per chunk: the unit of work handed to a process or a Dask worker."""
MAX_FLIGHTS = 10_000_000
"""The most flights one run flies (about two CPU hours of Class III flights): a larger count
would only allocate its chunks before the first flight; run again with another seed for more."""
Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True)
class OddsSpec:
    """What to fly: one line-up of ships, or two (``--vs``: the second replaces the first ship
    of the first line-up by another design; ``--vs-policy``: by the same ship with another
    captain), a deck (``random:<LEVEL>`` or a fixed deck), the
    rulings, the run's seed and the number of flights."""

    lineups: tuple[tuple[Crew, ...], ...]
    deck: str | Deck
    rulings: Rulings
    seed: int
    flights: int

    @property
    def compared(self) -> bool:
        return len(self.lineups) == 2


def flight_seed(seed: int, index: int) -> int:
    """The seed of flight ``index`` of a run: the same whatever worker flies it."""
    return derive_seed(seed, "flight", index)


def chunks(flights: int, size: int = CHUNK) -> list[tuple[int, int]]:
    """``[(start, stop), ...]`` covering ``range(flights)`` in fixed-size pieces."""
    return [(start, min(start + size, flights)) for start in range(0, flights, size)]


@dataclass
class ShipTally:
    """One ship's counts over many flights; every field adds up under :meth:`merge`."""

    flights: int = 0
    finished: int = 0
    credits: Counter[int] = field(default_factory=Counter)
    tiles_lost: Counter[int] = field(default_factory=Counter)
    crew_lost: Counter[int] = field(default_factory=Counter)
    over_cap: int = 0
    squares: Counter[str] = field(default_factory=Counter)
    cards: dict[str, list[int]] = field(default_factory=dict)
    """Card label -> [times met, tiles lost, crew lost, credits earned] on that card."""

    def merge(self, other: ShipTally) -> None:
        self.flights += other.flights
        self.finished += other.finished
        self.credits.update(other.credits)
        self.tiles_lost.update(other.tiles_lost)
        self.crew_lost.update(other.crew_lost)
        self.over_cap += other.over_cap
        self.squares.update(other.squares)
        for label, numbers in other.cards.items():
            mine = self.cards.setdefault(label, [0, 0, 0, 0])
            for k, value in enumerate(numbers):
                mine[k] += value


@dataclass
class Tally:
    """Counts of a set of flights: per line-up, per ship; with ``--vs``, the paired sums of the
    first ship's differences (credits, finished) between the two designs."""

    flights: int = 0
    ships: list[list[ShipTally]] = field(default_factory=list)
    paired: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """[sum of credit differences, sum of their squares, sum of finish differences, squares]."""

    @classmethod
    def empty(cls, spec: OddsSpec) -> Tally:
        return cls(0, [[ShipTally() for _ in lineup] for lineup in spec.lineups])

    def merge(self, other: Tally) -> None:
        self.flights += other.flights
        for mine, theirs in zip(self.ships, other.ships, strict=True):
            for a, b in zip(mine, theirs, strict=True):
                a.merge(b)
        self.paired = [a + b for a, b in zip(self.paired, other.paired, strict=True)]


def _cap(crew: Crew, rulings: Rulings) -> int | None:
    """The insurance cap printed for this ship's board, if any (RULES §9.1). For Class IV's
    optional insurance (§9.3) it is reported whether or not the ship insured: how often the
    losses pass it says whether insurance is worth its price."""
    insurance = crew.ship.board.insurance
    if insurance.cap is not None:
        return insurance.cap
    if rulings.unknown_insurance_cap != "none":
        return int(rulings.unknown_insurance_cap)
    return None


def run_chunk(spec: OddsSpec, start: int, stop: int, catalogue: Catalogue | None = None) -> Tally:
    """Fly flights ``start`` to ``stop - 1`` of the run, for every line-up, and count them
    (with the packaged catalogue unless another is given: a worker has its parent's)."""
    book = catalogue if catalogue is not None else packaged()
    tally = Tally.empty(spec)
    caps = [[_cap(c, spec.rulings) for c in lineup] for lineup in spec.lineups]
    crews_at_start = [[_crew(c) for c in lineup] for lineup in spec.lineups]
    for index in range(start, stop):
        seed = flight_seed(spec.seed, index)
        deck = deck_for(spec.deck, seed, rulings=spec.rulings, catalogue=book)
        firsts = []
        for which, lineup in enumerate(spec.lineups):
            plan = FlightPlan(lineup, deck, spec.rulings, seed=seed)
            result = fly(plan, keep_log=False, catalogue=book)
            for k, ship in enumerate(result.ships):
                counts = tally.ships[which][k]
                counts.flights += 1
                counts.finished += 0 if ship.gave_up else 1
                counts.credits[ship.final_credits] += 1
                counts.tiles_lost[ship.tiles_lost] += 1
                counts.crew_lost[crews_at_start[which][k] - ship.humans - ship.aliens] += 1
                cap = caps[which][k]
                counts.over_cap += int(cap is not None and ship.tiles_lost > cap)
                counts.squares.update(result.lost_squares[ship.name])
                for label, costs in zip(result.card_labels, result.card_costs, strict=True):
                    tiles, crew, credits = costs[ship.name]
                    numbers = counts.cards.setdefault(label, [0, 0, 0, 0])
                    numbers[0] += 1
                    numbers[1] += tiles
                    numbers[2] += crew
                    numbers[3] += credits
            first = result.ships[0]
            firsts.append((first.final_credits, 0 if first.gave_up else 1))
        if spec.compared:
            (a_credits, a_done), (b_credits, b_done) = firsts
            d_credits, d_done = b_credits - a_credits, b_done - a_done
            tally.paired[0] += d_credits
            tally.paired[1] += d_credits * d_credits
            tally.paired[2] += d_done
            tally.paired[3] += d_done * d_done
        tally.flights += 1
    return tally


def _crew(crew: Crew) -> int:
    return sum(held.occupants for held in crew.ship.contents.values())


# --- statistics ---------------------------------------------------------------------------


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


def _moments(counts: Counter[int]) -> tuple[int, int, int]:
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


@dataclass(frozen=True)
class ShipOdds:
    """The statistics of one ship over a run."""

    name: str
    captain: str
    tiles: int
    flights: int
    finish: Interval
    credits: Interval
    credit_percentiles: dict[str, int | None]
    credit_counts: dict[int, int]
    tiles_lost: Interval
    tiles_lost_counts: dict[int, int]
    crew_lost: Interval
    cap: int | None
    over_cap: Interval | None
    squares: dict[str, float]
    cards: list[dict[str, Any]]
    """Each card met: how often, what it cost each time on average, and in all (each time ×
    times met), the costliest in all first: a card that hurts a little on every flight comes
    before one that hurts a lot once in a while."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "captain": self.captain,
            "tiles": self.tiles,
            "flights": self.flights,
            "finish": self.finish.to_dict(),
            "credits": {
                **self.credits.to_dict(),
                "percentiles": dict(self.credit_percentiles),
                "counts": {str(k): v for k, v in sorted(self.credit_counts.items())},
            },
            "tiles_lost": {
                **self.tiles_lost.to_dict(),
                "counts": {str(k): v for k, v in sorted(self.tiles_lost_counts.items())},
                "cap": self.cap,
                "over_cap": self.over_cap.to_dict() if self.over_cap else None,
            },
            "crew_lost": self.crew_lost.to_dict(),
            "squares_lost": dict(self.squares),
            "cards": list(self.cards),
        }


@dataclass(frozen=True)
class Comparison:
    """``--vs``: the second design minus the first, flight by flight (paired by seed); with
    ``--vs-policy`` the second captain minus the first, each named after the ship and its
    captain."""

    first: str
    second: str
    credits: Interval
    finish: Interval

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "credits_difference": self.credits.to_dict(),
            "finish_difference": self.finish.to_dict(),
        }


@dataclass(frozen=True)
class Precision:
    """Fly until a 95% interval is at most ``half_width`` either side of its estimate: the
    first ship's mean final credits (``measure`` "credits") or its chance of coming home
    ("finish", ``half_width`` a proportion: 0.01 is one point); with ``--vs``, the difference
    between the two designs, which is what a comparison is for.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "odds" / "lone-cabin.toml")
    >>> deck = str(trucker.scenarios_root() / "odds" / "one-small-meteor.toml")
    >>> found = trucker.odds(ship, deck, flights=4000, precision=trucker.Precision(0.05, "finish"))
    >>> found.precision.met, found.flights < 4000
    (True, True)
    """

    half_width: float
    measure: Literal["credits", "finish"] = "credits"

    def __post_init__(self) -> None:
        if not self.half_width > 0:
            raise ValueError(f"a precision is a half-width above 0, got {self.half_width}")

    def words(self, half_width: float | None = None) -> str:
        """A half-width (this one unless given) in its unit: ``±0.25 credits``, ``±1 point``.

        >>> Precision(0.25).words(), Precision(0.015, "finish").words(0.01)
        ('±0.25 credits', '±1 point')
        """
        half = self.half_width if half_width is None else half_width
        if self.measure == "finish":
            points = f"{100 * half:.3g}"
            return f"±{points} point" + ("" if points == "1" else "s")
        return f"±{half:.3g} credits"


@dataclass(frozen=True)
class PrecisionNote:
    """Where a run to a precision stopped: the interval's half-width then, and whether it was
    met (else the run reached its most flights, or was stopped, first)."""

    target: Precision
    half_width: float
    met: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "measure": self.target.measure,
            "target": self.target.half_width,
            "half_width": self.half_width,
            "met": self.met,
        }


def _watched(spec: OddsSpec, tally: Tally, measure: str) -> Interval:
    """The interval a precision watches, computed as the report computes it."""
    if spec.compared:
        total, squares = tally.paired[:2] if measure == "credits" else tally.paired[2:]
        return mean_interval(total, squares, tally.flights)
    counts = tally.ships[0][0]
    if measure == "finish":
        return wilson(counts.finished, counts.flights)
    return mean_interval(*_moments(counts.credits)[1:], counts.flights)


def precision_note(spec: OddsSpec, tally: Tally, precision: Precision) -> PrecisionNote:
    """The half-width the counts give now, and whether it meets ``precision`` (never before
    the first flight)."""
    if tally.flights == 0:
        return PrecisionNote(precision, math.inf, False)
    interval = _watched(spec, tally, precision.measure)
    half = (interval.high - interval.low) / 2
    return PrecisionNote(precision, half, half <= precision.half_width)


@dataclass(frozen=True)
class OddsResult:
    """Everything ``trucker odds`` reports; ``partial`` when the run was stopped early; with a
    precision asked for, where it stopped."""

    seed: int
    deck: str
    flights: int
    requested: int
    partial: bool
    rulings: dict[str, object]
    lineups: list[list[ShipOdds]]
    comparison: Comparison | None
    precision: PrecisionNote | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "deck": self.deck,
            "flights": self.flights,
            "requested": self.requested,
            "partial": self.partial,
            "rulings": dict(self.rulings),
            "lineups": [[s.to_dict() for s in lineup] for lineup in self.lineups],
            "comparison": self.comparison.to_dict() if self.comparison else None,
            "precision": self.precision.to_dict() if self.precision else None,
        }


PERCENTILES = {"p10": 0.1, "p25": 0.25, "median": 0.5, "p75": 0.75, "p90": 0.9}


def _ship_odds(crew: Crew, counts: ShipTally, cap: int | None) -> ShipOdds:
    n = counts.flights
    credits = mean_interval(*_moments(counts.credits)[1:], n)
    tiles = mean_interval(*_moments(counts.tiles_lost)[1:], n)
    crew_lost = mean_interval(*_moments(counts.crew_lost)[1:], n)
    cards: list[dict[str, Any]] = [
        {
            "card": label,
            "met": met,
            "tiles_lost": tiles_sum / met,
            "crew_lost": crew_sum / met,
            "credits": credit_sum / met,
            "tiles_lost_total": tiles_sum,
            "crew_lost_total": crew_sum,
            "credits_total": credit_sum,
        }
        for label, (met, tiles_sum, crew_sum, credit_sum) in counts.cards.items()
        if met
    ]
    cards.sort(
        key=lambda c: (-c["tiles_lost_total"], -c["crew_lost_total"], c["credits_total"], c["card"])
    )
    return ShipOdds(
        name=crew.name,
        captain=crew.captain,
        tiles=len(crew.ship.tiles),
        flights=n,
        finish=wilson(counts.finished, n),
        credits=credits,
        credit_percentiles={k: percentile(counts.credits, q) for k, q in PERCENTILES.items()},
        credit_counts=dict(counts.credits),
        tiles_lost=tiles,
        tiles_lost_counts=dict(counts.tiles_lost),
        crew_lost=crew_lost,
        cap=cap,
        over_cap=wilson(counts.over_cap, n) if cap is not None else None,
        squares={sq: c / n for sq, c in sorted(counts.squares.items())} if n else {},
        cards=cards,
    )


def summarise(
    spec: OddsSpec,
    tally: Tally,
    *,
    partial: bool = False,
    precision: PrecisionNote | None = None,
) -> OddsResult:
    """The statistics of a run from its counts (and, for a run to a precision, where it
    stopped)."""
    lineups = [
        [
            _ship_odds(crew, counts, _cap(crew, spec.rulings))
            for crew, counts in zip(lineup, ship_counts, strict=True)
        ]
        for lineup, ship_counts in zip(spec.lineups, tally.ships, strict=True)
    ]
    comparison = None
    if spec.compared:
        d_credits, d_credits2, d_done, d_done2 = tally.paired
        first, second = spec.lineups[0][0], spec.lineups[1][0]
        named = first.name != second.name
        comparison = Comparison(
            first=first.name if named else f"{first.name} ({first.captain})",
            second=second.name if named else f"{second.name} ({second.captain})",
            credits=mean_interval(d_credits, d_credits2, tally.flights),
            finish=mean_interval(d_done, d_done2, tally.flights),
        )
    deck = spec.deck if isinstance(spec.deck, str) else (spec.deck.name or "deck")
    return OddsResult(
        seed=spec.seed,
        deck=deck,
        flights=tally.flights,
        requested=spec.flights,
        partial=partial,
        rulings=spec.rulings.non_default(),
        lineups=lineups,
        comparison=comparison,
        precision=precision,
    )


def fly_all(spec: OddsSpec, ranges: Iterable[tuple[int, int]] | None = None) -> Tally:
    """Every chunk in this process, merged (what one worker does; tests use it directly)."""
    total = Tally.empty(spec)
    for start, stop in ranges if ranges is not None else chunks(spec.flights):
        total.merge(run_chunk(spec, start, stop))
    return total
