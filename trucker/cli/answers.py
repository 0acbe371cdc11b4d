"""Reading a person's answers from standard input, whatever is on the other end.

A line is bounded: at most :data:`LINE_BYTES` are kept, and the rest of a longer line is read
and thrown away (the question is asked again), up to :data:`SKIP_BYTES`; past that, the input is
not a person typing (``< /dev/zero``), and it is taken as the end of the input. Bytes are read,
not text, and decoded leniently (a byte that is not the terminal's encoding becomes U+FFFD and
the answer is simply not an option), so no locale makes a line an error. A closed standard
input (``<&-``), one that cannot be read, and the end of a file are all the end of the input;
the table saves the game then.

:func:`ask` is the one way a command asks a person at the terminal (``trucker play``'s table,
``trucker fly``'s interactive captain): the prompt, one bounded line, the line shown back when
it came from a file or a pipe (as a typed one is), a line too long to be an answer asked again.
"""

from __future__ import annotations

import codecs
import contextlib
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["LINE_BYTES", "SKIP_BYTES", "ECHOED", "Answer", "read_answer", "ask"]

LINE_BYTES = 4096
"""The longest answer kept (a terminal in canonical mode takes at most this much anyway)."""
SKIP_BYTES = 16 * 1024 * 1024
"""The most of one overlong line read and thrown away before the input counts as ended."""
_CHUNK = 64 * 1024
ECHOED = 200
"""At most this many characters of an answer read from a file or a pipe are shown back."""


@dataclass(frozen=True, slots=True)
class Answer:
    """A line read (without its line end), ``too_long`` when only its start was kept, or,
    with ``text`` None, the end of the input and why (``endless``: a line past
    :data:`SKIP_BYTES`, input that is not a person typing)."""

    text: str | None
    too_long: bool = False
    ended: str = ""
    endless: bool = False


def _encoding(stream: Any) -> str:
    name = getattr(stream, "encoding", None) or "utf-8"
    try:
        codecs.lookup(name)
    except LookupError:
        return "utf-8"
    return str(name)


def read_answer(stream: Any = None) -> Answer:
    """The next line of ``stream`` (standard input unless given), bounded as the module says."""
    stream = sys.stdin if stream is None else stream
    if stream is None:
        return Answer(None, ended="standard input is closed")
    raw = getattr(stream, "buffer", None)
    source = raw if raw is not None else stream
    newline: Any = b"\n" if raw is not None else "\n"
    try:
        line = source.readline(LINE_BYTES + 1)
        if not line:
            return Answer(None, ended="end of input")
        too_long = len(line) > LINE_BYTES and not line.endswith(newline)
        if too_long:
            skipped = len(line)
            while True:
                rest = source.readline(_CHUNK)
                skipped += len(rest)
                if not rest or rest.endswith(newline):
                    break
                if skipped > SKIP_BYTES:
                    return Answer(
                        None,
                        ended=f"a line of more than {SKIP_BYTES // 2**20} MiB: not an answer",
                        endless=True,
                    )
            line = line[:LINE_BYTES]
    except (OSError, ValueError):  # not readable, or closed under us
        return Answer(None, ended="standard input cannot be read")
    text = line.decode(_encoding(stream), errors="replace") if isinstance(line, bytes) else line
    return Answer(text.rstrip("\r\n"), too_long=too_long)


def ask(console: Console, prompt: str, stream: Any = None) -> Answer:
    """Print ``prompt`` on ``console`` and read an answer from ``stream`` (standard input
    unless given): a line from a file or a pipe is shown back after the prompt, at most
    :data:`ECHOED` characters of it; a line too long to be an answer is said so and asked
    again. The answer's ``text`` is None at the end of the input (``ended`` says why)."""
    stream = sys.stdin if stream is None else stream
    while True:
        console.print(prompt, end="", markup=False, highlight=False)
        with contextlib.suppress(OSError, ValueError):
            console.file.flush()
        answer = read_answer(stream)
        if answer.text is None:
            console.print()
            return answer
        if not _typed(stream):
            shown = answer.text if len(answer.text) <= ECHOED else answer.text[:ECHOED] + "…"
            console.print(shown, markup=False, highlight=False)
        if not answer.too_long:
            return answer
        console.print("  that line is too long to be an answer", style="red")


def _typed(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a person typing sees their own line already)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False
