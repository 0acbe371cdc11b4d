"""Variants of one flight, flown on common random numbers against the flight as it is: the
engine of ``trucker weigh`` (a ship changed by one tile) and ``trucker rulings --impact`` (the
same ship under another ruling).

Flight ``i`` of every variant uses the seed of flight ``i`` of the base
(:func:`trucker.play.montecarlo.flight_seed`): the same deck (dealt under the variant's rulings)
and, card by card and threat by threat, the same dice. What is counted is the first ship's
difference from the base, flight by flight (final credits, and coming home), whose mean has a
far narrower interval than two separate runs would give. A piece is a range of flights and the
variants to fly on it; its counts merge by addition, so the numbers do not depend on where, or
in which order, the pieces are flown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from trucker.core.catalogue import Catalogue
from trucker.core.rulings import Rulings
from trucker.formats.decks import Deck
from trucker.play.flights import Crew, FlightPlan, deck_for, fly
from trucker.play.montecarlo import chunks, flight_seed
from trucker.play.statistics import Interval, mean_interval, wilson

__all__ = [
    "Variant",
    "PairedSpec",
    "Piece",
    "PairedTally",
    "Difference",
    "BaseOdds",
    "PairedJob",
    "pieces",
]


@dataclass(frozen=True)
class Variant:
    """One way to fly: the ships (the one studied first) and the rulings."""

    crews: tuple[Crew, ...]
    rulings: Rulings


@dataclass(frozen=True)
class PairedSpec:
    """The flight as it is (``base``), its variants, the deck (``random:<LEVEL>`` or a fixed
    deck) and the run's seed."""

    base: Variant
    variants: tuple[Variant, ...]
    deck: str | Deck
    seed: int


@dataclass(frozen=True)
class Piece:
    """Flights ``start`` to ``stop - 1`` of the base and of the variants numbered ``variants``;
    ``base`` says whether this piece counts the base's own numbers (one piece per range
    does: every piece flies the base, to pair with it)."""

    start: int
    stop: int
    variants: tuple[int, ...]
    base: bool

    @property
    def flights(self) -> int:
        """Every flight the piece flies, the base's included."""
        return (self.stop - self.start) * (len(self.variants) + 1)


@dataclass
class PairedTally:
    """Counts that add up: the base's [flights, credits, credits², finished], and per variant
    [flights, Σd, Σd², Σe, Σe²] of d, its credits minus the base's, and e, its coming home
    (1 or 0) minus the base's."""

    base: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    pairs: dict[int, list[int]] = field(default_factory=dict)
    flown: int = 0
    """Every flight flown, the base's in each piece included."""

    def merge(self, other: PairedTally) -> None:
        self.base = [a + b for a, b in zip(self.base, other.base, strict=True)]
        for index, numbers in other.pairs.items():
            mine = self.pairs.setdefault(index, [0, 0, 0, 0, 0])
            for k, value in enumerate(numbers):
                mine[k] += value
        self.flown += other.flown

    def flights(self, index: int) -> int:
        return self.pairs.get(index, [0])[0]

    def difference(self, index: int) -> Difference:
        n, d, d2, e, e2 = self.pairs.get(index, [0, 0, 0, 0, 0])
        return Difference(
            flights=n,
            credits=mean_interval(d, d2, n),
            finish=mean_interval(e, e2, n),
            unchanged=n > 0 and d2 == 0 and e2 == 0,
        )

    def base_odds(self) -> BaseOdds:
        n, credits, squares, finished = self.base
        return BaseOdds(n, mean_interval(credits, squares, n), wilson(finished, n))


@dataclass(frozen=True)
class Difference:
    """A variant minus the base, flight by flight: the mean difference in final credits and in
    the chance of coming home (a proportion: 0.01 is one point), each with its 95% interval;
    ``unchanged`` when no flight ended differently at all."""

    flights: int
    credits: Interval
    finish: Interval
    unchanged: bool

    def of(self, measure: str) -> Interval:
        return self.credits if measure == "credits" else self.finish

    def to_dict(self) -> dict[str, Any]:
        return {
            "flights": self.flights,
            "credits": self.credits.to_dict(),
            "finish": self.finish.to_dict(),
            "unchanged": self.unchanged,
        }


@dataclass(frozen=True)
class BaseOdds:
    """The base's own numbers over its flights: mean final credits and coming home."""

    flights: int
    credits: Interval
    finish: Interval

    def to_dict(self) -> dict[str, Any]:
        return {
            "flights": self.flights,
            "credits": self.credits.to_dict(),
            "finish": self.finish.to_dict(),
        }


def _first(variant: Variant, deck: Deck, seed: int, book: Catalogue) -> tuple[int, int]:
    """The first ship's final credits and whether it came home, in one flight."""
    plan = FlightPlan(variant.crews, deck, variant.rulings, seed=seed)
    ship = fly(plan, keep_log=False, catalogue=book).ships[0]
    return ship.final_credits, 0 if ship.gave_up else 1


@dataclass(frozen=True)
class PairedJob:
    """The pieces of a paired run, as :class:`trucker.play.parallel.Runner` flies them."""

    spec: PairedSpec

    def fly(self, piece: Piece, book: Catalogue) -> PairedTally:
        spec = self.spec
        tally = PairedTally(flown=piece.flights)
        for index in piece.variants:
            tally.pairs[index] = [0, 0, 0, 0, 0]
        base = spec.base
        for number in range(piece.start, piece.stop):
            seed = flight_seed(spec.seed, number)
            decks = {base.rulings: deck_for(spec.deck, seed, rulings=base.rulings, catalogue=book)}
            credits, home = _first(base, decks[base.rulings], seed, book)
            if piece.base:
                tally.base[0] += 1
                tally.base[1] += credits
                tally.base[2] += credits * credits
                tally.base[3] += home
            for index in piece.variants:
                variant = spec.variants[index]
                deck = decks.get(variant.rulings)
                if deck is None:
                    deck = decks[variant.rulings] = deck_for(
                        spec.deck, seed, rulings=variant.rulings, catalogue=book
                    )
                their_credits, their_home = _first(variant, deck, seed, book)
                d, e = their_credits - credits, their_home - home
                numbers = tally.pairs[index]
                numbers[0] += 1
                numbers[1] += d
                numbers[2] += d * d
                numbers[3] += e
                numbers[4] += e * e
        return tally


def pieces(variants: Sequence[int], start: int, stop: int, group: int = 16) -> list[Piece]:
    """Flights ``start`` to ``stop - 1`` of the given variants, in chunks of flights and groups
    of at most ``group`` variants (every piece flies the base again, to pair with it: a group
    of 16 costs one flight in 17 more; the first group of each chunk counts the base).

    >>> [(p.start, p.stop, len(p.variants), p.base) for p in pieces(range(20), 0, 300)]
    [(0, 250, 16, True), (0, 250, 4, False), (250, 300, 16, True), (250, 300, 4, False)]
    """
    chosen = list(variants)
    out = []
    for low, high in chunks(stop - start):
        for first in range(0, max(len(chosen), 1), group):
            out.append(
                Piece(start + low, start + high, tuple(chosen[first : first + group]), first == 0)
            )
    return out
