"""A ship in flight: a mutable, cheap-to-copy view of its tiles with cached structure.

Tiles never change; what a tile holds is a small :class:`~trucker.core.ship.Contents` record,
and a change of contents replaces that record in the ship's own dict. What depends only on where
tiles lie (joined neighbours, router connections) is computed once and shared by copies until a
tile is removed, so thousands of flights can start from one built ship without deep copies.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from weakref import WeakKeyDictionary

from trucker.core.boards import Board
from trucker.core.geometry import Cell, Connector, Direction
from trucker.core.parts import Part
from trucker.core.ship import Contents, Ship, Tile
from trucker.rules.graph import components, connections, joined_adjacency
from trucker.rules.stats import exposed_connectors

__all__ = ["Structure", "ShipState"]


class Structure:
    """What follows from where the tiles lie, not from what they hold: joined neighbours,
    router connections, the squares of each part (parts never change in flight), whether the
    tiles are known to be one piece, and the exposed connectors once counted.

    A structure is shared by every state made from one built ship and by copies of a state;
    the state that first loses a tile takes its own copy (:meth:`copy`, three shallow dicts),
    and changes that copy in place from then on (:meth:`remove`)."""

    __slots__ = ("joined", "connected", "parts", "whole", "exposed", "_split")

    def __init__(
        self,
        joined: dict[Cell, dict[Cell, Direction]],
        connected: dict[Cell, frozenset[Cell]],
        parts: dict[Part, tuple[Cell, ...]],
        whole: bool = False,
    ) -> None:
        self.joined = joined
        self.connected = connected
        self.parts = parts
        self.whole = whole
        """Known to be one piece (False: not known either way)."""
        self.exposed: int | None = None
        """Exposed connectors (RULES §4.5), once counted."""
        self._split: tuple[Cell, ...] = ()
        """After a removal from a ship in one piece: the removed tiles' neighbours. The ship is
        still one piece when they still reach each other."""

    @classmethod
    def of(cls, board: Board, tiles: Mapping[Cell, Tile]) -> Structure:
        joined = joined_adjacency(board, tiles)
        return cls(joined, connections(joined, tiles), _parts(tiles))

    def copy(self) -> Structure:
        """A structure of its own for a state about to lose a tile (the inner dicts and sets
        are replaced, never changed, so they stay shared)."""
        twin = Structure(dict(self.joined), dict(self.connected), dict(self.parts), self.whole)
        twin.exposed, twin._split = self.exposed, self._split
        return twin

    def pieces(self) -> list[set[Cell]]:
        """The pieces under joined edges (none for no tiles); when there is one, the structure
        remembers it."""
        return self.broken() or ([set(self.joined)] if self.joined else [])

    def broken(self) -> list[set[Cell]]:
        """The pieces when the tiles lie in more than one, else none (and the structure
        remembers that they are one piece): what every destruction asks, and on a ship known
        whole, answered without a search or a set of its squares."""
        if self.whole:
            return []
        split, self._split = self._split, ()
        if split:
            piece = _piece_unless_whole(self.joined, split)
            if piece is None:
                self.whole = True
                return []
            return [piece, *components(self.joined, [c for c in self.joined if c not in piece])]
        found = components(self.joined)
        if len(found) <= 1:
            self.whole = True
            return []
        return found

    def mark_whole(self) -> None:
        """Record that the tiles are one piece (after the other pieces were dropped)."""
        self.whole, self._split = True, ()

    def remove(
        self, gone: Iterable[Cell], tiles: Mapping[Cell, Tile], parts_gone: Collection[Part] = ()
    ) -> None:
        """Take tiles out, in place: removing never joins anything new, so only the removed
        tiles' neighbours change, and only the tiles connected to a removed one lose a
        connection. Router connections are worked out again only when a router goes (it can
        split a network; any other tile leaves every network as it was, less that tile)."""
        out = set(gone)
        joined = self.joined
        touched: set[Cell] = set()
        for cell in out:
            touched.update(joined.pop(cell, ()))
        touched -= out
        for cell in touched:
            joined[cell] = {o: d for o, d in joined[cell].items() if o not in out}
        parts = self.parts
        router_gone = Part.ROUTER in parts_gone if parts_gone else Part.ROUTER in parts
        for part in set(parts_gone) if parts_gone else list(parts):
            kept = tuple(c for c in parts[part] if c not in out)
            if kept:
                parts[part] = kept
            else:
                del parts[part]
        if router_gone:
            self.connected = connections(joined, tiles)
        else:
            connected = self.connected
            near: set[Cell] = set()
            for cell in out:
                near.update(connected.pop(cell, ()))
            near -= out
            for cell in near:
                connected[cell] = connected[cell] - out
        self.exposed = None
        # Each piece left after a removal holds a neighbour of a removed tile: with at most
        # one such neighbour, a ship in one piece is still in one piece.
        if self.whole and len(touched) > 1:
            self.whole, self._split = False, tuple(sorted(touched))


def _piece_unless_whole(
    joined: Mapping[Cell, Iterable[Cell]], cells: tuple[Cell, ...]
) -> set[Cell] | None:
    """Do these tiles lie in one piece? A breadth-first search from the first that stops as
    soon as it has met them all (the neighbours of a lost tile usually meet again two or three
    steps away): None when they do, else the first one's whole piece, searched to its end (the
    ship is then in more than one piece, and this is one of them)."""
    wanted = set(cells[1:])
    seen = {cells[0]}
    queue = [cells[0]]
    for cell in queue:  # the queue grows as it is read: breadth first
        for other in joined[cell]:
            if other not in seen:
                seen.add(other)
                if other in wanted:
                    wanted.discard(other)
                    if not wanted:
                        return None
                queue.append(other)
    return seen


def _exposed_change(board: Board, before: Mapping[Cell, Tile], gone: Iterable[Cell]) -> int:
    """How the exposed connectors (RULES §4.5) change when ``gone`` leave ``before``: the
    removed tiles' own exposed connectors go, and each kept tile's connector that faced a
    removed tile is exposed now (as :func:`~trucker.rules.stats.exposed_connectors` counts
    them, the IIB seam included)."""
    out = set(gone)
    smooth = Connector.SMOOTH
    change = 0
    for cell in out:
        sides = before[cell].sides
        for index, other in enumerate(board.around(cell)):
            present = other in before and other != cell
            if not present:
                change -= sides[index] is not smooth
            elif other not in out:
                change += before[other].sides[(index + 2) % 4] is not smooth
    return change


def _parts(tiles: Mapping[Cell, Tile]) -> dict[Part, tuple[Cell, ...]]:
    found: dict[Part, list[Cell]] = {}
    for cell in sorted(tiles):
        found.setdefault(tiles[cell].part, []).append(cell)
    return {part: tuple(cells) for part, cells in found.items()}


_BUILT: WeakKeyDictionary[Ship, Structure] = WeakKeyDictionary()
"""The structure of each built ship, worked out once however many flights start from it."""


def built_structure(ship: Ship) -> Structure:
    """The structure of a built ship, worked out once, and known whole when it is one piece
    (as every legal ship is): a flight's first lost tile then needs no search of the ship."""
    found = _BUILT.get(ship)
    if found is None:
        found = _BUILT[ship] = Structure.of(ship.board, dict(ship.tiles))
        found.pieces()
    return found


