"""Turn pydantic's validation errors into one line per problem, named by a TOML-style key path.

``tiles."7,8".sides: expected 4 characters (front, right, rear, left), got 'sd-'``
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from trucker.core.errors import InputError

__all__ = ["key_path", "input_errors", "Explain"]

Explain = Callable[[ErrorDetails, str], "InputError | None"]
"""A reader's own words for some of pydantic's errors, chosen by the error's ``type``: given
the error and its key path, an :class:`InputError`, or None to keep the usual words."""

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_MAX_SHOWN = 40
_KEY_PREFIX = re.compile(r"^([a-z_]+): (.+)$", re.S)


def key_path(loc: Sequence[str | int]) -> str:
    """Write a pydantic location the way a TOML user would: ``tiles."7,8".covers[1]``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
            continue
        text = part if _BARE.fullmatch(part) else '"' + part.replace('"', '\\"') + '"'
        out = f"{out}.{text}" if out else text
    return out


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 3] + "..."


def _problem(err: ErrorDetails, allowed_keys: Iterable[str]) -> str:
    kind = err["type"]
    msg = err["msg"]
    if kind == "extra_forbidden":
        key = str(err["loc"][-1])
        close = difflib.get_close_matches(key, list(allowed_keys), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"unknown key{hint}"
    if kind == "missing":
        return "required key is missing"
    if kind == "list_type" and isinstance(err.get("input"), str):
        items = [i.strip() for i in str(err.get("input")).split(",") if i.strip()]
        written = ", ".join(f'"{i}"' for i in items[:4])
        return f"expected a list, got {_shown(err.get('input'))}: write it in brackets, [{written}]"
    if kind in ("value_error", "assertion_error"):
        return str(err.get("ctx", {}).get("error", msg))
    if kind in {"int_type", "int_parsing", "int_from_float", "bool_type", "string_type",
                "list_type", "tuple_type", "dict_type", "model_type", "literal_error",
                "float_type", "greater_than_equal", "less_than_equal", "too_short",
                "too_long", "enum"}:  # fmt: skip
        return f"{msg[0].lower()}{msg[1:]}, got {_shown(err.get('input'))}"
    return msg[0].lower() + msg[1:]


def input_errors(
    exc: ValidationError,
    file: str,
    *,
    drop: Iterable[str] = (),
    keys_at: Mapping[tuple[str | int, ...], Iterable[str]] | None = None,
    explain: Explain | None = None,
) -> list[InputError]:
    """One :class:`InputError` per pydantic error.

    ``drop`` names location parts to leave out (the tags of a tagged union); ``keys_at`` maps a
    location prefix to the keys allowed there, for "did you mean" hints; ``explain`` words the
    errors its reader knows better (an unknown part, a card with no type).
    """
    dropped = set(drop)
    out: list[InputError] = []
    seen: set[str] = set()
    for err in exc.errors(include_url=False):
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p in dropped))
        loc = tuple(p for p in loc if not (isinstance(p, str) and p.startswith("function-")))
        allowed: Iterable[str] = ()
        if keys_at:
            allowed = keys_at.get(loc[:-1], ())
        explained = explain(err, key_path(loc)) if explain is not None else None
        if explained is not None:
            error = explained
        else:
            problem = _problem(err, allowed)
            moved = _KEY_PREFIX.match(problem) if err["type"] == "value_error" else None
            if moved:
                loc, problem = (*loc, moved.group(1)), moved.group(2)
            error = InputError(file, key_path(loc), problem)
        if str(error) not in seen:
            seen.add(str(error))
            out.append(error)
    return out
