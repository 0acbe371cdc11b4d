"""Flying a deck: the stepped flight (:mod:`trucker.sim.stepping`) played to its end.

The flight's state and its rules of the track live in :mod:`trucker.sim.flight`; the resolvers
in :mod:`trucker.sim.cards`; the loop that hands each card to its resolver, and stops where an
answer from outside the engine is needed, in :mod:`trucker.sim.stepping`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trucker.core.cards import Card, Level
from trucker.core.catalogue import Catalogue
from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.sim.flight import FlightResult
from trucker.sim.stepping import FlightState
from trucker.sim.table import Table

__all__ = ["run_flight"]


def run_flight(
    ships: Sequence[tuple[str, Ship]],
    cards: Sequence[Card],
    level: Level,
    table: Table,
    *,
    catalogue: Catalogue,
    insured: Sequence[bool | None] | None = None,
    repaired: Sequence[Sequence[Cell]] | None = None,
    deck_rng: random.Random | None = None,
) -> FlightResult:
    """Fly ``cards`` (top first) against ``ships`` (the first is the leader); every roll comes
    from the table's dice and every choice from the ships' policies; what happened is in the
    table's log (nothing else watches the flight: the ships after each card are folded from
    the log, :mod:`trucker.play.record`). ``insured`` None for a ship lets its captain decide;
    ``deck_rng`` draws the cards Hazardous Business adds. The flight is a
    :class:`~trucker.sim.stepping.FlightState` played to its end."""
    state = FlightState(
        ships,
        cards,
        level,
        table,
        catalogue=catalogue,
        insured=insured,
        repaired=repaired,
        deck_rng=deck_rng,
    )
    return state.finish()
