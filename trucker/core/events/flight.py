"""The flight's course: its start, each card, the track, the numbers declared and compared, the
rolls and the choices, and the settlement."""

from __future__ import annotations

from trucker.core.events.base import Event

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


class FlightStarted(Event, frozen=True, tag="flight-started"):
    """A flight begins: the ships in start order (leader first), their spaces, the deck."""

    level: str
    track: int
    ships: tuple[str, ...]
    positions: tuple[int, ...]
    cards: int


class CardRevealed(Event, frozen=True, tag="card"):
    """The next adventure card is turned over (RULES §6.1)."""

    index: int
    card: str
    type: str
    level: str
    numbers: str = ""
    representative: bool = False


class CardsAdded(Event, frozen=True, tag="cards-added"):
    """Hazardous Business put cards on top of the deck, to be played next (RULES §6.7)."""

    cards: tuple[str, ...]
    levels: tuple[str, ...]


class Insured(Event, frozen=True, tag="insured"):
    """A ship's Class IV insurance, decided before the first card (RULES §9.3)."""

    ship: str
    insured: bool
    price: int
    cap: int | None


class Rolled(Event, frozen=True, tag="rolled", omit_defaults=True):
    """The leader rolled two dice; ``why`` says for what, in the engine's short phrase (the log
    format keeps it as written, and a replay's dice are matched to it by order, not words);
    ``entered`` when the table threw them and entered the faces (``trucker play --dice
    table``), written only then."""

    why: str
    faces: tuple[int, int]
    entered: bool = False


class Decided(Event, frozen=True, tag="decided"):
    """A policy answered a decision (``decision``: its kind's code); ``choice`` is the chosen
    option's label, which a replay's scripted captain answers by, and ``context`` the question's
    one line; ``forced`` when there was only one option."""

    ship: str
    decision: str
    choice: str
    forced: bool
    context: str = ""


class Moved(Event, frozen=True, tag="moved"):
    """A ship gained or lost flight days; occupied spaces were leapt over (RULES §6.1)."""

    ship: str
    days: int
    start: int
    end: int


class GaveUp(Event, frozen=True, tag="gave-up"):
    """A ship gave up the flight (RULES §6.3): no humans, no engine power, lapped, or chose to;
    ``reason`` says which in the engine's short phrase, kept in the log as written."""

    ship: str
    reason: str


class Declared(Event, frozen=True, tag="declared"):
    """A ship's number for this card: firepower, engine power or crew, after its choices."""

    ship: str
    what: str
    value: float


class Faced(Event, frozen=True, tag="faced"):
    """A ship faced an enemy: ``result`` is win, tie or loss (RULES §6.2)."""

    ship: str
    enemy: str
    strength: int
    firepower: float
    result: str


class Penalised(Event, frozen=True, tag="penalised"):
    """A comparison that singles out one ship (a Combat Zone line, Sabotage): the values
    compared and the ship that takes the penalty."""

    ship: str
    test: str
    penalty: str
    values: dict[str, float]
    card: str = "combat zone"


class Passed(Event, frozen=True, tag="passed"):
    """A card or a chance had no effect on a ship; ``why`` is the engine's short phrase for it
    ("every planet is taken"), kept in the log as written."""

    ship: str
    why: str


class Rewarded(Event, frozen=True, tag="rewarded"):
    """A ship earned credits or goods (for a defeated intruder, an enemy, a card)."""

    ship: str
    credits: int = 0
    goods: str = ""
    why: str = ""


class Settled(Event, frozen=True, tag="settled"):
    """The end of the flight for one ship (RULES §9.1): every credit line and the total."""

    ship: str
    place: int | None
    arrival: int
    best_looking: int
    sales: int
    losses: int
    earned: int
    final: int
    insurance: int = 0
