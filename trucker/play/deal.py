"""Dealing a flight's deck by the rules (RULES §6.6), with a ``random.Random`` the caller owns:
never the global random module, never the game dice."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

from trucker.core.cards import Card, Level
from trucker.core.catalogue import Catalogue
from trucker.core.errors import BadInput, InputError
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.formats.catalogue import catalogue as packaged
from trucker.formats.decks import RANDOM_PREFIX, Deck

__all__ = ["CannotDeal", "deal_deck"]

T = TypeVar("T")


class CannotDeal(BadInput):
    """The catalogue cannot supply the deck asked for (e.g. no level-IV cards yet)."""

    def __init__(self, spec: str, problem: str) -> None:
        super().__init__([InputError(spec, "", problem)])


def deal_deck(
    level: Level | int | str,
    rng: random.Random,
    expansions: Iterable[str] | None = None,
    rulings: Rulings = DEFAULT_RULINGS,
    catalogue: Catalogue | None = None,
) -> Deck:
    """Deal a flight deck by the rules (RULES §6.6) from the catalogue (the packaged one
    unless another is given).

    Four piles, each of the level's composition, are drawn without replacement, shuffled
    together and reshuffled until the top card is of the flight's level (for level IV: ruling
    ``level_iv_top_card``). Every draw uses ``rng``
    (the caller's stream, derived from the user's seed), so the same stream deals the same deck.
    ``expansions`` limits the cards to those boxes (None: every card in the catalogue).
    """
    flight = Level.parse(level)
    spec = f"{RANDOM_PREFIX}{flight}"
    book = catalogue if catalogue is not None else packaged()
    rules = book.deal
    per_pile = rules.per_pile.get(flight)
    if not per_pile:
        raise CannotDeal(spec, f"no pile composition for level {flight} flights")
    drawn: dict[Level, list[Card]] = {}
    for card_level, count in per_pile.items():
        pool = book.of_level(card_level, expansions)
        needed = count * rules.piles
        if len(pool) < needed:
            raise CannotDeal(
                spec,
                f"a round-{flight} deck needs {needed} level-{card_level} cards and the catalogue "
                f"has {len(pool)}",
            )
        drawn[card_level] = _sample(rng, pool, needed)
    piles = [
        [
            card
            for card_level, count in per_pile.items()
            for card in drawn[card_level][p :: rules.piles]
        ]
        for p in range(rules.piles)
    ]
    deck = [card for pile in piles for card in pile]
    _shuffle(rng, deck)
    if flight is not Level.IV or rulings.level_iv_top_card == "level-iv":
        while deck[0].level != flight:
            _shuffle(rng, deck)
    return Deck(name=spec, level=flight, cards=tuple(deck))


# The draws of random.Random.sample and random.Random.shuffle, written out with the generator's
# bits read directly (each index below n: a number of n's bit length, drawn again until it is
# below n): the same decks from the same stream, for a fraction of the calls (a run of odds
# deals a deck per flight).


def _sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``, the same draws."""
    n = len(population)
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if not 0 <= k <= n:
        return rng.sample(population, k)
    bits = rng.getrandbits
    if n > setsize:
        # sample's other way: indices drawn below n, a repeat drawn again
        width = n.bit_length()
        chosen: set[int] = set()
        picked = []
        for _ in range(k):
            j = bits(width)
            while j >= n or j in chosen:
                j = bits(width)
            chosen.add(j)
            picked.append(population[j])
        return picked
    pool = list(population)
    result = []
    for i in range(k):
        m = n - i
        width = m.bit_length()
        j = bits(width)
        while j >= m:
            j = bits(width)
        result.append(pool[j])
        pool[j] = pool[m - 1]
    return result


def _shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``, the same draws."""
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        m = i + 1
        width = m.bit_length()
        j = bits(width)
        while j >= m:
            j = bits(width)
        items[i], items[j] = items[j], items[i]
