"""Every registry of card types is held to CardType, so a card type cannot be half-added: its
class (core/cards.py), its deck-file model (formats/deck_file.py) and its resolver
(sim/cards/); mypy holds each resolver to its class (sim/cards/__init__.py)."""

from __future__ import annotations

import pytest

from trucker.core.cards import CARD_CLASSES, CardType, file_fields
from trucker.formats.catalogue import cards
from trucker.formats.deck_file import CARD_MODELS
from trucker.sim.cards import RESOLVERS

pytestmark = pytest.mark.rules("6")


def test_every_card_type_has_its_class() -> None:
    assert set(CARD_CLASSES) == set(CardType)
    assert all(cls.type is kind for kind, cls in CARD_CLASSES.items())


def test_every_card_type_is_resolved() -> None:
    assert set(RESOLVERS) == set(CARD_CLASSES.values())
    assert {card.type for card in cards().values()} <= set(CARD_CLASSES)


def test_every_card_type_has_its_deck_file_model() -> None:
    assert set(CARD_MODELS) == {str(kind) for kind in CardType}
    assert all(model.card_type is CardType(name) for name, model in CARD_MODELS.items())


def test_every_deck_file_model_reads_the_fields_its_card_declares() -> None:
    """A card's fields are declared once, on its class: the deck file reads (card_fields) and
    writes (Card.keys) them from that declaration, and its model names the same keys."""
    for name, model in CARD_MODELS.items():
        keys = {field.alias or key for key, field in model.model_fields.items()} - {"type", "level"}
        assert keys == {key for _, key, _ in file_fields(CARD_CLASSES[CardType(name)])}, name
