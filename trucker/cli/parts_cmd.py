"""``trucker parts``: every part a ship file may name, with its keys and an example line, read
off the file format's own models and the packaged parts data."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from trucker.cli.options import JsonOpt

__all__ = ["parts"]


def parts(
    part: Annotated[
        Optional[str],  # noqa: UP045 - typer needs Optional here
        typer.Argument(help="Only this part (e.g. battery)."),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """List every part a ship file may name: its keys (required or not, what they take) and a
    line to copy into [tiles].

    Example: trucker parts battery
    """
    import difflib

    from trucker.cli.output import print_errors, print_json, print_lines
    from trucker.core.errors import BadInput
    from trucker.formats.ship_keys import part_keys, shared_keys
    from trucker.render.terminal.parts import parts_lines

    found = part_keys()
    shared = shared_keys(found)
    if part is not None:
        chosen = [p for p in found if str(p.part) == part.strip().lower()]
        if not chosen:
            names = [str(p.part) for p in found]
            close = difflib.get_close_matches(part.strip().lower(), names, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            print_errors(BadInput.one("part", part, f"unknown part{hint}; see trucker parts"))
            raise typer.Exit(2)
        found = chosen
    if json_out:
        print_json([p.to_dict() for p in found])
    else:
        print_lines(parts_lines(found, shared))
    raise typer.Exit(0)
