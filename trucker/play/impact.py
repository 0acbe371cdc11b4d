"""Which open rules change a ship's odds (``trucker rulings --impact``): the ship flown under
each named ruling's alternatives instead of the rulings it is flown by, on common random
numbers (:mod:`trucker.play.paired`: the same flights' seeds, so the same dice; each deck dealt
under the rulings it is flown by), each with the change in mean final credits and in the chance
of coming home and their 95% intervals. A group sees which open questions matter for its ships
before it argues about them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from trucker.core.errors import WorkersLost
from trucker.core.rulings import DEFAULT_RULINGS, RULING_NAMES, Rulings, ruling_alternatives
from trucker.core.ship import Ship
from trucker.formats.decks import Deck, load_deck, random_deck_level
from trucker.play.flights import Crew
from trucker.play.paired import (
    BaseOdds,
    Difference,
    PairedJob,
    PairedSpec,
    PairedTally,
    Variant,
    pieces,
)
from trucker.play.parallel import Runner
from trucker.rules.validate import is_legal

__all__ = ["RulingImpact", "ImpactResult", "ruling_impact", "variants"]


@dataclass(frozen=True)
class RulingImpact:
    """One ruling set to one alternative: the value it had and the one tried, whether the ship
    is still legal under it, and the difference it makes."""

    name: str
    value: object
    alternative: object
    legal: bool
    difference: Difference

    @property
    def zero(self) -> bool:
        """No flight ended differently, or the interval of each measure holds zero."""
        found = self.difference
        return found.unchanged or (found.credits.contains(0.0) and found.finish.contains(0.0))

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruling": self.name,
            "value": self.value,
            "alternative": self.alternative,
            "legal": self.legal,
            "no_effect": self.zero,
            **self.difference.to_dict(),
        }


@dataclass(frozen=True)
class ImpactResult:
    """A study of the rulings: the ship flown as the rulings say (``base``), each alternative
    tried (largest change in mean credits first), and the rulings with no one alternative to
    try (free text, or a word that stands for a number)."""

    ship: str
    seed: int
    deck: str
    flights: int
    rulings: dict[str, object]
    base: BaseOdds
    impacts: list[RulingImpact]
    untried: tuple[str, ...]
    flown: int
    partial: bool = False
    stopped: str | None = None
    """Why the run stopped early when not by a signal: a worker process ended from outside, or
    the Dask cluster was lost."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship": self.ship,
            "seed": self.seed,
            "deck": self.deck,
            "flights": self.flights,
            "partial": self.partial,
            "rulings": dict(self.rulings),
            "base": self.base.to_dict(),
            "impacts": [i.to_dict() for i in self.impacts],
            "untried": list(self.untried),
            "flown": self.flown,
        }


def variants(
    rulings: Rulings, names: Iterable[str] = RULING_NAMES
) -> tuple[list[tuple[str, object, Rulings]], tuple[str, ...]]:
    """Each (ruling, alternative, the rulings with it) to try, and the rulings with none."""
    tried, untried = [], []
    for name in names:
        value = getattr(rulings, name)
        alternatives = ruling_alternatives(name, value)
        if not alternatives:
            untried.append(name)
        for alternative in alternatives:
            changed: dict[str, Any] = {name: alternative}
            tried.append((name, alternative, replace(rulings, **changed)))
    return tried, tuple(untried)


def ruling_impact(
    ship: Ship,
    deck: str | Deck,
    *,
    rulings: Rulings = DEFAULT_RULINGS,
    seed: int = 0,
    flights: int = 1000,
    names: Iterable[str] = RULING_NAMES,
    captain: str = "sensible",
    captain_options: tuple[tuple[str, Any], ...] = (),
    name: str | None = None,
    workers: int = 1,
    dask: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> ImpactResult:
    """The change in ``ship``'s odds on ``deck`` (``random:<LEVEL>`` or a fixed deck) when
    each of ``names`` takes each of its alternatives instead of its value in ``rulings``, over
    ``flights`` paired flights from ``seed``; in this process, in ``workers`` processes or on
    Dask. Ctrl-C returns what was flown, marked partial.

    >>> import trucker
    >>> cabin = trucker.load(trucker.scenarios_root() / "odds" / "lone-cabin.toml")
    >>> found = trucker.ruling_impact(cabin, "random:I", flights=20, names=["second_share"])
    >>> [(i.name, i.alternative, i.zero) for i in found.impacts]
    [('second_share', 'full', True)]
    """
    if isinstance(deck, str) and random_deck_level(deck) is None:
        deck = load_deck(Path(deck), display=deck)
    tried, untried = variants(rulings, names)
    crew = Crew(name or ship.name or "ship", ship, captain, captain_options=captain_options)
    spec = PairedSpec(
        Variant((crew,), rulings),
        tuple(Variant((crew,), changed) for _, _, changed in tried),
        deck,
        seed,
    )
    total, partial, stopped = PairedTally(), False, None
    with Runner(PairedJob(spec), workers=workers, dask=dask) as runner:
        try:
            for tally in runner.results(pieces(range(len(tried)), 0, flights)):
                total.merge(tally)
                if progress is not None:
                    progress(tally.flown)
        except KeyboardInterrupt:
            partial = True
        except WorkersLost as exc:
            partial, stopped = True, str(exc)
    impacts = [
        RulingImpact(
            ruling, getattr(rulings, ruling), alternative, is_legal(ship, changed), difference
        )
        for index, (ruling, alternative, changed) in enumerate(tried)
        for difference in [total.difference(index)]
    ]
    impacts.sort(key=lambda i: (-abs(i.difference.credits.value), -abs(i.difference.finish.value)))
    shown = deck if isinstance(deck, str) else (deck.name or "deck")
    return ImpactResult(
        ship=crew.name,
        seed=seed,
        deck=shown,
        flights=total.base[0],
        rulings=rulings.non_default(),
        base=total.base_odds(),
        impacts=impacts,
        untried=untried,
        flown=total.flown,
        partial=partial,
        stopped=stopped,
    )
