"""Reading input files: size and encoding checks, standard input, TOML or JSON by suffix, and
every problem in a line that names the file and the key (a TOML slip explained where tomli
points).

What a document means is read elsewhere: a ship (:mod:`trucker.formats.load`), a deck
(:mod:`trucker.formats.decks`), a board, choices, a flight log. Nothing here ever writes to an
input file.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any

import tomli

from trucker.core.errors import BadInput, InputError
from trucker.formats.outputs import note_read

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "STDIN",
    "display_name",
    "read_document",
    "read_bytes",
    "parse_document",
]

MAX_BYTES = 1 << 20
"""Input files larger than 1 MiB are refused (no ship needs more)."""

MAX_DEPTH = 32
"""Tables and lists nest at most this deep in an input file: a flight log, the deepest
document, needs 8 levels; a file nested thousands deep would exhaust the parsers' stack."""

STDIN = "-"
"""The path that means standard input (``trucker validate - < ship.toml``)."""

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_KINDS = (
    (stat.S_ISDIR, "is a directory"),
    (stat.S_ISFIFO, "is a named pipe"),
    (stat.S_ISCHR, "is a device"),
    (stat.S_ISBLK, "is a device"),
    (stat.S_ISSOCK, "is a socket"),
)


class _Pairs(dict[str, Any]):
    """A JSON object that remembers the keys it was given more than once."""

    twice: tuple[str, ...] = ()


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A plain dict, or a :class:`_Pairs` naming its repeated keys (refused once the whole
    document is read, when the key's path is known)."""
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    marked = _Pairs(out)
    seen: set[str] = set()
    twice = []
    for key, _ in pairs:
        if key in seen:
            twice.append(key)
        seen.add(key)
    marked.twice = tuple(twice)
    return marked


def display_name(path: str | os.PathLike[str], display: str | None = None) -> str:
    """How error lines name an input: as given, or ``stdin`` for ``-``."""
    name = display or str(path)
    return "stdin" if name == STDIN else name


_SQUARE_KEY = re.compile(r"\s*(\d+)\s*,\s*(\d+)\s*=")
_BARE_TEXT = re.compile(r"[A-Za-z][\w-]*")


def _toml_problem(exc: tomli.TOMLDecodeError, text: str) -> str:
    """The parser's complaint, and for the slips of a hand-written file what to write instead:
    a square as a bare key, text without quotes (a key given twice is named by
    :func:`_toml_error`)."""
    at = f"(at line {exc.lineno}, column {exc.colno})"
    lines = text.splitlines()
    line = lines[exc.lineno - 1] if 0 < exc.lineno <= len(lines) else ""
    square = _SQUARE_KEY.match(line)
    if square:
        row, col = square.groups()
        return f'{exc.msg} {at}: a square is written in quotes, "{row},{col}" = ...'
    word = _BARE_TEXT.match(text, exc.pos)
    if exc.msg == "Invalid value" and word and word.group() not in {"true", "false", "inf", "nan"}:
        return f'{exc.msg} {at}: text is written in quotes, "{word.group()}"'
    return str(exc)


def read_document(path: str | os.PathLike[str], *, display: str | None = None) -> dict[str, Any]:
    """Read a ``.toml`` or ``.json`` file (``-``: standard input, TOML or JSON by its first
    character) into a table; :class:`BadInput` on any problem."""
    name = display_name(path, display)
    if str(path) == STDIN:
        raw = _read_stdin(name)
        first = raw.removeprefix(b"\xef\xbb\xbf").lstrip()[:1]
        return parse_document(raw, name, ".json" if first in (b"{", b"[") else ".toml")
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".toml", ".json"):
        raise BadInput.one(
            name, "", f"unknown file type {p.suffix or '(none)'!r}: use .toml or .json"
        )
    return parse_document(_read_file(p, name), name, suffix)


def read_bytes(path: Path, name: str) -> bytes:
    """A regular file's bytes, at most :data:`MAX_BYTES` (the checks of :func:`read_document`
    before it is parsed); :class:`BadInput` naming ``name`` otherwise."""
    return _read_file(path, name)


