"""Terminal drawings of ships and boards: plain text, with optional style names per span.

Each square is a 7x3 box. The middle of each edge shows that side: ``s d u`` for connectors (as
in the layout file), ``^ > v <`` for a cannon barrel, ``~`` an engine exhaust, ``*`` a thruster
nozzle, ``#`` an armored wall. The middle line shows the part's symbol and one character of
state (crew, charge, goods, facing...). Styles are names (``violation``, ``hit``, ``dim``...):
the CLI maps them to colours; without colour the text alone is readable. Nothing here decides a
rule: what to mark comes from reports and traces.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, assert_never

from trucker.core.boards import Board
from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction
from trucker.core.parts import Family, Look, Part, PartInfo, Shows
from trucker.core.ship import EMPTY, Contents, Ship, Tile

if TYPE_CHECKING:
    from trucker.sim.attacks import AttackResult

__all__ = [
    "draw_ship",
    "HOLE",
    "LOST",
    "Drawing",
    "Span",
    "Mark",
    "draw_board",
    "tile_symbol",
    "family_style",
    "legend_for",
]

Span = tuple[str, str | None]

_ARROW = {Direction.FRONT: "^", Direction.RIGHT: ">", Direction.REAR: "v", Direction.LEFT: "<"}
_SHORT = {Direction.FRONT: "f", Direction.RIGHT: "r", Direction.REAR: "b", Direction.LEFT: "l"}
"""The spec's short forms: "rear" is "b", so that it never reads like "right"."""
_CONNECTOR_WORDS = (("s", "single"), ("d", "double"), ("u", "universal"))
_SIDE_WORDS = (
    ("-|", "smooth side"),
    ("^>v<", "barrel"),
    ("~", "exhaust"),
    ("*", "nozzle"),
    ("#", "armor"),
)


def legend_for(ships: Iterable[Ship], *, marked: bool = False, width: int = 100) -> list[str]:
    """A legend of what the drawings of ``ships`` show, and only that: the side marks, the
    symbols of the parts aboard (with what the character after each counts), the empty
    squares, holes and seam; ``marked`` when squares are marked as violations."""
    sides: set[str] = set()
    aboard: set[Part] = set()
    starts = cabins = holes = wrap = False
    rows: dict[Part, PartInfo] = {}
    for ship in ships:
        holes |= bool(ship.hole_squares)
        wrap |= ship.board.wrap
        rows.update(ship.part_facts)
        for tile in ship.tiles.values():
            sides.update(_side_char(tile, d) for d in DIRECTIONS)
            aboard.add(tile.part)
            starts |= tile.start
            cabins |= tile.part is Part.CABIN and not tile.start
    entries = []
    connectors = [(ch, word) for ch, word in _CONNECTOR_WORDS if ch in sides]
    if connectors:
        chars = " ".join(ch for ch, _ in connectors)
        words = ", ".join(word for _, word in connectors)
        entries.append(f"{chars} {words} connector")
    for chars, words in _SIDE_WORDS:
        shown = " ".join(ch for ch in chars if ch in sides)
        if shown:
            entries.append(f"{shown} {words}")
    for part in Part:
        if part not in aboard:
            continue
        row = rows[part]
        entry = f"{row.look.symbol} {row.name}"
        if part is Part.CABIN:
            heads = [(f"{_START} starting cabin", starts), (entry, cabins)]
            entry = ", ".join(h for h, there in heads if there)
        entries.append(f"{entry} ({row.look.legend})" if row.look.legend else entry)
    entries.append(". an empty square")
    if holes:
        entries.append("( ) a hole")
    if wrap:
        entries.append(": the seam")
    if marked:
        entries.append("!--! a tile with a violation")
    lines = ["legend:"]
    for entry in entries:
        joined = f"{lines[-1]}{' ·' if lines[-1] != 'legend:' else ''} {entry}"
        if len(joined) + 2 <= width or lines[-1] == "legend:":
            lines[-1] = joined
        else:
            lines[-1] += " ·"
            lines.append(f"  {entry}")
    return lines


_START = "SC"
"""The letters of the starting cabin (RULES §2.2), whatever its part's symbol."""


def tile_symbol(tile: Tile, held: Contents, look: Look) -> str:
    """Three characters: the part's symbol (``look``, its row's ``draw``) and what it shows of
    what the tile holds or how it lies."""
    symbol = _START if tile.start else look.red_symbol if tile.red else look.symbol
    return (symbol + _shown(look.shows, tile, held)).ljust(3)[:3]