class ShipState:
    """One ship during a flight (or a single attack): its tiles now, and what it has lost. It
    offers the names of :class:`~trucker.rules.view.ShipView`, so the rules of
    :mod:`trucker.rules.stats` read it as they read a built ship."""

    __slots__ = (
        "template",
        "board",
        "part_facts",
        "name",
        "tiles",
        "contents",
        "lost",
        "solar_used",
        "unlimited_power",
        "_structure",
        "_counts",
        "_owned",
        "_own_structure",
    )

    def __init__(
        self,
        template: Ship,
        tiles: Mapping[Cell, Tile] | None = None,
        contents: dict[Cell, Contents] | None = None,
        *,
        name: str | None = None,
        structure: Structure | None = None,
    ) -> None:
        self.template = template
        self.board = template.board
        self.part_facts = template.part_facts
        self.name = name or template.label
        self.tiles: Mapping[Cell, Tile] = template.tiles if tiles is None else tiles
        """Read-only, and shared with the template and with copies until a tile is removed:
        previews copy a state by the thousand and seldom lose a tile."""
        self.contents: dict[Cell, Contents] = (
            dict(template.contents) if contents is None else contents
        )
        self.lost: list[Cell] = []
        self.solar_used: set[Cell] = set()
        self.unlimited_power = False
        self._structure = structure
        if structure is None and tiles is None:
            self._structure = built_structure(template)
        self._counts: tuple[int, int, int] | None = None
        self._owned: dict[Cell, Tile] | None = None
        """``tiles`` when this state owns it (it removed a tile since it was made or copied)."""
        self._own_structure = False
        """The structure is this state's alone (it removed a tile since it was made or
        copied): changed in place."""

    @classmethod
    def from_ship(cls, ship: Ship, *, name: str | None = None) -> ShipState:
        return cls(ship, name=name)

    def copy(self) -> ShipState:
        """An independent state sharing the immutable parts (tiles, structure)."""
        self._owned = None  # the twin shares the tiles and the structure from now on
        self._own_structure = False
        return self.scratch()

    def scratch(self) -> ShipState:
        """A copy to try something on and drop before this state changes again (a preview):
        as :meth:`copy`, but this state keeps the tiles and structure it owns and goes on
        changing them in place; the copy takes its own when it first loses a tile."""
        twin = ShipState(
            self.template,
            self.tiles,
            dict(self.contents),
            name=self.name,
            structure=self._structure,
        )
        twin.lost = list(self.lost)
        twin.solar_used = set(self.solar_used)
        twin.unlimited_power = self.unlimited_power
        twin._counts = self._counts
        return twin

    def __repr__(self) -> str:
        return f"<ShipState {self.name!r}: {len(self.tiles)} tiles, {len(self.lost)} lost>"

    @property
    def joined(self) -> dict[Cell, dict[Cell, Direction]]:
        """Joined neighbours of every tile (the :class:`~trucker.rules.view.ShipView` name)."""
        return self.structure.joined

    @property
    def connected(self) -> dict[Cell, frozenset[Cell]]:
        """Tiles connected through joins and routers (RULES §8.2)."""
        return self.structure.connected

    @property
    def structure(self) -> Structure:
        if self._structure is None:
            self._structure = Structure.of(self.board, self.tiles)
            self._own_structure = True
        return self._structure

    def to_ship(self) -> Ship:
        """The ship as it stands, for drawing and checking."""
        return self.template.with_tiles(self.tiles, self.contents)

    def set(self, cell: Cell, held: Contents) -> None:
        """What a tile holds from now on (its part and sides never change). Counts already
        made are kept up to date (as :meth:`_count` counts: crew and aliens in cabins, tokens
        in batteries): a flight changes one tile at a time, and reads the counts between."""
        counts = self._counts
        before = self.contents.get(cell)
        self.contents[cell] = held
        if counts is None:
            return
        tile = self.tiles.get(cell)
        if before is None or tile is None:
            self._counts = None
        elif tile.part is Part.CABIN:
            humans, aliens, tokens = counts
            aliens += (held.alien is not None) - (before.alien is not None)
            self._counts = (humans + held.crew - before.crew, aliens, tokens)
        elif tile.part is Part.BATTERY:
            humans, aliens, tokens = counts
            self._counts = (humans, aliens, tokens + held.charge - before.charge)

    def remove(self, cells: Iterable[Cell]) -> list[Cell]:
        """Take tiles off the ship, counting them as lost (and what they held off the counts
        already made)."""
        tiles = self.tiles
        gone = [c for c in cells if c in tiles]
        if not gone:
            return gone
        structure = self._structure
        exposed = structure.exposed if structure is not None else None
        if exposed is not None:
            exposed += _exposed_change(self.board, tiles, gone)
        owned = self._owned
        if owned is None:
            self.tiles = owned = self._owned = dict(tiles)
        contents = self.contents
        parts = []
        humans = aliens = tokens = 0
        for cell in gone:
            part = owned.pop(cell).part
            held = contents.pop(cell)
            parts.append(part)
            if part is Part.CABIN:
                humans += held.crew
                aliens += held.alien is not None
            elif part is Part.BATTERY:
                tokens += held.charge
        self.lost.extend(gone)
        if structure is not None:
            if not self._own_structure:
                structure = self._structure = structure.copy()
                self._own_structure = True
            structure.remove(gone, owned, parts)
            structure.exposed = exposed
        counts = self._counts
        if counts is not None:
            self._counts = (counts[0] - humans, counts[1] - aliens, counts[2] - tokens)
        return gone

    def new_card(self) -> None:
        """Solar panels and activated robots last one adventure card (RULES §2.4)."""
        if self.solar_used:
            self.solar_used.clear()
        for cell in self.structure.parts.get(Part.ROBOT_CENTER, ()):
            held = self.contents[cell]
            if held.active:
                self.contents[cell] = held._replace(active=False)

    def exposed(self) -> int:
        """Exposed connectors (RULES §4.5), counted once per arrangement of tiles."""
        structure = self.structure
        if structure.exposed is None:
            structure.exposed = len(exposed_connectors(self.board, self.tiles))
        return structure.exposed

    def _count(self) -> tuple[int, int, int]:
        """Humans, aliens and battery tokens aboard, counted once per change of contents."""
        if self._counts is None:
            contents, parts = self.contents, self.structure.parts
            humans = aliens = tokens = 0
            for cell in parts.get(Part.CABIN, ()):  # humans and aliens live in cabins only
                held = contents[cell]
                humans += held.crew
                if held.alien is not None:
                    aliens += 1
            for cell in parts.get(Part.BATTERY, ()):
                tokens += contents[cell].charge
            self._counts = (humans, aliens, tokens)
        return self._counts

    # The counts are read far more often than they change: a cached tuple (never empty, so
    # true) is used without calling _count.

    def tokens(self) -> int:
        return (self._counts or self._count())[2]

    def humans(self) -> int:
        return (self._counts or self._count())[0]

    def aliens(self) -> int:
        return (self._counts or self._count())[1]

    def crew(self) -> int:
        """Humans and aliens aboard: the crew a card can take (never robots, RULES §4.3)."""
        humans, aliens, _ = self._counts or self._count()
        return humans + aliens

    def cells_of(self, *parts: Part) -> list[Cell]:
        """The squares holding these parts, in board order."""
        index = self.structure.parts
        if len(parts) == 1:
            return list(index.get(parts[0], ()))
        return sorted(c for part in parts for c in index.get(part, ()))

    def of(self, part: Part) -> tuple[Cell, ...]:
        """The squares holding ``part``, in board order (shared: do not change)."""
        return (self._structure or self.structure).parts.get(part, ())
