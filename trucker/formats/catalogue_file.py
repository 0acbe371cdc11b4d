"""The packaged card catalogue (``trucker-cards/1``), the dealing table (``trucker-deal/1``)
and the end-of-flight rewards (``trucker-rewards/1``), as pydantic models.

A catalogue file holds the deck file's inline cards (:mod:`trucker.formats.deck_file`), each
with an ``id``, a ``source`` and its box. Nothing here reads a file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictStr,
    Tag,
    create_model,
    field_validator,
    model_validator,
)

from trucker.core.cards import Level
from trucker.formats.deck_file import (
    CARD_MODELS,
    CardModel,
    Count,
    LevelValue,
    Positive,
    card_type_tag,
)

__all__ = [
    "CATALOGUE_FORMAT",
    "DEAL_FORMAT",
    "CATALOGUE_MODELS",
    "CatalogueFile",
    "DealFile",
    "RewardsFile",
]

CATALOGUE_FORMAT = "trucker-cards/1"
DEAL_FORMAT = "trucker-deal/1"


class _Catalogued(BaseModel):
    """What a catalogue card adds to an inline card: its id and where its numbers come from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: StrictStr = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]*$")
    source: StrictStr = Field(
        min_length=1, description='e.g. "BGA transcription", "2nd-edition data", "representative"'
    )
    note: StrictStr | None = Field(None, description="one line for reports: why, what differs")
    expansion: Literal["base", "TBE", "ABE"] = Field(
        "base", description="the box the card comes in"
    )


CATALOGUE_MODELS: dict[str, type[CardModel]] = {
    name: create_model(
        f"Catalogue{model.__name__}",
        __base__=(model, _Catalogued),  # type: ignore[arg-type]  # pydantic types one base only
        __module__=__name__,
    )
    for name, model in CARD_MODELS.items()
}
"""Catalogue card models by ``type``: the inline model plus ``id``, ``source`` and ``note``."""


def _catalogue_tag(value: object) -> str | None:
    if isinstance(value, BaseModel):
        value = value.model_dump(by_alias=True)
    if not isinstance(value, dict):
        return None
    kind = value.get("type")
    if not isinstance(kind, str):
        return None
    return card_type_tag(kind) if kind in CATALOGUE_MODELS else kind


if TYPE_CHECKING:  # what a type checker sees of the union below: an inline card, catalogued

    class CatalogueEntry(CardModel, _Catalogued):
        """A catalogue card entry: any card type's model with the catalogue's keys."""

else:
    CatalogueEntry = Annotated[
        Union[  # noqa: UP007 - a runtime-built union
            tuple(
                Annotated[model, Tag(card_type_tag(name))]
                for name, model in CATALOGUE_MODELS.items()
            )
        ],
        Discriminator(_catalogue_tag),
    ]


class CatalogueFile(BaseModel):
    """One file of the packaged card catalogue (``trucker-cards/1``), usually one level."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["trucker-cards/1"]
    level: LevelValue = Field(description="the level of every card in the file")
    card: list[CatalogueEntry] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_level(self) -> CatalogueFile:
        for i, entry in enumerate(self.card):
            if entry.level is not None and entry.level != self.level:
                raise ValueError(
                    f"card[{i}] {entry.id!r} says level {entry.level}, the file {self.level}"
                )
        return self


class DealFile(BaseModel):
    """How a flight's deck is dealt (RULES §6.6): piles, and each pile's cards by level."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["trucker-deal/1"]
    piles: Positive = Field(description="piles dealt face down before building")
    pile: dict[str, dict[str, Count]] = Field(
        description="flight level -> card level -> cards of that level in each pile"
    )

    @field_validator("pile")
    @classmethod
    def _levels(cls, value: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
        for flight, counts in value.items():
            Level.parse(flight)
            for level in counts:
                Level.parse(level)
            if not counts.get(str(Level.parse(flight))):
                raise ValueError(f"a round-{flight} pile holds no card of its own level")
        return value


class RewardsFile(BaseModel):
    """The credits a flight pays when it ends (RULES §9.1): by flight level, the arrival
    reward of each place and the best-looking ship's prize."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["trucker-rewards/1"]
    arrival: dict[str, list[Count]] = Field(description="flight level -> reward by place")
    best_looking: dict[str, Count] = Field(description="flight level -> best-looking prize")

    @field_validator("arrival", "best_looking")
    @classmethod
    def _every_level(cls, value: dict[str, object]) -> dict[str, object]:
        levels = sorted(Level.parse(level) for level in value)
        if levels != list(Level):
            raise ValueError("give every flight level I, II, III and IV once")
        return value
