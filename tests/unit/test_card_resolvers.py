"""Every card type in the catalogue has a resolver, and every resolver a card type."""

from __future__ import annotations

import pytest

from trucker.core.cards import CARD_CLASSES
from trucker.formats.catalogue import cards
from trucker.sim.cards import RESOLVERS

pytestmark = pytest.mark.rules("6")


def test_every_card_type_is_resolved() -> None:
    catalogue_types = {card.type for card in cards().values()}
    assert catalogue_types <= set(RESOLVERS)
    assert set(CARD_CLASSES) == set(RESOLVERS)
