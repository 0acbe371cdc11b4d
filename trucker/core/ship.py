"""The ship as built: frozen tiles on the squares of a board. No rule logic lives here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from trucker.core.boards import Board
from trucker.core.geometry import Cell, Connector, Direction
from trucker.core.parts import GOODS_VALUE, AlienColor, Part, PartInfo
from trucker.core.written import written_copy, written_out

__all__ = ["Tile", "Ship", "sort_goods"]


def sort_goods(goods: Iterable[str]) -> str:
    """Goods letters, most valuable first: ``"BRY"`` -> ``"RYB"``."""
    return "".join(sorted(goods, key=lambda g: -GOODS_VALUE[g]))


@written_out
@dataclass(frozen=True, slots=True)
class Tile:
    """One tile as it lies on the board (already turned), with what it holds now.

    ``tile.with_contents(crew=1)`` is a copy with new contents (defined below the class)."""

    part: Part
    sides: tuple[Connector, Connector, Connector, Connector]
    facing: Direction | None = None
    covers: tuple[Direction, ...] = ()
    nozzles: tuple[Direction, ...] = ()
    armor: frozenset[Direction] = frozenset()
    start: bool = False
    capacity: int = 0
    red: bool = False
    colors: tuple[AlienColor, ...] = ()
    crew: int = 0
    alien: AlienColor | None = None
    charge: int = 0
    goods: str = ""
    active: bool = False
    robots: int = 0
    sleepers: int = 0
    passenger: bool = False

    def side(self, direction: Direction) -> Connector:
        return self.sides[direction.index]

    @property
    def is_cabin(self) -> bool:
        """A cabin in the crew sense (the starting cabin included, RULES §2.2)."""
        return self.part is Part.CABIN

    @property
    def occupants(self) -> int:
        """Awake crew aboard: humans and aliens (the Epidemic and Radiation sense)."""
        return self.crew + (1 if self.alien else 0)

    @property
    def active_robots(self) -> int:
        """Robots that count this card: those of an activated robot center (RULES §2.4)."""
        return self.robots if self.active else 0


Tile.with_contents = written_copy(  # type: ignore[attr-defined]
    Tile, "with_contents", "A copy with new contents (no validation: the engine's own changes)."
)


@dataclass(frozen=True, eq=False)
class Ship:
    """A ship layout: a board and the tiles on its squares, as read from a file or built, with
    the printed facts of its parts (the crew a cabin holds, an engine's power...) from the
    catalogue it was read with: the rules read a part's numbers there, never from a file."""

    board: Board
    tiles: Mapping[Cell, Tile]
    part_facts: Mapping[Part, PartInfo] = field(kw_only=True)
    name: str | None = None
    holes: tuple[int, int] | None = None
    insured: bool | None = None
    loadout: str = "launch"
    rulings: Mapping[str, object] = field(default_factory=dict)
    file: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.tiles, MappingProxyType):
            object.__setattr__(self, "tiles", MappingProxyType(dict(self.tiles)))

    def __getstate__(self) -> dict[str, object]:
        """Picklable (a read-only mapping is not): ships travel to worker processes."""
        return {
            **self.__dict__,
            "tiles": dict(self.tiles),
            "rulings": dict(self.rulings),
            "part_facts": dict(self.part_facts),
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        object.__setattr__(self, "tiles", MappingProxyType(dict(self.tiles)))

    def __repr__(self) -> str:
        where = self.file or self.name or "unnamed"
        return f"<Ship {where!r} on {self.board.id}, {len(self.tiles)} tiles>"

    @property
    def label(self) -> str:
        """How reports name this ship: its name, else its file, else "ship"."""
        return self.name or self.file or "ship"

    @property
    def hole_squares(self) -> frozenset[Cell]:
        return self.board.holes(self.holes)

    def with_tiles(self, tiles: Mapping[Cell, Tile]) -> Ship:
        return replace(self, tiles=MappingProxyType(dict(tiles)))

    def without(self, cells: Iterable[Cell]) -> Ship:
        gone = set(cells)
        return self.with_tiles({c: t for c, t in self.tiles.items() if c not in gone})

    def starting_cabins(self) -> list[Cell]:
        return sorted(c for c, t in self.tiles.items() if t.start)
