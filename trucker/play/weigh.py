"""What each small change to a ship is worth (``trucker weigh``): every change of
:mod:`trucker.play.changes` flown on common random numbers against the ship as it is
(:mod:`trucker.play.paired`), ranked, with staged culling.

Staged culling (SimulationCraft's habit): every candidate first flies ``first`` flights; then,
stage after stage, only the candidates still in contention fly on, each to the flights its own
interval needs to narrow to the precision asked (at most twice what it has: a stage culls again
before flying more), until each of them is known to it (or reaches the most flights). A
candidate is in contention while its interval reaches the interval of the ``keep``-th best
(with ``keep`` 1: while it could still be the best); once out, it flies no more and keeps the
interval it has. The decisions are taken on whole stages, so a seed gives the same numbers
whatever the workers. Candidates whose intervals overlap the leader's (the gap within the sum
of the two half-widths: twice the error when they are flown alike) are reported as its ties.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

from trucker.core.errors import WorkersLost
from trucker.core.geometry import Cell
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import Ship
from trucker.formats.decks import Deck, load_deck, random_deck_level
from trucker.play.changes import DEFAULT_PARTS, Change, Changes, PartChoice, changes, parse_parts
from trucker.play.flights import Crew
from trucker.play.montecarlo import CHUNK, Precision
from trucker.play.paired import (
    BaseOdds,
    Difference,
    PairedJob,
    PairedSpec,
    PairedTally,
    Piece,
    Variant,
)
from trucker.play.parallel import Runner
from trucker.play.statistics import Interval

__all__ = [
    "PRECISION",
    "FIRST",
    "Schedule",
    "Stage",
    "Weighed",
    "WeighResult",
    "weigh",
    "weigh_changes",
    "ranked",
]


PRECISION = Precision(0.25)
"""The precision a study flies its contenders to unless told: ±0.25 credits."""
FIRST = CHUNK // 2
"""The first pass's flights for every candidate: half a chunk, enough to rule most of them
out (on the Class III cruiser it flies 17% fewer flights than a whole chunk, to the same
ranking; ``python benchmarks/bench_weigh.py``)."""


@dataclass(frozen=True)
class Schedule:
    """How a study spends its flights: ``first`` for every candidate, then doubling for those
    in contention (of the best ``keep``) until each is known to ``precision`` (whose measure,
    credits or coming home, is also what ranks them), at most ``most`` flights each."""

    precision: Precision = PRECISION
    first: int = FIRST
    most: int = 20_000
    keep: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.first <= self.most:
            raise ValueError(f"first ({self.first}) must be from 1 to most ({self.most})")
        if self.keep < 1:
            raise ValueError(f"keep must be at least 1, got {self.keep}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "measure": self.precision.measure,
            "precision": self.precision.half_width,
            "first": self.first,
            "most": self.most,
            "keep": self.keep,
        }


@dataclass(frozen=True)
class Stage:
    """One stage: the candidates it flew and the flights each has after it; ``flown`` counts
    every flight of the stage, the base's included."""

    number: int
    candidates: int
    flights: int
    flown: int

    def to_dict(self) -> dict[str, int]:
        return {
            "stage": self.number,
            "candidates": self.candidates,
            "flights_each": self.flights,
            "flown": self.flown,
        }


@dataclass(frozen=True)
class Weighed:
    """One change and what it is worth: its differences from the ship as it is, its place in
    the ranking (1 the best), whether it ties the leader, whether it cannot be told apart from
    no change at all, and the stage after which it flew no more (None: it flew to the end)."""

    change: Change
    difference: Difference
    rank: int
    ties_leader: bool
    zero: bool
    culled_after: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.change.to_dict(),
            **self.difference.to_dict(),
            "rank": self.rank,
            "ties_leader": self.ties_leader,
            "tie_with_zero": self.zero,
            "culled_after_stage": self.culled_after,
        }


