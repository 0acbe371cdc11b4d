"""Printing for the CLI: the stdout and stderr consoles (colour when the terminal has it), what
the renderers of :mod:`trucker.render` give printed there or JSON, output files written
atomically, and the exit codes. Only this package prints."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType

from trucker.core.errors import BadInput, InputError
from trucker.render.terminal.reports import error_lines
from trucker.render.terminal.styles import plural, styled
from trucker.render.text import Drawing

__all__ = [
    "out",
    "err",
    "EXIT_OK",
    "EXIT_ILLEGAL",
    "EXIT_BAD_INPUT",
    "EXIT_BUG",
    "plural",
    "print_drawing",
    "print_lines",
    "print_errors",
    "print_json",
    "check_output",
    "write_output",
]

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2
EXIT_BUG = 3

out = Console(highlight=False, soft_wrap=True, markup=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)
"""Plain text in, plain text out: no rich markup, so a card label or a file name with square
brackets prints as written."""


def print_drawing(drawing: Drawing, console: Console = out) -> None:
    """A drawing in its colours."""
    console.print(styled(drawing))


def print_lines(lines: Iterable[RenderableType], console: Console = out) -> None:
    """Print a renderer's lines, each on its own line(s)."""
    for line in lines:
        console.print(line)


def print_json(data: Any, *, lines: bool = False) -> None:
    """Write JSON to stdout: one compact object per line (``lines``) or indented."""
    text = json.dumps(data) if lines else json.dumps(data, indent=2)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def print_errors(errors: Iterable[InputError] | BadInput) -> None:
    """Input problems on stderr, one red line each."""
    print_lines(error_lines(errors), err)


def check_output(path: Path, option: str, inputs: Iterable[Path]) -> None:
    """Refuse an output path before any work is done (one line, exit 2): a folder, a missing
    folder, one of the command's own input files (inputs are never written), or a name that
    is not the option's kind of file."""
    import typer

    problem = None
    try:
        if path.is_dir():
            problem = "is a folder; give a file name"
        elif not path.parent.is_dir():
            problem = f"no such folder: {path.parent}"
        elif any(_same_file(given, path) for given in inputs):
            problem = "refusing to overwrite an input file; choose another name"
    except OSError as exc:
        problem = exc.strerror or str(exc)
    problem = problem or _wrong_suffix(path, option)
    if problem is not None:
        print_errors(BadInput.one(option, str(path), problem))
        raise typer.Exit(EXIT_BAD_INPUT)


_SUFFIXES = {"--svg": ("SVG picture", (".svg",)), "--html": ("HTML page", (".html", ".htm"))}
"""What each output option writes, and the file names it takes: a picture named ``.png``
would be an SVG file a viewer cannot open, so such a name is refused, never written."""


def _wrong_suffix(path: Path, option: str) -> str | None:
    what, suffixes = _SUFFIXES.get(option, ("", ()))
    if not suffixes or path.suffix.lower() in suffixes:
        return None
    return f"an {what} goes in a {' or '.join(suffixes)} file"


def _same_file(given: Path, path: Path) -> bool:
    if given.resolve() == path.resolve():
        return True
    return path.exists() and given.exists() and os.path.samefile(given, path)


def write_output(path: Path, text: str, option: str) -> None:
    """Write a picture or page atomically; a failure is one line and exit 2."""
    import typer

    from trucker.formats.write import write_atomic

    try:
        write_atomic(path, text)
    except OSError as exc:
        print_errors(BadInput.one(option, str(path), exc.strerror or str(exc)))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    err.print(f"wrote {path}")
