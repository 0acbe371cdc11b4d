"""``trucker new``: a ship file to fill in, the starting cabin on its square and comments that
say what to write (RULES §1, §2.2)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

__all__ = ["new"]


def new(
    board: Annotated[
        str,
        typer.Option(
            "--board", "-b", metavar="ID", help="A built-in board: I, II, III, IIIa, IIB, IIIB, IV."
        ),
    ],
    output: Annotated[
        Optional[Path],  # noqa: UP045 - typer needs Optional here
        typer.Option(
            "--output", "-o", metavar="FILE", help="Where to write it ('-' or none: stdout)."
        ),
    ] = None,
    holes: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--holes", metavar="A,B", help="IIIB: the two dice rolled when building."),
    ] = None,
    name: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--name", metavar="NAME", help="The ship's name, for reports."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
) -> None:
    """Start a ship file: the starting cabin on the board's start square, and comments saying
    what to fill in. Legal as written; add your tiles, then run trucker validate.

    Example: trucker new --board II -o ship.toml
    """
    from trucker.cli.common import bad_input
    from trucker.cli.output import check_output, out, write_output
    from trucker.formats.catalogue import find_board
    from trucker.formats.skeleton import new_ship, start_square

    try:
        chosen = find_board(board)
    except KeyError as exc:
        raise bad_input("--board", board, str(exc.args[0])) from None
    dice = _dice(holes) if holes is not None else None
    if chosen.has_holes and dice is None:
        raise bad_input(
            "--holes", "", f"board {chosen.id} needs the two dice rolled when building: --holes 3,4"
        )
    if dice is not None and not chosen.has_holes:
        raise bad_input("--holes", holes or "", f"board {chosen.id} has no die-marked holes")
    text = new_ship(chosen, holes=dice, name=name)
    if output is None or str(output) == "-":
        sys.stdout.write(text)
        raise typer.Exit(0)
    if output.suffix.lower() != ".toml":
        raise bad_input(
            "-o", str(output), "a new ship is TOML, which keeps its comments: end it .toml"
        )
    check_output(output, "-o", [])
    if output.exists() and not force:
        raise bad_input("-o", str(output), "already exists; choose another name or add --force")
    write_output(output, text, "-o")
    out.print(
        f"board {chosen.id}, the starting cabin on {start_square(chosen, dice)}: add your tiles "
        f"(trucker parts lists them), then run trucker validate {output}"
    )
    raise typer.Exit(0)


def _dice(text: str) -> tuple[int, int]:
    from trucker.cli.common import bad_input

    try:
        a, b = (int(x) for x in text.split(","))
    except ValueError:
        raise bad_input("--holes", text, "expected two die faces like 3,4") from None
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise bad_input("--holes", text, "each die face is 1 to 6")
    return a, b
