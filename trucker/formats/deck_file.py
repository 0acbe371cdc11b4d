"""Deck files (``trucker-deck/1``) as pydantic models: one model per card type.

The deck file is exactly the spec's (``docs/deck-format.md``): each ``[[card]]`` is a catalogue
``id`` alone or an inline ``type`` with its keys. These models check shapes and the facts a card
knows about itself (one penalty per Combat Zone line; an intruder's steps and fuses are checked
once, by :func:`~trucker.core.cards.check_intruder`); catalogue ids are looked up by
:mod:`trucker.formats.decks`. The packaged catalogue, deal and rewards files, which reuse the card
models, are :mod:`trucker.formats.catalogue_file`. Nothing here reads a file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    Tag,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from trucker.core.cards import (
    CARD_CLASSES,
    INLINE,
    MAX_DECK,
    MAX_ENTRIES,
    MAX_NUMBER,
    Card,
    CardType,
    CombatLine,
    CombatTest,
    Hand,
    IntruderKind,
    Level,
    Penalty,
    PenaltyKind,
    Reward,
    Threat,
    check_intruder,
    parse_goods,
)
from trucker.core.geometry import DIRECTIONS, Direction

__all__ = [
    "FORMAT",
    "CARD_MODELS",
    "TAGS",
    "IdEntry",
    "DeckFile",
    "LevelValue",
    "Count",
    "Positive",
    "card_keys",
    "card_tag",
    "card_type_tag",
    "CardModel",
]

FORMAT = "trucker-deck/1"

_DIRECTION_FORMS = sorted({d.value for d in DIRECTIONS} | set("frblFRBL") | set("NESWnesw"))


def _meteor(value: object) -> Threat:
    threat = Threat.parse(value)
    if not threat.kind.is_meteor:
        raise ValueError(f"{str(threat)!r} is cannon fire: a meteor swarm throws meteors")
    return threat


def _fire(value: object) -> Threat:
    threat = Threat.parse(value)
    if threat.kind.is_meteor:
        raise ValueError(f"{str(threat)!r} is a meteor: shots are light-fire or heavy-fire")
    return threat


LevelValue = Annotated[
    Level,
    BeforeValidator(Level.parse),
    WithJsonSchema(
        {
            "oneOf": [
                {"type": "integer", "minimum": 1, "maximum": 4},
                {"type": "string", "enum": ["I", "II", "III", "IV"]},
            ]
        }
    ),
]
Meteor = Annotated[
    Threat,
    BeforeValidator(_meteor),
    WithJsonSchema({"type": "string", "description": 'e.g. "small-meteor front"'}),
]
Shot = Annotated[
    Threat,
    BeforeValidator(_fire),
    WithJsonSchema({"type": "string", "description": 'e.g. "heavy-fire rear"'}),
]
Goods = Annotated[
    str,
    BeforeValidator(parse_goods),
    WithJsonSchema({"type": "string", "pattern": "^[RYGBrygb]+$"}),
]
Dir = Annotated[
    Direction,
    BeforeValidator(Direction.parse),
    WithJsonSchema({"type": "string", "enum": _DIRECTION_FORMS}),
]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_NUMBER)]
Positive = Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)]


class CardModel(BaseModel):
    """Keys every inline card may carry."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    card_type: ClassVar[CardType]

    level: LevelValue | None = Field(
        None, description="1-4 or I-IV; may be left out when the deck gives its level"
    )

    def card_fields(self) -> dict[str, Any]:
        """The domain card's own fields (everything but level, id and source)."""
        return {}

    def to_card(
        self,
        *,
        level: Level,
        id: str | None = None,
        source: str = INLINE,
        note: str | None = None,
        expansion: str = "base",
    ) -> Card:
        """The frozen :class:`~trucker.core.cards.Card` this entry describes."""
        cls = CARD_CLASSES[self.card_type]
        fields = self.card_fields()
        return cls(level=level, id=id, source=source, note=note, expansion=expansion, **fields)


class OpenSpaceEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.OPEN_SPACE
    type: Literal["open-space"]


class StardustEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.STARDUST
    type: Literal["stardust"]


class EpidemicEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.EPIDEMIC
    type: Literal["epidemic"]


class SabotageEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.SABOTAGE
    type: Literal["sabotage"]


class MeteorSwarmEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.METEOR_SWARM
    type: Literal["meteor-swarm"]
    threats: list[Meteor] = Field(
        min_length=1, max_length=MAX_ENTRIES, description="in printed order"
    )

    def card_fields(self) -> dict[str, Any]:
        return {"threats": tuple(self.threats)}


class SlaversEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.SLAVERS
    type: Literal["slavers"]
    strength: Count = Field(description="firepower to beat (strictly more wins)")
    crew: Count = Field(description="crew taken from a ship that loses")
    credits: Count = Field(description="reward")
    days: Count = Field(description="flight days the reward costs")
    shots: list[Shot] = Field(
        default_factory=list,
        max_length=MAX_ENTRIES,
        description="ABE hostile slavers also shoot the ships they beat",
    )

    def card_fields(self) -> dict[str, Any]:
        return {"strength": self.strength, "crew": self.crew, "credits": self.credits,
                "days": self.days, "shots": tuple(self.shots)}  # fmt: skip


class SmugglersEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.SMUGGLERS
    type: Literal["smugglers"]
    strength: Count = Field(description="firepower to beat (strictly more wins)")
    goods: Count = Field(description="goods taken from a ship that loses (then batteries)")
    reward: Goods = Field(description="goods gained by the winner")
    days: Count = Field(description="flight days the reward costs")
    shots: list[Shot] = Field(
        default_factory=list,
        max_length=MAX_ENTRIES,
        description="ABE hostile smugglers also shoot the ships they beat",
    )

    def card_fields(self) -> dict[str, Any]:
        return {"strength": self.strength, "goods": self.goods, "reward": self.reward,
                "days": self.days, "shots": tuple(self.shots)}  # fmt: skip


class PiratesEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.PIRATES
    type: Literal["pirates"]
    strength: Count = Field(description="firepower to beat (strictly more wins)")
    shots: list[Shot] = Field(
        min_length=1, max_length=MAX_ENTRIES, description="fired at each ship that loses"
    )
    credits: Count = Field(description="reward")
    days: Count = Field(description="flight days the reward costs")

    def card_fields(self) -> dict[str, Any]:
        return {"strength": self.strength, "shots": tuple(self.shots), "credits": self.credits,
                "days": self.days}  # fmt: skip


class PlanetsEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.PLANETS
    type: Literal["planets"]
    planets: list[Goods] = Field(
        min_length=1, max_length=MAX_ENTRIES, description="the goods on each planet"
    )
    days: Count = Field(description="flight days a landed ship loses")
    crew: list[Count] = Field(
        default_factory=list,
        max_length=MAX_ENTRIES,
        description="ABE developed planets: humans each planet offers, in planet order",
    )

    @model_validator(mode="after")
    def _crew_per_planet(self) -> PlanetsEntry:
        if self.crew and len(self.crew) != len(self.planets):
            raise ValueError(
                f"crew: one number per planet ({len(self.planets)}), got {len(self.crew)}"
            )
        return self

    def card_fields(self) -> dict[str, Any]:
        return {"planets": tuple(self.planets), "days": self.days, "crew": tuple(self.crew)}


class AbandonedShipEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.ABANDONED_SHIP
    type: Literal["abandoned-ship"]
    crew: Positive = Field(description="crew sent away by the ship that takes it")
    credits: Count
    days: Count
    shots: list[Shot] = Field(
        default_factory=list,
        max_length=MAX_ENTRIES,
        description="ABE: the ship about to take it is shot at first",
    )

    def card_fields(self) -> dict[str, Any]:
        return {"crew": self.crew, "credits": self.credits, "days": self.days,
                "shots": tuple(self.shots)}  # fmt: skip


class AbandonedStationEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.ABANDONED_STATION
    type: Literal["abandoned-station"]
    crew: Positive = Field(description="crew needed (nobody leaves)")
    reward: Goods
    days: Count
    shots: list[Shot] = Field(
        default_factory=list,
        max_length=MAX_ENTRIES,
        description="ABE: the ship about to take it is shot at first",
    )

    def card_fields(self) -> dict[str, Any]:
        return {"crew": self.crew, "reward": self.reward, "days": self.days,
                "shots": tuple(self.shots)}  # fmt: skip


