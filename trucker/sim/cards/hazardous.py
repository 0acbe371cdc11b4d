"""Hazardous Business (RULES §6.7): two cards of the next level go on top of the deck, to be
played next; a Hazardous Business among them adds two more (chains). Level III adds level IV
cards when the catalogue has them (ruling ``hazardous_top_level``)."""

from __future__ import annotations

from trucker.core.cards import HazardousBusiness, Level
from trucker.core.events import CardsAdded
from trucker.sim.flight import Flight

__all__ = ["resolve_hazardous_business", "next_level"]


def next_level(flight: Flight, level: Level) -> Level:
    if level >= Level.III:
        if flight.rulings.hazardous_top_level == "IV" and flight.catalogue.of_level(Level.IV):
            return Level.IV
        return Level(max(level, Level.III))
    return Level(level + 1)


def resolve_hazardous_business(flight: Flight, card: HazardousBusiness) -> None:
    if card.adds:
        added = [flight.catalogue.cards[card_id] for card_id in card.adds]
    else:
        level = next_level(flight, card.level)
        used = {c.id for c in flight.cards if c.id is not None}
        pool = [c for c in flight.catalogue.of_level(level) if c.id not in used]
        added = flight.deck_rng.sample(pool, min(2, len(pool)))
    flight.cards[flight.card_index + 1 : flight.card_index + 1] = added
    if flight.table.recording:
        labels = tuple(c.label for c in added)
        flight.table.emit(CardsAdded(labels, tuple(str(c.level) for c in added)))
