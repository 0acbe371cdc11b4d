"""Flight decks: reading deck files, and the ``random:<LEVEL>`` spelling of a dealt deck.

A deck is the cards a flight meets, top first (``docs/deck-format.md``). Deck files are read the
same way as ship files (:func:`trucker.formats.documents.read_document`: size, binary and suffix
checks), and every problem becomes one line naming the card's position and key. Dealing a deck is
:mod:`trucker.play.deal`.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from trucker.core.cards import MAX_DECK, Card, Level
from trucker.core.errors import BadInput, InputError
from trucker.formats.catalogue import cards
from trucker.formats.documents import display_name, read_document

if TYPE_CHECKING:  # pydantic is imported only for a deck file (see deck_from_document)
    from pydantic_core import ErrorDetails

__all__ = [
    "Deck",
    "load_deck",
    "deck_from_document",
    "random_deck_level",
    "deck_document",
]

RANDOM_PREFIX = "random:"


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards of one flight, top first, and the flight's level (it decides rewards).

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> deck = trucker.plan(ship, "random:II", seed=1).deck
    >>> str(deck.level), len(deck.cards)
    ('II', 12)
    """

    name: str | None
    level: Level
    cards: tuple[Card, ...]

    @property
    def representative(self) -> tuple[Card, ...]:
        """Cards whose printed values are not known: a report that used them says so."""
        return tuple(card for card in self.cards if card.representative)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "level": str(self.level),
            "cards": [card.to_dict() for card in self.cards],
        }


