"""Adventure cards as frozen domain objects: what a card *is*, not how it is resolved.

The numbers come from data (``components_data/cards/``, deck files); nothing here knows a printed
value. Cards are built from checked file models (:mod:`trucker.formats.deck_file`), and each one
says where its numbers come from: ``source = "representative"`` marks a card whose printed values
are not known (RULES §6.5), so every report that used it can say so. Meteors and shots are
:class:`trucker.core.threats.Threat` (re-exported here), so the attack engine takes them as they
are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from enum import IntEnum, StrEnum
from itertools import pairwise
from typing import Any, ClassVar

from trucker.core.errors import TruckerError
from trucker.core.geometry import Direction
from trucker.core.parts import GOODS_VALUE
from trucker.core.threats import Threat, ThreatKind

__all__ = [
    "MAX_NUMBER",
    "MAX_ENTRIES",
    "MAX_DECK",
    "REPRESENTATIVE",
    "INLINE",
    "Level",
    "CardType",
    "ThreatKind",
    "Threat",
    "CombatTest",
    "PenaltyKind",
    "Penalty",
    "CombatLine",
    "IntruderKind",
    "Hand",
    "Reward",
    "CardError",
    "check_intruder",
    "Card",
    "OpenSpace",
    "Stardust",
    "Epidemic",
    "Sabotage",
    "MeteorSwarm",
    "Slavers",
    "Smugglers",
    "Pirates",
    "Planets",
    "AbandonedShip",
    "AbandonedStation",
    "CombatZone",
    "Intruder",
    "HazardousBusiness",
    "MostlyOpenSpace",
    "RadiationLeak",
    "CARD_CLASSES",
    "file_fields",
    "OMIT_EMPTY",
    "parse_goods",
]

MAX_NUMBER = 99
"""Every number a card prints is at most 99: days, crew, credits, firepower, goods, an
intruder's steps (the printed cards stay under 15). A card of a billion days would walk a rocket
a billion spaces, and one of a hundred thousand steps would draw as many pictures."""

MAX_ENTRIES = 12
"""A card lists at most 12 meteors, shots, planets or goods letters on a planet (the printed
ones at most 7), so that one card is resolved, told and drawn in bounded time."""

MAX_DECK = 100
"""A deck holds at most 100 cards (a Class IV flight deals 16)."""

REPRESENTATIVE = "representative"
"""The ``source`` of a card whose printed values are not known (RULES §6.5)."""

INLINE = "inline"
"""The ``source`` of a card written out in a deck file: its numbers are the user's."""

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}


class Level(IntEnum):
    """A card or flight level, written ``1``-``4`` or ``"I"``-``"IV"``, printed as a numeral.

    >>> Level.parse("ii"), Level.parse(3), str(Level.IV)
    (<Level.II: 2>, <Level.III: 3>, 'IV')
    """

    I = 1  # noqa: E741 - the game's own name for the level
    II = 2
    III = 3
    IV = 4

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, value: object) -> Level:
        """Accept 1-4 (a number or its digits) and I-IV in any case; ``ValueError`` otherwise."""
        if isinstance(value, Level):
            return value
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str):
            text = value.strip().upper()
            number = int(text) if text.isdigit() else _ROMAN.get(text)
        if number is None or not 1 <= number <= 4:
            raise ValueError(f"{value!r} is not a level: use 1-4 or I, II, III, IV")
        return cls(number)


class CardType(StrEnum):
    """The card types a deck file may name (the spec's ``type`` values)."""

    OPEN_SPACE = "open-space"
    STARDUST = "stardust"
    EPIDEMIC = "epidemic"
    SABOTAGE = "sabotage"
    METEOR_SWARM = "meteor-swarm"
    SLAVERS = "slavers"
    SMUGGLERS = "smugglers"
    PIRATES = "pirates"
    PLANETS = "planets"
    ABANDONED_SHIP = "abandoned-ship"
    ABANDONED_STATION = "abandoned-station"
    COMBAT_ZONE = "combat-zone"
    INTRUDER = "intruder"
    HAZARDOUS_BUSINESS = "hazardous-business"
    MOSTLY_OPEN_SPACE = "mostly-open-space"
    RADIATION_LEAK = "radiation-leak"


