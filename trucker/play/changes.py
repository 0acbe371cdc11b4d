"""The small changes to a ship that ``trucker weigh`` weighs: every tile taken away, and every
part of a list added on every free square where the ship stays legal, in every way it can lie.

An added tile is the kindest tile of its part for that square: a universal connector on each
side that meets a neighbour's connector, smooth sides everywhere else (so it never adds an
exposed connector, RULES §4.5), its barrel, exhaust or nozzles on a smooth side. It is read by
the layout file's own rules (what it holds at launch) and kept only when the whole ship passes
every check (:func:`trucker.rules.validate.violations`). A removal is kept only when what is
left is still a legal ship.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, assert_never

from trucker.core.errors import BadInput
from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction
from trucker.core.parts import Lies, Part, PartInfo, Trial
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import Ship, Tile
from trucker.formats.catalogue import parts as part_rows
from trucker.formats.load import tile_from_entry
from trucker.rules.graph import touching
from trucker.rules.validate import is_legal

__all__ = [
    "DEFAULT_PARTS",
    "PartChoice",
    "Change",
    "Changes",
    "parse_parts",
    "changes",
]

DEFAULT_PARTS = "shield,battery,cannon,double-cannon,engine,double-engine,cabin,cargo"
"""The parts ``trucker weigh`` tries when ``--parts`` does not say: the base game's working
parts (a battery of 2 tokens, a hold of 2 plain slots)."""

_PAIRS = (
    (Direction.FRONT, Direction.RIGHT),
    (Direction.RIGHT, Direction.REAR),
    (Direction.REAR, Direction.LEFT),
    (Direction.LEFT, Direction.FRONT),
)
"""The four pairs of neighbouring sides: where a shield covers, where a thruster's nozzles
point (RULES §4.6, §2.4)."""


@dataclass(frozen=True)
class PartChoice:
    """One entry of ``--parts``: a part, and its variety when it has them."""

    part: Part
    variety: str | None = None

    def __str__(self) -> str:
        return str(self.part) if self.variety is None else f"{self.part}:{self.variety}"

    def entries(self, trial: Trial) -> Iterator[tuple[dict[str, Any], str, tuple[Direction, ...]]]:
        """Each way this part may lie, as its row's ``weigh`` says (``trial``): a tile entry
        without its sides, how it lies in words, and the sides that must be smooth."""
        base: dict[str, Any] = {"part": str(self.part)}
        varieties = dict(trial.varieties)
        chosen: list[str | None]
        if self.variety is not None:
            chosen = [self.variety]
        elif trial.first is not None:
            chosen = [trial.first]
        else:
            chosen = list(varieties) or [None]
        for variety in chosen:
            keys = varieties[variety] if variety is not None else {}
            yield from _orientations(trial.lies, {**base, **keys})


def _orientations(
    lies: Lies, entry: dict[str, Any]
) -> Iterator[tuple[dict[str, Any], str, tuple[Direction, ...]]]:
    match lies:
        case Lies.COVERS:
            for covers in _PAIRS:
                yield (
                    {**entry, "covers": [str(d) for d in covers]},
                    f"covering {covers[0]} and {covers[1]}",
                    (),
                )
        case Lies.FACING:
            for direction in DIRECTIONS:
                yield {**entry, "facing": str(direction)}, f"facing {direction}", (direction,)
        case Lies.NOZZLES:
            for first, second in _PAIRS:
                nozzles = (first, second)
                yield (
                    {**entry, "nozzles": [str(d) for d in nozzles]},
                    f"nozzles {first} and {second}",
                    nozzles,
                )
        case Lies.PLAIN:
            yield entry, "", ()
        case _:
            assert_never(lies)


def parse_parts(
    text: str, where: str = "--parts", facts: Mapping[Part, PartInfo] | None = None
) -> tuple[PartChoice, ...]:
    """``shield,battery:3,cargo:red1,life-support:brown``: the parts to try adding, their
    varieties those of their rows (``facts``: the packaged parts when not given).
    :class:`BadInput` (one line) naming the entry that is not one."""
    rows = facts if facts is not None else part_rows()
    chosen: list[PartChoice] = []
    for word in (w.strip() for w in text.split(",")):
        name, _, variety = word.partition(":")
        try:
            part = Part(name)
        except ValueError:
            known = ", ".join(p.value for p in Part)
            raise BadInput.one(where, word, f"not a part: use {known}") from None
        if variety:
            allowed = [name for name, _keys in rows[part].weigh.varieties]
            if variety not in allowed:
                kinds = f"one of {', '.join(allowed)}" if allowed else "none"
                raise BadInput.one(where, word, f"{part} varieties: {kinds}")
        choice = PartChoice(part, variety or None)
        if choice not in chosen:
            chosen.append(choice)
    if not chosen:
        raise BadInput.one(where, text, "no parts given")
    return tuple(chosen)


@dataclass(frozen=True)
class Change:
    """One small change: a tile added to a free square (``kind`` "add") or a tile taken away
    ("remove"), with the ship it makes."""

    kind: Literal["add", "remove"]
    cell: Cell
    tile: Tile
    ship: Ship = field(repr=False, compare=False)
    part: str
    """The part as ``--parts`` names it (``battery:2``); for a removal, the tile's part."""
    lies: str = ""
    """How an added tile lies, in words (``covering front and left``)."""
    opened: Opened = ()
    """The neighbours' smooth sides it opened to join them (``--join any``)."""

    @property
    def key(self) -> str:
        """A short name, unique among a ship's changes: ``+shield@8,8 front+right``."""
        sign = "+" if self.kind == "add" else "-"
        how = ""
        if self.tile.covers:
            how = " " + "+".join(map(str, self.tile.covers))
        elif self.tile.facing is not None:
            how = f" {self.tile.facing}"
        elif self.tile.nozzles:
            how = " " + "+".join(map(str, self.tile.nozzles))
        return f"{sign}{self.part}@{self.cell}{how}"

    def words(self) -> str:
        """``add a shield on 8,8, covering front and right`` or ``remove the cabin on 7,6``."""
        if self.kind == "remove":
            return f"remove the {self.part} on {self.cell}"
        lies = f", {self.lies}" if self.lies else ""
        opened = ""
        if self.opened:
            sides = ", ".join(f"{cell}'s {side}" for cell, side in self.opened)
            opened = f" (opening {sides})"
        return f"add {self.part} on {self.cell}{lies}{opened}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "change": self.kind,
            "key": self.key,
            "square": str(self.cell),
            "part": self.part,
            "lies": self.lies,
            "sides": "".join(s.char for s in self.tile.sides),
            "opened": [{"square": str(cell), "side": str(side)} for cell, side in self.opened],
        }


