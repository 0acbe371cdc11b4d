"""An intruder's visit (RULES §7): its landing, each step of its walk, what it eats or fuses,
its defeat or escape, and the fuses going off."""

from __future__ import annotations

from trucker.core.events.base import Event, LineJson

__all__ = [
    "Landed",
    "Repelled",
    "Walked",
    "Ate",
    "Fused",
    "Defeated",
    "Escaped",
    "Exploded",
]


class Landed(Event, frozen=True, tag="landed"):
    """An intruder card's line met the ship (``square``) or missed it (``None``, RULES §7.1)."""

    ship: str
    intruder: str
    direction: str
    line: LineJson
    square: str | None
    part: str | None = None


class Repelled(Event, frozen=True, tag="repelled"):
    """The landing tile is defended: no damage, no reward (RULES §7.1)."""

    ship: str
    square: str
    by: str


class Walked(Event, frozen=True, tag="walked", omit_defaults=True):
    """One step of an intruder's walk: where it went, its heading, and why (RULES §7.2):
    ``tried`` the moves its hand tried before ``move`` that found no joined side (empty for
    the landing); None in a log written before the events carried them."""

    ship: str
    hand: str
    step: int
    square: str
    part: str
    heading: str
    move: str
    why: str
    tried: tuple[str, ...] | None = None


class Ate(Event, frozen=True, tag="ate"):
    """A predator ate what the tile held (RULES §7.3)."""

    ship: str
    hand: str
    step: int
    square: str
    humans: int = 0
    aliens: tuple[str, ...] = ()
    goods: str = ""
    tokens: int = 0
    robots: int = 0
    passengers: int = 0


class Fused(Event, frozen=True, tag="fused"):
    """A commando placed a fuse on the tile (RULES §7.4)."""

    ship: str
    hand: str
    step: int
    square: str
    again: bool = False


class Defeated(Event, frozen=True, tag="defeated"):
    """An intruder entered a defended tile and was defeated there (RULES §7.2)."""

    ship: str
    hand: str
    step: int
    square: str
    by: str


class Escaped(Event, frozen=True, tag="escaped"):
    """An intruder took all its steps (or found no way on) and left the ship."""

    ship: str
    hand: str
    steps: int


class Exploded(Event, frozen=True, tag="exploded"):
    """The fuses went off: every fused tile is destroyed (RULES §7.4)."""

    ship: str
    squares: tuple[str, ...]