def _shown(shows: Shows | None, tile: Tile, held: Contents) -> str:
    """What follows a part's symbol (its row's ``shows``)."""
    match shows:
        case None:
            return ""
        case Shows.CREW:
            return held.alien[0] if held.alien else str(held.crew)
        case Shows.CHARGE:
            return str(held.charge)
        case Shows.GOODS:
            return str(len(held.goods)) if held.goods else ""
        case Shows.COVERS:
            return "".join(_SHORT[d] for d in DIRECTIONS if d in tile.covers)
        case Shows.COLORS:
            return "".join(c[0] for c in tile.colors)
        case Shows.ACTIVE:
            return "+" if held.active else ""
        case Shows.PASSENGER:
            return "1" if held.passenger else "0"
        case Shows.SLEEPERS:
            return str(held.sleepers)
        case _:
            assert_never(shows)


class Mark(NamedTuple):
    """How to mark a square: a style for its box, and an optional label of 3 characters (or
    of 5, over the box's inner width: a value like ``+0.17``)."""

    style: str
    label: str | None = None


def family_style(family: Family) -> str | None:
    """The style name of a part's colour family (none for the plain parts)."""
    return None if family is Family.OTHER else family.value


HOLE = "  ( )  "
"""The middle line of an IIIB square holed by the dice (RULES §1.6): nothing may stand there."""
LOST = Mark("lost", "xxx")
"""The mark of a square whose tile was destroyed or fell off."""


def hit_marks(result: AttackResult) -> dict[Cell, Mark]:
    """The squares an attack met, each marked hit, or defended where a shield, a cannon or
    armor stopped it: the marks its drawing and its picture share."""
    marks: dict[Cell, Mark] = {}
    for impact in result.impacts:
        if impact.hit is not None:
            marks[impact.hit] = Mark("hit")
        if impact.defender is not None:
            marks[impact.defender] = Mark("defended")
    return marks


@dataclass
class Drawing:
    """Lines of styled spans; :meth:`plain` is the text without styles."""

    lines: list[list[Span]] = field(default_factory=list)

    def plain(self) -> str:
        return "\n".join("".join(text for text, _ in line).rstrip() for line in self.lines)

    def add(self, *spans: Span) -> None:
        self.lines.append(list(spans))


def _side_char(tile: Tile, direction: Direction) -> str:
    if tile.facing is direction:
        return "~" if tile.part.is_engine else _ARROW[direction]
    if direction in tile.nozzles:
        return "*"
    if direction in tile.armor:
        return "#"
    conn = tile.side(direction)
    if conn is Connector.SMOOTH:
        return "-" if direction in (Direction.FRONT, Direction.REAR) else "|"
    return conn.char


def _edge(tile: Tile, direction: Direction) -> str:
    fill = (
        "#"
        if direction in tile.armor
        else "~"
        if tile.part.is_engine and tile.facing is direction
        else "-"
    )
    return f"+{fill * 2}{_side_char(tile, direction)}{fill * 2}+"


def _box(
    tile: Tile | None,
    held: Contents,
    look: Look | None,
    *,
    hole: bool,
    start: bool,
    on_board: bool,
) -> list[str]:
    if tile is None or look is None:
        if hole:
            return ["       ", HOLE, "       "]
        if not on_board:
            return ["       ", "       ", "       "]
        return ["       ", "  (S)  " if start else "   .   ", "       "]
    left = _side_char(tile, Direction.LEFT)
    right = _side_char(tile, Direction.RIGHT)
    return [
        _edge(tile, Direction.FRONT),
        f"{left} {tile_symbol(tile, held, look)} {right}",
        _edge(tile, Direction.REAR),
    ]


def draw_ship(
    ship: Ship,
    *,
    marks: Mapping[Cell, Mark] | None = None,
    arrows: Mapping[tuple[Direction, int], str] | None = None,
) -> Drawing:
    """Draw a ship on its board, holes included (:func:`draw_board`)."""
    return draw_board(
        ship.board,
        ship.tiles,
        ship.contents,
        holes=ship.hole_squares,
        marks=marks,
        arrows=arrows,
        facts=ship.part_facts,
    )


