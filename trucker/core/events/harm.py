"""Threats and what they do to a ship: a thruster's shift, power spent, a threat meeting a tile
or stopped, tiles destroyed or drifting away, aliens leaving, a Radiation Leak's networks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trucker.core.events.base import Event, LineJson

__all__ = [
    "Shifted",
    "Spent",
    "Met",
    "Stopped",
    "Destroyed",
    "FellOff",
    "AlienLost",
    "LeakNetwork",
]


@dataclass(frozen=True, slots=True)
class Shifted(Event):
    """A thruster moved the ship one line for this roll (RULES §2.4)."""

    kind: ClassVar[str] = "shifted"
    ship: str
    direction: str
    thruster: str
    threat_from: str
    line: LineJson


@dataclass(frozen=True, slots=True)
class Spent(Event):
    """A battery token or a solar panel's power was used for ``purpose``: to run the tile on
    ``consumer`` (a double engine or cannon, a shield, a thruster, a robot center it
    activates for the card, RULES §2.4)."""

    kind: ClassVar[str] = "spent"
    ship: str
    source: str
    square: str
    purpose: str
    consumer: str | None = None


@dataclass(frozen=True, slots=True)
class Met(Event):
    """A threat travelled its line and met a tile (``square``) or nothing (``None``)."""

    kind: ClassVar[str] = "met"
    ship: str
    threat: str
    direction: str
    line: LineJson
    square: str | None
    part: str | None = None


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    """A threat did no harm: ``by`` is smooth, armor, cannon or shield (RULES §5.2)."""

    kind: ClassVar[str] = "stopped"
    ship: str
    threat: str
    square: str
    by: str
    defender: str | None = None


@dataclass(frozen=True, slots=True)
class Destroyed(Event):
    """A tile was destroyed, with what it held (``cause``: a threat, sabotage, a fuse...)."""

    kind: ClassVar[str] = "destroyed"
    ship: str
    square: str
    part: str
    cause: str
    humans: int = 0
    aliens: tuple[str, ...] = ()
    goods: str = ""
    tokens: int = 0


@dataclass(frozen=True, slots=True)
class FellOff(Event):
    """Tiles no longer joined to the kept piece drifted away, with what they held."""

    kind: ClassVar[str] = "fell-off"
    ship: str
    squares: tuple[str, ...]
    humans: int = 0
    aliens: tuple[str, ...] = ()
    goods: str = ""
    tokens: int = 0


@dataclass(frozen=True, slots=True)
class AlienLost(Event):
    """An alien whose life support is gone leaves (RULES §3.2)."""

    kind: ClassVar[str] = "alien-lost"
    ship: str
    square: str
    color: str


@dataclass(frozen=True, slots=True)
class LeakNetwork(Event):
    """A Radiation Leak found one of a ship's energy networks (RULES §8.1): its squares, the
    tokens it counts and whether that reaches the threshold, so that a page can draw the
    networks from the log."""

    kind: ClassVar[str] = "energy-network"
    ship: str
    squares: tuple[str, ...]
    tokens: int
    explodes: bool
    threshold: int