def _card_error(file: str, raw_cards: object, err: ErrorDetails, where: str) -> InputError | None:
    """Say plainly what pydantic reports about the cards' union by its error's type: a card
    of no known type (``union_tag_invalid``), or with neither an id nor a type
    (``union_tag_not_found``); and that a catalogue card takes no keys besides its id."""
    from trucker.formats.deck_file import CARD_MODELS

    index = _index(where.split(".")[0])
    raw = None
    if isinstance(raw_cards, list) and index is not None and index < len(raw_cards):
        raw = raw_cards[index]
    if err["type"] == "extra_forbidden":
        if not (isinstance(raw, dict) and "id" in raw):
            return None
        problem = (
            "unknown key: a catalogue card is its id alone (write the card inline to change it)"
        )
        return InputError(file, where, problem)
    if err["type"] not in ("union_tag_invalid", "union_tag_not_found"):
        return None
    if not isinstance(raw, dict):
        return InputError(file, where, f"expected a table of keys, got {raw!r}")
    if isinstance(raw.get("type"), str):
        bad = raw["type"]
        close = difflib.get_close_matches(bad, list(CARD_MODELS), n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"types: {', '.join(CARD_MODELS)}"
        return InputError(file, f"{where}.type", f"unknown card type {bad!r} ({hint})")
    if "type" in raw:
        return InputError(file, f"{where}.type", f"expected a card type, got {raw['type']!r}")
    return InputError(
        file, where, "a card needs id (a catalogue card) or type (a card written inline)"
    )


def _index(where: str) -> int | None:
    """``card[3]`` -> 3."""
    if where.startswith("card[") and where.endswith("]"):
        number = where[5:-1]
        return int(number) if number.isdigit() else None
    return None


def _position(error: InputError) -> int:
    """Sort key: top-level keys first, then cards in deck order."""
    index = _index(error.where.split(".")[0])
    return -1 if index is None else index


def _catalogue_card(card_id: str, name: str, where: str) -> tuple[Card | None, InputError | None]:
    known = cards()
    if card_id in known:
        return known[card_id], None
    close = difflib.get_close_matches(card_id, list(known), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else "; see `trucker cards`"
    return None, InputError(name, where, f"unknown card id {card_id!r}{hint}")


def deck_from_document(data: Mapping[str, Any], name: str) -> Deck:
    """Build a :class:`Deck` from a parsed deck document; :class:`BadInput` lists every problem.

    A deck without ``level`` takes its highest card level; an inline card without ``level``
    takes the deck's.
    """
    # The deck models are built on first use: a worker process flying dealt decks never needs
    # them (nor pydantic, a quarter of a second to start).
    from pydantic import ValidationError

    from trucker.formats.deck_file import TAGS, DeckFile, IdEntry, card_keys
    from trucker.formats.errors import input_errors

    errors: list[InputError] = []
    raw_cards = data.get("card")
    if isinstance(raw_cards, list) and len(raw_cards) > MAX_DECK:
        # before the model reads them all, and before one line for each bad card
        raise BadInput.one(name, "card", f"{len(raw_cards)} cards: a deck holds at most {MAX_DECK}")
    try:
        model = DeckFile.model_validate(data)
    except ValidationError as exc:
        keys_at: dict[tuple[str | int, ...], list[str]] = {(): sorted(DeckFile.model_fields)}
        if isinstance(raw_cards, list):
            for i, raw in enumerate(raw_cards):
                keys_at[("card", i)] = card_keys(raw)
        explain = partial(_card_error, name, raw_cards)
        errors = input_errors(exc, name, drop=TAGS, keys_at=keys_at, explain=explain)
        model = None
    if isinstance(raw_cards, list):
        for i, raw in enumerate(raw_cards):
            card_id = raw.get("id") if isinstance(raw, dict) else None
            if isinstance(card_id, str):
                _card, problem = _catalogue_card(card_id, name, f"card[{i}].id")
                if problem:
                    errors.append(problem)
            adds = raw.get("adds") if isinstance(raw, dict) else None
            for j, added in enumerate(adds if isinstance(adds, list) else []):
                if isinstance(added, str):
                    _card, problem = _catalogue_card(added, name, f"card[{i}].adds[{j}]")
                    if problem:
                        errors.append(problem)
    if model is None or errors:
        errors.sort(key=_position)
        raise BadInput(errors or [InputError(name, "", "not a deck")])
    levels = [
        entry.level if not isinstance(entry, IdEntry) else cards()[entry.id].level
        for entry in model.card
    ]
    deck_level = model.level
    if deck_level is None:
        missing = [i for i, level in enumerate(levels) if level is None]
        if missing:
            raise BadInput.one(
                name,
                "level",
                f"required: card[{missing[0]}] has no level (give the deck's or each card's)",
            )
        deck_level = max(level for level in levels if level is not None)
    out: list[Card] = []
    for entry in model.card:
        if isinstance(entry, IdEntry):
            out.append(cards()[entry.id])
        else:
            out.append(entry.to_card(level=entry.level or deck_level))
    return Deck(name=model.name, level=deck_level, cards=tuple(out))


def load_deck(path: str | os.PathLike[str], *, display: str | None = None) -> Deck:
    """Read a deck file (``trucker-deck/1``, TOML or JSON; ``-``: standard input);
    :class:`BadInput` on any problem.

    >>> import trucker
    >>> deck = trucker.load_deck(trucker.scenarios_root() / "decks" / "round-1.toml")
    >>> deck.name, str(deck.level), len(deck.cards), str(deck.cards[0].type)
    ('Round I, a calm start', 'I', 8, 'planets')
    """
    name = display_name(path, display)
    return deck_from_document(read_document(path, display=name), name)


def random_deck_level(spec: str) -> Level | None:
    """The level of a ``random:<LEVEL>`` deck spelling (any case, 1-4 or I-IV), or None when
    ``spec`` is not one (then it names a deck file).

    >>> random_deck_level("random:ii"), random_deck_level("decks/round-2.toml")
    (<Level.II: 2>, None)
    """
    text = spec.strip()
    if not text.lower().startswith(RANDOM_PREFIX):
        return None
    try:
        return Level.parse(text[len(RANDOM_PREFIX) :])
    except ValueError:
        raise BadInput.one(
            "--deck",
            spec,
            "unknown level: write random:I, random:II, random:III or random:IV",
        ) from None


def deck_document(deck: Deck) -> dict[str, Any]:
    """The deck as a ``trucker-deck/1`` document: catalogue cards by id, the rest inline with
    their numbers (a flight log carries it, so a replay meets the same cards)."""
    known = cards()
    entries: list[dict[str, Any]] = []
    for card in deck.cards:
        if card.id is not None and known.get(card.id) == card:
            entries.append({"id": card.id})
        else:
            entries.append({"type": str(card.type), "level": int(card.level), **card.keys()})
    doc: dict[str, Any] = {"format": "trucker-deck/1", "level": str(deck.level), "card": entries}
    if deck.name:
        doc["name"] = deck.name
    return doc