def parse_goods(text: object) -> str:
    """Goods letters R Y G B (any case), most valuable first; ``ValueError`` naming bad letters.

    >>> parse_goods("byr")
    'RYB'
    """
    if not isinstance(text, str):
        raise ValueError(f'expected goods letters like "RYB", got {text!r}')
    letters = text.replace(" ", "").upper()
    bad = sorted({ch for ch in letters if ch not in GOODS_VALUE})
    if bad:
        raise ValueError(f"unknown goods letter(s) {''.join(bad)!r} in {text!r}: use R Y G B")
    if not letters:
        raise ValueError("no goods: write at least one letter R Y G B")
    if len(letters) > MAX_ENTRIES:
        raise ValueError(f"{len(letters)} goods: a card shows at most {MAX_ENTRIES}")
    return "".join(sorted(letters, key=lambda g: -GOODS_VALUE[g]))


class CombatTest(StrEnum):
    """What a Combat Zone line compares (RULES §6.2): the lowest value takes the penalty."""

    CREW = "crew"
    ENGINES = "engines"
    CANNONS = "cannons"


class PenaltyKind(StrEnum):
    DAYS = "days"
    CREW = "crew"
    GOODS = "goods"
    SHOTS = "shots"


@dataclass(frozen=True, slots=True)
class Penalty:
    """One Combat Zone penalty: a number of days, crew or goods lost, or a series of shots."""

    kind: PenaltyKind
    amount: int = 0
    shots: tuple[Threat, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        if self.kind is PenaltyKind.SHOTS:
            return {"shots": [str(s) for s in self.shots]}
        return {str(self.kind): self.amount}

    def short(self) -> str:
        if self.kind is PenaltyKind.SHOTS:
            return _threats(self.shots)
        return f"-{self.amount} {self.kind}"


@dataclass(frozen=True, slots=True)
class CombatLine:
    """A Combat Zone line: the ship lowest in ``test`` suffers ``penalty`` (RULES §6.2)."""

    test: CombatTest
    penalty: Penalty

    def to_dict(self) -> dict[str, Any]:
        return {"test": str(self.test), "penalty": self.penalty.to_dict()}

    def short(self) -> str:
        worst = {"crew": "fewest crew", "engines": "weakest engines", "cannons": "weakest cannons"}
        return f"{worst[self.test]}: {self.penalty.short()}"


class IntruderKind(StrEnum):
    """RULES §7.3-7.5."""

    PREDATOR = "predator"
    COMMANDO = "commando"
    PREDATOR_COMMANDO = "predator-commando"

    @property
    def places_fuses(self) -> bool:
        return self is not IntruderKind.PREDATOR


class Hand(StrEnum):
    """The wall an intruder keeps its hand on while it walks (RULES §7.2)."""

    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Reward:
    """What defeating an intruder earns: credits or goods (RULES §7.3, §7.4)."""

    credits: int = 0
    goods: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"goods": self.goods} if self.goods else {"credits": self.credits}

    def short(self) -> str:
        return self.goods or f"{self.credits} credits"


class CardError(TruckerError, ValueError):
    """Numbers no card can have. ``key`` names the card's key as a deck file writes it
    (``steps``, ``fuses``...), so that a file or a command line can name its own key or option;
    ``str()`` is ``KEY: PROBLEM``."""

    def __init__(self, key: str, problem: str) -> None:
        self.key = key
        self.problem = problem
        super().__init__(f"{key}: {problem}")


