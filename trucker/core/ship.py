"""The ship as built: frozen tiles on the squares of a board, and what each holds. No rule
logic lives here.

A :class:`Tile` is what is printed on the tile and how it lies (part, connectors, facing,
capacity): it never changes in flight. Its :class:`Contents` (crew, an alien, tokens, goods,
robots...) is a small record of its own, so a flight changes what is aboard a tile without
copying the tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import NamedTuple

from trucker.core.boards import Board
from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction
from trucker.core.notebook import picture
from trucker.core.parts import GOODS_VALUE, AlienColor, Part, PartFacts

__all__ = ["Tile", "Contents", "EMPTY", "Ship", "sort_goods"]


def sort_goods(goods: Iterable[str]) -> str:
    """Goods letters, most valuable first: ``"BRY"`` -> ``"RYB"``."""
    return "".join(sorted(goods, key=lambda g: -GOODS_VALUE[g]))


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile as it lies on the board (already turned): its part and printed facts."""

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

    def side(self, direction: Direction) -> Connector:
        return self.sides[direction.index]

    def turned(self, quarters: int = 1) -> Tile:
        """The tile turned clockwise ``quarters`` quarter turns, as a hand turns it on the
        table: its sides go round with its barrel or exhaust, shield arcs, nozzles and armor.

        >>> from trucker.core.geometry import parse_sides
        >>> engine = Tile(Part.ENGINE, parse_sides("u---"), facing=Direction.REAR)
        >>> turned = engine.turned()
        >>> "".join(s.char for s in turned.sides), str(turned.facing)
        ('-u--', 'left')
        """
        k = quarters % 4
        if k == 0:
            return self

        def turn(direction: Direction) -> Direction:
            return DIRECTIONS[(direction.index + k) % 4]

        a, b, c, d = (self.sides[(i - k) % 4] for i in range(4))
        return replace(
            self,
            sides=(a, b, c, d),
            facing=None if self.facing is None else turn(self.facing),
            covers=tuple(map(turn, self.covers)),
            nozzles=tuple(map(turn, self.nozzles)),
            armor=frozenset(map(turn, self.armor)),
        )


class Contents(NamedTuple):
    """What is aboard one tile now. ``contents._replace(crew=1)`` is a copy with a change (the
    engine's own, unchecked: a file's contents are checked by the loader and the rules), as is
    ``contents.with_crew(1)``, the cheaper form of the changes the engine makes most."""

    crew: int = 0
    """Humans (cabins)."""
    alien: AlienColor | None = None
    charge: int = 0
    """Battery tokens."""
    goods: str = ""
    """Goods letters, most valuable first."""
    active: bool = False
    """A robot center's robots work this card (RULES §2.4)."""
    robots: int = 0
    sleepers: int = 0
    """Astronauts asleep in a stasis chamber."""
    passenger: bool = False
    """A luxury cabin's passenger."""

    @property
    def occupants(self) -> int:
        """Awake crew aboard: humans and aliens (the Epidemic and Radiation sense)."""
        return self.crew + (1 if self.alien else 0)

    @property
    def active_robots(self) -> int:
        """Robots that count this card: those of an activated robot center (RULES §2.4)."""
        return self.robots if self.active else 0

    # The engine's most frequent changes, each one constructor call naming every field:
    # ``_replace`` costs twice as much, and a flight changes goods, tokens and crew dozens of
    # times (tests hold each to ``_replace``).

    def with_crew(self, crew: int) -> Contents:
        """A copy with ``crew`` humans."""
        return Contents(
            crew,
            self.alien,
            self.charge,
            self.goods,
            self.active,
            self.robots,
            self.sleepers,
            self.passenger,
        )

    def with_charge(self, charge: int) -> Contents:
        """A copy with ``charge`` battery tokens."""
        return Contents(
            self.crew,
            self.alien,
            charge,
            self.goods,
            self.active,
            self.robots,
            self.sleepers,
            self.passenger,
        )

    def with_goods(self, goods: str) -> Contents:
        """A copy holding ``goods``."""
        return Contents(
            self.crew,
            self.alien,
            self.charge,
            goods,
            self.active,
            self.robots,
            self.sleepers,
            self.passenger,
        )

    def with_active(self, active: bool) -> Contents:
        """A copy whose robots are (or are not) activated."""
        return Contents(
            self.crew,
            self.alien,
            self.charge,
            self.goods,
            active,
            self.robots,
            self.sleepers,
            self.passenger,
        )


