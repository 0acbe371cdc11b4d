"""Threats and what they do to a ship: a thruster's shift, power spent, a threat meeting a tile
or stopped, tiles destroyed or drifting away, aliens leaving, a Radiation Leak's networks."""

from __future__ import annotations

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


class Shifted(Event, frozen=True, tag="shifted"):
    """A thruster moved the ship one line for this roll (RULES §2.4)."""

    ship: str
    direction: str
    thruster: str
    threat_from: str
    line: LineJson


class Spent(Event, frozen=True, tag="spent"):
    """A battery token or a solar panel's power was used for ``purpose``: to run the tile on
    ``consumer`` (a double engine or cannon, a shield, a thruster, a robot center it
    activates for the card, RULES §2.4)."""

    ship: str
    source: str
    square: str
    purpose: str
    consumer: str | None = None


class Met(Event, frozen=True, tag="met"):
    """A threat travelled its line and met a tile (``square``) or nothing (``None``)."""

    ship: str
    threat: str
    direction: str
    line: LineJson
    square: str | None
    part: str | None = None


class Stopped(Event, frozen=True, tag="stopped"):
    """A threat did no harm: ``by`` is smooth, armor, cannon or shield (RULES §5.2)."""

    ship: str
    threat: str
    square: str
    by: str
    defender: str | None = None


class Destroyed(Event, frozen=True, tag="destroyed"):
    """A tile was destroyed, with what it held (``cause``: a threat, sabotage, a fuse...)."""

    ship: str
    square: str
    part: str
    cause: str
    humans: int = 0
    aliens: tuple[str, ...] = ()
    goods: str = ""
    tokens: int = 0


class FellOff(Event, frozen=True, tag="fell-off"):
    """Tiles no longer joined to the kept piece drifted away, with what they held."""

    ship: str
    squares: tuple[str, ...]
    humans: int = 0
    aliens: tuple[str, ...] = ()
    goods: str = ""
    tokens: int = 0


class AlienLost(Event, frozen=True, tag="alien-lost"):
    """An alien whose life support is gone leaves (RULES §3.2)."""

    ship: str
    square: str
    color: str


class LeakNetwork(Event, frozen=True, tag="energy-network"):
    """A Radiation Leak found one of a ship's energy networks (RULES §8.1): its squares, the
    tokens it counts and whether that reaches the threshold, so that a page can draw the
    networks from the log."""

    ship: str
    squares: tuple[str, ...]
    tokens: int
    explodes: bool
    threshold: int