def check_intruder(
    kind: IntruderKind, steps: int, hand: Hand | None, fuses: Sequence[int], double: bool
) -> None:
    """Raise :class:`CardError` for an intruder card that cannot be (RULES §7): it takes at
    least one step (the landing tile is step 1, §7.2); a double intruder walks both hands, so
    names none (§7.6); only commandos place fuses (§7.3, §7.4), at increasing steps within the
    walk; like every number on a card, at most :data:`MAX_NUMBER` steps."""
    if steps < 1:
        raise CardError("steps", "an intruder takes at least one step")
    if steps > MAX_NUMBER:
        raise CardError(
            "steps", f"an intruder takes at most {MAX_NUMBER} steps (the printed cards, 12)"
        )
    if double and hand is not None:
        raise CardError("hand", "a double intruder walks both hands")
    if fuses and not kind.places_fuses:
        raise CardError("fuses", "a predator places no fuses")
    if any(b <= a for a, b in pairwise(fuses)):
        raise CardError("fuses", "fuse steps must be increasing, each once")
    if fuses and (fuses[0] < 1 or fuses[-1] > steps):
        raise CardError("fuses", f"fuse steps must lie within the {steps} steps")
    if kind.places_fuses and not fuses:
        raise CardError("fuses", f"a {kind} needs its fuse steps")


OMIT_EMPTY = {"omit_empty": True}
"""A card field's metadata: a deck file leaves the field out when it is empty (None, or
nothing but zeros and blanks). A field's ``key`` in its metadata names it in the file where
the name of the field cannot (``from``, a Python keyword)."""


_BASE_FIELDS = frozenset({"level", "id", "source", "note", "expansion"})


_FILE_FIELDS: dict[type[Card], tuple[tuple[str, str, bool], ...]] = {}


def file_fields(cls: type[Card]) -> tuple[tuple[str, str, bool], ...]:
    """A card class's own fields, declared once on the class, as a deck file holds them: each
    field's name, its key in the file and whether an empty value is left out. The deck file's
    reading (:mod:`trucker.formats.deck_file`) and :meth:`Card.keys` are made from these, and
    a test holds the file's models to them."""
    found = _FILE_FIELDS.get(cls)
    if found is None:
        found = _FILE_FIELDS[cls] = tuple(
            (f.name, f.metadata.get("key") or f.name, bool(f.metadata.get("omit_empty")))
            for f in fields(cls)
            if f.name not in _BASE_FIELDS
        )
    return found


def _written(value: Any) -> Any:
    """A field's value as a deck file writes it: threats and names as their words, sequences
    as lists, a reward or a Combat Zone line as its table."""
    if isinstance(value, tuple):
        return [_written(v) for v in value]
    if isinstance(value, Threat | StrEnum):
        return str(value)
    if isinstance(value, Reward | CombatLine):
        return value.to_dict()
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class Card:
    """What every adventure card has: its level, its catalogue id and where its numbers come from.

    ``id`` is None for a card written inline in a deck file.
    """

    type: ClassVar[CardType]

    level: Level
    id: str | None = None
    source: str = INLINE
    note: str | None = None
    expansion: str = "base"

    @property
    def representative(self) -> bool:
        """The printed values are not known; the numbers stand in for them (RULES §6.5)."""
        return self.source == REPRESENTATIVE

    @property
    def label(self) -> str:
        """The id, or ``type (level)`` for an inline card."""
        return self.id or f"{self.type} ({self.level})"

    def keys(self) -> dict[str, Any]:
        """The card's own keys as a deck file writes them inline (no id, level or source),
        made from its fields (:func:`file_fields`) in the order they are declared."""
        out: dict[str, Any] = {}
        for name, key, omit_empty in file_fields(type(self)):
            value = getattr(self, name)
            if omit_empty and (value is None or (isinstance(value, tuple) and not any(value))):
                continue
            out[key] = _written(value)
        return out

    def numbers(self) -> str:
        """The card's numbers in one short line, for tables and narration."""
        return ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: id, type, level (a numeral), source, representative, then the card's keys."""
        out: dict[str, Any] = {
            "id": self.id,
            "type": str(self.type),
            "level": str(self.level),
            "source": self.source,
            "representative": self.representative,
        }
        if self.note:
            out["note"] = self.note
        if self.expansion != "base":
            out["expansion"] = self.expansion
        out.update(self.keys())
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenSpace(Card):
    """RULES §6.2: every ship moves forward by its engine power."""

    type: ClassVar[CardType] = CardType.OPEN_SPACE


