"""Board data files, ``trucker-board/1``: the built-in boards and a player's own printing."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, field_validator

from trucker.formats.boards import parse_columns, row_number

__all__ = ["BoardFile", "InsuranceEntry"]


class InsuranceEntry(BaseModel):
    """What a board prints about insurance (RULES §1.9, §9.3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cap: Annotated[StrictInt, Field(ge=0)] | None = Field(
        None, description="most credits paid for lost tiles; absent when not known"
    )
    optional: StrictBool = Field(False, description="insurance is bought before launch (Class IV)")
    price: Annotated[StrictInt, Field(ge=0)] | None = Field(
        None, description="price of optional insurance"
    )
    values: Literal["printed", "representative"] = "printed"


class BoardFile(BaseModel):
    """A ship board: squares, start, dice, wrap, holes, insurance, and where it came from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["trucker-board/1"]
    id: StrictStr
    name: StrictStr
    aliases: list[StrictStr] = Field(default_factory=list)
    level: Annotated[StrictInt, Field(ge=1, le=4)] = Field(description="flight level of this class")
    source: Literal["printed", "reconstruction", "custom"] = "custom"
    start: StrictStr = Field(description='the start square "row,col"')
    reserve: Annotated[StrictInt, Field(ge=0)] = 2
    reserve_printed: StrictBool = True
    wrap: StrictBool = Field(False, description="leftmost and rightmost columns are neighbours")
    dice: Literal["sum", "pairs"] = "sum"
    pairs: Literal["ordered", "unordered"] = "ordered"
    side_entry: tuple[StrictInt, StrictInt] | None = Field(
        None, description="pairs boards: entry columns counted from the left and right edges"
    )
    squares: dict[str, StrictStr] = Field(description='row -> its columns, e.g. 6 = "3, 5-9, 11"')
    columns: dict[str, list[StrictStr]] = Field(
        default_factory=dict, description="pairs boards: the dice pairs printed under each column"
    )
    hole_marks: dict[str, list[StrictStr]] = Field(
        default_factory=dict, description="die face -> the squares it marks"
    )
    insurance: InsuranceEntry = Field(default_factory=InsuranceEntry)

    @field_validator("squares")
    @classmethod
    def _rows(cls, value: dict[str, str]) -> dict[str, str]:
        for row, cols in value.items():
            row_number(row)
            parse_columns(cols)
        return value
