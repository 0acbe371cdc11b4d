"""The choices file (``trucker fly --choices``): each ship's answers, in the order its captain
is asked, written as the narration prints them (``"lose-crew: a human from 7,8"``)::

    format = "trucker-choices/1"

    [ships]
    B = ["lose-crew: a human from 7,8", "lose-crew: a human from 7,8"]

A ship without a list decides for itself; a ship whose list runs out falls back to its captain.
Every problem is one :class:`~trucker.core.errors.InputError` line, all of them together.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from trucker.core.errors import BadInput, InputError
from trucker.formats.documents import display_name, read_document

__all__ = ["CHOICES_FORMAT", "read_choices", "choices_from_document"]

CHOICES_FORMAT = "trucker-choices/1"


def read_choices(
    path: str | os.PathLike[str], names: Sequence[str], *, display: str | None = None
) -> dict[str, list[str]]:
    """The choice labels of each ship named in the file (``names``: the flight's ships)."""
    name = display_name(path, display)
    return choices_from_document(read_document(path, display=name), names, name)


def choices_from_document(
    doc: Mapping[str, Any], names: Sequence[str], file: str
) -> dict[str, list[str]]:
    """A parsed choices file: ``[ships]`` with a list of choice labels per ship."""
    errors = []
    if doc.get("format") != CHOICES_FORMAT:
        errors.append(InputError(file, "format", f'expected "{CHOICES_FORMAT}"'))
    ships = doc.get("ships")
    if not isinstance(ships, dict):
        errors.append(InputError(file, "ships", "expected a table of ship names"))
        raise BadInput(errors)
    out = {}
    for name, labels in ships.items():
        if name not in names:
            errors.append(InputError(file, f"ships.{name}", f"no such ship ({', '.join(names)})"))
        elif not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
            errors.append(InputError(file, f"ships.{name}", "expected a list of choice labels"))
        else:
            out[name] = labels
    errors += [
        InputError(file, key, "unknown key") for key in sorted(set(doc) - {"format", "ships"})
    ]
    if errors:
        raise BadInput(errors)
    return out