@dataclass(frozen=True, slots=True, kw_only=True)
class Stardust(Card):
    """RULES §6.2: a day lost per exposed connector."""

    type: ClassVar[CardType] = CardType.STARDUST


@dataclass(frozen=True, slots=True, kw_only=True)
class Epidemic(Card):
    """RULES §6.2: joined occupied cabins lose one occupant each."""

    type: ClassVar[CardType] = CardType.EPIDEMIC


@dataclass(frozen=True, slots=True, kw_only=True)
class Sabotage(Card):
    """RULES §6.2: the ship with the fewest crew loses a tile, three tries."""

    type: ClassVar[CardType] = CardType.SABOTAGE


def _threats(threats: Iterable[Threat]) -> str:
    """``large front, small left`` (for tables)."""
    return ", ".join(f"{t.kind.split('-')[0]} {t.direction}" for t in threats)


def _days(days: int) -> str:
    return f"-{days} day{'' if days == 1 else 's'}"


def _hostile(shots: tuple[Threat, ...]) -> str:
    """ABE hostile enemies also shoot the ships they beat (RULES §6.8)."""
    return f" and shot: {_threats(shots)}" if shots else ""


@dataclass(frozen=True, slots=True, kw_only=True)
class MeteorSwarm(Card):
    """RULES §6.2: meteors in printed order, each rolled once for every ship."""

    type: ClassVar[CardType] = CardType.METEOR_SWARM
    threats: tuple[Threat, ...]

    def numbers(self) -> str:
        return _threats(self.threats)