def _read_file(path: Path, name: str) -> bytes:
    """At most :data:`MAX_BYTES` and one byte of a regular file. Anything else (a directory,
    a device such as /dev/zero, a named pipe) is refused before it is opened for reading, so
    that it can neither fill memory nor block; the file is opened without blocking and checked
    again, in case it was replaced in between."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise BadInput.one(name, "", "no such file") from None
    except ValueError:
        raise BadInput.one(name, "", "the path holds a NUL character; give a file name") from None
    except OSError as exc:
        raise BadInput.one(name, "", f"cannot read: {exc.strerror or exc}") from None
    _check_regular(mode, name)
    try:
        handle = os.open(path, os.O_RDONLY | _NONBLOCK)
    except OSError as exc:
        raise BadInput.one(name, "", f"cannot read: {exc.strerror or exc}") from None
    try:
        with os.fdopen(handle, "rb") as file:
            info = os.fstat(file.fileno())
            _check_regular(info.st_mode, name)
            note_read(info, name)
            _check_size(info.st_size, name)
            raw = file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise BadInput.one(name, "", f"cannot read: {exc.strerror or exc}") from None
    _check_size(len(raw), name)
    return raw


def _check_regular(mode: int, name: str) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((text for test, text in _KINDS if test(mode)), "is not a regular file")
    raise BadInput.one(name, "", f"{kind}, not a file: give a .toml or .json file")


def _check_size(size: int, name: str) -> None:
    if size > MAX_BYTES:
        raise BadInput.one(name, "", f"file is {size} bytes, over the 1 MiB limit")


_READ_STREAMS: list[object] = []
"""The standard inputs read so far: one can be read once only."""


def _read_stdin(name: str) -> bytes:
    """Standard input, at most :data:`MAX_BYTES` and one byte of it."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise BadInput.one(name, "", "there is no standard input to read; give a file")
    if any(stream is seen for seen in _READ_STREAMS):
        raise BadInput.one(name, "", "standard input can be read once: give - only once")
    _READ_STREAMS.append(stream)
    try:
        raw: bytes = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise BadInput.one(name, "", f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise BadInput.one(name, "", "input is over the 1 MiB limit")
    return raw


def parse_document(raw: bytes, name: str, suffix: str) -> dict[str, Any]:
    """Bytes to a table: UTF-8 text (a byte-order mark is skipped), then TOML or JSON."""
    _check_size(len(raw), name)
    if b"\x00" in raw:
        raise BadInput.one(name, "", "binary data, not a text file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput.one(name, "", f"not UTF-8 text (byte {exc.start})") from None
    text = text.removeprefix("\ufeff")
    kind = "JSON" if suffix == ".json" else "TOML"
    try:
        if suffix == ".json":
            data = json.loads(text, object_pairs_hook=_json_object)
        else:
            data = tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        raise BadInput([_toml_error(exc, text, name)]) from None
    except json.JSONDecodeError as exc:
        raise BadInput.one(
            name, "", f"malformed JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise BadInput.one(name, "", _too_deep(kind)) from None
    except ValueError as exc:  # an integer too long for int(), in either parser
        told = str(exc)
        if "digits" in told:
            told = f"a number longer than {sys.get_int_max_str_digits()} digits"
        raise BadInput.one(name, "", f"malformed {kind}: {told}") from None
    if not isinstance(data, dict):
        raise BadInput.one(name, "", "expected a table of keys at the top level")
    shape = _shape_problem(data)
    if shape is not None:
        where, what = shape
        raise BadInput.one(name, where, what or _too_deep(kind))
    if suffix == ".json" and _SURROGATE_ESCAPE.search(text):
        lone = _lone_surrogate(data)
        if lone is not None:
            raise BadInput.one(
                name, lone, "holds half of a surrogate pair (\\ud800 to \\udfff), not text"
            )
    return data


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of a surrogate: a pair (an emoji) reads as one character, a lone one as a
character no text may hold, which no stream can print and no file can store."""


def _lone_surrogate(data: dict[str, Any]) -> str | None:
    """The key path of the first key or text holding a lone surrogate (the document is known
    to nest at most :data:`MAX_DEPTH` levels)."""
    level: list[tuple[str, Any]] = [("", data)]
    while level:
        below: list[tuple[str, Any]] = []
        for where, item in level:
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, value in pairs:
                inner = _join(where, key) if isinstance(key, str) else f"{where}[{key}]"
                if isinstance(key, str) and _unencodable(key):
                    return inner
                if isinstance(value, str) and _unencodable(value):
                    return inner
                if isinstance(value, dict | list):
                    below.append((inner, value))
        level = below
    return None


def _unencodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _too_deep(kind: str) -> str:
    return f"malformed {kind}: nested more than {MAX_DEPTH} levels deep; no trucker file needs more"


def _shape_problem(data: dict[str, Any]) -> tuple[str, str] | None:
    """A key given twice in a JSON object (its path and the problem), or ("", "") for a
    document nested deeper than :data:`MAX_DEPTH`; walked level by level, never recursively."""
    level: list[tuple[str, Any]] = [("", data)]
    for _ in range(MAX_DEPTH):
        below: list[tuple[str, Any]] = []
        for where, item in level:
            if isinstance(item, dict):
                if isinstance(item, _Pairs) and item.twice:
                    return _join(where, item.twice[0]), "given twice; keep one of them"
                below.extend(
                    (_join(where, k), v) for k, v in item.items() if isinstance(v, dict | list)
                )
            else:
                below.extend(
                    (f"{where}[{i}]", v) for i, v in enumerate(item) if isinstance(v, dict | list)
                )
        if not below:
            return None
        level = below
    return "", ""


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _join(where: str, key: str) -> str:
    """A key path as a TOML user writes it: ``tiles."7,7"``."""
    part = key if _BARE_KEY.fullmatch(key) else '"' + key.replace('"', '\\"') + '"'
    return f"{where}.{part}" if where else part


_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')"""
_HEADER = re.compile(rf"\s*\[\[?\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*\]\]?\s*(?:#.*)?")
_ASSIGNED = re.compile(rf"\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")
_PART = re.compile(_KEY_PART)


def _toml_error(exc: tomli.TOMLDecodeError, text: str, name: str) -> InputError:
    """tomli's error as one line; a key given twice is named by its path, which tomli's
    message leaves out."""
    message = getattr(exc, "msg", str(exc))
    line = getattr(exc, "lineno", 0)
    twice = f"given twice (line {line}); keep one of them"
    if message == "Cannot overwrite a value" or message.startswith("Duplicate inline table key"):
        where = _assigned_key(text.splitlines()[:line]) or ""
        inner = message.removeprefix("Duplicate inline table key").strip(" '\"")
        if inner != message.strip(" '\""):
            where = _join(where, inner)
        return InputError(name, where, twice if where else f"malformed TOML: a key {twice}")
    if message.startswith(("Cannot declare", "Cannot redefine", "Cannot mutate")):
        return InputError(
            name, "", f"malformed TOML: a table given twice (line {line}); write each table once"
        )
    return InputError(name, "", f"malformed TOML: {_toml_problem(exc, text)}")


def _assigned_key(lines: list[str]) -> str | None:
    """The path of the key assigned on the last of ``lines``, under the table header above
    it; None when the line is not a plain ``key = value``."""
    found = _ASSIGNED.match(lines[-1]) if lines else None
    if found is None:
        return None
    where = ""
    for earlier in reversed(lines[:-1]):
        header = _HEADER.fullmatch(earlier)
        if header is not None:
            where = _key_path(header.group(1))
            break
    path = _key_path(found.group(1))
    return f"{where}.{path}" if where else path


def _key_path(written: str) -> str:
    """A dotted key as written (``tiles . "7,7"``) in the form the error lines use."""
    out = ""
    for part in _PART.findall(written):
        key = part[1:-1] if part[:1] in "\"'" else part
        out = _join(out, key)
    return out
