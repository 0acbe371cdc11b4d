"""What happened: small frozen events, written by the engine, read by renderers and tests.

Events hold plain values (squares as ``"7,8"`` strings) so a log is JSON as it stands. The
engine never writes prose: narration is made from events by :mod:`trucker.render.narrate`.
A log that records every roll and every choice is also the save file: feeding its rolls to
:class:`~trucker.core.dice.ScriptedDice` and its choices to a scripted policy replays the flight.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

__all__ = [
    "Event",
    "EVENT_TYPES",
    "Rolled",
    "Decided",
    "Shifted",
    "Spent",
    "Met",
    "Stopped",
    "Destroyed",
    "FellOff",
    "AlienLost",
    "Landed",
    "Repelled",
    "Walked",
    "Ate",
    "Fused",
    "Defeated",
    "Escaped",
    "Exploded",
    "Rewarded",
    "FlightStarted",
    "CardRevealed",
    "Moved",
    "GaveUp",
    "Declared",
    "Faced",
    "Loaded",
    "GoodsLost",
    "TokensLost",
    "CrewLost",
    "Penalised",
    "Passed",
    "Settled",
    "CardsAdded",
    "Insured",
    "Recruited",
    "event_dict",
]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``kind`` names it in logs."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        return event_dict(self)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def event_dict(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": event.kind}
    for f in fields(event):
        out[f.name] = _plain(getattr(event, f.name))
    return out


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """The leader rolled two dice (``why`` says for what)."""

    kind: ClassVar[str] = "rolled"
    why: str
    faces: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Decided(Event):
    """A policy answered a decision; ``forced`` when there was only one option."""

    kind: ClassVar[str] = "decided"
    ship: str
    decision: str
    choice: str
    forced: bool
    context: str = ""


@dataclass(frozen=True, slots=True)
class Shifted(Event):
    """A thruster moved the ship one line for this roll (RULES §2.4)."""

    kind: ClassVar[str] = "shifted"
    ship: str
    direction: str
    thruster: str
    threat_from: str
    line: Any


@dataclass(frozen=True, slots=True)
class Spent(Event):
    """A battery token or a solar panel's power was used for ``purpose``."""

    kind: ClassVar[str] = "spent"
    ship: str
    source: str
    square: str
    purpose: str


@dataclass(frozen=True, slots=True)
class Met(Event):
    """A threat travelled its line and met a tile (``square``) or nothing (``None``)."""

    kind: ClassVar[str] = "met"
    ship: str
    threat: str
    direction: str
    line: Any
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
class Landed(Event):
    """An intruder card's line met the ship (``square``) or missed it (``None``, RULES §7.1)."""

    kind: ClassVar[str] = "landed"
    ship: str
    intruder: str
    direction: str
    line: Any
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
    """One step of an intruder's walk: where it went, its heading, and why (RULES §7.2)."""

    kind: ClassVar[str] = "walked"
    ship: str
    hand: str
    step: int
    square: str
    part: str
    heading: str
    move: str
    why: str


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


@dataclass(frozen=True, slots=True)
class Rewarded(Event):
    """A ship earned credits or goods (for a defeated intruder, an enemy, a card)."""

    kind: ClassVar[str] = "rewarded"
    ship: str
    credits: int = 0
    goods: str = ""
    why: str = ""


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
class Moved(Event):
    """A ship gained or lost flight days; occupied spaces were leapt over (RULES §6.1)."""

    kind: ClassVar[str] = "moved"
    ship: str
    days: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class GaveUp(Event):
    """A ship gave up the flight (RULES §6.3): no humans, no engine power, lapped, or chose to."""

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
class Loaded(Event):
    """A ship loaded goods (RULES §6.1), keeping ``goods`` and dumping ``dropped``."""

    kind: ClassVar[str] = "loaded"
    ship: str
    gained: str
    goods: str
    dropped: str = ""


@dataclass(frozen=True, slots=True)
class GoodsLost(Event):
    """Goods taken from a ship, most valuable first (RULES §6.1)."""

    kind: ClassVar[str] = "goods-lost"
    ship: str
    goods: str


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
    """A card or a chance had no effect on a ship, and why."""

    kind: ClassVar[str] = "passed"
    ship: str
    why: str


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


@dataclass(frozen=True, slots=True)
class CardsAdded(Event):
    """Hazardous Business put cards on top of the deck, to be played next (RULES §6.7)."""

    kind: ClassVar[str] = "cards-added"
    cards: tuple[str, ...]
    levels: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Recruited(Event):
    """Humans from a developed planet joined the crew (RULES §6.8): where each one went,
    asleep in a stasis chamber or awake in a cabin."""

    kind: ClassVar[str] = "recruited"
    ship: str
    squares: tuple[str, ...]
    sleepers: int = 0


@dataclass(frozen=True, slots=True)
class Insured(Event):
    """A ship's Class IV insurance, decided before the first card (RULES §9.3)."""

    kind: ClassVar[str] = "insured"
    ship: str
    insured: bool
    price: int
    cap: int | None


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        Rolled,
        Decided,
        Shifted,
        Spent,
        Met,
        Stopped,
        Destroyed,
        FellOff,
        AlienLost,
        Landed,
        Repelled,
        Walked,
        Ate,
        Fused,
        Defeated,
        Escaped,
        Exploded,
        Rewarded,
        FlightStarted,
        CardRevealed,
        Moved,
        GaveUp,
        Declared,
        Faced,
        Loaded,
        GoodsLost,
        TokensLost,
        CrewLost,
        Penalised,
        Passed,
        Settled,
        CardsAdded,
        Insured,
        Recruited,
    )
}
