"""The ship as built: frozen tiles on the squares of a board. No rule logic lives here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from types import MappingProxyType

from trucker.boards import Board
from trucker.geometry import Cell, Connector, Direction
from trucker.parts import GOODS_VALUE, AlienColor, Part

__all__ = ["Tile", "Ship", "sort_goods"]


def sort_goods(goods: Iterable[str]) -> str:
    """Goods letters, most valuable first: ``"BRY"`` -> ``"RYB"``."""
    return "".join(sorted(goods, key=lambda g: -GOODS_VALUE[g]))


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


_TILE_FIELDS = tuple(f.name for f in fields(Tile))


def _written_out(name: str, params: str, body: str, doc: str) -> Callable[..., object]:
    """A method of :class:`Tile` written out field by field: a flight builds and copies tiles
    thousands of times, and one argument and one slot store per field cost half of a loop over
    the fields (or of the dataclass's ``object.__setattr__`` calls). The source is made from
    the dataclass's own field names only."""
    stores = {f"_set_{f}": getattr(Tile, f).__set__ for f in _TILE_FIELDS}
    defaults = {f"_default_{f.name}": f.default for f in fields(Tile)}
    scope: dict[str, object] = {"_keep": _KEEP, "_new": object.__new__, "Tile": Tile}
    scope.update(stores)
    scope.update(defaults)
    exec(f"def {name}(self, {params}):\n{body}", scope)
    method = scope[name]
    assert callable(method)
    method.__qualname__ = f"Tile.{name}"
    method.__doc__ = doc
    return method


_KEEP = object()
_REQUIRED = [f.name for f in fields(Tile) if f.default is MISSING]
assert _REQUIRED == ["part", "sides"] and all(f.default_factory is MISSING for f in fields(Tile))

Tile.__init__ = _written_out(  # type: ignore[method-assign]
    "__init__",
    "part, sides, " + ", ".join(f"{f}=_default_{f}" for f in _TILE_FIELDS if f not in _REQUIRED),
    "".join(f"    _set_{f}(self, {f})\n" for f in _TILE_FIELDS),
    "A tile: its part and sides, then anything it carries (the dataclass's fields).",
)
Tile.with_contents = _written_out(  # type: ignore[attr-defined]
    "with_contents",
    "*, " + ", ".join(f"{f}=_keep" for f in _TILE_FIELDS),
    "    new = _new(Tile)\n"
    + "".join(f"    _set_{f}(new, self.{f} if {f} is _keep else {f})\n" for f in _TILE_FIELDS)
    + "    return new\n",
    "A copy with new contents (no validation: the engine's own changes); an unknown field is "
    "a TypeError, as for any function.",
)


@dataclass(frozen=True, eq=False)
class Ship:
    """A ship layout: a board and the tiles on its squares, as read from a file or built."""

    board: Board
    tiles: Mapping[Cell, Tile]
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
        return {**self.__dict__, "tiles": dict(self.tiles), "rulings": dict(self.rulings)}

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
