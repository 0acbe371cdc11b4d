"""The ``trucker`` command line: glue from options to one library call and an exit code.

Library modules are imported inside the commands, so ``trucker --help`` starts fast.
Exit codes: 0 legal / done, 1 illegal (violations) or cannot repair, 2 unreadable input, 3 a bug.
"""

from __future__ import annotations

import sys
from typing import Annotated

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


def demo() -> None:
    """Run the main jobs on the bundled example ships: no arguments needed."""
    from trucker.cli.demo import run_demo

    raise typer.Exit(run_demo())


def _register_commands() -> None:
    """Every command, in the order ``--help`` lists them; each lives in its own module (their
    bodies import lazily)."""
    from trucker.cli import (
        boards_cmd,
        cards_cmd,
        exposure_cmd,
        fix_cmd,
        fly_cmd,
        hit_cmd,
        intruder_cmd,
        odds_cmd,
        radiation_cmd,
        reference_cmd,
        validate_cmd,
    )

    app.command()(validate_cmd.validate)
    app.command()(validate_cmd.show)
    app.command()(fix_cmd.fix)
    app.command()(boards_cmd.boards)
    app.command()(reference_cmd.schema)
    app.command()(reference_cmd.rulings)
    app.command()(demo)
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
