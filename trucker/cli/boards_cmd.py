"""``trucker boards``: the built-in boards drawn, with their dice, holes and insurance."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from trucker.cli.options import JsonOpt, SvgOpt

if TYPE_CHECKING:
    from trucker.core.boards import Board

__all__ = ["boards"]


def boards(
    board: Annotated[Optional[str], typer.Argument(help="One board id or alias.")] = None,  # noqa: UP045
    holes: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--holes", metavar="A,B", help="IIIB: draw the holes for these two dice."),
    ] = None,
    json_out: JsonOpt = False,
    svg: SvgOpt = None,
) -> None:
    """Draw the built-in boards: squares, start square, holes, seam, dice and insurance.

    Example: trucker boards IIIB --holes 3,4 --svg iiib.svg
    """
    from trucker.cli.output import out, print_drawing, print_errors, print_json
    from trucker.core.errors import BadInput
    from trucker.formats.catalogue import builtin_boards, find_board
    from trucker.render.terminal.reports import board_facts
    from trucker.render.text import draw_board

    try:
        chosen = [find_board(board)] if board else list(builtin_boards().values())
    except KeyError as exc:
        print_errors(BadInput.one("board", board or "", str(exc.args[0])))
        raise typer.Exit(2) from None
    dice = None
    if holes:
        try:
            a, b = (int(x) for x in holes.split(","))
            if not (1 <= a <= 6 and 1 <= b <= 6):
                raise ValueError
            dice = (a, b)
        except ValueError:
            print_errors(BadInput.one("--holes", holes, "expected two die faces like 3,4"))
            raise typer.Exit(2) from None
        if not any(b.hole_marks for b in chosen):
            rolled = ", ".join(b.id for b in builtin_boards().values() if b.hole_marks)
            problem = f"board {chosen[0].id} has no holes to roll (holes are rolled on {rolled})"
            print_errors(BadInput.one("--holes", holes, problem))
            raise typer.Exit(2)
    if svg is not None:
        from trucker.cli.output import check_output, write_output
        from trucker.render.pictures import boards_svg

        check_output(svg, "--svg", [])
        write_output(svg, boards_svg(chosen, dice), "--svg")
    if json_out:
        print_json([_board_dict(b) for b in chosen])
        raise typer.Exit(0)
    for i, shown in enumerate(chosen):
        if i:
            out.print()
        out.print(f"{shown.id}  {shown.name}", style="bold")
        for line in board_facts(shown):
            out.print(f"  {line}", style="bright_black")
        print_drawing(draw_board(shown, {}, {}, holes=shown.holes(dice) if dice else ()))
    raise typer.Exit(0)


def _board_dict(board: Board) -> dict[str, object]:
    """A board's facts for ``--json``."""
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
