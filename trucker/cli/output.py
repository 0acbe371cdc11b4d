"""Printing for the CLI: the stdout and stderr consoles (colour when the terminal has it), what
the renderers of :mod:`trucker.render` give printed there or JSON, output files written
atomically, and the exit codes. Only this package prints.

Whatever a file says reaches the terminal as text, never as a terminal's control sequence (an
escape code in a ship's name prints as its visible symbol); a stream that cannot encode the
program's glyphs (``PYTHONIOENCODING=ascii``, cp1252 when redirected on Windows) gets ASCII
stand-ins instead of failing halfway through a report."""

from __future__ import annotations

import codecs
import json
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.text import Text

from trucker.core.errors import BadInput, InputError
from trucker.render.terminal.reports import error_lines
from trucker.render.terminal.styles import Drawn, plural, styled
from trucker.render.text import Drawing

__all__ = [
    "out",
    "err",
    "EXIT_OK",
    "EXIT_ILLEGAL",
    "EXIT_BAD_INPUT",
    "EXIT_BUG",
    "EXIT_PIPE_CLOSED",
    "plural",
    "print_drawing",
    "print_lines",
    "print_errors",
    "print_json",
    "Visible",
    "check_output",
    "write_output",
    "write_outputs",
]

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2
EXIT_BUG = 3
EXIT_PIPE_CLOSED = 141
"""The reader of the output went away (``trucker fly ... | head``): what a shell reports for a
process ended by a closed pipe, and not 1, which means an illegal ship."""

_ASCII = {"§": "S", "·": "-", "→": "->", "←": "<-", "↔": "<->", "—": "--", "–": "-", "×": "x",
          "±": "+/-", "½": "1/2", "²": "2", "…": "...", "≥": ">=", "≤": "<="}  # fmt: skip
"""ASCII stand-ins for the glyphs the reports print."""


