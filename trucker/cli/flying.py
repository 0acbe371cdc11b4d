"""What the commands that fly many flights share (``odds``, ``weigh``, ``rulings --impact``):
reading the deck option, the captain and the precision, and making the ships' crews."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trucker.cli.common import FlightShip, bad_input

if TYPE_CHECKING:
    from trucker.formats.decks import Deck
    from trucker.play.flights import Crew
    from trucker.play.montecarlo import Precision

__all__ = [
    "PRECISION_MOST",
    "check_flights",
    "check_policy",
    "crews_of",
    "deck_option",
    "parse_precision",
]

PRECISION_MOST = 100_000
"""The most flights a run to a precision flies when ``-n`` does not say."""


def check_flights(flights: int | None) -> None:
    """``-n`` at most :data:`~trucker.play.montecarlo.MAX_FLIGHTS` (which ``--help`` states),
    else one line and exit 2."""
    from trucker.play.montecarlo import MAX_FLIGHTS

    if flights is not None and flights > MAX_FLIGHTS:
        raise bad_input(
            "-n",
            str(flights),
            f"at most {MAX_FLIGHTS:,} flights in one run; for more, run again with another --seed",
        )


def check_policy(policy: str, flag: str = "--policy") -> None:
    """A captain the engine ships (the expert too), else one line and exit 2."""
    from trucker.sim.roster import CAPTAINS

    if policy not in CAPTAINS:
        raise bad_input(flag, policy, f"unknown captain: use {', '.join(CAPTAINS)}")


def deck_option(deck: str) -> str | Deck:
    """``random:<LEVEL>`` as it is, or the deck file it names (its name, if it gives none, is
    the option's text)."""
    from trucker.formats.decks import load_deck, random_deck_level

    if random_deck_level(deck) is not None:
        return deck
    found = load_deck(Path(deck), display=deck)
    return found if found.name is not None else replace(found, name=deck)


def crews_of(
    loaded: Sequence[FlightShip],
    policy: str,
    insured: bool | None,
    options: tuple[tuple[str, Any], ...] = (),
) -> list[Crew]:
    """The loaded ships as crews, named as a flight names them (repeats numbered); Class IV
    insurance as ``--insured`` says, on the boards that offer it; the expert's ``options``
    (``--effort``, ``--objective``) when the captain is the expert."""
    from trucker.play.flights import Crew, unique_names

    names = unique_names([f.ship.name or Path(f.file).stem for f in loaded])
    return [
        Crew(
            name,
            flying.ship,
            policy,
            insured if flying.ship.board.insurance.optional else False,
            flying.repaired,
            options if policy == "expert" else (),
        )
        for name, flying in zip(names, loaded, strict=True)
    ]


def parse_precision(text: str, option: str = "--precision") -> Precision:
    """``0.25`` (credits) or ``1%`` (points of the chance of coming home), above 0."""
    from trucker.play.montecarlo import Precision

    words = text.strip()
    percent = words.endswith("%")
    try:
        value = float(words.removesuffix("%"))
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf") or (percent and value >= 100):
        raise bad_input(
            option, text, "expected a half-width above 0: credits (0.25) or points (1%)"
        )
    return Precision(value / 100, "finish") if percent else Precision(value, "credits")
