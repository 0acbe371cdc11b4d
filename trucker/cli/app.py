"""The ``trucker`` command line: glue from options to one library call and an exit code.

Library modules are imported inside the commands, so ``trucker --help`` starts fast.
Exit codes: 0 legal / done, 1 illegal (violations) or cannot repair, 2 unreadable input, 3 a bug.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

app = typer.Typer(
    name="trucker",
    help="Validate Galaxy Trucker ships, simulate adventure decks, and teach intruders.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

_STATE = {"debug": False}

from trucker.cli.options import JsonOpt, RulingOpt  # noqa: E402


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"trucker {version('trucker')}")
        raise typer.Exit()


@app.callback()
def _main(
    debug: Annotated[
        bool, typer.Option("--debug", help="Show tracebacks of internal errors.")
    ] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """Validate Galaxy Trucker ships, simulate adventure decks, and teach intruders.

    Start with `trucker demo`, then `trucker validate scenarios/ships/*.toml`.
    """
    _STATE["debug"] = debug


def _exit(code: int) -> None:
    raise typer.Exit(code)


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="Ship layout files (.toml or .json).")],
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    no_board: Annotated[bool, typer.Option("--no-board", help="Do not draw the board.")] = False,
) -> None:
    """Check ship layouts against every rule; exit 0 legal, 1 illegal, 2 unreadable.

    Example: trucker validate scenarios/ships/class-iii-cruiser.toml
    """
    from trucker.cli.output import out, print_errors, print_json, print_lines
    from trucker.formats.load import load_ships
    from trucker.render.reports import report_text
    from trucker.rules.validate import validate as run

    loaded, rulings = load_ships(files, ruling)
    code = 0
    for i, (path, ship, problem) in enumerate(loaded):
        if ship is None:
            print_errors(problem)  # type: ignore[arg-type]
            if json_out:
                print_json({"file": str(path), "error": str(problem).splitlines()[0]}, lines=True)
            code = max(code, 2)
            continue
        report = run(ship, rulings)
        code = max(code, report.exit_code)
        if json_out:
            print_json(report.to_dict(), lines=True)
        else:
            if i:
                out.print()
            print_lines(report_text(ship, report, draw=not no_board))
    _exit(code)


@app.command()
def show(
    file: Annotated[Path, typer.Argument(help="A ship layout file.")],
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    svg: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--svg", metavar="FILE", help="Also draw the ship, problems marked, as SVG."),
    ] = None,
) -> None:
    """Draw a ship and print its numbers (RULES §4), marking any violations.

    Example: trucker show scenarios/ships/broken-hauler.toml --svg ship.svg
    """
    from trucker.cli.output import check_output, out, print_errors, print_json, write_output
    from trucker.formats.write import ship_to_document
    from trucker.rules.validate import validate as run

    if svg is not None:
        check_output(svg, "--svg", [file])
    from trucker.formats.load import load_ships

    loaded, rulings = load_ships([file], ruling)
    _path, ship, problem = loaded[0]
    if ship is None:
        print_errors(problem)  # type: ignore[arg-type]
        _exit(2)
    report = run(ship, rulings)
    if svg is not None:
        from trucker.render.svg import ship_svg

        write_output(svg, ship_svg(ship, report), "--svg")
    if json_out:
        doc = ship_to_document(ship)
        print_json(
            {
                "file": str(file),
                "name": ship.name,
                "board": ship.board.id,
                "tiles": doc["tiles"],
                "legal": report.legal,
                "violations": [v.to_dict() for v in report.violations],
                "stats": report.stats.to_dict(),
                "notes": list(report.notes),
            }
        )
    else:
        from trucker.render.reports import report_text
        from trucker.render.text import LEGEND

        for line in report_text(ship, report):
            out.print(line)
        out.print(LEGEND, style="bright_black")
    _exit(0)


@app.command()
def fix(
    file: Annotated[Path, typer.Argument(help="The ship layout to repair (never modified).")],
    output: Annotated[
        Path,
        typer.Option("--output", "-o", help="Where to write the repaired layout ('-': stdout)."),
    ],
    keep: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--keep", metavar="ROW,COL", help="Keep the piece holding this square."),
    ] = None,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
) -> None:
    """Apply the inspection after building (RULES §3.2): unload surplus, remove illegal tiles,
    drop what falls off. Writes a new file; exit 1 when the layout cannot be repaired.

    Example: trucker fix scenarios/ships/broken-hauler.toml -o fixed.toml
    """
    from trucker.cli.output import err, out, print_errors, print_json, print_lines
    from trucker.core.errors import BadInput
    from trucker.core.geometry import Cell
    from trucker.formats.load import load_ships
    from trucker.formats.write import dumps_ship, write_atomic
    from trucker.render.reports import repair_lines
    from trucker.rules.repair import CannotRepair, repair

    loaded, rulings = load_ships([file], ruling)
    _path, ship, problem = loaded[0]
    if ship is None:
        print_errors(problem)  # type: ignore[arg-type]
        _exit(2)
    assert ship is not None and rulings is not None  # narrowed above; kept for type checkers
    keep_cell = None
    if keep is not None:
        try:
            keep_cell = Cell.parse(keep)
        except ValueError as exc:
            print_errors(BadInput.one("--keep", keep, str(exc)))
            _exit(2)
    to_stdout = str(output) == "-"
    if not to_stdout and output.resolve() == file.resolve():
        print_errors(
            BadInput.one(str(output), "", "refusing to overwrite the input file; choose another -o")
        )
        _exit(2)
    if not to_stdout and output.suffix.lower() not in (".toml", ".json"):
        print_errors(BadInput.one(str(output), "", "write a .toml or .json layout file"))
        _exit(2)
    try:
        result = repair(ship, rulings, keep=keep_cell)
    except CannotRepair as exc:
        if json_out:
            print_json({"file": str(file), "repaired": False, "error": f"cannot repair: {exc}"})
        err.print(f"{file}: cannot repair: {exc}", style="red")
        _exit(1)
    relative = None if to_stdout else output.parent
    text = dumps_ship(result.ship, suffix=output.suffix or ".toml", relative_to=relative)
    if to_stdout:
        sys.stdout.write(text)
    else:
        try:
            write_atomic(output, text)
        except OSError as exc:
            print_errors(BadInput.one(str(output), "", f"cannot write: {exc.strerror or exc}"))
            _exit(2)
    if json_out:
        data = result.to_dict()
        data["output"] = None if to_stdout else str(output)
        print_json(data)
        _exit(0)
    console = err if to_stdout else out
    if not result.changed:
        console.print(f"{file}: already legal; nothing removed")
    print_lines(repair_lines(result), console)
    if result.removed:
        console.print(
            f"{result.tiles_lost} tile(s) lost: each costs a credit at the end of the flight"
        )
    if not to_stdout:
        console.print(f"wrote {output}")
    _exit(0)


@app.command()
def boards(
    board: Annotated[Optional[str], typer.Argument(help="One board id or alias.")] = None,  # noqa: UP045
    holes: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--holes", metavar="A,B", help="IIIB: draw the holes for these two dice."),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """Draw the built-in boards: squares, start square, holes, seam, dice and insurance.

    Example: trucker boards IIIB --holes 3,4
    """
    from trucker.cli.output import out, print_drawing, print_errors, print_json
    from trucker.core.errors import BadInput
    from trucker.formats.catalogue import builtin_boards, find_board
    from trucker.render.text import draw_board

    try:
        chosen = [find_board(board)] if board else list(builtin_boards().values())
    except KeyError as exc:
        print_errors(BadInput.one("board", board or "", str(exc.args[0])))
        _exit(2)
    dice = None
    if holes:
        try:
            a, b = (int(x) for x in holes.split(","))
            if not (1 <= a <= 6 and 1 <= b <= 6):
                raise ValueError
            dice = (a, b)
        except ValueError:
            print_errors(BadInput.one("--holes", holes, "expected two die faces like 3,4"))
            _exit(2)
    if json_out:
        print_json([_board_dict(b) for b in chosen])
        _exit(0)
    for i, b in enumerate(chosen):
        if i:
            out.print()
        out.print(f"{b.id}  {b.name}", style="bold")
        for line in _board_facts(b):
            out.print(f"  {line}", style="bright_black")
        print_drawing(draw_board(b, {}, {}, holes=b.holes(dice) if dice else ()))
    _exit(0)


def _board_facts(board: object) -> list[str]:
    from trucker.core.boards import Board

    assert isinstance(board, Board)
    facts = [
        f"level {board.level} flights · start {board.start} · {len(board.squares)} squares · "
        f"source: {board.source}",
    ]
    if board.dice == "pairs":
        facts.append(
            "front/rear threats read the two dice as a pair (the column table); side threats: "
            f"first die 1 or 6 misses, else the row; second die 1-3 enters at column "
            f"{board.side_entry[0] if board.side_entry else '?'}, 4-6 at column "
            f"{board.side_entry[1] if board.side_entry else '?'}"
        )
        by_col: dict[int, list[str]] = {}
        for (a, b), col in sorted(board.pair_columns.items()):
            by_col.setdefault(col, []).append(f"{a}{b}")
        facts.append(
            "pairs: " + " · ".join(f"{c}: {' '.join(p)}" for c, p in sorted(by_col.items()))
        )
    else:
        facts.append("threats: the sum of two dice is the row or column")
    if board.hole_marks:
        facts.append(
            "holes: the squares marked with the two faces rolled at the start of building "
            "(a double also makes the start square a hole); try --holes 3,4"
        )
    ins = board.insurance
    if ins.optional:
        facts.append(
            f"insurance optional: price {ins.price}, cap {ins.cap}"
            + (" (representative)" if ins.representative else "")
        )
    else:
        facts.append(f"insurance cap: {ins.cap if ins.cap is not None else 'not known'}")
    facts.append(
        f"reserve: {board.reserve} set-aside tiles"
        + ("" if board.reserve_printed else " (no printed spaces)")
    )
    return facts


def _board_dict(board: object) -> dict[str, object]:
    from trucker.core.boards import Board

    assert isinstance(board, Board)
    return {
        "id": board.id,
        "name": board.name,
        "level": board.level,
        "source": board.source,
        "start": str(board.start),
        "squares": [str(c) for c in sorted(board.squares)],
        "wrap": board.wrap,
        "dice": board.dice,
        "columns": {
            str(c): sorted(f"{a}{b}" for (a, b), col in board.pair_columns.items() if col == c)
            for c in sorted(set(board.pair_columns.values()))
        },
        "side_entry": list(board.side_entry) if board.side_entry else None,
        "hole_marks": {str(c): f for c, f in sorted(board.hole_marks.items())},
        "insurance": {
            "cap": board.insurance.cap,
            "optional": board.insurance.optional,
            "price": board.insurance.price,
        },
        "reserve": board.reserve,
    }


@app.command()
def schema(
    kind: Annotated[str, typer.Argument(help="ship (default) or board.")] = "ship",
) -> None:
    """Print the JSON Schema of the layout file format, for editors.

    Example: trucker schema > ship.schema.json
    """
    from trucker.cli.output import print_errors, print_json
    from trucker.core.errors import BadInput

    if kind == "ship":
        from trucker.formats.ship_file import ShipFile

        print_json(ShipFile.model_json_schema())
    elif kind == "board":
        from trucker.formats.board_file import BoardFile

        print_json(BoardFile.model_json_schema())
    else:
        print_errors(BadInput.one("schema", kind, "expected ship or board"))
        _exit(2)


@app.command()
def rulings(
    defaults: Annotated[
        bool, typer.Option("--defaults", help="Print the defaults as loadable TOML.")
    ] = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print the table as Markdown (docs).")
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """List the named interpretations, their defaults, alternatives and sources (RULES §10).

    Example: trucker validate ship.toml --ruling thruster_clearance=one-square
    """
    from trucker.cli.output import out, print_json
    from trucker.core.rulings import ruling_infos
    from trucker.render.rulings import rulings_markdown, rulings_toml

    infos = ruling_infos()
    if json_out:
        print_json(
            [
                {
                    "name": i.name,
                    "default": i.default,
                    "alternatives": i.alternatives,
                    "description": i.description,
                    "source": i.source,
                }
                for i in infos
            ]
        )
    elif defaults:
        sys.stdout.write(rulings_toml())
    elif markdown:
        sys.stdout.write(rulings_markdown())
    else:
        for info in infos:
            out.print(f"{info.name} = {info.default!r}", style="bold", end="")
            out.print(f"   ({info.source}; also: {info.alternatives})", style="bright_black")
            out.print(f"    {info.description}")
    _exit(0)


@app.command()
def demo() -> None:
    """Run the main jobs on the bundled example ships: no arguments needed."""
    from trucker.cli.demo import run_demo

    _exit(run_demo())


def _register_commands() -> None:
    """Commands that live in their own modules (their bodies import lazily)."""
    from trucker.cli import (
        cards_cmd,
        exposure_cmd,
        fly_cmd,
        hit_cmd,
        intruder_cmd,
        odds_cmd,
        radiation_cmd,
    )

    app.command()(hit_cmd.hit)
    app.command()(exposure_cmd.exposure)
    app.command()(intruder_cmd.intruder)
    app.command()(radiation_cmd.radiation)
    app.command()(fly_cmd.fly)
    app.command()(fly_cmd.replay)
    app.command()(odds_cmd.odds)
    app.command("cards")(cards_cmd.cards)


_register_commands()


def main() -> None:
    """Console entry point: input errors exit 2 with one line each; bugs exit 3."""
    from trucker.core.errors import BadInput

    try:
        code = app(standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except BadInput as exc:
        from trucker.cli.output import print_errors

        print_errors(exc)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    except Exception as exc:
        if type(exc).__name__ == "Abort":
            sys.exit(130)
        if hasattr(exc, "show") and isinstance(getattr(exc, "exit_code", None), int):
            # a usage error from typer's command-line parser (click's, vendored or not)
            exc.show()
            sys.exit(2)
        if _STATE["debug"]:
            raise
        sys.stderr.write(
            f"trucker: internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug; please report it with the command and input files "
            "(rerun with --debug for the traceback).\n"
        )
        sys.exit(3)