@dataclass(frozen=True)
class WeighResult:
    """A study: the ship as it is, every change ranked best first (:attr:`weighed`), the
    changes refused because the ship would be illegal, the stages and the flights they cost
    against what flying every candidate to the final flights would have cost."""

    ship: str
    seed: int
    deck: str
    rulings: dict[str, object]
    schedule: Schedule
    base: BaseOdds
    weighed: list[Weighed]
    illegal_removals: tuple[Cell, ...]
    illegal_additions: int
    stages: list[Stage]
    flown: int
    partial: bool = False
    met: bool = False
    """Every candidate still in contention is known to the precision asked."""
    stopped: str | None = None
    """Why the study stopped early when not by a signal: a worker process ended from outside,
    or the Dask cluster was lost."""

    @property
    def measure(self) -> str:
        return self.schedule.precision.measure

    @property
    def final_flights(self) -> int:
        """The most flights any candidate flew."""
        return max((w.difference.flights for w in self.weighed), default=0)

    @property
    def without_culling(self) -> int:
        """The flights of every candidate, and the base, flown to :attr:`final_flights`."""
        return (len(self.weighed) + 1) * self.final_flights

    @property
    def additions(self) -> list[Weighed]:
        return [w for w in self.weighed if w.change.kind == "add"]

    @property
    def removals(self) -> list[Weighed]:
        return [w for w in self.weighed if w.change.kind == "remove"]

    def best_by_square(self) -> dict[Cell, Weighed]:
        """Each free square's best addition (the ranking's first on that square)."""
        best: dict[Cell, Weighed] = {}
        for weighed in self.additions:
            best.setdefault(weighed.change.cell, weighed)
        return best

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship": self.ship,
            "seed": self.seed,
            "deck": self.deck,
            "rulings": dict(self.rulings),
            "schedule": self.schedule.to_dict(),
            "partial": self.partial,
            "precision_met": self.met,
            "base": self.base.to_dict(),
            "changes": [w.to_dict() for w in self.weighed],
            "illegal_removals": [str(c) for c in self.illegal_removals],
            "illegal_additions": self.illegal_additions,
            "stages": [s.to_dict() for s in self.stages],
            "flights": {
                "flown": self.flown,
                "final_each": self.final_flights,
                "without_culling": self.without_culling,
            },
        }


StageProgress = Callable[[Stage, int], None]
"""Called as a stage starts: the stage (its flights not yet known: 0) and the flights it will
fly."""


def ranked(differences: dict[int, Difference], measure: str) -> list[int]:
    """Candidates best first: by the mean difference of ``measure``, then of the other
    measure, then by number (a stable order for ties)."""
    other = "finish" if measure == "credits" else "credits"

    def key(index: int) -> tuple[float, float, int]:
        found = differences[index]
        return (-found.of(measure).value, -found.of(other).value, index)

    return sorted(differences, key=key)


def _in_contention(
    alive: Sequence[int], differences: dict[int, Difference], measure: str, keep: int
) -> list[int]:
    """Those whose interval reaches the ``keep``-th best's (ranked by mean)."""
    order = ranked({i: differences[i] for i in alive}, measure)
    if not order:
        return []
    reference = differences[order[min(keep, len(order)) - 1]].of(measure)
    return [i for i in order if differences[i].of(measure).high >= reference.low]


def _overlaps(a: Interval, b: Interval) -> bool:
    return a.high >= b.low and b.high >= a.low