class PenaltyEntry(BaseModel):
    """Exactly one of days, crew, goods or shots."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    days: Positive | None = None
    crew: Positive | None = None
    goods: Positive | None = None
    shots: list[Shot] | None = Field(None, min_length=1, max_length=MAX_ENTRIES)

    @model_validator(mode="after")
    def _one(self) -> PenaltyEntry:
        given = [k for k in ("days", "crew", "goods", "shots") if getattr(self, k) is not None]
        if len(given) != 1:
            found = " and ".join(given) if given else "none"
            raise ValueError(f"a line has one penalty (days, crew, goods or shots), got {found}")
        return self

    def to_penalty(self) -> Penalty:
        if self.shots is not None:
            return Penalty(PenaltyKind.SHOTS, shots=tuple(self.shots))
        for kind in (PenaltyKind.DAYS, PenaltyKind.CREW, PenaltyKind.GOODS):
            amount = getattr(self, kind.value)
            if amount is not None:
                return Penalty(kind, amount=amount)
        raise ValueError("no penalty")  # unreachable: _one checked it


class CombatLineEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    test: Literal["crew", "engines", "cannons"] = Field(description="the lowest value suffers")
    penalty: PenaltyEntry


class CombatZoneEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.COMBAT_ZONE
    type: Literal["combat-zone"]
    lines: list[CombatLineEntry] = Field(min_length=1, max_length=3, description="printed order")

    @field_validator("lines")
    @classmethod
    def _each_test_once(cls, value: list[CombatLineEntry]) -> list[CombatLineEntry]:
        tests = [line.test for line in value]
        twice = sorted({t for t in tests if tests.count(t) > 1})
        if twice:
            raise ValueError(f"each test appears once on a Combat Zone, {twice[0]!r} repeats")
        return value

    def card_fields(self) -> dict[str, Any]:
        return {
            "lines": tuple(
                CombatLine(CombatTest(line.test), line.penalty.to_penalty()) for line in self.lines
            )
        }


class RewardEntry(BaseModel):
    """``{ credits = 2 }`` or ``{ goods = "RY" }``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    credits: Count | None = None
    goods: Goods | None = None

    @model_validator(mode="after")
    def _one(self) -> RewardEntry:
        if (self.credits is None) == (self.goods is None):
            raise ValueError("write credits or goods (one of them)")
        return self


class IntruderEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.INTRUDER
    type: Literal["intruder"]
    kind: Literal["predator", "commando", "predator-commando"]
    from_: Dir = Field(alias="from", description="the side the intruder comes from")
    steps: Positive = Field(description="the landing tile is step 1")
    hand: Literal["left", "right"] | None = Field(
        None, description="left | right; a double intruder may leave it out"
    )
    fuses: list[Positive] = Field(
        default_factory=list,
        max_length=MAX_ENTRIES,
        description="commandos: the steps at which a fuse is placed",
    )
    double: StrictBool = Field(False, description="a left-hand and a right-hand intruder")
    reward: RewardEntry

    @model_validator(mode="after")
    def _walk(self) -> IntruderEntry:
        """Only a double intruder may leave out its hand (a rule of the file's keys); the card
        checks its own numbers, and its :class:`CardError` (``KEY: PROBLEM``) becomes the
        line naming that key."""
        if self.hand is None and not self.double:
            raise ValueError("hand: required key is missing (only a double intruder omits it)")
        fields = self.card_fields()
        check_intruder(fields["kind"], self.steps, fields["hand"], self.fuses, self.double)
        return self

    def card_fields(self) -> dict[str, Any]:
        return {
            "kind": IntruderKind(self.kind),
            "direction": self.from_,
            "steps": self.steps,
            "hand": None if self.double or self.hand is None else Hand(self.hand),
            "fuses": tuple(self.fuses),
            "double": self.double,
            "reward": Reward(credits=self.reward.credits or 0, goods=self.reward.goods or ""),
        }


class HazardousBusinessEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.HAZARDOUS_BUSINESS
    type: Literal["hazardous-business"]
    adds: list[StrictStr] = Field(
        default_factory=list,
        max_length=2,
        description="the two catalogue cards of the next level it adds (left out: drawn)",
    )

    def card_fields(self) -> dict[str, Any]:
        return {"adds": tuple(self.adds)}


class MostlyOpenSpaceEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.MOSTLY_OPEN_SPACE
    type: Literal["mostly-open-space"]
    threats: list[Meteor] = Field(
        min_length=1, max_length=MAX_ENTRIES, description="meteors for the fastest ship(s)"
    )

    def card_fields(self) -> dict[str, Any]:
        return {"threats": tuple(self.threats)}


class RadiationLeakEntry(CardModel):
    card_type: ClassVar[CardType] = CardType.RADIATION_LEAK
    type: Literal["radiation-leak"]


CARD_MODELS: dict[str, type[CardModel]] = {
    model.card_type.value: model
    for model in (
        OpenSpaceEntry,
        StardustEntry,
        EpidemicEntry,
        SabotageEntry,
        MeteorSwarmEntry,
        SlaversEntry,
        SmugglersEntry,
        PiratesEntry,
        PlanetsEntry,
        AbandonedShipEntry,
        AbandonedStationEntry,
        CombatZoneEntry,
        IntruderEntry,
        HazardousBusinessEntry,
        MostlyOpenSpaceEntry,
        RadiationLeakEntry,
    )
}
"""Inline card models by ``type`` (one per :class:`~trucker.core.cards.CardType`)."""


class IdEntry(BaseModel):
    """A catalogue card, named by its id and nothing else."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: StrictStr = Field(description='a catalogue card id, e.g. "I-slavers-1"')


_ID_TAG = "catalogue card"


def card_type_tag(card_type: str) -> str:
    # Tags appear in pydantic's error locations; a suffix keeps them apart from key names
    # ("planets" is both a card type and a key).
    return f"{card_type} card"


def card_tag(value: object) -> str | None:
    """Which union member a raw card is: a catalogue id, an inline type, or None (neither)."""
    if isinstance(value, BaseModel):
        value = value.model_dump(by_alias=True)
    if not isinstance(value, dict):
        return None
    if "id" in value:
        return _ID_TAG
    kind = value.get("type")
    if not isinstance(kind, str):
        return None
    return card_type_tag(kind) if kind in CARD_MODELS else kind


if TYPE_CHECKING:  # what a type checker sees of the union below: either kind of entry
    CardEntry = IdEntry | CardModel
else:
    CardEntry = Annotated[
        Union[  # noqa: UP007 - a runtime-built union
            tuple(
                [Annotated[IdEntry, Tag(_ID_TAG)]]
                + [
                    Annotated[model, Tag(card_type_tag(name))]
                    for name, model in CARD_MODELS.items()
                ]
            )
        ],
        Discriminator(card_tag),
    ]

TAGS = frozenset([_ID_TAG, *(card_type_tag(name) for name in CARD_MODELS)])
"""The union tags, to drop from error locations."""


def card_keys(value: object) -> list[str]:
    """Keys a raw card may carry (for "did you mean" hints)."""
    tag = card_tag(value)
    if tag == _ID_TAG:
        return ["id"]
    if isinstance(value, dict) and value.get("type") in CARD_MODELS:
        model = CARD_MODELS[value["type"]]
        return sorted(f.alias or name for name, f in model.model_fields.items())
    return ["id", "type"]


class DeckFile(BaseModel):
    """A deck file (``trucker-deck/1``): the cards a flight meets, top first."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={"$id": "https://trucker.invalid/schema/trucker-deck-1.json"},
    )

    format: Literal["trucker-deck/1"] = Field(description='exactly "trucker-deck/1"')
    name: StrictStr | None = Field(None, description="shown in reports")
    level: LevelValue | None = Field(
        None, description="the flight's level; may be left out when every card has one"
    )
    card: list[CardEntry] = Field(
        min_length=1, max_length=MAX_DECK, description="the cards, top first"
    )
