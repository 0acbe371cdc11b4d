"""What a ship carries: goods loaded and lost, battery tokens lost, crew lost and recruited."""

from __future__ import annotations

from trucker.core.events.base import Event, field

__all__ = [
    "Loaded",
    "GoodsLost",
    "TokensLost",
    "CrewLost",
    "Recruited",
]


class Loaded(Event, frozen=True, tag="loaded"):
    """A ship loaded goods (RULES §6.1), keeping ``goods`` and dumping ``dropped``; ``holds``
    are the holds the loading changed, each with all it carries now."""

    ship: str
    gained: str
    goods: str
    dropped: str = ""
    holds: dict[str, str] = field(default_factory=dict)


class GoodsLost(Event, frozen=True, tag="goods-lost"):
    """Goods taken from a ship, most valuable first (RULES §6.1); ``squares`` names the hold
    each one was taken from."""

    ship: str
    goods: str
    squares: tuple[str, ...] = ()


class TokensLost(Event, frozen=True, tag="tokens-lost"):
    """Battery tokens taken from a ship (when it had no goods left to lose)."""

    ship: str
    square: str
    tokens: int


class CrewLost(Event, frozen=True, tag="crew-lost"):
    """Crew taken or sent away: humans or an alien from one cabin."""

    ship: str
    square: str
    humans: int = 0
    alien: str | None = None
    why: str = ""
    robots: int = 0


class Recruited(Event, frozen=True, tag="recruited"):
    """Humans from a developed planet joined the crew (RULES §6.8): where each one went,
    asleep in a stasis chamber or awake in a cabin."""

    ship: str
    squares: tuple[str, ...]
    sleepers: int = 0
