"""What happened: small frozen events, written by the engine, read by renderers and tests.

Events hold plain values (squares as ``"7,8"`` strings) so a log is JSON as it stands. The
engine never writes prose: narration is made from events by :mod:`trucker.render.narrate`.
A log that records every roll and every choice is also the save file: feeding its rolls to
:class:`~trucker.core.dice.ScriptedDice` and its choices to a scripted policy replays the flight.
Every event reads back from its dict (:func:`read_event`, :meth:`Event.from_dict`) into the
same typed value, so whatever reads a log (a page, a replay, a fold over the ships) reads events,
never loose dicts.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

from trucker.core.errors import BadEvent

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
    "LeakNetwork",
    "Penalised",
    "Passed",
    "Settled",
    "CardsAdded",
    "Insured",
    "Recruited",
    "LineJson",
    "event_dict",
    "read_event",
    "read_events",
]

LineJson = int | dict[str, int | None] | None
"""A threat's line as a log writes it (:meth:`trucker.core.threats.Line.to_json`): a column or
row number, a row entered at a column (``{"row": 7, "entry": 4}``), or None for a miss."""


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``kind`` names it in logs."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        return event_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The event :meth:`to_dict` wrote ``data`` from (lists back to tuples). On
        :class:`Event` itself the ``kind`` picks the type; on a subclass it must be its own.
        A key missing (without a default), unknown or of the wrong type is a
        :class:`~trucker.core.errors.BadEvent` naming it."""
        if not isinstance(data, Mapping):
            raise BadEvent("", f"expected a table of event fields, got {_shown(data)}")
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise BadEvent("kind", "missing key" if kind is None else "expected a string")
        found = EVENT_TYPES.get(kind) if cls is Event else cls
        if found is None:
            raise BadEvent("kind", f"unknown event kind {kind!r}")
        if kind != found.kind:
            raise BadEvent("kind", f"expected {found.kind!r}, got {kind!r}")
        values = {}
        for name, default, read in _readers(found):
            if name in data:
                values[name] = read(data[name], name)
            elif default is MISSING:
                raise BadEvent(name, "missing key")
        unknown = sorted(set(data) - {"kind"} - {name for name, _, _ in _readers(found)})
        if unknown:
            raise BadEvent(str(unknown[0]), f"unknown key in a {kind!r} event")
        return found(**values)


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


Reader = Callable[[Any, str], Any]


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _scalar(kind: type, words: str) -> Reader:
    def read(value: Any, key: str) -> Any:
        # bool is an int in Python, but never a number in a log
        if isinstance(value, kind) and not (isinstance(value, bool) and kind is not bool):
            return value
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return value  # a whole number written as an int stays one (1, not 1.0)
        raise BadEvent(key, f"expected {words}, got {_shown(value)}")

    return read


_SCALARS: dict[Any, Reader] = {
    str: _scalar(str, "a string"),
    int: _scalar(int, "an integer"),
    float: _scalar(float, "a number"),
    bool: _scalar(bool, "true or false"),
}


def _reader(hint: Any) -> Reader:
    """How to read one field back from what :func:`_plain` made of it, by its type."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    if hint is Any:
        return lambda value, key: value
    if hint is type(None):

        def read_none(value: Any, key: str) -> None:
            if value is not None:
                raise BadEvent(key, f"expected nothing (null), got {_shown(value)}")

        return read_none
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        choices = [_reader(a) for a in args]

        def read_either(value: Any, key: str) -> Any:
            for read in choices:
                try:
                    return read(value, key)
                except BadEvent:
                    continue
            raise BadEvent(key, f"expected {_words(hint)}, got {_shown(value)}")

        return read_either
    if origin is tuple:
        items = [_reader(a) for a in args if a is not Ellipsis]
        fixed = Ellipsis not in args

        def read_tuple(value: Any, key: str) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple) or (fixed and len(value) != len(items)):
                raise BadEvent(key, f"expected {_words(hint)}, got {_shown(value)}")
            if fixed:
                return tuple(read(v, key) for read, v in zip(items, value, strict=True))
            return tuple(items[0](v, key) for v in value)

        return read_tuple
    if origin is dict:
        keys, values = (_reader(a) for a in args)

        def read_dict(value: Any, key: str) -> dict[Any, Any]:
            if not isinstance(value, Mapping):
                raise BadEvent(key, f"expected {_words(hint)}, got {_shown(value)}")
            return {keys(k, key): values(v, key) for k, v in value.items()}

        return read_dict
    raise TypeError(f"no reader for an event field of type {hint!r}")


def _words(hint: Any) -> str:
    """A field's type in words, for an error line."""
    names = {str: "a string", int: "an integer", float: "a number", bool: "true or false"}
    if hint in names:
        return names[hint]
    if hint is type(None):
        return "null"
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(_words(a) for a in args)
    if origin is tuple:
        if Ellipsis in args:
            return f"a list of {_words(args[0]).split(' ', 1)[-1]}s"
        return f"a list of {len(args)} values"
    if origin is dict:
        return "a table"
    return str(hint)


_READERS: dict[type[Event], tuple[tuple[str, Any, Reader], ...]] = {}


def _readers(cls: type[Event]) -> tuple[tuple[str, Any, Reader], ...]:
    """Each field of an event type: its name, its default (MISSING when it has none) and its
    reader; worked out once per type."""
    found = _READERS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        found = _READERS[cls] = tuple(
            (
                f.name,
                f.default if f.default_factory is MISSING else f.default_factory(),
                _reader(hints[f.name]),
            )
            for f in fields(cls)
        )
    return found


def read_event(data: Mapping[str, Any]) -> Event:
    """One event back from its dict, its type chosen by ``kind``."""
    return Event.from_dict(data)


def read_events(items: Sequence[Any]) -> list[Event]:
    """A log's events back from their dicts; a bad one is a :class:`BadEvent` carrying its
    index in the list."""
    out = []
    for index, data in enumerate(items):
        try:
            out.append(Event.from_dict(data))
        except BadEvent as exc:
            raise exc.at(index) from None
    return out


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """The leader rolled two dice (``why`` says for what); ``entered`` when the table threw
    them and entered the faces (``trucker play --dice table``), written only then."""

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
        LeakNetwork,
        Penalised,
        Passed,
        Settled,
        CardsAdded,
        Insured,
        Recruited,
    )
}
