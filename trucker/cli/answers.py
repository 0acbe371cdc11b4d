"""Reading a person's answers from standard input, whatever is on the other end.

A line is bounded: at most :data:`LINE_BYTES` are kept, and the rest of a longer line is read
and thrown away (the question is asked again), up to :data:`SKIP_BYTES`; past that, the input is
not a person typing (``< /dev/zero``), and it is taken as the end of the input. Bytes are read,
not text, and decoded leniently (a byte that is not the terminal's encoding becomes U+FFFD and
the answer is simply not an option), so no locale makes a line an error. A closed standard
input (``<&-``), one that cannot be read, and the end of a file are all the end of the input;
the table saves the game then.
"""

from __future__ import annotations

import codecs
import sys
from dataclasses import dataclass
from typing import Any

__all__ = ["LINE_BYTES", "SKIP_BYTES", "Answer", "read_answer"]

LINE_BYTES = 4096
"""The longest answer kept (a terminal in canonical mode takes at most this much anyway)."""
SKIP_BYTES = 16 * 1024 * 1024
"""The most of one overlong line read and thrown away before the input counts as ended."""
_CHUNK = 64 * 1024


@dataclass(frozen=True, slots=True)
class Answer:
    """A line read (without its line end), ``too_long`` when only its start was kept, or,
    with ``text`` None, the end of the input and why."""

    text: str | None
    too_long: bool = False
    ended: str = ""


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
                        None, ended=f"a line of more than {SKIP_BYTES // 2**20} MiB: not an answer"
                    )
            line = line[:LINE_BYTES]
    except (OSError, ValueError):  # not readable, or closed under us
        return Answer(None, ended="standard input cannot be read")
    text = line.decode(_encoding(stream), errors="replace") if isinstance(line, bytes) else line
    return Answer(text.rstrip("\r\n"), too_long=too_long)
