"""What a tile can be: the part kinds of the spec's part table, and each part's row of game data.

A part is one :class:`Part` value and one row of ``components_data/parts.toml`` (read and
checked by :mod:`trucker.formats.parts_file`): its numbers, what it stops and from where, how
it is drawn and what ``trucker weigh`` may try with it. The rules, the engine, the drawings and
``weigh`` read the row (:class:`PartInfo`), through the ship's :class:`PartFacts`; what a part
does that no row can say is one named function in the module of its rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import NamedTuple

from trucker.core.threats import ThreatKind

__all__ = [
    "Part",
    "PartInfo",
    "PartFacts",
    "Look",
    "Family",
    "Icon",
    "Shows",
    "Defence",
    "Reach",
    "Guard",
    "Trial",
    "Lies",
    "AlienColor",
    "GOODS_VALUE",
    "goods_value",
]


class Part(StrEnum):
    """The ``part`` of a tile, as the layout file writes it.

    >>> import trucker
    >>> trucker.Part("double-cannon").is_cannon, trucker.Part.SHIELD.words
    (True, 'shield')
    """

    CABIN = "cabin"
    STRUCTURE = "structure"
    BATTERY = "battery"
    CARGO = "cargo"
    ENGINE = "engine"
    DOUBLE_ENGINE = "double-engine"
    CANNON = "cannon"
    DOUBLE_CANNON = "double-cannon"
    SHIELD = "shield"
    LIFE_SUPPORT = "life-support"
    HYBRID_LIFE_SUPPORT = "hybrid-life-support"
    SOLAR_PANEL = "solar-panel"
    THRUSTER = "thruster"
    ROUTER = "router"
    ROBOT_CENTER = "robot-center"
    TURRET = "turret"
    ARMORY = "armory"
    LUXURY_CABIN = "luxury-cabin"
    STASIS_CHAMBER = "stasis-chamber"

    @property
    def is_engine(self) -> bool:
        """An exhaust on its facing side, engine power (RULES §2.2, §4.2)."""
        return self in (Part.ENGINE, Part.DOUBLE_ENGINE)

    @property
    def is_cannon(self) -> bool:
        """A barrel on its facing side, firepower (RULES §2.2, §4.1)."""
        return self in (Part.CANNON, Part.DOUBLE_CANNON)

    @property
    def is_life_support(self) -> bool:
        return self in (Part.LIFE_SUPPORT, Part.HYBRID_LIFE_SUPPORT)

    @property
    def words(self) -> str:
        """The part's id as words: ``double cannon`` (worded once per part)."""
        return _WORDS[self]


_WORDS: dict[Part, str] = {part: part.value.replace("-", " ") for part in Part}


class AlienColor(StrEnum):
    BROWN = "brown"
    PURPLE = "purple"
    CYAN = "cyan"


GOODS_VALUE = {"R": 4, "Y": 3, "G": 2, "B": 1}
"""Credits per cube (RULES §6.1)."""


def goods_value(goods: str) -> int:
    """What a string of goods letters sells for at full price (RULES §9.1)."""
    return sum(map(GOODS_VALUE.__getitem__, goods))


# -- how a part is drawn ------------------------------------------------------------------------


class Family(StrEnum):
    """A part's colour family, the same in the terminal and in pictures."""

    CREW = "crew"
    POWER = "power"
    CARGO = "cargo"
    ENGINE = "engine"
    WEAPON = "weapon"
    SHIELD = "shield"
    OTHER = "other"


class Icon(StrEnum):
    """The picture drawn on a tile (one function each in
    :mod:`trucker.render.pictures.icons`); parts may share one."""

    NONE = "none"
    CABIN = "cabin"
    LUXURY = "luxury"
    PIPES = "pipes"
    BATTERY = "battery"
    HOLD = "hold"
    ENGINE = "engine"
    CANNON = "cannon"
    SHIELD = "shield"
    LIFE_SUPPORT = "life-support"
    SOLAR = "solar"
    THRUSTER = "thruster"
    ROUTER = "router"
    ROBOTS = "robots"
    TURRET = "turret"
    ARMORY = "armory"
    STASIS = "stasis"


class Shows(StrEnum):
    """What a drawing shows of a tile beside its symbol (the third character in the terminal,
    a count in a picture's label): what it holds or how it lies."""

    CREW = "crew"
    CHARGE = "charge"
    GOODS = "goods"
    COVERS = "covers"
    COLORS = "colors"
    ACTIVE = "active"
    PASSENGER = "passenger"
    SLEEPERS = "sleepers"


