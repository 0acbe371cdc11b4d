"""The ``trucker`` command line: glue from options to one library call and an exit code.

Each command lives in its own module, and library modules are imported inside the commands, so
``trucker --help`` starts fast; a run of one command builds only that command.
Exit codes: 0 legal / done, 1 illegal (violations) or cannot repair, 2 unreadable input, 3 a bug.
"""

from __future__ import annotations

import errno
import io
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


class _Closed(io.TextIOBase):
    """Standard output when the command was started without one (``trucker ... >&-``): every
    write fails as a write to a closed descriptor would, so the run says so."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "it is closed")

    def isatty(self) -> bool:
        return False


class _StdoutFailed(Exception):
    """Standard output could not be written (closed, or its disk full): not the program's
    bug, and not a reader that went away (a broken pipe, which stays itself)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))


class _Guarded:
    """Standard output, its write failures told apart from the program's own errors; all
    else is the stream's own."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self.stream.write(text))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _StdoutFailed(exc) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _StdoutFailed(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class _Muffled:
    """Standard error, whose write failures (``2> /dev/full``) lose its lines and nothing
    else: the exit code still says how the run went (a failure there once ended a report of
    bad input with exit 1, the code of an illegal ship). After the first failure it writes
    nowhere, so the interpreter's last flush cannot fail again."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            self.stream.write(text)
        except (OSError, ValueError):
            self._nowhere()
        return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except (OSError, ValueError):
            self._nowhere()

    def _nowhere(self) -> None:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
            self.stream.flush()
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass  # not a real file (a test's capture)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _stdout_unwritable(exc: _StdoutFailed) -> NoReturn:
    """Standard output is closed or full (``>&-``, ``> /dev/full``): one line on stderr and
    exit 2, as for an output file that cannot be written; what it still holds goes nowhere,
    so the interpreter's last flush cannot fail again."""
    from trucker.cli.output import EXIT_BAD_INPUT

    sys.stderr.write(f"trucker: cannot write to standard output: {exc}\n")
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - standard output for the process's end
    sys.exit(EXIT_BAD_INPUT)


def main() -> None:
    """Console entry point: input errors exit 2 with one line each; bugs exit 3; a closed
    output pipe exits quietly; a closed or full standard output is one line and exit 2."""
    from trucker.cli.signals import Stopped, stopping_as_ctrl_c
    from trucker.core.errors import BadInput
    from trucker.formats.outputs import watching

    given = sys.stdout
    sys.stdout = _Guarded(given if given is not None else _Closed())
    # started without one (2>&-), it writes nowhere
    sys.stderr = _Muffled(sys.stderr if sys.stderr is not None else open(os.devnull, "w"))  # noqa: SIM115
    try:
        words = _debug_first(sys.argv[1:])
        with watching(), stopping_as_ctrl_c():
            code = build(_named(words))(args=words, standalone_mode=False)
        sys.stdout.flush()  # a full disk answers here, not in the interpreter's last flush
        sys.exit(code if isinstance(code, int) else 0)
    except BadInput as exc:
        from trucker.cli.output import print_errors

        print_errors(exc)
        sys.exit(2)
    except BrokenPipeError:
        _pipe_closed()
    except _StdoutFailed as exc:
        _stdout_unwritable(exc)
    except SystemExit as exc:
        # typer's parser (click's, vendored or not) turns a broken pipe in a command into
        # exit 1, wrapping the streams in its PacifyFlushWrapper (_PacifyFlushWrapper in click)
        if exc.code == 1 and type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):
            _pipe_closed()
        raise
    except Stopped as exc:
        sys.stderr.write(f"stopped by {exc}\n")
        sys.exit(128 + exc.signum)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    except Exception as exc:
        if type(exc).__name__ == "Abort":
            sys.exit(130)
        if hasattr(exc, "show") and isinstance(getattr(exc, "exit_code", None), int):
            # a usage error from typer's command-line parser (click's, vendored or not),
            # which quotes what was typed: shown as the consoles show text
            from trucker.cli.output import Visible

            exc.show(file=Visible(sys.stderr))
            sys.exit(2)
        _internal_error(exc)
    finally:
        if isinstance(sys.stdout, _Guarded):
            sys.stdout = sys.stdout.stream
        if isinstance(sys.stderr, _Muffled):
            sys.stderr = sys.stderr.stream


def _internal_error(exc: Exception) -> NoReturn:
    """A bug: one line naming it and how to report it, exit 3 (with ``--debug``, the
    traceback)."""
    if _STATE["debug"]:
        raise exc
    from trucker.core.errors import one_line

    sys.stderr.write(
        f"trucker: internal error: {type(exc).__name__}: {one_line(str(exc))}\n"
        "This is a bug; please report it with the command and input files "
        "(rerun with --debug for the traceback).\n"
    )
    sys.exit(3)
