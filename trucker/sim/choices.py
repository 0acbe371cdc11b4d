"""The values of the options a flight offers a captain: plain facts the captain weighs.

Each value says what the option does (how many doubles, which planet, whose crew) and what the
engine knows of its consequence (the resulting firepower, the goods that would fit). The engine
never picks; :class:`~trucker.sim.captains.SensibleCaptain` and its variants read these facts.
"""

from __future__ import annotations

from typing import NamedTuple

from trucker.core.geometry import Cell
from trucker.sim.power import Power

__all__ = [
    "Flying",
    "Powering",
    "Paying",
    "Landing",
    "Keeping",
    "Taking",
    "CrewLoss",
    "TokenLoss",
    "Insuring",
    "Recruiting",
]


class Flying(NamedTuple):
    """Give up now, or fly on (RULES §6.3: giving up is allowed before any card). ``out``: why
    the ship leaves the flight on this card whatever it does, before the card can touch it
    (an Open Space it has no engine power for), when the engine knows it: then giving up
    changes nothing, and a captain need not weigh it; empty otherwise."""

    give_up: bool
    humans: int
    out: str = ""


class Powering(NamedTuple):
    """Power ``doubles`` doubles (engines or cannons): the total it gives (firepower in half
    points, or engine power), batteries and solar power available, and what the engine knows
    of the contest: ``verdict`` is win / tie / loss against an enemy, below / above the lowest
    number declared so far in a Combat Zone, or empty."""

    doubles: int
    total: int
    verdict: str = ""
    available: int = 0


class Paying(NamedTuple):
    """Which power source pays for one activation."""

    power: Power

    @property
    def spends(self) -> frozenset[str]:
        return frozenset({self.power.source})

    @property
    def cost(self) -> tuple[int, ...]:
        return (0 if self.power.is_solar else 1, -self.power.tokens, *(self.power.cell or ()))


class Landing(NamedTuple):
    """Land on ``planet`` (its index on the card; None: pass): its goods, what of them would
    fit, the days, and on a developed planet the humans it offers and how many would fit."""

    planet: int | None
    goods: str = ""
    value: int = 0
    days: int = 0
    crew: int = 0
    recruits: int = 0


class Keeping(NamedTuple):
    """Keep these goods when the holds are full; ``value`` is what they sell for."""

    kept: str
    dropped: str
    value: int


class Taking(NamedTuple):
    """Take a reward (an abandoned ship or station, a beaten enemy's prize) or not: what it is
    worth in credits, the days it costs, the crew it sends away and the humans left after."""

    take: bool
    worth: int = 0
    days: int = 0
    crew: int = 0
    humans_left: int = 0


class CrewLoss(NamedTuple):
    """One crew member lost from a cabin: a human, or its alien. ``remaining`` losses are still
    to come (this one included), with ``aboard`` humans on the whole ship."""

    square: Cell
    alien: str | None
    humans: int
    remaining: int = 1
    aboard: int = 0


class GoodLoss(NamedTuple):
    """One good lost from a hold (the most valuable colour aboard; the hold is the owner's)."""

    square: Cell
    good: str


class TokenLoss(NamedTuple):
    """One battery token lost from a battery tile."""

    square: Cell
    tokens: int


class Insuring(NamedTuple):
    """Buy Class IV insurance or not (RULES §9.3): the ship's tiles, the price and the cap."""

    buy: bool
    tiles: int
    price: int
    cap: int | None


class Recruiting(NamedTuple):
    """Take ``humans`` humans from a developed planet (RULES §6.8), of ``offered``: ``asleep``
    of them into stasis chambers (immune to predators and radiation, but not awake crew), the
    rest into cabins; ``room`` is the free cabin and stasis space."""

    humans: int
    offered: int
    room: int
    asleep: int = 0