class Look(NamedTuple):
    """How a part is drawn."""

    symbol: str
    """The terminal drawing's letters: two, or one when what it shows takes two."""
    label: str
    """The words under its picture."""
    family: Family = Family.OTHER
    icon: Icon = Icon.NONE
    shows: Shows | None = None
    legend: str = ""
    """What the character after the symbol means, for a drawing's legend."""
    red_symbol: str = ""
    """The letters of a red one (a red hold), when it differs."""


# -- what a part stops ---------------------------------------------------------------------------


class Reach(StrEnum):
    """Where a defending part must be to stop a threat (RULES §5.2)."""

    AIM = "aim"
    """A barrel pointed at the threat's line: the same column from the front, the same or an
    adjacent row from a side, from the rear as the ruling ``rear_large_meteor`` says."""
    COVERS = "covers"
    """Anywhere, covering the side the threat comes from (RULES §4.6)."""


class Defence(NamedTuple):
    """The threats a part stops, from where, and how a log names the stop (``as``)."""

    against: frozenset[ThreatKind]
    reach: Reach
    name: str


class Guard(NamedTuple):
    """One part that stops one kind of threat: a powered part is paid for (a battery token or
    solar power, the captain's choice), any other stops it at once."""

    part: Part
    reach: Reach
    paid: bool
    name: str


# -- what weigh may try -------------------------------------------------------------------------


class Lies(StrEnum):
    """The ways ``trucker weigh`` lays a part on a square."""

    PLAIN = "plain"
    """One way: its connectors turned to meet the neighbours."""
    FACING = "facing"
    """Facing each of the four sides (a barrel or an exhaust; that side smooth)."""
    COVERS = "covers"
    """Covering each pair of neighbouring sides (a shield)."""
    NOZZLES = "nozzles"
    """Its nozzles on each pair of neighbouring sides (a thruster)."""


class Trial(NamedTuple):
    """What ``trucker weigh`` may add of a part: the ways it lies, and its varieties by the
    name ``--parts`` gives them (``battery:3``), each the tile keys a layout file would write."""

    lies: Lies = Lies.PLAIN
    varieties: tuple[tuple[str, Mapping[str, object]], ...] = ()
    first: str | None = None
    """The variety of the part named alone; None tries every variety."""


# -- a part's row -------------------------------------------------------------------------------


class PartInfo(NamedTuple):
    """A part's row of ``components_data/parts.toml``: everything the program knows of it."""

    part: Part
    name: str
    expansion: str
    description: str
    look: Look
    power: int = 0
    """Engine power, or firepower facing front (a cannon facing elsewhere gives half)."""
    pair_power: int = 0
    powered: bool = False
    """Works only when powered by a battery token (or solar power), once per card."""
    crew: int = 0
    sleepers: int = 0
    robots: int = 0
    defends: Defence | None = None
    weigh: Trial = Trial()


class Powered(NamedTuple):
    """The parts of one kind (cannons, engines) that work unpowered, and those powered."""

    free: tuple[Part, ...]
    paid: tuple[Part, ...]

    @property
    def every(self) -> tuple[Part, ...]:
        return (*self.free, *self.paid)


class PartFacts(dict[Part, PartInfo]):
    """Every part's row by part, and what the rules look up across the rows, worked out once
    per catalogue: which parts stop each threat, which fire and which drive. A ship carries
    the facts of the catalogue it was read with (a dict: reading a row is a plain lookup)."""

    guards: Mapping[ThreatKind, tuple[Guard, ...]]
    cannons: Powered
    engines: Powered

    def __init__(self, rows: Iterable[PartInfo] = ()) -> None:
        super().__init__((row.part, row) for row in rows)
        self._derive()

    def _derive(self) -> None:
        order = sorted(self.values(), key=lambda row: list(Part).index(row.part))
        self.guards = {
            kind: tuple(
                Guard(row.part, row.defends.reach, row.powered, row.defends.name)
                for row in order
                if row.defends is not None and kind in row.defends.against
            )
            for kind in ThreatKind
        }
        self.cannons = _powered(row for row in order if row.part.is_cannon)
        self.engines = _powered(row for row in order if row.part.is_engine)

    def __reduce__(self) -> tuple[type[PartFacts], tuple[tuple[PartInfo, ...]]]:
        return PartFacts, (tuple(self.values()),)


def _powered(rows: Iterable[PartInfo]) -> Powered:
    chosen = list(rows)
    return Powered(
        tuple(row.part for row in chosen if not row.powered),
        tuple(row.part for row in chosen if row.powered),
    )
