"""The ship layout file, ``trucker-ship/1``, exactly as the spec writes it (pydantic models).

These models check the *shape* of a file and the facts a single tile can know about itself (a
connector on a barrel side, a red hold of 3). Facts that need the board (holes, insurance) and
the square keys are checked by :mod:`trucker.formats.load`. Nothing here reads a file.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from trucker.core.geometry import DIRECTIONS, Connector, Direction, parse_sides

__all__ = ["ShipFile", "TileEntry", "TILE_MODELS", "FORMAT", "tile_keys"]

FORMAT = "trucker-ship/1"

_DIRECTION_FORMS = sorted({d.value for d in DIRECTIONS} | set("frblFRBL") | set("NESWnesw"))


Sides = Annotated[
    tuple[Connector, Connector, Connector, Connector],
    BeforeValidator(parse_sides),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": "^[-sdu0123]{4}$",
            "description": "front, right, rear, left: - smooth, s single, d double, u universal",
        }
    ),
]
Dir = Annotated[
    Direction,
    BeforeValidator(Direction.parse),
    WithJsonSchema({"type": "string", "enum": _DIRECTION_FORMS}),
]
Color = Literal["brown", "purple", "cyan"]


def _integer(value: object) -> object:
    """An integer as the file wrote it: a ``Literal`` alone would take 2.0 for 2."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"input should be a valid integer, got {value!r}")
    return value


Count = Annotated[StrictInt, Field(ge=0)]


def _two_directions(value: list[Direction], what: str) -> list[Direction]:
    if len(value) != 2 or value[0] == value[1]:
        raise ValueError(f"{what} must be two different directions, got {[str(v) for v in value]}")
    return value


