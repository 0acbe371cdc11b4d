"""``trucker schema`` and ``trucker rulings``: the layout file's JSON Schema, and the named
interpretations with their defaults and sources (RULES §10)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from trucker.cli.options import JsonOpt

__all__ = ["schema", "rulings"]


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
        raise typer.Exit(2)


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
    from trucker.formats.write import toml_value
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
            out.print(f"{info.name} = {toml_value(info.default)}", style="bold", end="")
            out.print(f"   ({info.source}; also: {info.alternatives})", style="bright_black")
            out.print(f"    {info.description}")
    raise typer.Exit(0)