@dataclass(frozen=True)
class Changes:
    """Every change tried on a ship, and how many were refused because the ship would be
    illegal (removals by square; additions counted)."""

    removals: tuple[Change, ...]
    additions: tuple[Change, ...]
    illegal_removals: tuple[Cell, ...] = ()
    illegal_additions: int = 0

    @property
    def all(self) -> tuple[Change, ...]:
        return (*self.additions, *self.removals)


Opened = tuple[tuple[Cell, Direction], ...]
"""Neighbours' sides a change gives a universal connector: (square, side)."""


def _sides_for(
    ship: Ship, cell: Cell, smooth: Iterable[Direction], join: str
) -> tuple[tuple[Connector, Connector, Connector, Connector], Opened] | None:
    """The kindest sides for a tile on ``cell``: universal toward each neighbour's
    connector (``join`` "any": toward every neighbour, whose smooth side is opened), smooth
    elsewhere; None when it would join nothing or a side that must be smooth meets a
    connector."""
    must = set(smooth)
    sides = [Connector.SMOOTH] * 4
    opened: list[tuple[Cell, Direction]] = []
    for direction, where, neighbour in touching(ship.board, ship.tiles, cell):
        facing = direction.opposite
        if neighbour.side(facing) is Connector.SMOOTH:
            if join != "any" or direction in must or _closed(neighbour, facing):
                continue
            opened.append((where, facing))
        elif direction in must:
            return None
        sides[direction.index] = Connector.UNIVERSAL
    if Connector.UNIVERSAL not in sides:
        return None
    a, b, c, d = sides
    return (a, b, c, d), tuple(opened)


def _closed(tile: Tile, side: Direction) -> bool:
    """A side that must stay smooth: a barrel, an exhaust, a nozzle or an armored wall."""
    return tile.facing is side or side in tile.nozzles or side in tile.armor


def _opening(ship: Ship, opened: Opened) -> dict[Cell, Tile]:
    """The ship's tiles with the given sides opened (a universal connector each)."""
    tiles = dict(ship.tiles)
    for where, side in opened:
        tile = tiles[where]
        sides = list(tile.sides)
        sides[side.index] = Connector.UNIVERSAL
        a, b, c, d = sides
        tiles[where] = replace(tile, sides=(a, b, c, d))
    return tiles


def _free_squares(ship: Ship) -> list[Cell]:
    holes = ship.hole_squares
    return sorted(c for c in ship.board.squares if c not in ship.tiles and c not in holes)


def changes(
    ship: Ship,
    parts: Iterable[PartChoice] = (),
    rulings: Rulings = DEFAULT_RULINGS,
    *,
    join: Literal["any", "open"] = "any",
) -> Changes:
    """Every legal removal of one tile, and every legal addition of one of ``parts`` (see the
    module's doc), in board order. ``join`` "open" adds only where a neighbour offers a
    connector (a tile this ship could take as it is); "any" also where a neighbour's side is
    smooth, which the change opens: what the part would be worth there, had the ship been built
    to take it."""
    removals, refused = [], []
    for cell in sorted(ship.tiles):
        tile = ship.tiles[cell]
        after = ship.without([cell])
        if is_legal(after, rulings):
            removals.append(Change("remove", cell, tile, after, str(tile.part)))
        else:
            refused.append(cell)
    additions, illegal = [], 0
    launch = ship.loadout == "launch"
    choices = list(parts)
    for cell in _free_squares(ship):
        for choice in choices:
            for entry, lies, smooth in choice.entries(ship.part_facts[choice.part].weigh):
                found = _sides_for(ship, cell, smooth, join)
                if found is None:
                    continue
                sides, opened = found
                tile, held = tile_from_entry(
                    {**entry, "sides": "".join(s.char for s in sides)}, launch=launch
                )
                tiles = {**_opening(ship, opened), cell: tile}
                after = ship.with_tiles(tiles, {**ship.contents, cell: held})
                if is_legal(after, rulings):
                    change = Change("add", cell, tile, after, str(choice), lies, opened)
                    additions.append(change)
                else:
                    illegal += 1
    return Changes(tuple(removals), tuple(additions), tuple(refused), illegal)
