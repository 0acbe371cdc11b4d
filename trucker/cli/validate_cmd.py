"""``trucker validate`` and ``trucker show``: a built ship's legality and numbers (RULES §3, §4)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from trucker.cli.options import JsonOpt, RulingOpt

__all__ = ["validate", "show"]


def validate(
    files: Annotated[list[Path], typer.Argument(help="Ship layout files (.toml or .json).")],
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    no_board: Annotated[bool, typer.Option("--no-board", help="Do not draw the board.")] = False,
    legend: Annotated[
        Optional[bool],  # noqa: UP045
        typer.Option(
            "--legend/--no-legend",
            help="Explain the drawing's marks after the reports [default: when a board is drawn].",
        ),
    ] = None,
) -> None:
    """Check ship layouts against every rule; exit 0 legal, 1 illegal, 2 unreadable. In text,
    a legend of the drawings follows, and a count of the verdicts when there are many files.

    Example: trucker validate scenarios/ships/class-iii-cruiser.toml
    """
    from trucker.cli.output import out, print_errors, print_json, print_lines
    from trucker.formats.load import load_ships
    from trucker.render.terminal.reports import files_summary, report_text
    from trucker.render.text import legend_for
    from trucker.rules.validate import validate as run

    loaded, rulings = load_ships(files, ruling)
    code = 0
    drawn, verdicts = [], [0, 0, 0]
    for i, (path, ship, problem) in enumerate(loaded):
        if ship is None:
            print_errors(problem)  # type: ignore[arg-type]
            if json_out:
                print_json({"file": str(path), "error": str(problem).splitlines()[0]}, lines=True)
            code = max(code, 2)
            verdicts[2] += 1
            continue
        report = run(ship, rulings)
        code = max(code, report.exit_code)
        verdicts[report.exit_code] += 1
        if json_out:
            print_json(report.to_dict(), lines=True)
        else:
            if i:
                out.print()
            print_lines(report_text(ship, report, draw=not no_board))
            drawn.append((ship, not report.legal))
    if not json_out:
        if drawn and (legend if legend is not None else not no_board):
            out.print()
            marked = any(bad for _, bad in drawn)
            for line in legend_for((s for s, _ in drawn), marked=marked):
                out.print(line, style="bright_black")
        if len(loaded) > 1:
            out.print(files_summary(verdicts[0], verdicts[1], verdicts[2], code))
    raise typer.Exit(code)


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
        raise typer.Exit(2)
    report = run(ship, rulings)
    if svg is not None:
        from trucker.render.pictures import ship_svg

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
                "part_notes": [n.to_dict() for n in report.part_notes],
            }
        )
    else:
        from trucker.render.terminal.reports import report_text
        from trucker.render.text import legend_for

        for line in report_text(ship, report):
            out.print(line)
        out.print()
        for words in legend_for([ship], marked=not report.legal):
            out.print(words, style="bright_black")
    raise typer.Exit(0)
