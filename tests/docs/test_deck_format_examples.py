"""Every deck example in docs/deck-format.md is a deck the program reads."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from trucker.formats.decks import deck_from_document

DOC = Path(__file__).resolve().parents[2] / "docs" / "deck-format.md"
EXAMPLES = [
    block
    for block in re.findall(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    if "trucker-deck/1" in block
]


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("block", EXAMPLES, ids=[f"example-{i}" for i in range(len(EXAMPLES))])
def test_deck_example_reads(block: str) -> None:
    deck = deck_from_document(tomllib.loads(block), "docs/deck-format.md")
    assert deck.cards