class _Tile(BaseModel):
    """Keys every part may carry. Functional sides (barrel, exhaust, nozzles, armor) are smooth.

    ``example`` is one line of a ship file with a tile of the part: ``trucker parts`` prints it,
    and docs/ship-format.md shows it in the part's section (tests/docs hold the two equal)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    example: ClassVar[str] = ""

    armor: list[Dir] = Field(default_factory=list, description="armored sides (written - in sides)")

    @field_validator("armor")
    @classmethod
    def _armor_unique(cls, value: list[Direction]) -> list[Direction]:
        if len(set(value)) != len(value):
            raise ValueError(f"a side is armored twice: {[str(v) for v in value]}")
        return value

    def functional_sides(self) -> dict[Direction, str]:
        """Sides that must be smooth, with what lies there (for messages)."""
        return {d: "armor" for d in self.armor}

    @model_validator(mode="after")
    def _smooth_functional_sides(self) -> _Tile:
        sides = getattr(self, "sides", None)
        if sides is None:
            return self
        for direction, what in self.functional_sides().items():
            if sides[direction.index] is not Connector.SMOOTH:
                raise ValueError(
                    f"sides: the {direction} side carries {what} and must be smooth (-), "
                    f"not {sides[direction.index].char!r}"
                )
        return self


class CabinTile(_Tile):
    part: Literal["cabin"]
    example: ClassVar[str] = '"7,6" = { part = "cabin", sides = "-us-" }'
    start: StrictBool = Field(False, description="the starting cabin (sides uuuu)")
    sides: Sides | None = Field(None, description="may be left out for the starting cabin")
    crew: Count | None = Field(None, description="humans aboard (0-2); launch default 2")
    alien: Color | None = Field(None, description="an alien instead of humans")

    @model_validator(mode="after")
    def _cabin(self) -> CabinTile:
        if self.crew is not None and self.alien is not None:
            raise ValueError("crew and alien together: a cabin holds humans or one alien")
        if self.start:
            if self.sides is not None and any(s is not Connector.UNIVERSAL for s in self.sides):
                raise ValueError('sides: the starting cabin is "uuuu"')
        elif self.sides is None:
            raise ValueError("sides: required key is missing (only the starting cabin may omit it)")
        return self


class StructureTile(_Tile):
    part: Literal["structure"]
    example: ClassVar[str] = '"5,7" = { part = "structure", sides = "usdu" }'
    sides: Sides


class BatteryTile(_Tile):
    part: Literal["battery"]
    example: ClassVar[str] = '"7,8" = { part = "battery", capacity = 2, sides = "-ssd" }'
    sides: Sides
    capacity: Annotated[Literal[2, 3], BeforeValidator(_integer)] = Field(
        description="as printed on the tile"
    )
    charge: Count | None = Field(None, description="tokens aboard; launch default = capacity")


class CargoTile(_Tile):
    part: Literal["cargo"]
    example: ClassVar[str] = '"7,9" = { part = "cargo", capacity = 2, sides = "---s" }'
    sides: Sides
    capacity: StrictInt = Field(description="2 or 3; a red hold 1 or 2")
    red: StrictBool = Field(False, description="a red hold, the only kind for red goods")
    goods: StrictStr = Field("", description="letters R Y G B, one per cube")

    @field_validator("goods")
    @classmethod
    def _letters(cls, value: str) -> str:
        bad = sorted({ch for ch in value.upper() if ch not in "RYGB"})
        if bad:
            raise ValueError(f"unknown goods letter(s) {''.join(bad)!r}: use R Y G B")
        return value.upper()

    @model_validator(mode="after")
    def _capacity(self) -> CargoTile:
        allowed = (1, 2) if self.red else (2, 3)
        if self.capacity not in allowed:
            kind = "a red hold" if self.red else "a plain hold"
            raise ValueError(
                f"capacity: no real tile is {kind} of {self.capacity} "
                f"(use {' or '.join(map(str, allowed))})"
            )
        return self


class _Facing(_Tile):
    facing: Dir = Field(description="where the barrel or the exhaust points")

    facing_word: ClassVar[str] = "functional"

    def functional_sides(self) -> dict[Direction, str]:
        out = {self.facing: self.facing_word}
        out.update(super().functional_sides())
        return out


class EngineTile(_Facing):
    part: Literal["engine"]
    example: ClassVar[str] = '"8,7" = { part = "engine", sides = "u---", facing = "rear" }'
    sides: Sides
    facing_word: ClassVar[str] = "the exhaust"


class DoubleEngineTile(_Facing):
    part: Literal["double-engine"]
    example: ClassVar[str] = '"8,8" = { part = "double-engine", sides = "d---", facing = "rear" }'
    sides: Sides
    facing_word: ClassVar[str] = "the exhaust"


class CannonTile(_Facing):
    part: Literal["cannon"]
    example: ClassVar[str] = '"6,7" = { part = "cannon", sides = "--s-", facing = "front" }'
    sides: Sides
    facing_word: ClassVar[str] = "the barrel"


class DoubleCannonTile(_Facing):
    part: Literal["double-cannon"]
    example: ClassVar[str] = '"7,10" = { part = "double-cannon", sides = "---u", facing = "right" }'
    sides: Sides
    facing_word: ClassVar[str] = "the barrel"


class ShieldTile(_Tile):
    part: Literal["shield"]
    example: ClassVar[str] = (
        '"8,8" = { part = "shield", sides = "s---", covers = ["front", "right"] }'
    )
    sides: Sides
    covers: list[Dir] = Field(description="two adjacent directions the shield protects")

    @field_validator("covers")
    @classmethod
    def _two(cls, value: list[Direction]) -> list[Direction]:
        return _two_directions(value, "covers")


class LifeSupportTile(_Tile):
    part: Literal["life-support"]
    example: ClassVar[str] = '"5,8" = { part = "life-support", sides = "--d-", color = "purple" }'
    sides: Sides
    color: Color = Field(description="the alien it lets a connected cabin host")


class HybridLifeSupportTile(_Tile):
    part: Literal["hybrid-life-support"]
    example: ClassVar[str] = (
        '"6,6" = { part = "hybrid-life-support", sides = "--s-", colors = ["purple", "cyan"] }'
    )
    sides: Sides
    colors: list[Color] = Field(description="two different colours")

    @field_validator("colors")
    @classmethod
    def _two_colors(cls, value: list[str]) -> list[str]:
        if len(value) != 2 or value[0] == value[1]:
            raise ValueError(f"colors must be two different colours, got {value}")
        return value


class ThrusterTile(_Tile):
    part: Literal["thruster"]
    example: ClassVar[str] = (
        '"7,8" = { part = "thruster", sides = "s---", nozzles = ["rear", "right"] }'
    )
    nozzles: list[Dir] = Field(description="two perpendicular directions the nozzles point")
    sides: Sides

    @field_validator("nozzles")
    @classmethod
    def _perpendicular(cls, value: list[Direction]) -> list[Direction]:
        _two_directions(value, "nozzles")
        if not value[0].is_perpendicular(value[1]):
            raise ValueError(
                f"nozzles must be perpendicular, got opposite {value[0]} and {value[1]}"
            )
        return value

    def functional_sides(self) -> dict[Direction, str]:
        out = {d: "a nozzle" for d in self.nozzles}
        out.update(super().functional_sides())
        return out


class SolarPanelTile(_Tile):
    part: Literal["solar-panel"]
    example: ClassVar[str] = '"8,6" = { part = "solar-panel", sides = "s---" }'
    sides: Sides


class RouterTile(_Tile):
    part: Literal["router"]
    example: ClassVar[str] = '"7,6" = { part = "router", sides = "susu" }'
    sides: Sides


class RobotCenterTile(_Tile):
    part: Literal["robot-center"]
    example: ClassVar[str] = '"8,8" = { part = "robot-center", sides = "sds-" }'
    sides: Sides
    active: StrictBool | None = Field(
        None, description="robots activated for the current card; default false"
    )


class TurretTile(_Tile):
    part: Literal["turret"]
    example: ClassVar[str] = '"6,7" = { part = "turret", sides = "ssu-" }'
    sides: Sides


class ArmoryTile(_Tile):
    part: Literal["armory"]
    example: ClassVar[str] = '"7,8" = { part = "armory", sides = "-usu" }'
    sides: Sides


class LuxuryCabinTile(_Tile):
    part: Literal["luxury-cabin"]
    example: ClassVar[str] = '"7,9" = { part = "luxury-cabin", sides = "---u" }'
    sides: Sides
    passenger: StrictBool | None = Field(None, description="a VIP aboard; launch default true")


class StasisChamberTile(_Tile):
    part: Literal["stasis-chamber"]
    example: ClassVar[str] = '"8,9" = { part = "stasis-chamber", sides = "--sd" }'
    sides: Sides
    sleepers: Count | None = Field(None, description="sleeping astronauts (0-4); default 0")


TILE_MODELS: dict[str, type[_Tile]] = {
    "cabin": CabinTile,
    "structure": StructureTile,
    "battery": BatteryTile,
    "cargo": CargoTile,
    "engine": EngineTile,
    "double-engine": DoubleEngineTile,
    "cannon": CannonTile,
    "double-cannon": DoubleCannonTile,
    "shield": ShieldTile,
    "life-support": LifeSupportTile,
    "hybrid-life-support": HybridLifeSupportTile,
    "solar-panel": SolarPanelTile,
    "thruster": ThrusterTile,
    "router": RouterTile,
    "robot-center": RobotCenterTile,
    "turret": TurretTile,
    "armory": ArmoryTile,
    "luxury-cabin": LuxuryCabinTile,
    "stasis-chamber": StasisChamberTile,
}

TileEntry = Annotated[
    CabinTile
    | StructureTile
    | BatteryTile
    | CargoTile
    | EngineTile
    | DoubleEngineTile
    | CannonTile
    | DoubleCannonTile
    | ShieldTile
    | LifeSupportTile
    | HybridLifeSupportTile
    | SolarPanelTile
    | ThrusterTile
    | RouterTile
    | RobotCenterTile
    | TurretTile
    | ArmoryTile
    | LuxuryCabinTile
    | StasisChamberTile,
    Field(discriminator="part"),
]
"""One tile entry: the model of its ``part`` (every model of :data:`TILE_MODELS`)."""


def tile_keys(part: str) -> list[str]:
    """Keys a tile of this part may carry (for "did you mean" hints)."""
    model = TILE_MODELS.get(part)
    return sorted(model.model_fields) if model else ["part"]


class ShipFile(BaseModel):
    """A ship layout file (``trucker-ship/1``): what lies on which square, turned which way."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={"$id": "https://trucker.invalid/schema/trucker-ship-1.json"},
    )

    format: Literal["trucker-ship/1"] = Field(description='exactly "trucker-ship/1"')
    board: StrictStr = Field(
        description="a built-in board id (I, II, III, IIIa, IIB, IIIB, IV) or a board file path"
    )
    name: StrictStr | None = Field(None, description="shown in reports")
    holes: list[Annotated[StrictInt, Field(ge=1, le=6)]] | None = Field(
        None, description="IIIB only: the two dice rolled when building started"
    )
    insured: StrictBool | None = Field(None, description="Class IV insurance bought before launch")
    loadout: Literal["launch", "empty"] = Field(
        "launch", description="launch: unspecified contents get launch defaults; empty: nothing"
    )
    rulings: dict[str, Any] = Field(default_factory=dict, description="interpretations, by name")
    tiles: dict[str, TileEntry] = Field(description='the tiles, by square "row,col"')

    @field_validator("holes")
    @classmethod
    def _two_dice(cls, value: list[int] | None) -> list[int] | None:
        if value is not None and len(value) != 2:
            raise ValueError(f"holes must be the two dice rolled, got {value}")
        return value