@dataclass(frozen=True, slots=True, kw_only=True)
class Slavers(Card):
    """RULES §6.2 enemies: firepower above ``strength`` wins credits; below it loses crew."""

    type: ClassVar[CardType] = CardType.SLAVERS
    strength: int
    crew: int
    credits: int
    days: int
    shots: tuple[Threat, ...] = field(default=(), metadata=OMIT_EMPTY)

    def numbers(self) -> str:
        return (
            f"strength {self.strength} · loser -{self.crew} crew{_hostile(self.shots)} · "
            f"winner {self.credits} credits, {_days(self.days)}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Smugglers(Card):
    """RULES §6.2 enemies: the winner gains ``reward`` goods; a loser loses ``goods`` goods."""

    type: ClassVar[CardType] = CardType.SMUGGLERS
    strength: int
    goods: int
    reward: str
    days: int
    shots: tuple[Threat, ...] = field(default=(), metadata=OMIT_EMPTY)

    def numbers(self) -> str:
        return (
            f"strength {self.strength} · loser -{self.goods} goods{_hostile(self.shots)} · "
            f"winner {self.reward}, {_days(self.days)}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Pirates(Card):
    """RULES §6.2 enemies: the winner gains credits; losers are shot at."""

    type: ClassVar[CardType] = CardType.PIRATES
    strength: int
    shots: tuple[Threat, ...]
    credits: int
    days: int

    def numbers(self) -> str:
        return (
            f"strength {self.strength} · loser shot: {_threats(self.shots)} · "
            f"winner {self.credits} credits, {_days(self.days)}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Planets(Card):
    """RULES §6.2: one ship per planet loads its goods; landed ships lose ``days``."""

    type: ClassVar[CardType] = CardType.PLANETS
    planets: tuple[str, ...]
    days: int
    crew: tuple[int, ...] = field(default=(), metadata=OMIT_EMPTY)
    """ABE developed planets: the humans each planet offers (RULES §6.8); empty: none."""

    def crew_on(self, index: int) -> int:
        return self.crew[index] if index < len(self.crew) else 0

    def numbers(self) -> str:
        planets = [
            p + (f"+{self.crew_on(i)} crew" if self.crew_on(i) else "")
            for i, p in enumerate(self.planets)
        ]
        return f"{' | '.join(planets)} · {_days(self.days)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AbandonedShip(Card):
    """RULES §6.2: one ship sends ``crew`` away for credits and loses ``days``."""

    type: ClassVar[CardType] = CardType.ABANDONED_SHIP
    crew: int
    credits: int
    days: int
    shots: tuple[Threat, ...] = field(default=(), metadata=OMIT_EMPTY)

    def numbers(self) -> str:
        fire = f" · under fire: {_threats(self.shots)}" if self.shots else ""
        return f"{self.crew} crew leave -> {self.credits} credits, {_days(self.days)}{fire}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AbandonedStation(Card):
    """RULES §6.2: one ship with ``crew`` aboard (nobody leaves) loads goods, loses ``days``."""

    type: ClassVar[CardType] = CardType.ABANDONED_STATION
    crew: int
    reward: str
    days: int
    shots: tuple[Threat, ...] = field(default=(), metadata=OMIT_EMPTY)

    def numbers(self) -> str:
        fire = f" · under fire: {_threats(self.shots)}" if self.shots else ""
        return f"needs {self.crew} crew -> {self.reward}, {_days(self.days)}{fire}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatZone(Card):
    """RULES §6.2: each line in printed order penalises the weakest ship."""

    type: ClassVar[CardType] = CardType.COMBAT_ZONE
    lines: tuple[CombatLine, ...]

    def numbers(self) -> str:
        return " · ".join(line.short() for line in self.lines)


@dataclass(frozen=True, slots=True, kw_only=True)
class Intruder(Card):
    """RULES §7: an intruder boards from ``direction`` and walks ``steps`` steps by its hand.

    ``hand`` is None for a double intruder: one walks left-hand, the other right-hand (§7.6).
    ``fuses`` are the step numbers at which a commando places a fuse (§7.4).
    """

    type: ClassVar[CardType] = CardType.INTRUDER
    kind: IntruderKind
    direction: Direction = field(metadata={"key": "from"})
    steps: int
    hand: Hand | None = field(metadata=OMIT_EMPTY)
    fuses: tuple[int, ...]
    double: bool
    reward: Reward

    def __post_init__(self) -> None:
        check_intruder(self.kind, self.steps, self.hand, self.fuses, self.double)

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The hand rule of each intruder on the card."""
        if self.double or self.hand is None:
            return (Hand.LEFT, Hand.RIGHT)
        return (self.hand,)

    def numbers(self) -> str:
        hands = "left and right hand" if self.double else f"{self.hand} hand"
        who = f"double {self.kind}" if self.double else str(self.kind)
        fuses = f" · fuses at {', '.join(map(str, self.fuses))}" if self.fuses else ""
        return (
            f"{who} from {self.direction}, {self.steps} steps, {hands}{fuses} · "
            f"win {self.reward.short()}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class HazardousBusiness(Card):
    """RULES §6.7: two cards of the next level go on top of the deck, to be played next.
    ``adds`` names them (catalogue ids) when a player enters a real game; otherwise they are
    drawn at random from the catalogue."""

    type: ClassVar[CardType] = CardType.HAZARDOUS_BUSINESS
    adds: tuple[str, ...] = field(default=(), metadata=OMIT_EMPTY)

    def numbers(self) -> str:
        return f"adds {', '.join(self.adds)}" if self.adds else "adds two cards of the next level"


@dataclass(frozen=True, slots=True, kw_only=True)
class MostlyOpenSpace(Card):
    """RULES §6.8: Open Space, then the card's meteors hit the ship(s) with the most engine
    power."""

    type: ClassVar[CardType] = CardType.MOSTLY_OPEN_SPACE
    threats: tuple[Threat, ...]

    def numbers(self) -> str:
        return f"the fastest meet {_threats(self.threats)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RadiationLeak(Card):
    """RULES §8.1: crew near energy lose one; energy networks holding too many tokens explode."""

    type: ClassVar[CardType] = CardType.RADIATION_LEAK


CARD_CLASSES: dict[CardType, type[Card]] = {
    cls.type: cls
    for cls in (
        OpenSpace,
        Stardust,
        Epidemic,
        Sabotage,
        MeteorSwarm,
        Slavers,
        Smugglers,
        Pirates,
        Planets,
        AbandonedShip,
        AbandonedStation,
        CombatZone,
        Intruder,
        HazardousBusiness,
        MostlyOpenSpace,
        RadiationLeak,
    )
}
