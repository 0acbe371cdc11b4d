"""Read a well-formed ship or board file without pydantic: the fast path of every command.

The pydantic models in :mod:`trucker.formats.ship_file` and :mod:`trucker.formats.board_file`
define the formats and word the errors, but building them costs more than a tenth of a second
of start-up. These msgspec structs mirror them key for key (strict types, unknown keys refused,
the same defaults) and go first: a document they take is read to the same values; anything
else, however harmless, gets ``None`` and goes to the model, which explains what is wrong. What
a model checks in a validator is checked here in ``__post_init__``, which declines by raising.
The tests hold the two to that: the same keys and defaults, and on thousands of damaged
documents, never a different answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Annotated, Any, Literal, get_args

import msgspec
from msgspec import Meta, Struct, field

from trucker.core.geometry import Connector, Direction, parse_sides
from trucker.formats.boards import parse_columns, row_number

__all__ = ["read_ship", "read_board", "TILE_STRUCTS", "ShipFile", "BoardFile", "InsuranceEntry"]


class Sides(tuple[Connector, Connector, Connector, Connector]):
    """A tile's sides, front, right, rear, left, read from their text (``"s-du"``): a type
    msgspec does not know, so it asks :func:`_read_custom`."""

    __slots__ = ()


@lru_cache(maxsize=1024)
def _sides(text: str) -> Sides:
    return Sides(parse_sides(text))


def _read_custom(kind: type, value: object) -> object:
    """msgspec's hook for the one type it cannot read by itself; ``ValueError`` declines."""
    if kind is Sides and type(value) is str:
        return _sides(value)
    raise ValueError("not a sides text")


Count = Annotated[int, Meta(ge=0)]
Color = Literal["brown", "purple", "cyan"]
_TWO = Meta(min_length=2, max_length=2)
_SMOOTH = Connector.SMOOTH
_UNIVERSAL = (Connector.UNIVERSAL,) * 4


def _smooth(sides: Sides | None, directions: list[Direction]) -> None:
    """Decline unless each of ``directions`` is a smooth side (a functional side: barrel,
    exhaust, nozzle, armor)."""
    if sides is not None:
        for direction in directions:
            if sides[direction.index] is not _SMOOTH:
                raise ValueError(f"the {direction} side is not smooth")


# gc=False: a read document holds no cycles, and untracked structs are quicker to make.
class _Tile(Struct, tag_field="part", forbid_unknown_fields=True, kw_only=True, gc=False):
    """Keys every part may carry. ``__post_init__`` checks what the model's validators check,
    one part at a time; a subclass that overrides it checks the armor too."""

    armor: list[Direction] = []
    sides: Sides | None = None

    @property
    def part(self) -> str:
        return self.__struct_config__.tag  # type: ignore[return-value]

    def __post_init__(self) -> None:
        if self.armor:
            self._armor()

    def _armor(self) -> None:
        if len(set(self.armor)) != len(self.armor):
            raise ValueError("a side is armored twice")
        _smooth(self.sides, self.armor)


class _Plain(_Tile):
    """Every part but the cabin gives its sides."""

    sides: Sides


class CabinTile(_Tile, tag="cabin"):
    start: bool = False
    crew: Count | None = None
    alien: Color | None = None

    def __post_init__(self) -> None:
        if self.crew is not None and self.alien is not None:
            raise ValueError("crew and alien together")
        if self.start:
            if self.sides is not None and self.sides != _UNIVERSAL:
                raise ValueError('the starting cabin is "uuuu"')
        elif self.sides is None:
            raise ValueError("sides missing")
        if self.armor:
            self._armor()


class StructureTile(_Plain, tag="structure"):
    pass


class BatteryTile(_Plain, tag="battery"):
    capacity: Literal[2, 3]
    charge: Count | None = None


class CargoTile(_Plain, tag="cargo"):
    capacity: int
    red: bool = False
    goods: str = ""

    def __post_init__(self) -> None:
        if self.capacity not in ((1, 2) if self.red else (2, 3)):
            raise ValueError("no real hold has this capacity")
        letters = self.goods.upper()
        if letters.strip("RYGB"):
            raise ValueError("a goods letter that is not R Y G B")
        self.goods = letters
        if self.armor:
            self._armor()


class _Facing(_Plain):
    facing: Direction

    def __post_init__(self) -> None:
        if self.sides[self.facing.index] is not _SMOOTH:
            raise ValueError("the barrel or exhaust side is not smooth")
        if self.armor:
            self._armor()


class EngineTile(_Facing, tag="engine"):
    pass


class DoubleEngineTile(_Facing, tag="double-engine"):
    pass


