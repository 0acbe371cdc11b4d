"""The odds of a ship over many flights (``trucker odds``) as one call: how likely it comes
home, with how many credits, what it loses and where, with 95% confidence intervals; against
another design (``vs``) or another captain (``vs_captain``) on the same decks and dice.

The flights are those of :mod:`trucker.play.montecarlo` (seeded chunks, the same numbers in
one process, in many or on Dask); this module turns ships and names into their run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from trucker.core.errors import BadInput
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import Ship
from trucker.formats.decks import Deck, load_deck, random_deck_level
from trucker.play.montecarlo import MAX_FLIGHTS, OddsResult, OddsSpec, Precision, summarise
from trucker.play.parallel import RunOutcome, fly_chunks, fly_until
from trucker.play.plans import seats_of

__all__ = ["odds", "odds_spec", "run_odds", "fly_odds", "odds_result"]


def odds(
    ships: Ship | Sequence[Ship],
    deck: str | Deck,
    *,
    flights: int = 1000,
    precision: Precision | None = None,
    seed: int = 0,
    captain: str = "sensible",
    captain_options: tuple[tuple[str, Any], ...] = (),
    vs: Ship | None = None,
    vs_captain: str | None = None,
    rulings: Rulings = DEFAULT_RULINGS,
    workers: int = 1,
    dask: str | None = None,
    progress: Callable[..., None] | None = None,
) -> OddsResult:
    """The odds of ``ships`` (one, or up to five flown together) on ``deck`` (``random:<LEVEL>``,
    a new deck each flight, or a fixed deck): ``flights`` seeded flights, or with
    ``precision`` as many as it takes (at most ``flights``). ``vs`` flies another design in
    the first ship's place, ``vs_captain`` the first ship with another captain, on the same
    decks and dice. ``trucker odds`` is this.

    The lone cabin of ``scenarios/odds`` comes home from one small meteor 30 times in 36:

    >>> import trucker
    >>> odds = trucker.scenarios_root() / "odds"
    >>> ship = trucker.load(odds / "lone-cabin.toml")
    >>> found = trucker.odds(ship, str(odds / "one-small-meteor.toml"), flights=360, seed=1)
    >>> (found.flights, round(found.lineups[0][0].finish.value, 2))
    (360, 0.82)
    """
    spec = odds_spec(
        ships,
        deck,
        flights=flights,
        seed=seed,
        captain=captain,
        captain_options=captain_options,
        vs=vs,
        vs_captain=vs_captain,
        rulings=rulings,
    )
    return run_odds(spec, precision, workers=workers, dask=dask, progress=progress)


def odds_spec(
    ships: Ship | Sequence[Ship],
    deck: str | Deck,
    *,
    flights: int,
    seed: int = 0,
    captain: str = "sensible",
    captain_options: tuple[tuple[str, Any], ...] = (),
    vs: Ship | None = None,
    vs_captain: str | None = None,
    rulings: Rulings = DEFAULT_RULINGS,
) -> OddsSpec:
    """What :func:`odds` flies: the line-ups (the ships, and with ``vs`` or ``vs_captain`` the
    first ship's rival), the deck, the seed and the number of flights. :class:`BadInput` for a
    number of flights, a captain or a comparison that cannot be."""
    if not 1 <= flights <= MAX_FLIGHTS:
        raise BadInput.one("flights", str(flights), f"fly 1 to {MAX_FLIGHTS:,} flights in a run")
    if vs is not None and vs_captain is not None:
        raise BadInput.one("vs_captain", vs_captain, "compare designs (vs) or captains, not both")
    fleet = [ships] if isinstance(ships, Ship) else list(ships)
    seats = seats_of([*fleet, *([vs] if vs else [])], captain, captain_options)
    first = tuple(seats[: len(fleet)])
    lineups = [first]
    if vs is not None:
        lineups.append((seats[len(fleet)], *first[1:]))
    if vs_captain is not None:
        (rival,) = seats_of(fleet[:1], vs_captain, captain_options)
        lineups.append((replace(rival, name=first[0].name), *first[1:]))
    if isinstance(deck, str) and random_deck_level(deck) is None:
        deck = load_deck(Path(deck), display=deck)
    return OddsSpec(tuple(lineups), deck, rulings, seed, flights)


def run_odds(
    spec: OddsSpec,
    precision: Precision | None = None,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: Callable[..., None] | None = None,
) -> OddsResult:
    """Fly the run ``spec`` describes (to ``precision``, when given) and say what it found;
    ``partial`` when it was stopped (Ctrl-C, a signal, a lost Dask cluster) before the end."""
    outcome = fly_odds(spec, precision, workers=workers, dask=dask, progress=progress)
    return odds_result(spec, outcome)


def fly_odds(
    spec: OddsSpec,
    precision: Precision | None = None,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: Callable[..., None] | None = None,
) -> RunOutcome:
    """The flights of :func:`run_odds`, as flown: the tally, whether the run was stopped, and
    why when a lost cluster stopped it (what ``trucker odds`` reports besides the odds)."""
    if precision is None:
        return fly_chunks(spec, workers=workers, dask=dask, progress=progress)
    return fly_until(spec, precision, workers=workers, dask=dask, progress=progress)


def odds_result(spec: OddsSpec, outcome: RunOutcome) -> OddsResult:
    """What the flights of ``spec`` found."""
    return summarise(spec, outcome.tally, partial=outcome.partial, precision=outcome.precision)
