"""Flying a deck: the loop that hands each card to its type's resolver, then settles.

The flight's state and its rules of the track live in :mod:`trucker.sim.flight`; the resolvers
in :mod:`trucker.sim.cards`. This module joins the two, so neither imports the other's user.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trucker.core.cards import Card, Level
from trucker.core.catalogue import Catalogue
from trucker.core.events import FlightStarted
from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.sim.cards import resolver_for
from trucker.sim.flight import Flight, FlightResult
from trucker.sim.table import Table

__all__ = ["run_flight"]


def _snapshot(flight: Flight) -> list[tuple[int, int, int]]:
    """Each ship's tiles lost, crew aboard and credits, in the flight's order of ships."""
    return [(len(p.ship.lost), p.ship.crew(), p.credits) for p in flight.players]


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
    ``deck_rng`` draws the cards Hazardous Business adds."""
    flight = Flight(
        ships,
        cards,
        level,
        table,
        catalogue=catalogue,
        insured=insured,
        repaired=repaired,
        deck_rng=deck_rng,
    )
    table.emit(
        FlightStarted(
            str(level),
            flight.track,
            tuple(p.name for p in flight.players),
            tuple(p.position for p in flight.players),
            len(flight.cards),
        )
    )
    flight.buy_insurance()
    costs = []
    names = [p.name for p in flight.players]
    before: list[tuple[int, int, int]] | None = None
    index = 0
    while index < len(flight.cards):
        if not flight.in_order():
            break
        card = flight.cards[index]
        if before is None:
            before = _snapshot(flight)
        flight.resolve(index, card, resolver_for(card))
        after = _snapshot(flight)
        costs.append(
            {
                name: (lost - lost_before, crew_before - crew, credits - credits_before)
                for name, (lost_before, crew_before, credits_before), (lost, crew, credits) in zip(
                    names, before, after, strict=True
                )
            }
        )
        before = after
        index += 1
    results = flight.settle()
    return FlightResult(
        ships=results,
        events=table.log,
        level=level,
        representative=sorted({c.label for c in flight.cards[:index] if c.representative}),
        rulings=table.rulings.non_default(),
        card_costs=costs,
        card_labels=[c.label for c in flight.cards[:index]],
        lost_squares={p.name: [str(c) for c in p.ship.lost] for p in flight.players},
    )