def weigh(
    ship: Ship,
    deck: str | Deck,
    *,
    parts: str | Iterable[PartChoice] = DEFAULT_PARTS,
    rulings: Rulings = DEFAULT_RULINGS,
    seed: int = 0,
    precision: Precision = PRECISION,
    most: int = 20_000,
    captain: str = "sensible",
    captain_options: tuple[tuple[str, Any], ...] = (),
    name: str | None = None,
    join: Literal["any", "open"] = "any",
    workers: int = 1,
    dask: str | None = None,
    progress: Callable[[int], None] | None = None,
    stage_started: StageProgress | None = None,
) -> WeighResult:
    """What each small change to ``ship`` is worth on ``deck`` (``random:<LEVEL>`` or a fixed
    deck): every legal removal, and every part of ``parts`` (``"shield,battery:3"``) added
    where it may go (:func:`trucker.play.changes.changes`), ranked by the measure of
    ``precision`` and flown by staged culling until the contenders are known to it (at most
    ``most`` flights each). A notebook's one call; ``trucker weigh`` is this.

    >>> import trucker
    >>> odds = trucker.scenarios_root() / "odds"
    >>> ship = trucker.load(odds / "front-guard.toml")
    >>> found = trucker.weigh(ship, str(odds / "one-small-meteor.toml"), parts="shield", seed=1)
    >>> print(found.weighed[0].change.words())
    add shield on 6,6, covering front and right (opening 6,7's left, 7,6's front)
    """
    choices = parse_parts(parts) if isinstance(parts, str) else tuple(parts)
    if isinstance(deck, str) and random_deck_level(deck) is None:
        deck = load_deck(Path(deck), display=deck)
    crew = Crew(name or ship.name or "ship", ship, captain, captain_options=captain_options)
    found = changes(ship, choices, rulings, join=join)
    schedule = Schedule(precision, first=min(FIRST, most), most=most)
    return weigh_changes(
        [crew],
        deck,
        rulings,
        seed,
        found,
        schedule,
        workers=workers,
        dask=dask,
        progress=progress,
        stage_started=stage_started,
    )


def weigh_changes(
    crews: Sequence[Crew],
    deck: str | Deck,
    rulings: Rulings,
    seed: int,
    found: Changes,
    schedule: Schedule = Schedule(),
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: Callable[[int], None] | None = None,
    stage_started: StageProgress | None = None,
) -> WeighResult:
    """Weigh every change in ``found`` to the first of ``crews`` (the others fly with it, as
    they are), on ``deck`` under ``rulings`` from ``seed``, by ``schedule``; in this process,
    in ``workers`` processes or on Dask. Ctrl-C returns what was flown, marked partial."""
    candidates = found.all
    first = crews[0]

    def variant(change: Change) -> Variant:
        return Variant((replace(first, ship=change.ship), *crews[1:]), rulings)

    spec = PairedSpec(
        Variant(tuple(crews), rulings), tuple(variant(c) for c in candidates), deck, seed
    )
    measure, target = schedule.precision.measure, schedule.precision.half_width
    total = PairedTally()
    culled: dict[int, int] = {}
    stages: list[Stage] = []
    reached = dict.fromkeys(range(len(candidates)), 0)
    plan = dict.fromkeys(reached, min(schedule.first, schedule.most))
    partial = met = False
    stopped: str | None = None
    most = schedule.most
    with Runner(PairedJob(spec), workers=workers, dask=dask) as runner:
        try:
            while plan:
                work = _stage_pieces(plan, reached)
                cost = sum(p.flights for p in work)
                number, most_now = len(stages) + 1, max(plan.values())
                if stage_started is not None:
                    stage_started(Stage(number, len(plan), most_now, 0), cost)
                for tally in runner.results(work):
                    total.merge(tally)
                    if progress is not None:
                        progress(tally.flown)
                reached.update(plan)
                stages.append(Stage(number, len(plan), most_now, cost))
                differences = {i: total.difference(i) for i in range(len(candidates))}
                alive = [i for i in differences if i not in culled]
                contenders = _in_contention(alive, differences, measure, schedule.keep)
                for index in alive:
                    if index not in contenders:
                        culled[index] = number
                needy = [i for i in contenders if _half(differences[i].of(measure)) > target]
                met = not needy
                plan = {
                    i: _next_flights(reached[i], _half(differences[i].of(measure)) / target, most)
                    for i in needy
                    if reached[i] < most
                }
        except KeyboardInterrupt:
            partial = True
        except WorkersLost as exc:
            partial, stopped = True, str(exc)
    met = met and not partial
    result = _result(crews, spec, found, schedule, total, culled, stages, partial, met)
    return replace(result, stopped=stopped)