def _ascii_stand_in(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler ``trucker-ascii``: a known glyph as its stand-in, else ``?``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    shown = error.object[error.start : error.end]
    return "".join(_ASCII.get(ch, "?") for ch in shown), error.end


codecs.register_error("trucker-ascii", _ascii_stand_in)


def use_ascii_if_needed(stream: TextIO) -> None:
    """Give ``stream`` ASCII stand-ins when its encoding cannot write the program's glyphs;
    what it can encode (cp1252's § and ·) is written as it is."""
    encoding = getattr(stream, "encoding", None)
    reconfigure = getattr(stream, "reconfigure", None)
    if not encoding or reconfigure is None:
        return
    try:
        "".join(_ASCII).encode(encoding)
    except UnicodeEncodeError:
        reconfigure(errors="trucker-ascii")
    except LookupError:
        return


class _Visible(dict[int, "int | str"]):
    """What :meth:`str.translate` makes of the characters a terminal would not show as they
    are: control characters as the visible symbols of Unicode's Control Pictures (ESC as ␛,
    one character each, so nothing printed moves; tab and newline stay), and the invisible
    characters that change how a line reads (a right-to-left override, a zero-width joiner,
    a line separator) as their escapes (``\\u202e``); any other character as it is."""

    _ESCAPED = frozenset({"Cf", "Zl", "Zp", "Cs"})

    def __missing__(self, code: int) -> int | str:
        if unicodedata.category(chr(code)) in self._ESCAPED:
            shown: int | str = f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
        else:
            shown = code
        self[code] = shown
        return shown


_VISIBLE = _Visible(
    {
        **{code: 0x2400 + code for code in range(0x20) if code not in (0x09, 0x0A)},
        0x7F: 0x2421,
        **dict.fromkeys(range(0x80, 0xA0), 0xFFFD),
        0x09: 0x09,
        0x0A: 0x0A,
    }
)
_ONE_LINE = {0x0A: 0x2424}
"""A line break inside one printed line (a ship named ``"A\\nB"``) as the symbol ␤: the
same length, so the text's colours stay where they were."""


def _one_line(thing: Any) -> Any:
    """A printed text as one line: a line break in it came from a file's words (a name made
    to fake a report line); only a drawing (:class:`Drawn`) has line breaks of its own."""
    if isinstance(thing, str):
        return thing.translate(_ONE_LINE)
    if isinstance(thing, Text) and not isinstance(thing, Drawn) and "\n" in thing.plain:
        shown = thing.copy()
        shown.plain = thing.plain.translate(_ONE_LINE)
        return shown
    return thing


class Visible:
    """A text stream that writes what it is given as :class:`_Console` prints it: for what is
    printed past the consoles (typer's usage errors, which quote what was typed: an argument
    holding a right-to-left override turned the rest of the line around)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(text.translate(_VISIBLE))

    def flush(self) -> None:
        self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class _Console(Console):
    """A rich console that prints each text it is given on one line, the characters that would
    change or fake what a terminal shows as visible symbols or escapes, and leaves a closed pipe
    to :func:`trucker.cli.app.main` (rich would exit 1)."""

    def print(self, *objects: Any, **options: Any) -> None:
        super().print(*(_one_line(thing) for thing in objects), **options)

    def render(
        self, renderable: RenderableType, options: ConsoleOptions | None = None
    ) -> Iterator[Segment]:
        for segment in super().render(renderable, options):
            if segment.control is None and not segment.text.isprintable():
                segment = Segment(segment.text.translate(_VISIBLE), segment.style)
            yield segment

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


use_ascii_if_needed(sys.stdout)
use_ascii_if_needed(sys.stderr)
out = _Console(highlight=False, soft_wrap=True, markup=False)
err = _Console(stderr=True, highlight=False, soft_wrap=True, markup=False)
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
    print_json_text(json.dumps(data) if lines else json.dumps(data, indent=2))


def print_json_text(text: str) -> None:
    """Write JSON already written (as :func:`print_json` would lay it out) to stdout."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def print_errors(errors: Iterable[InputError] | BadInput) -> None:
    """Input problems on stderr, one red line each."""
    print_lines(error_lines(errors), err)


def check_output(path: Path, option: str, inputs: Iterable[Path] = ()) -> None:
    """Refuse an output path before any work is done (one line, exit 2): a name that is not
    the option's kind of file, or one :func:`trucker.formats.outputs.claim_output` refuses (a
    folder, a missing or read-only folder, a read-only file, one of the command's inputs by
    any road: inputs are never written)."""
    import typer

    from trucker.formats.outputs import OutputRefused, claim_output

    try:
        claim_output(path, option, inputs)
    except OutputRefused as exc:
        print_errors(exc)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    problem = _wrong_suffix(path, option)
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


def write_output(path: Path, text: str, option: str, *, said: bool = True) -> None:
    """Write a picture, page or file atomically, and say so on stderr (unless the command
    says it itself); a failure is one line and exit 2."""
    import typer

    from trucker.formats.write import write_atomic

    try:
        write_atomic(path, text)
    except BadInput as exc:
        print_errors(exc)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except OSError as exc:
        print_errors(BadInput.one(option, str(path), exc.strerror or str(exc)))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if said:
        err.print(f"wrote {path}")


def write_outputs(folder: Path, files: Iterable[tuple[str, str]], option: str) -> None:
    """Write several files (``(name, text)``) into ``folder`` all or none (a full disk
    midway once left some of them new and the rest as an earlier run wrote them), replacing
    those already there, and say so on stderr; a failure is one line and exit 2."""
    import typer

    from trucker.formats.outputs import write_folder

    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        written = write_folder(folder, ((Path(name), text) for name, text in files), replace=True)
    except BadInput as exc:
        print_errors(exc)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except OSError as exc:
        print_errors(BadInput.one(option, str(folder), exc.strerror or str(exc)))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    for path in written:
        err.print(f"wrote {path}")
