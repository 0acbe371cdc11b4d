"""What a ship carries: goods loaded and lost, battery tokens lost, crew lost and recruited."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from trucker.core.events.base import Event

__all__ = [
    "Loaded",
    "GoodsLost",
    "TokensLost",
    "CrewLost",
    "Recruited",
]


@dataclass(frozen=True, slots=True)
class Loaded(Event):
    """A ship loaded goods (RULES §6.1), keeping ``goods`` and dumping ``dropped``; ``holds``
    are the holds the loading changed, each with all it carries now."""

    kind: ClassVar[str] = "loaded"
    ship: str
    gained: str
    goods: str
    dropped: str = ""
    holds: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GoodsLost(Event):
    """Goods taken from a ship, most valuable first (RULES §6.1); ``squares`` names the hold
    each one was taken from."""

    kind: ClassVar[str] = "goods-lost"
    ship: str
    goods: str
    squares: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TokensLost(Event):
    """Battery tokens taken from a ship (when it had no goods left to lose)."""

    kind: ClassVar[str] = "tokens-lost"
    ship: str
    square: str
    tokens: int


@dataclass(frozen=True, slots=True)
class CrewLost(Event):
    """Crew taken or sent away: humans or an alien from one cabin."""

    kind: ClassVar[str] = "crew-lost"
    ship: str
    square: str
    humans: int = 0
    alien: str | None = None
    why: str = ""
    robots: int = 0


@dataclass(frozen=True, slots=True)
class Recruited(Event):
    """Humans from a developed planet joined the crew (RULES §6.8): where each one went,
    asleep in a stasis chamber or awake in a cabin."""

    kind: ClassVar[str] = "recruited"
    ship: str
    squares: tuple[str, ...]
    sleepers: int = 0