def _stage_pieces(plan: dict[int, int], reached: dict[int, int], group: int = 16) -> list[Piece]:
    """The pieces of a stage: each candidate from the flights it has reached to those the plan
    gives it, cut where any candidate starts or stops and at every chunk, the candidates of a
    cut together (in groups of ``group``: each piece flies the base again, to pair with it);
    the base's own numbers are counted once, for the flights beyond those it has.

    >>> def cut(plan, reached):
    ...     return [(p.start, p.stop, p.variants, p.base) for p in _stage_pieces(plan, reached)]
    >>> cut({0: 500, 1: 250}, {0: 0, 1: 0})
    [(0, 250, (0, 1), True), (250, 500, (0,), True)]
    >>> cut({0: 500}, {0: 250, 1: 500})
    [(250, 500, (0,), False)]
    """
    base_done = max(reached.values(), default=0)
    low, high = min(reached[i] for i in plan), max(plan.values())
    cuts = {reached[i] for i in plan} | set(plan.values()) | {base_done}
    cuts |= set(range(low - low % CHUNK + CHUNK, high, CHUNK))
    edges = sorted(c for c in cuts if low <= c <= high)
    work = []
    for start, stop in pairwise(edges):
        members = [i for i in sorted(plan) if reached[i] <= start and stop <= plan[i]]
        for first in range(0, len(members), group):
            chosen = tuple(members[first : first + group])
            work.append(Piece(start, stop, chosen, first == 0 and start >= base_done))
    return work


def _next_flights(flights: int, ratio: float, most: int) -> int:
    """The flights the next stage brings a candidate to: as many as its interval needs to
    narrow to the target (its width falls as one over the root of the flights), in
    whole chunks, at most twice as many as now (a stage culls again before flying more).

    >>> _next_flights(250, 3.0, 16000), _next_flights(2000, 1.1, 16000)
    (500, 2500)
    >>> _next_flights(8000, 5, 9000)
    9000
    """
    needed = -(-int(flights * ratio * ratio) // CHUNK) * CHUNK
    return min(most, 2 * flights, max(flights + CHUNK, needed))


def _half(interval: Interval) -> float:
    return (interval.high - interval.low) / 2


def _result(
    crews: Sequence[Crew],
    spec: PairedSpec,
    found: Changes,
    schedule: Schedule,
    total: PairedTally,
    culled: dict[int, int],
    stages: list[Stage],
    partial: bool,
    met: bool,
) -> WeighResult:
    candidates = found.all
    measure = schedule.precision.measure
    differences = {i: total.difference(i) for i in range(len(candidates))}
    order = ranked(differences, measure)
    leader = differences[order[0]].of(measure) if order else None
    weighed = []
    rank = 0
    previous: float | None = None
    for place, index in enumerate(order, 1):
        found_here = differences[index]
        interval = found_here.of(measure)
        if previous is None or interval.value != previous:
            rank = place
        previous = interval.value
        weighed.append(
            Weighed(
                change=candidates[index],
                difference=found_here,
                rank=rank,
                ties_leader=leader is not None and _overlaps(interval, leader),
                zero=found_here.unchanged or interval.contains(0.0),
                culled_after=culled.get(index),
            )
        )
    deck = spec.deck if isinstance(spec.deck, str) else (spec.deck.name or "deck")
    return WeighResult(
        ship=crews[0].name,
        seed=spec.seed,
        deck=deck,
        rulings=spec.base.rulings.non_default(),
        schedule=schedule,
        base=total.base_odds(),
        weighed=weighed,
        illegal_removals=found.illegal_removals,
        illegal_additions=found.illegal_additions,
        stages=stages,
        flown=total.flown,
        partial=partial,
        met=met,
    )