EMPTY = Contents()
"""The contents of a tile that holds nothing (shared)."""


@dataclass(frozen=True, eq=False)
class Ship:
    """A ship layout: a board, the tiles on its squares and what each holds (``contents`` has
    an entry for every tile), as read from a file or built, with the printed facts of its parts
    (the crew a cabin holds, an engine's power...) from the catalogue it was read with: the
    rules read a part's numbers there, never from a file.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-i-starter.toml")
    >>> str(ship.tiles[trucker.Cell(7, 7)].part), ship.contents[trucker.Cell(7, 7)].crew
    ('cabin', 2)
    >>> ship._repr_svg_().startswith("<svg")  # what a notebook shows
    True
    """

    board: Board
    tiles: Mapping[Cell, Tile]
    contents: Mapping[Cell, Contents] = field(kw_only=True)
    part_facts: PartFacts = field(kw_only=True)
    name: str | None = None
    holes: tuple[int, int] | None = None
    insured: bool | None = None
    loadout: str = "launch"
    rulings: Mapping[str, object] = field(default_factory=dict)
    file: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.tiles, MappingProxyType):
            object.__setattr__(self, "tiles", MappingProxyType(dict(self.tiles)))
        if not isinstance(self.contents, MappingProxyType):
            held = {cell: self.contents.get(cell, EMPTY) for cell in self.tiles}
            object.__setattr__(self, "contents", MappingProxyType(held))

    def __getstate__(self) -> dict[str, object]:
        """Picklable (a read-only mapping is not): ships travel to worker processes."""
        return {
            **self.__dict__,
            "tiles": dict(self.tiles),
            "contents": dict(self.contents),
            "rulings": dict(self.rulings),
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        object.__setattr__(self, "tiles", MappingProxyType(dict(self.tiles)))
        object.__setattr__(self, "contents", MappingProxyType(dict(self.contents)))

    def __repr__(self) -> str:
        where = self.file or self.name or "unnamed"
        return f"<Ship {where!r} on {self.board.id}, {len(self.tiles)} tiles>"

    def _repr_svg_(self) -> str:
        """The ship drawn on its board, as a notebook shows it (``trucker show --svg``)."""
        return picture("ship_svg", self)

    @property
    def label(self) -> str:
        """How reports name this ship: its name, else its file, else "ship"."""
        return self.name or self.file or "ship"

    @property
    def hole_squares(self) -> frozenset[Cell]:
        return self.board.holes(self.holes)

    def with_tiles(
        self, tiles: Mapping[Cell, Tile], contents: Mapping[Cell, Contents] | None = None
    ) -> Ship:
        """The ship with these tiles, holding ``contents`` (by default what each tile kept
        holds now; a new tile holds nothing)."""
        held = self.contents if contents is None else contents
        return replace(
            self,
            tiles=MappingProxyType(dict(tiles)),
            contents=MappingProxyType({cell: held.get(cell, EMPTY) for cell in tiles}),
        )

    def with_contents(self, contents: Mapping[Cell, Contents]) -> Ship:
        """The same tiles holding ``contents`` (tiles it does not name keep theirs)."""
        return self.with_tiles(self.tiles, {**self.contents, **contents})

    def without(self, cells: Iterable[Cell]) -> Ship:
        gone = set(cells)
        return self.with_tiles({c: t for c, t in self.tiles.items() if c not in gone})

    def placed(self, cell: Cell, tile: Tile, held: Contents = EMPTY) -> Ship:
        """The ship with ``tile`` on ``cell`` holding ``held`` (a tile there before is gone)."""
        return self.with_tiles({**self.tiles, cell: tile}, {**self.contents, cell: held})

    def moved(self, origin: Cell, target: Cell) -> Ship:
        """The tile on ``origin`` lifted onto ``target``, with what it holds (a tile on
        ``target`` before is gone); the other tiles keep their order."""
        tiles = {c: t for c, t in self.tiles.items() if c != origin}
        tiles[target] = self.tiles[origin]
        return self.with_tiles(tiles, {**self.contents, target: self.contents[origin]})

    def starting_cabins(self) -> list[Cell]:
        return sorted(c for c, t in self.tiles.items() if t.start)
