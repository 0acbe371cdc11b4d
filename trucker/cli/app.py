"""The ``trucker`` command line: glue from options to one library call and an exit code.

Each command lives in its own module, and library modules are imported inside the commands, so
``trucker --help`` starts fast; a run of one command builds only that command.
Exit codes: 0 legal / done, 1 illegal (violations) or cannot repair, 2 unreadable input, 3 a bug.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Annotated, Any, NoReturn

import typer

_STATE = {"debug": False}

COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate_cmd", "validate"),
    "show": ("validate_cmd", "show"),
    "fix": ("fix_cmd", "fix"),
    "new": ("new_cmd", "new"),
    "parts": ("parts_cmd", "parts"),
    "boards": ("boards_cmd", "boards"),
    "schema": ("reference_cmd", "schema"),
    "rulings": ("reference_cmd", "rulings"),
    "examples": ("examples_cmd", "examples"),
    "demo": ("app", "demo"),
    "hit": ("hit_cmd", "hit"),
    "exposure": ("exposure_cmd", "exposure"),
    "intruder": ("intruder_cmd", "intruder"),
    "radiation": ("radiation_cmd", "radiation"),
    "fly": ("fly_cmd", "fly"),
    "replay": ("fly_cmd", "replay"),
    "play": ("play_cmd", "play"),
    "odds": ("odds_cmd", "odds"),
    "weigh": ("weigh_cmd", "weigh"),
    "advise": ("advise_cmd", "advise"),
    "cards": ("cards_cmd", "cards"),
    "studio": ("studio_cmd", "studio"),
}
"""Every command, in the order ``--help`` lists them: the module under ``trucker.cli`` and the
function that is the command."""


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"trucker {version('trucker')}")
        raise typer.Exit()


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


def build(only: str | None = None) -> typer.Typer:
    """The command line: every command, or only the one named ``only`` (what a run of that
    command needs; its help, options and errors are the same)."""
    built = typer.Typer(
        name="trucker",
        help="Validate Galaxy Trucker ships, simulate adventure decks, and teach intruders.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    built.callback()(_main)
    for name, (module, function) in COMMANDS.items():
        if only is None or name == only:
            built.command(name)(getattr(import_module(f"trucker.cli.{module}"), function))
    return built


def _debug_first(argv: Sequence[str]) -> list[str]:
    """The words with ``--debug`` moved before the command, wherever it was given (before a
    ``--``), so ``trucker validate ship.toml --debug`` works as ``trucker --debug validate``."""
    words = list(argv)
    end = words.index("--") if "--" in words else len(words)
    if "--debug" not in words[:end]:
        return words
    return ["--debug", *(w for i, w in enumerate(words) if i >= end or w != "--debug")]


def _named(argv: Sequence[str]) -> str | None:
    """The command a command line runs, when its first word is one (after ``--debug``)."""
    words = [w for w in argv if w != "--debug"]
    return words[0] if words and words[0] in COMMANDS else None


def __getattr__(name: str) -> Any:
    """``app``: the whole command line (for tests and tools that drive it), built when asked."""
    if name == "app":
        globals()["app"] = built = build()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _pipe_closed() -> NoReturn:
    """The output's reader went away (``| head``): stop quietly, with a code that is not 1
    (an illegal ship); standard output goes nowhere, so the interpreter's last flush cannot
    fail again."""
    from trucker.cli.output import EXIT_PIPE_CLOSED

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # not a real file (a test's capture): nothing is left to flush
    sys.exit(EXIT_PIPE_CLOSED)


def main() -> None:
    """Console entry point: input errors exit 2 with one line each; bugs exit 3; a closed
    output pipe exits quietly."""
    from trucker.core.errors import BadInput

    try:
        words = _debug_first(sys.argv[1:])
        code = build(_named(words))(args=words, standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except BadInput as exc:
        from trucker.cli.output import print_errors

        print_errors(exc)
        sys.exit(2)
    except BrokenPipeError:
        _pipe_closed()
    except SystemExit as exc:
        # typer's parser (click's, vendored or not) turns a broken pipe in a command into
        # exit 1, wrapping the streams in its PacifyFlushWrapper (_PacifyFlushWrapper in click)
        if exc.code == 1 and type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):
            _pipe_closed()
        raise
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
        from trucker.core.errors import one_line

        sys.stderr.write(
            f"trucker: internal error: {type(exc).__name__}: {one_line(str(exc))}\n"
            "This is a bug; please report it with the command and input files "
            "(rerun with --debug for the traceback).\n"
        )
        sys.exit(3)
