"""A flight log's document as JSON text, written fast: exactly the text ``json.dumps`` writes
(held to it by tests), made by msgspec.

Writing a log the plain way costs a logged flight more than flying it: every event becomes a
dict and ``json.dumps(..., indent=2)`` runs in pure Python. Here the events
(:class:`~trucker.core.events.Event`, msgspec structs) are encoded as they stand and msgspec
lays out the text. The standard library's escaping of anything beyond ASCII is kept, so a
reader sees the same bytes either way. Numbers are written alike too, as a log holds them
(counts, and strengths in half points); a float below 0.0001 or from 10^16 up would be written
in another form, and no log holds one.
"""

from __future__ import annotations

import codecs
import json
from typing import Any

import msgspec

from trucker.core.events import Event

__all__ = ["log_json"]

_ENCODE = msgspec.json.Encoder().encode


def log_json(document: Any, *, indent: int | None = None) -> str:
    r"""``json.dumps(document, indent=indent)``, the same text, made faster; events in the
    document stand for their dicts (:meth:`~trucker.core.events.Event.to_dict`).

    >>> from trucker.core.events import GaveUp
    >>> log_json({"ship": "Ü", "events": [GaveUp("Ü", "x")]})
    '{"ship": "\\u00dc", "events": [{"kind": "gave-up", "ship": "\\u00dc", "reason": "x"}]}'
    """
    try:
        encoded = _ENCODE(document)
    except (msgspec.EncodeError, UnicodeEncodeError, TypeError, OverflowError):
        # what msgspec will not write as the standard library does (a lone surrogate in a
        # name, say): the plain way
        return json.dumps(document, indent=indent, default=_event_dict)
    return _ascii(msgspec.json.format(encoded, indent=0 if indent is None else indent).decode())


def _event_dict(value: object) -> dict[str, Any]:
    if isinstance(value, Event):
        return value.to_dict()
    raise TypeError(f"a log holds no {type(value).__name__}")


def _escaped(error: UnicodeError) -> tuple[str, int]:
    """Characters beyond ASCII as ``json.dumps`` writes them: ``\\u`` and four hex digits
    (``\\u00e9``), a pair of them above the basic plane (an error handler of the ASCII codec,
    which scans in C)."""
    assert isinstance(error, UnicodeEncodeError)
    out = []
    for char in error.object[error.start : error.end]:
        code = ord(char)
        if code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            code -= 0x10000
            out.append(f"\\u{0xD800 | code >> 10:04x}\\u{0xDC00 | code & 0x3FF:04x}")
    return "".join(out), error.end


_ESCAPE = "trucker-json-ascii"
codecs.register_error(_ESCAPE, _escaped)


def _ascii(text: str) -> str:
    """The text as ``json.dumps`` escapes it: beyond ASCII, and DEL, as ``\\u`` and four hex
    digits (msgspec writes both as they are; control characters both escape alike)."""
    if not text.isascii():
        text = text.encode("ascii", _ESCAPE).decode("ascii")
    return text.replace("\x7f", "\\u007f") if "\x7f" in text else text
