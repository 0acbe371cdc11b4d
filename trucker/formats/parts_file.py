"""The parts table (``components_data/parts.toml``): one row per part, read and checked.

Read with msgspec (strict types, unknown keys refused) rather than pydantic, since every
command that reads a ship reads it and pydantic costs a quarter of a second to start. A row that
is wrong, a part without a row or a row for no part is a :class:`~trucker.core.errors.BadInput`
naming the file, the part and the key: the packaged data is checked as a user's file is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from trucker.core.errors import BadInput, InputError
from trucker.core.parts import (
    Defence,
    Family,
    Icon,
    Lies,
    Look,
    Part,
    PartFacts,
    PartInfo,
    Reach,
    Shows,
    Trial,
)
from trucker.core.threats import ThreatKind

__all__ = ["read_parts"]

Count = Annotated[int, Meta(ge=0)]
Letters = Annotated[str, Meta(min_length=1, max_length=2)]


class _Draw(Struct, forbid_unknown_fields=True, kw_only=True):
    symbol: Letters
    label: Annotated[str, Meta(min_length=1)]
    family: Family = Family.OTHER
    icon: Icon = Icon.NONE
    shows: Shows | None = None
    legend: str = ""
    red_symbol: Letters | None = None


class _Defends(Struct, forbid_unknown_fields=True, kw_only=True):
    against: Annotated[list[ThreatKind], Meta(min_length=1)]
    reach: Reach = msgspec.field(name="from")
    name: Annotated[str, Meta(min_length=1)] = msgspec.field(name="as")


class _Weigh(Struct, forbid_unknown_fields=True, kw_only=True):
    lies: Lies = Lies.PLAIN
    varieties: dict[str, dict[str, Any]] = {}
    first: str | None = None


class _Row(Struct, forbid_unknown_fields=True, kw_only=True):
    name: str
    expansion: Literal["base", "TBE", "ABE"]
    description: str
    draw: _Draw
    power: Count = 0
    pair_power: Count = 0
    powered: bool = False
    crew: Count = 0
    sleepers: Count = 0
    robots: Count = 0
    defends: _Defends | None = None
    weigh: _Weigh = msgspec.field(default_factory=_Weigh)


def _info(part: Part, row: _Row) -> PartInfo:
    draw, defends, weigh = row.draw, row.defends, row.weigh
    return PartInfo(
        part=part,
        name=row.name,
        expansion=row.expansion,
        description=row.description,
        look=Look(
            draw.symbol,
            draw.label,
            draw.family,
            draw.icon,
            draw.shows,
            draw.legend,
            draw.red_symbol or draw.symbol,
        ),
        power=row.power,
        pair_power=row.pair_power,
        powered=row.powered,
        crew=row.crew,
        sleepers=row.sleepers,
        robots=row.robots,
        defends=(
            None
            if defends is None
            else Defence(frozenset(defends.against), defends.reach, defends.name)
        ),
        weigh=Trial(weigh.lies, tuple(weigh.varieties.items()), weigh.first),
    )


def _problems(row: _Row) -> list[str]:
    """What the types alone cannot say: a variety named alone that is not one of them."""
    first = row.weigh.first
    if first is not None and first not in row.weigh.varieties:
        return [f"weigh.first: {first!r} is not one of its varieties"]
    return []


def read_parts(data: Mapping[str, Any], name: str) -> PartFacts:
    """Every part's row from the parsed table; :class:`BadInput` naming ``name``, the part and
    the key of each problem."""
    errors: list[InputError] = []
    rows: list[PartInfo] = []
    for key, raw in data.items():
        try:
            part = Part(key)
        except ValueError:
            errors.append(InputError(name, key, "not a part (trucker/core/parts.py Part)"))
            continue
        try:
            row = msgspec.convert(raw, _Row, strict=True)
        except msgspec.ValidationError as exc:
            errors.append(InputError(name, key, str(exc)))
            continue
        errors += [InputError(name, key, problem) for problem in _problems(row)]
        rows.append(_info(part, row))
    missing = [p for p in Part if p.value not in data]
    errors += [InputError(name, str(p), "a part without a row") for p in missing]
    if errors:
        raise BadInput(errors)
    return PartFacts(rows)
