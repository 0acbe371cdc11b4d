"""An intruder's visit (RULES §7): its landing, each step of its walk, what it eats or fuses,
its defeat or escape, and the fuses going off."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from trucker.core.events.base import Event, LineJson, event_dict

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


@dataclass(frozen=True, slots=True)
class Landed(Event):
    """An intruder card's line met the ship (``square``) or missed it (``None``, RULES §7.1)."""

    kind: ClassVar[str] = "landed"
    ship: str
    intruder: str
    direction: str
    line: LineJson
    square: str | None
    part: str | None = None


@dataclass(frozen=True, slots=True)
class Repelled(Event):
    """The landing tile is defended: no damage, no reward (RULES §7.1)."""

    kind: ClassVar[str] = "repelled"
    ship: str
    square: str
    by: str


@dataclass(frozen=True, slots=True)
class Walked(Event):
    """One step of an intruder's walk: where it went, its heading, and why (RULES §7.2):
    ``tried`` the moves its hand tried before ``move`` that found no joined side (empty for
    the landing); None in a log written before the events carried them."""

    kind: ClassVar[str] = "walked"
    ship: str
    hand: str
    step: int
    square: str
    part: str
    heading: str
    move: str
    why: str
    tried: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        out = event_dict(self)
        if self.tried is None:
            del out["tried"]
        return out


@dataclass(frozen=True, slots=True)
class Ate(Event):
    """A predator ate what the tile held (RULES §7.3)."""

    kind: ClassVar[str] = "ate"
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


@dataclass(frozen=True, slots=True)
class Fused(Event):
    """A commando placed a fuse on the tile (RULES §7.4)."""

    kind: ClassVar[str] = "fused"
    ship: str
    hand: str
    step: int
    square: str
    again: bool = False


@dataclass(frozen=True, slots=True)
class Defeated(Event):
    """An intruder entered a defended tile and was defeated there (RULES §7.2)."""

    kind: ClassVar[str] = "defeated"
    ship: str
    hand: str
    step: int
    square: str
    by: str


@dataclass(frozen=True, slots=True)
class Escaped(Event):
    """An intruder took all its steps (or found no way on) and left the ship."""

    kind: ClassVar[str] = "escaped"
    ship: str
    hand: str
    steps: int


@dataclass(frozen=True, slots=True)
class Exploded(Event):
    """The fuses went off: every fused tile is destroyed (RULES §7.4)."""

    kind: ClassVar[str] = "exploded"
    ship: str
    squares: tuple[str, ...]
