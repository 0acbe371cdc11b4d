"""A new ship file to fill in (``trucker new``): the starting cabin on its square and comments
that say what to write, the board's squares drawn among them.

The file is legal as written (a starting cabin alone breaks no rule), and so it stays when the
two example lines in its comments are uncommented: the tests hold both.
"""

from __future__ import annotations

from trucker.core.boards import Board
from trucker.core.geometry import Cell, Direction
from trucker.formats.write import toml_value

__all__ = ["new_ship", "start_square"]

_ENGINES = {
    Direction.REAR: "u---",
    Direction.LEFT: "-u--",
    Direction.RIGHT: "---u",
}
"""An engine behind or beside the starting cabin: exhaust to the rear, a universal connector
on the side that touches the cabin."""


def start_square(board: Board, holes: tuple[int, int] | None) -> Cell:
    """Where the starting cabin goes: the start square, or after a IIIB double (which makes it
    a hole, RULES §1.6) the nearest square that is not a hole."""
    if not board.start_is_free(holes):
        return board.start
    holed = board.holes(holes)
    free = [c for c in board.squares if c not in holed]
    row, col = board.start
    return min(free, key=lambda c: (abs(c.row - row) + abs(c.col - col), c.row, c.col))


def new_ship(board: Board, *, holes: tuple[int, int] | None = None, name: str | None = None) -> str:
    """The text of a new ship file on ``board`` (IIIB needs the two dice rolled, ``holes``)."""
    holed = board.holes(holes)
    start = start_square(board, holes)
    free = board.squares - holed - {start}
    lines = [
        f"# A new ship on board {board.id} ({board.name}), to fill in. The whole format is in",
        "# docs/ship-format.md; `trucker parts` lists every part and its keys, each with a line",
        f"# to copy; `trucker boards {board.id}` draws the board. Check the ship as you go:",
        "# `trucker validate FILE` draws it as the program reads it and names every broken rule.",
        f"format = {toml_value('trucker-ship/1')}",
    ]
    if name is not None:
        lines.append(f"name = {toml_value(name)}")
    else:
        lines.append(_noted('# name = "Kestrel"', "a name for reports (optional)"))
    lines.append(f"board = {toml_value(board.id)}")
    if holes is not None:
        lines.append(_noted(f"holes = {toml_value(list(holes))}", "the two dice rolled"))
    if board.insurance.optional:
        lines.append(
            _noted(
                "# insured = true",
                f"bought before launch (price {board.insurance.price})? Left out, the captain "
                "decides",
            )
        )
    lines += [
        "",
        '# One line per tile: "row,col" = { part = "...", sides = "...", ... }',
        "#   row,col  the numbers printed down the side and along the top of the board",
        "#   sides    the tile's four edges as it lies: front (the top of the board), right, rear,",
        '#            left; "-" smooth, "s" single, "d" double, "u" universal connector',
        "#   cannons and engines say where they point (facing), shields what they cover (covers),",
        "#   thrusters where their nozzles point (nozzles); batteries and holds their capacity.",
    ]
    if start != board.start:
        lines += [
            f"# The double made the start square {board.start} a hole: the starting cabin may lie",
            f"# on any other square. It is on {start} here; move it to where yours is.",
        ]
    lines += [
        f"# The starting cabin on {start} has a universal connector on every side; the lines",
        "# under it show tiles next to it, for example (remove the # to keep one).",
    ]
    if board.wrap:
        low, high = board.cols[0], board.cols[-1]
        lines.append(f"# The board is a cylinder: columns {low} and {high} touch in every row.")
    holes_word = ", x a hole" if holed else ""
    lines.append(f"# The board's squares (S the start square, . a square{holes_word}, blank none):")
    lines += [f"# {line}" for line in _board_map(board, holed)]
    lines += ["", "[tiles]", f'"{start}" = {{ part = "cabin", start = true }}']
    lines += [f"# {line}" for line in _examples(board, start, free)]
    lines.append("")
    return "\n".join(lines)


def _noted(line: str, note: str) -> str:
    """A line with its comment beside it, the comments of the top lines aligned."""
    return f"{line:<34}# {note}"


def _examples(board: Board, start: Cell, free: frozenset[Cell]) -> list[str]:
    """A cannon in front of the cabin and an engine behind (or beside) it, where those squares
    are free: lines that may be uncommented as they are."""
    found = []
    front = start.step(Direction.FRONT)
    if front in free:
        found.append(f'"{front}" = {{ part = "cannon", sides = "--s-", facing = "front" }}')
    for direction, sides in _ENGINES.items():
        square = start.step(direction)
        if square in free:
            found.append(f'"{square}" = {{ part = "engine", sides = "{sides}", facing = "rear" }}')
            break
    return found


def _board_map(board: Board, holed: frozenset[Cell]) -> list[str]:
    """The board as docs/ship-format.md draws it: three characters a column."""
    lines = ["    " + "".join(f"{c:>3}" for c in board.cols)]
    for row in board.rows:
        line = f"{row:>4}"
        for col in board.cols:
            cell = Cell(row, col)
            mark = (
                " "
                if cell not in board.squares
                else "x"
                if cell in holed
                else "S"
                if cell == board.start
                else "."
            )
            line += f"{mark:>3}"
        lines.append(line.rstrip())
    return lines
