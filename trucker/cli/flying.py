"""What the commands that fly many flights share (``odds``, ``weigh``, ``rulings --impact``):
reading the deck option, the captain and the precision, and making the ships' crews."""

from __future__ import annotations

import contextlib
import logging
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
    "check_dask",
    "check_flights",
    "check_policy",
    "crews_of",
    "deck_option",
    "ended",
    "parse_precision",
]

PRECISION_MOST = 100_000
"""The most flights a run to a precision flies when ``-n`` does not say."""


def check_dask(dask: str | None, workers: int) -> None:
    """``--dask`` alone (not with ``--workers``), its address readable, before any input is
    read; whether a scheduler answers there is asked when the run starts."""
    from trucker.play.cluster import check_address

    if dask is None:
        return
    if workers != 1:
        raise bad_input("--workers", str(workers), "give --workers or --dask, not both")
    check_address(dask)
    with contextlib.suppress(ImportError):  # the run says so, in one line, when it connects
        import distributed  # noqa: F401 - its loggers are made as it is imported

        # the run tells a lost cluster in one line; Dask's own logs would add dozens (its
        # configuration gives several of its loggers a handler of their own)
        for name in ["distributed", *logging.root.manager.loggerDict]:
            if name.split(".")[0] == "distributed":
                quiet = logging.getLogger(name)
                quiet.handlers = [logging.NullHandler()]
                quiet.propagate = False


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


def ended(partial: bool, stopped: str | None, dask: str | None) -> int:
    """The exit code of a long run: 0 when it flew every flight; when a lost worker process or
    Dask cluster stopped it, one line saying so (its report of what was flown follows or
    precedes) and 2; when a signal did, the shell's code for it (130 for Ctrl-C)."""
    from trucker.cli.output import EXIT_BAD_INPUT, err
    from trucker.cli.signals import stop_code

    if stopped is not None:
        where = f"--dask: {dask}" if dask is not None else "--workers"
        err.print(f"{where}: {stopped}; what was flown is reported, marked partial", style="red")
        return EXIT_BAD_INPUT
    return stop_code() if partial else 0


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