def draw_board(
    board: Board,
    tiles: Mapping[Cell, Tile],
    contents: Mapping[Cell, Contents],
    *,
    holes: Iterable[Cell] = (),
    marks: Mapping[Cell, Mark] | None = None,
    arrows: Mapping[tuple[Direction, int], str] | None = None,
    facts: Mapping[Part, PartInfo] | None = None,
) -> Drawing:
    """Draw ``tiles`` holding ``contents`` on ``board`` (an empty board: no tiles, no
    contents), each as its part's row in ``facts`` says. ``marks`` style squares (violations,
    hits, steps); ``arrows`` mark a row or column from a side, e.g.
    ``{(Direction.LEFT, 7): ">>"}``."""
    if tiles and facts is None:
        raise ValueError("tiles are drawn from their parts' rows: give facts")
    held = contents
    marks = marks or {}
    arrows = arrows or {}
    hole_set = set(holes)
    near = {c for c in tiles if _near(board, c)}
    far = sorted(set(tiles) - near)
    cells = set(board.squares) | near
    rows = range(min(c.row for c in cells), max(c.row for c in cells) + 1)
    cols = range(min(c.col for c in cells), max(c.col for c in cells) + 1)
    drawing = Drawing()
    seam = board.wrap

    header: list[Span] = [("       " if seam else "      ", None)]
    for col in cols:
        header.append((f"{col:^7}", "dim"))
    drawing.add(*header)
    top_arrows: list[Span] = [("       " if seam else "      ", None)]
    bottom_arrows: list[Span] = [("       " if seam else "      ", None)]
    has_top = has_bottom = False
    for col in cols:
        a = arrows.get((Direction.FRONT, col))
        b = arrows.get((Direction.REAR, col))
        has_top |= a is not None
        has_bottom |= b is not None
        top_arrows.append((f"{a or '':^7}", "arrow" if a else None))
        bottom_arrows.append((f"{b or '':^7}", "arrow" if b else None))
    if has_top:
        drawing.add(*top_arrows)

    for row in rows:
        parts: list[list[Span]] = [[], [], []]
        left_arrow = arrows.get((Direction.LEFT, row), "")
        right_arrow = arrows.get((Direction.RIGHT, row), "")
        label = f"{row:>3} "
        for i in range(3):
            if i == 1:
                parts[i].append((label, "dim"))
                parts[i].append((f"{left_arrow:>2}", "arrow" if left_arrow else None))
            else:
                parts[i].append(("      ", None))
            if seam:
                parts[i].append((":", "seam"))
        for col in cols:
            cell = Cell(row, col)
            tile = tiles.get(cell)
            on_board = cell in board.squares
            look = facts[tile.part].look if tile is not None and facts is not None else None
            box = _box(
                tile,
                held.get(cell, EMPTY),
                look,
                hole=cell in hole_set,
                start=cell == board.start,
                on_board=on_board,
            )
            mark = marks.get(cell)
            style = (
                family_style(look.family)
                if look is not None
                else ("hole" if cell in hole_set else "dim")
            )
            if tile is not None and not on_board:
                style = "violation"
            if mark is not None:
                style = mark.style
                if mark.label is not None:
                    middle = box[1]
                    if len(mark.label) <= 3:
                        box[1] = middle[:2] + f"{mark.label:<3}" + middle[5:]
                    else:
                        box[1] = middle[:1] + f"{mark.label:<5}"[:5] + middle[6:]
                if tile is not None:
                    box[0] = "!" + box[0][1:-1] + "!" if mark.style == "violation" else box[0]
            for i in range(3):
                parts[i].append((box[i], style))
        for i in range(3):
            if seam:
                parts[i].append((":", "seam"))
            if i == 1 and right_arrow:
                parts[i].append((f"{right_arrow:<2}", "arrow"))
        for line in parts:
            drawing.lines.append(line)
    if has_bottom:
        drawing.add(*bottom_arrows)
    if seam:
        low, high = board.cols[0], board.cols[-1]
        joined = f"{low} and {high} are joined (the seam)"
        drawing.add(("      : columns ", "dim"), (joined, "seam"))
    if far:
        listed = ", ".join(f"{c} ({tiles[c].part})" for c in far)
        drawing.add(("      not drawn, far off the board: ", "dim"), (listed, "violation"))
    return drawing


_MARGIN = 2
"""Off-board squares this close to the board are drawn; tiles farther away are only listed, so
that a tile on "100000,7" cannot make the drawing a hundred thousand lines long."""


def _near(board: Board, cell: Cell) -> bool:
    return (
        board.rows[0] - _MARGIN <= cell.row <= board.rows[-1] + _MARGIN
        and board.cols[0] - _MARGIN <= cell.col <= board.cols[-1] + _MARGIN
    )
