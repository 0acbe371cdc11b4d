"""The flight's course: its start, each card, the track, the numbers declared and compared, the
rolls and the choices, and the settlement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from trucker.core.events.base import Event, event_dict

__all__ = [
    "FlightStarted",
    "CardRevealed",
    "CardsAdded",
    "Insured",
    "Rolled",
    "Decided",
    "Moved",
    "GaveUp",
    "Declared",
    "Faced",
    "Penalised",
    "Passed",
    "Rewarded",
    "Settled",
]


@dataclass(frozen=True, slots=True)
class FlightStarted(Event):
    """A flight begins: the ships in start order (leader first), their spaces, the deck."""

    kind: ClassVar[str] = "flight-started"
    level: str
    track: int
    ships: tuple[str, ...]
    positions: tuple[int, ...]
    cards: int


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """The next adventure card is turned over (RULES §6.1)."""

    kind: ClassVar[str] = "card"
    index: int
    card: str
    type: str
    level: str
    numbers: str = ""
    representative: bool = False


@dataclass(frozen=True, slots=True)
class CardsAdded(Event):
    """Hazardous Business put cards on top of the deck, to be played next (RULES §6.7)."""

    kind: ClassVar[str] = "cards-added"
    cards: tuple[str, ...]
    levels: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Insured(Event):
    """A ship's Class IV insurance, decided before the first card (RULES §9.3)."""

    kind: ClassVar[str] = "insured"
    ship: str
    insured: bool
    price: int
    cap: int | None


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """The leader rolled two dice; ``why`` says for what, in the engine's short phrase (the log
    format keeps it as written, and a replay's dice are matched to it by order, not words);
    ``entered`` when the table threw them and entered the faces (``trucker play --dice
    table``), written only then."""

    kind: ClassVar[str] = "rolled"
    why: str
    faces: tuple[int, int]
    entered: bool = False

    def to_dict(self) -> dict[str, Any]:
        out = event_dict(self)
        if not self.entered:
            del out["entered"]
        return out


@dataclass(frozen=True, slots=True)
class Decided(Event):
    """A policy answered a decision (``decision``: its kind's code); ``choice`` is the chosen
    option's label, which a replay's scripted captain answers by, and ``context`` the question's
    one line; ``forced`` when there was only one option."""

    kind: ClassVar[str] = "decided"
    ship: str
    decision: str
    choice: str
    forced: bool
    context: str = ""


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A ship gained or lost flight days; occupied spaces were leapt over (RULES §6.1)."""

    kind: ClassVar[str] = "moved"
    ship: str
    days: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class GaveUp(Event):
    """A ship gave up the flight (RULES §6.3): no humans, no engine power, lapped, or chose to;
    ``reason`` says which in the engine's short phrase, kept in the log as written."""

    kind: ClassVar[str] = "gave-up"
    ship: str
    reason: str


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A ship's number for this card: firepower, engine power or crew, after its choices."""

    kind: ClassVar[str] = "declared"
    ship: str
    what: str
    value: float


@dataclass(frozen=True, slots=True)
class Faced(Event):
    """A ship faced an enemy: ``result`` is win, tie or loss (RULES §6.2)."""

    kind: ClassVar[str] = "faced"
    ship: str
    enemy: str
    strength: int
    firepower: float
    result: str


@dataclass(frozen=True, slots=True)
class Penalised(Event):
    """A comparison that singles out one ship (a Combat Zone line, Sabotage): the values
    compared and the ship that takes the penalty."""

    kind: ClassVar[str] = "penalised"
    ship: str
    test: str
    penalty: str
    values: dict[str, float]
    card: str = "combat zone"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A card or a chance had no effect on a ship; ``why`` is the engine's short phrase for it
    ("every planet is taken"), kept in the log as written."""

    kind: ClassVar[str] = "passed"
    ship: str
    why: str


@dataclass(frozen=True, slots=True)
class Rewarded(Event):
    """A ship earned credits or goods (for a defeated intruder, an enemy, a card)."""

    kind: ClassVar[str] = "rewarded"
    ship: str
    credits: int = 0
    goods: str = ""
    why: str = ""


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """The end of the flight for one ship (RULES §9.1): every credit line and the total."""

    kind: ClassVar[str] = "settled"
    ship: str
    place: int | None
    arrival: int
    best_looking: int
    sales: int
    losses: int
    earned: int
    final: int
    insurance: int = 0
