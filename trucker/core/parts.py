"""What a tile can be: the part kinds of the spec's part table and their game data."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = ["Part", "PartInfo", "AlienColor", "GOODS_VALUE", "CREW_PARTS", "goods_value"]


class Part(StrEnum):
    """The ``part`` of a tile, as the layout file writes it."""

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
        return self in (Part.ENGINE, Part.DOUBLE_ENGINE)

    @property
    def is_cannon(self) -> bool:
        return self in (Part.CANNON, Part.DOUBLE_CANNON)

    @property
    def is_life_support(self) -> bool:
        return self in (Part.LIFE_SUPPORT, Part.HYBRID_LIFE_SUPPORT)


class AlienColor(StrEnum):
    BROWN = "brown"
    PURPLE = "purple"
    CYAN = "cyan"


CREW_PARTS = frozenset({Part.CABIN, Part.LUXURY_CABIN, Part.ROBOT_CENTER, Part.STASIS_CHAMBER})

GOODS_VALUE = {"R": 4, "Y": 3, "G": 2, "B": 1}
"""Credits per cube (RULES §6.1)."""


def goods_value(goods: str) -> int:
    """What a string of goods letters sells for at full price (RULES §9.1)."""
    return sum(map(GOODS_VALUE.__getitem__, goods))


class PartInfo(NamedTuple):
    """A part's game data, read from ``components_data/parts.toml``."""

    part: Part
    name: str
    symbol: str
    expansion: str
    description: str
    power: int = 0
    pair_power: int = 0
    powered: bool = False
    crew: int = 0
    sleepers: int = 0
    robots: int = 0
