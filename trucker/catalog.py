"""The packaged game data (``components_data/``): parts and boards, loaded once.

This is the only module that reads packaged data. Files are found through
:mod:`importlib.resources`, so the same code runs from a checkout and from an installed wheel.
"""

from __future__ import annotations

import difflib
import tomllib
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from pydantic import ValidationError

from trucker.boards import Board, board_from_file
from trucker.errors import BadInput
from trucker.formats.board_file import BoardFile
from trucker.formats.errors import input_errors
from trucker.parts import Part, PartInfo

__all__ = [
    "data_root",
    "scenarios_root",
    "parts",
    "part_info",
    "builtin_boards",
    "find_board",
    "parse_board",
]


def data_root() -> Traversable:
    return resources.files("trucker.components_data")


def scenarios_root() -> Traversable:
    """The bundled scenarios (ships, decks, teaching cases), packaged with the data."""
    return resources.files("trucker.scenarios")


@cache
def parts() -> dict[Part, PartInfo]:
    raw = tomllib.loads((data_root() / "parts.toml").read_text(encoding="utf-8"))
    return {Part(key): PartInfo(part=Part(key), **value) for key, value in raw.items()}


def part_info(part: Part) -> PartInfo:
    return parts()[part]


def parse_board(data: dict[str, object], name: str, path: str | None = None) -> Board:
    """A board from a parsed board file; :class:`BadInput` naming ``name`` and the key otherwise."""
    try:
        return board_from_file(BoardFile.model_validate(data), path)
    except ValidationError as exc:
        raise BadInput(input_errors(exc, name)) from None
    except ValueError as exc:
        where, _, problem = str(exc).partition(": ")
        raise BadInput.one(name, where if problem else "", problem or where) from None


@cache
def builtin_boards() -> dict[str, Board]:
    """The built-in boards by id, in the order I, II, III, IIIa, IIB, IIIB, IV."""
    folder = data_root() / "boards"
    boards = [
        parse_board(
            tomllib.loads(entry.read_text(encoding="utf-8")), f"components_data/boards/{entry.name}"
        )
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    ]
    order = ["I", "II", "III", "IIIa", "IIB", "IIIB", "IV"]
    boards.sort(key=lambda b: (order.index(b.id) if b.id in order else len(order), b.id))
    return {b.id: b for b in boards}


@cache
def _aliases() -> dict[str, Board]:
    out: dict[str, Board] = {}
    for board in builtin_boards().values():
        for name in (board.id, *board.aliases):
            out[name.lower()] = board
    return out


def find_board(name: str) -> Board:
    """A built-in board by id or alias, any case; ``KeyError`` with a suggestion otherwise.

    >>> find_board("cylinder").id
    'IIB'
    """
    found = _aliases().get(name.strip().lower())
    if found is None:
        close = difflib.get_close_matches(name.lower(), list(_aliases()), n=1)
        hint = f" (did you mean {_aliases()[close[0]].id!r}?)" if close else ""
        ids = ", ".join(builtin_boards())
        raise KeyError(f"unknown board {name!r}{hint}; built-in boards: {ids}")
    return found
