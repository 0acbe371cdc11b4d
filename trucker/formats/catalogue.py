"""The packaged game data (``components_data/``): parts, boards, cards, the deal and the
rewards, each read and checked once per process.

This is the only module that reads packaged data. Files are found through
:mod:`importlib.resources`, so the same code runs from a checkout and from an installed wheel.
A flight does not read it: it is handed the :class:`~trucker.core.catalogue.Catalogue`.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

import tomli

from trucker.core.boards import Board
from trucker.core.errors import BadInput, InputError
from trucker.core.parts import Part, PartFacts, PartInfo
from trucker.formats.boards import board_from_file
from trucker.formats.fast import read_board
from trucker.formats.parts_file import read_parts

if TYPE_CHECKING:  # cards and their models are imported when first read (start-up time)
    from pydantic import BaseModel

    from trucker.core.cards import Card, Level
    from trucker.core.catalogue import Catalogue, DealRules, Rewards
    from trucker.formats.board_file import BoardFile

__all__ = [
    "data_root",
    "scenarios_root",
    "parts",
    "part_info",
    "builtin_boards",
    "find_board",
    "parse_board",
    "parse_catalogue",
    "cards",
    "cards_of_level",
    "deal_rules",
    "rewards",
    "catalogue",
]


M = TypeVar("M", bound="BaseModel")


def data_root() -> Traversable:
    return resources.files("trucker.components_data")


def scenarios_root() -> Traversable:
    """The bundled scenarios (ships, decks, teaching cases), packaged with the data.

    >>> import trucker
    >>> (trucker.scenarios_root() / "ships" / "class-i-starter.toml").is_file()
    True
    """
    return resources.files("trucker.scenarios")


@cache
def parts() -> PartFacts:
    """Every part's row (``components_data/parts.toml``), checked as it is read."""
    raw = tomli.loads((data_root() / "parts.toml").read_text(encoding="utf-8"))
    return read_parts(raw, "components_data/parts.toml")


def part_info(part: Part) -> PartInfo:
    return parts()[part]


def parse_board(data: dict[str, object], name: str, path: str | None = None) -> Board:
    """A board from a parsed board file; :class:`BadInput` naming ``name`` and the key otherwise."""
    try:
        return board_from_file(read_board(data) or _board_model(data, name), path)
    except BadInput:
        raise
    except ValueError as exc:
        where, _, problem = str(exc).partition(": ")
        raise BadInput.one(name, where if problem else "", problem or where) from None


def _board_model(data: dict[str, object], name: str) -> BoardFile:
    """The pydantic model's reading, for a board the fast path declined: it explains."""
    from pydantic import ValidationError

    from trucker.formats.board_file import BoardFile
    from trucker.formats.errors import input_errors

    try:
        return BoardFile.model_validate(data)
    except ValidationError as exc:
        raise BadInput(input_errors(exc, name)) from None


@cache
def builtin_boards() -> dict[str, Board]:
    """The built-in boards by id, in the order I, II, III, IIIa, IIB, IIIB, IV."""
    folder = data_root() / "boards"
    boards = [
        parse_board(
            tomli.loads(entry.read_text(encoding="utf-8")),
            f"components_data/boards/{entry.name}",
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

    >>> import trucker
    >>> trucker.find_board("cylinder").id
    'IIB'
    """
    found = _aliases().get(name.strip().lower())
    if found is None:
        close = difflib.get_close_matches(name.lower(), list(_aliases()), n=1)
        hint = f" (did you mean {_aliases()[close[0]].id!r}?)" if close else ""
        ids = ", ".join(builtin_boards())
        raise KeyError(f"unknown board {name!r}{hint}; built-in boards: {ids}")
    return found


# --- Adventure cards (RULES §6.5, §6.6, §9.1) -----------------------------------------------


def parse_catalogue(data: dict[str, object], name: str) -> list[Card]:
    """The cards of one catalogue file (``trucker-cards/1``); :class:`BadInput` otherwise."""
    from pydantic import ValidationError

    from trucker.formats.catalogue_file import CatalogueFile
    from trucker.formats.deck_file import TAGS as CARD_TAGS
    from trucker.formats.errors import input_errors

    try:
        model = CatalogueFile.model_validate(data)
    except ValidationError as exc:
        raise BadInput(input_errors(exc, name, drop=CARD_TAGS)) from None
    return [
        entry.to_card(
            level=model.level,
            id=entry.id,
            source=entry.source,
            note=entry.note,
            expansion=entry.expansion,
        )
        for entry in model.card
    ]


@cache
def cards() -> dict[str, Card]:
    """Every catalogue card by id: level I first, each file in its printed order.

    The catalogue is every ``components_data/cards/level-*.toml``; adding a level is a data
    change only.

    >>> cards()["I-slavers-1"].strength
    6
    """
    folder = data_root() / "cards"
    files: list[tuple[Level, str, list[Card]]] = []
    for entry in folder.iterdir():
        if entry.name.startswith("level-") and entry.name.endswith(".toml"):
            name = f"components_data/cards/{entry.name}"
            found = parse_catalogue(tomli.loads(entry.read_text(encoding="utf-8")), name)
            files.append((found[0].level, name, found))
    out: dict[str, Card] = {}
    errors: list[InputError] = []
    # level by level; within a level the base game's cards first, then each expansion's
    for _level, name, found in sorted(
        files, key=lambda f: (f[0], f[2][0].expansion != "base", f[1])
    ):
        for card in found:
            key = card.id or ""
            if key in out:
                errors.append(InputError(name, key, "the same id as another catalogue card"))
            out[key] = card
    if errors:
        raise BadInput(errors)
    return out


def cards_of_level(
    level: Level | int | str, expansions: Iterable[str] | None = None
) -> tuple[Card, ...]:
    """The packaged cards of one level, in catalogue order (:meth:`Catalogue.of_level`)."""
    return catalogue().of_level(level, expansions)


def _model(model: type[M], name: str) -> M:
    """A packaged file read by its pydantic model; :class:`BadInput` naming it otherwise."""
    from pydantic import ValidationError

    from trucker.formats.errors import input_errors

    raw = tomli.loads((data_root() / name).read_text(encoding="utf-8"))
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise BadInput(input_errors(exc, f"components_data/{name}")) from None


@cache
def deal_rules() -> DealRules:
    """The pile composition per flight level, from ``components_data/cards/deal.toml``."""
    from trucker.core.cards import Level
    from trucker.core.catalogue import DealRules
    from trucker.formats.catalogue_file import DealFile

    model = _model(DealFile, "cards/deal.toml")
    per_pile = {
        Level.parse(flight): MappingProxyType(
            dict(sorted((Level.parse(level), n) for level, n in counts.items() if n))
        )
        for flight, counts in model.pile.items()
    }
    return DealRules(model.piles, MappingProxyType(per_pile))


@cache
def rewards() -> Rewards:
    """The credits a flight pays at its end, from ``components_data/rewards.toml``."""
    from trucker.core.cards import Level
    from trucker.core.catalogue import Rewards
    from trucker.formats.catalogue_file import RewardsFile

    model = _model(RewardsFile, "rewards.toml")
    return Rewards(
        arrival={Level.parse(k): tuple(v) for k, v in model.arrival.items()},
        best_looking={Level.parse(k): v for k, v in model.best_looking.items()},
    )


@cache
def catalogue() -> Catalogue:
    """The packaged cards, deal and rewards as one value, to hand to flights and workers."""
    from trucker.core.catalogue import Catalogue

    return Catalogue(cards(), deal_rules(), rewards())
