"""``trucker fix``: the inspection after building (RULES §3.2), written to a new layout file."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from trucker.cli.options import JsonOpt, RulingOpt

if TYPE_CHECKING:
    from trucker.core.ship import Ship

__all__ = ["fix"]


def fix(
    file: Annotated[Path, typer.Argument(help="The ship layout to repair (never modified).")],
    output: Annotated[
        Path,
        typer.Option("--output", "-o", help="Where to write the repaired layout ('-': stdout)."),
    ],
    keep: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--keep",
            metavar="ROW,COL",
            help="Keep the tile on this square, and the piece it is in (exit 1 if no repair can).",
        ),
    ] = None,
    method: Annotated[
        str,
        typer.Option(
            "--method",
            metavar="cheapest|stepwise",
            help="cheapest: lose the fewest tiles in all; stepwise: one bad pair at a time in "
            "rule order, the tile farther from the starting cabin going (fix's repair before "
            "the cheapest one).",
        ),
    ] = "cheapest",
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
) -> None:
    """Apply the inspection after building (RULES §3.2): unload surplus, remove illegal tiles,
    drop what falls off. By default the repair that loses the fewest tiles (each costs a credit),
    and the report says whether that is proven. Writes a new file; exit 1 when the layout cannot
    be repaired. A TOML layout keeps its comments, key order and formatting: only the removed
    tiles and the unloaded contents change. JSON is written in the canonical form.

    Example: trucker fix scenarios/ships/broken-hauler.toml -o fixed.toml
    """
    from trucker.cli.output import (
        check_output,
        err,
        out,
        print_errors,
        print_json,
        print_lines,
        write_output,
    )
    from trucker.core.errors import BadInput
    from trucker.core.geometry import Cell
    from trucker.formats.load import load_ships
    from trucker.render.terminal.reports import lost_line, repair_lines
    from trucker.rules.repair import REPAIR_METHODS, CannotRepair, repair

    if method not in REPAIR_METHODS:
        print_errors(BadInput.one("--method", method, f"use {' or '.join(REPAIR_METHODS)}"))
        raise typer.Exit(2)
    to_stdout = str(output) == "-"
    if not to_stdout:
        if output.suffix.lower() not in (".toml", ".json"):
            print_errors(BadInput.one("-o", str(output), "write a .toml or .json layout file"))
            raise typer.Exit(2)
        check_output(output, "-o", [file])
    loaded, rulings = load_ships([file], ruling)
    _path, ship, problem = loaded[0]
    if ship is None:
        print_errors(problem)  # type: ignore[arg-type]
        raise typer.Exit(2)
    assert ship is not None and rulings is not None  # narrowed above; kept for type checkers
    keep_cell = None
    if keep is not None:
        try:
            keep_cell = Cell.parse(keep)
        except ValueError as exc:
            print_errors(BadInput.one("--keep", keep, str(exc)))
            raise typer.Exit(2) from None
        if keep_cell not in ship.tiles:
            # a square the layout never filled is a mistyped option, not a ship past repair
            print_errors(BadInput.one("--keep", keep, f"no tile on {keep_cell} in {file}"))
            raise typer.Exit(2)
    try:
        result = repair(ship, rulings, keep=keep_cell, method=method)
    except CannotRepair as exc:
        if json_out:
            print_json({"file": str(file), "repaired": False, "error": f"cannot repair: {exc}"})
        err.print(f"{file}: cannot repair: {exc}", style="red")
        raise typer.Exit(1) from None
    relative = None if to_stdout else output.parent
    suffix = ".toml" if to_stdout else output.suffix.lower()
    text, form = _written(file, ship, result.ship, suffix, relative)
    if to_stdout:
        sys.stdout.write(text)
    else:
        write_output(output, text, "-o", said=False)
    if json_out:
        data = result.to_dict()
        data["output"] = None if to_stdout else str(output)
        print_json(data)
        raise typer.Exit(0)
    console = err if to_stdout else out
    if not result.changed:
        console.print(f"{file}: already legal; nothing removed")
    print_lines(repair_lines(result), console)
    if result.removed:
        console.print(lost_line(result))
    if not to_stdout:
        console.print(f"wrote {output}{form}")
    elif form:
        console.print(f"wrote the layout{form}")
    raise typer.Exit(0)


def _written(
    file: Path, ship: Ship, repaired: Ship, suffix: str, relative: Path | None
) -> tuple[str, str]:
    """The repaired layout's text, and a note when it is not the user's own file edited: a
    TOML layout written as TOML is edited in place (:mod:`trucker.formats.edit`); JSON, or a
    TOML file written in a way the editor cannot follow, is written in the canonical form."""
    from trucker.formats.edit import edit_layout
    from trucker.formats.write import dumps_ship

    if suffix == ".toml" and file.suffix.lower() == ".toml":
        edited = edit_layout(
            file.read_text(encoding="utf-8-sig"), ship, repaired, relative_to=relative
        )
        if edited is not None:
            return edited, ""
        note = " (in the canonical form: the input's own layout could not be kept)"
    else:
        note = " (in the canonical form: a JSON layout keeps no comments or order of its own)"
    return dumps_ship(repaired, suffix=suffix, relative_to=relative), note
