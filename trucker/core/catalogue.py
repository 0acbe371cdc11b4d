"""The game's printed data that a flight reads, as one value handed to it: the adventure cards,
how a flight's deck is dealt, and the credits paid at the end (RULES §6.5, §6.6, §9.1).

:mod:`trucker.formats.catalogue` reads it from the packaged files; a worker process receives its
parent's copy instead of reading them again. Nothing reads it from a module-level global.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from trucker.core.cards import Card, Level

__all__ = ["DealRules", "Rewards", "Catalogue"]


class DealRules(NamedTuple):
    """How a flight's deck is dealt (RULES §6.6): the piles, and per flight level the number of
    cards of each level in one pile."""

    piles: int
    per_pile: Mapping[Level, Mapping[Level, int]]


@dataclass(frozen=True, slots=True)
class Rewards:
    """The credits a flight pays when it ends, by flight level (RULES §9.1)."""

    arrival: Mapping[Level, tuple[int, ...]]
    """By place: the first ship home, the second..."""
    best_looking: Mapping[Level, int]
    """To the ships with the fewest exposed connectors."""


@dataclass(frozen=True, eq=False)
class Catalogue:
    """Every catalogue card by id (level by level, in printed order), the deal and the rewards.
    Picklable: a run of many flights sends it to its workers."""

    cards: Mapping[str, Card]
    deal: DealRules
    rewards: Rewards
    _by_level: dict[tuple[Level, frozenset[str] | None], tuple[Card, ...]] = field(
        default_factory=dict, init=False, repr=False
    )

    def __getstate__(self) -> dict[str, object]:
        per_pile = {flight: dict(n) for flight, n in self.deal.per_pile.items()}
        return {
            "cards": dict(self.cards),
            "deal": DealRules(self.deal.piles, per_pile),
            "rewards": Rewards(dict(self.rewards.arrival), dict(self.rewards.best_looking)),
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_by_level", {})

    def of_level(
        self, level: Level | int | str, expansions: Iterable[str] | None = None
    ) -> tuple[Card, ...]:
        """The cards of one level, in catalogue order (empty for a level not there);
        ``expansions`` keeps only the cards of those boxes ("base", "ABE"...), None keeps all.
        Worked out once per level and boxes: a run deals thousands of decks."""
        wanted = Level.parse(level)
        boxes = None if expansions is None else frozenset(expansions)
        found = self._by_level.get((wanted, boxes))
        if found is None:
            found = self._by_level[(wanted, boxes)] = tuple(
                card
                for card in self.cards.values()
                if card.level == wanted and (boxes is None or card.expansion in boxes)
            )
        return found