class CannonTile(_Facing, tag="cannon"):
    pass


class DoubleCannonTile(_Facing, tag="double-cannon"):
    pass


class ShieldTile(_Plain, tag="shield"):
    covers: Annotated[list[Direction], _TWO]

    def __post_init__(self) -> None:
        if self.covers[0] is self.covers[1]:
            raise ValueError("a side covered twice")
        if self.armor:
            self._armor()


class LifeSupportTile(_Plain, tag="life-support"):
    color: Color


class HybridLifeSupportTile(_Plain, tag="hybrid-life-support"):
    colors: Annotated[list[Color], _TWO]

    def __post_init__(self) -> None:
        if self.colors[0] == self.colors[1]:
            raise ValueError("one colour twice")
        if self.armor:
            self._armor()


class ThrusterTile(_Plain, tag="thruster"):
    nozzles: Annotated[list[Direction], _TWO]

    def __post_init__(self) -> None:
        if not self.nozzles[0].is_perpendicular(self.nozzles[1]):
            raise ValueError("nozzles that are not perpendicular")
        _smooth(self.sides, self.nozzles)
        if self.armor:
            self._armor()


class SolarPanelTile(_Plain, tag="solar-panel"):
    pass


class RouterTile(_Plain, tag="router"):
    pass


class RobotCenterTile(_Plain, tag="robot-center"):
    active: bool | None = None


class TurretTile(_Plain, tag="turret"):
    pass


class ArmoryTile(_Plain, tag="armory"):
    pass


class LuxuryCabinTile(_Plain, tag="luxury-cabin"):
    passenger: bool | None = None


class StasisChamberTile(_Plain, tag="stasis-chamber"):
    sleepers: Count | None = None


AnyTile = (
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
    | StasisChamberTile
)
"""A tile of any part: msgspec picks the struct by the ``part`` key, the tag."""

TILE_STRUCTS: dict[str, type[_Tile]] = {cls.__struct_config__.tag: cls for cls in get_args(AnyTile)}
"""Each part's struct, by its ``part`` word."""


class ShipFile(Struct, forbid_unknown_fields=True, kw_only=True, gc=False):
    """A ship layout file (``trucker-ship/1``), as :class:`trucker.formats.ship_file.ShipFile`."""

    format: Literal["trucker-ship/1"]
    board: str
    name: str | None = None
    holes: Annotated[list[Annotated[int, Meta(ge=1, le=6)]], _TWO] | None = None
    insured: bool | None = None
    loadout: Literal["launch", "empty"] = "launch"
    rulings: dict[str, Any] = {}
    tiles: dict[str, AnyTile]


class InsuranceEntry(Struct, forbid_unknown_fields=True, kw_only=True, gc=False):
    """A board's ``[insurance]`` table, as :class:`trucker.formats.board_file.InsuranceEntry`."""

    cap: Count | None = None
    optional: bool = False
    price: Count | None = None
    values: Literal["printed", "representative"] = "printed"


class BoardFile(Struct, forbid_unknown_fields=True, kw_only=True, gc=False):
    """A board file (``trucker-board/1``), as :class:`trucker.formats.board_file.BoardFile`."""

    format: Literal["trucker-board/1"]
    id: str
    name: str
    aliases: list[str] = []
    level: Annotated[int, Meta(ge=1, le=4)]
    source: Literal["printed", "reconstruction", "custom"] = "custom"
    start: str
    reserve: Count = 2
    reserve_printed: bool = True
    wrap: bool = False
    dice: Literal["sum", "pairs"] = "sum"
    pairs: Literal["ordered", "unordered"] = "ordered"
    side_entry: tuple[int, int] | None = None
    squares: dict[str, str]
    columns: dict[str, list[str]] = {}
    hole_marks: dict[str, list[str]] = {}
    insurance: InsuranceEntry = field(default_factory=InsuranceEntry)

    def __post_init__(self) -> None:
        """The model's check of ``squares``: each row a number, each column list readable."""
        for row, cols in self.squares.items():
            row_number(row)
            parse_columns(cols)


def read_ship(data: Mapping[str, Any]) -> ShipFile | None:
    """A ship layout document as the pydantic model would read it, or None to let the model
    decide (and explain)."""
    try:
        return msgspec.convert(data, ShipFile, strict=True, dec_hook=_read_custom)
    except msgspec.ValidationError:
        return None


def read_board(data: Mapping[str, Any]) -> BoardFile | None:
    """A board document as the pydantic model would read it, or None to let the model decide."""
    try:
        return msgspec.convert(data, BoardFile, strict=True)
    except msgspec.ValidationError:
        return None
