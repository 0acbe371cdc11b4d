"""Every part a ship file may name, with its keys and an example line, read off the tile models
of :mod:`trucker.formats.ship_file` and the packaged parts data: what ``trucker parts`` prints.

The models are the one list of keys, so a key added there shows here (and the docs test asks
docs/ship-format.md to document it); this module lists none (it names ``part``, left out, and
``sides``, put first).
"""

from __future__ import annotations

import types
from collections import Counter
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic.fields import FieldInfo

from trucker.core.geometry import Connector, Direction
from trucker.core.parts import Part
from trucker.formats.catalogue import parts
from trucker.formats.ship_file import TILE_MODELS
from trucker.formats.write import toml_value

__all__ = ["KeyInfo", "PartKeys", "part_keys", "shared_keys"]


@dataclass(frozen=True)
class KeyInfo:
    """One key a tile of a part may carry."""

    name: str
    required: bool
    value: str
    """What the key takes, in words (``"true or false"``, ``"2 or 3"``)."""
    note: str = ""
    """What it means, from the model's description."""
    default: str | None = None
    """The default as TOML, when the model has one that is not "unsaid"."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "required": self.required,
            "value": self.value,
            "note": self.note,
            "default": self.default,
        }


@dataclass(frozen=True)
class PartKeys:
    """A part: its game data (name, expansion, what it does), its keys and an example line."""

    part: Part
    name: str
    expansion: str
    description: str
    keys: tuple[KeyInfo, ...]
    example: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "part": str(self.part),
            "name": self.name,
            "expansion": self.expansion,
            "description": self.description,
            "keys": [k.to_dict() for k in self.keys],
            "example": self.example,
        }


def part_keys() -> list[PartKeys]:
    """Every part, in the order of :class:`Part`, with every key its model takes (``part``
    itself left out): ``sides`` first, the part's own keys, then those every tile takes."""
    facts = parts()
    common = set.intersection(*(set(m.model_fields) for m in TILE_MODELS.values()))
    found = []
    for part in Part:
        model = TILE_MODELS[part.value]
        fields = model.model_fields
        own = [n for n in fields if n not in common]
        names = ["sides", *own, *sorted(common - {"part", "sides"})]
        info = facts[part]
        keys = tuple(_key(n, fields[n]) for n in names)
        found.append(
            PartKeys(part, info.name, info.expansion, info.description, keys, model.example)
        )
    return found


def shared_keys(found: list[PartKeys]) -> tuple[KeyInfo, ...]:
    """The keys every part takes the same way (``sides``, ``armor``), each as most parts take
    it: a reader is told them once, and a part only where it differs (the cabin's ``sides``)."""
    names = set.intersection(*({k.name for k in p.keys} for p in found))
    shared = []
    for key in found[0].keys:
        if key.name in names:
            forms = Counter(k for p in found for k in p.keys if k.name == key.name)
            shared.append(forms.most_common(1)[0][0])
    return tuple(shared)


def _key(name: str, field: FieldInfo) -> KeyInfo:
    default = None
    if not field.is_required():
        value = field.get_default(call_default_factory=True)
        if value is not None:
            default = toml_value(value)
    return KeyInfo(
        name,
        field.is_required(),
        _words(field.annotation, field.metadata),
        field.description or "",
        default,
    )


def _words(annotation: Any, metadata: list[Any]) -> str:
    """A type, as a person writing the file reads it."""
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is Annotated:
        return _words(args[0], [*metadata, *args[1:]])
    if origin in (Union, types.UnionType):
        return " or ".join(_words(a, metadata) for a in args if a is not type(None))
    if origin is Literal:
        shown = [toml_value(a) for a in args]
        return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
    if origin is list:
        return f"a list, each {_words(args[0], [])}"
    if origin is tuple and args and all(a is Connector for a in args):
        return '4 letters, front right rear left: "-" smooth, "s" single, "d" double, "u" universal'
    if annotation is Direction:
        return '"front", "right", "rear" or "left"'
    if annotation is bool:
        return "true or false"
    if annotation is int:
        at_least = [m.ge for m in _flat(metadata) if hasattr(m, "ge")]
        return f"a whole number, {at_least[0]} or more" if at_least else "a whole number"
    if annotation is str:
        return "text"
    return str(annotation)


def _flat(metadata: list[Any]) -> list[Any]:
    """The constraints of a field, those inside a nested ``Field(...)`` included."""
    out = []
    for item in metadata:
        out.extend(item.metadata if isinstance(item, FieldInfo) else [item])
    return out
