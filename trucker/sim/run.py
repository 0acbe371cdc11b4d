"""Flying a deck: the stepped flight (:mod:`trucker.sim.stepping`) played to its end.

The flight's state and its rules of the track live in :mod:`trucker.sim.flight`; the resolvers
in :mod:`trucker.sim.cards`; the loop that hands each card to its resolver, and stops where an
answer from outside the engine is needed, in :mod:`trucker.sim.stepping`.
"""

from __future__ import annotations

from trucker.sim.flight import FlightResult, FlightSetup
from trucker.sim.stepping import FlightState
from trucker.sim.table import Table

__all__ = ["run_flight"]


def run_flight(setup: FlightSetup, table: Table) -> FlightResult:
    """Fly the set-up's cards against its ships; every roll comes from the table's dice and
    every choice from the ships' policies; what happened is in the table's log (nothing else
    watches the flight: the ships after each card are folded from the log,
    :mod:`trucker.play.record`). The flight is a :class:`~trucker.sim.stepping.FlightState`
    played to its end."""
    return FlightState(setup, table).finish()
