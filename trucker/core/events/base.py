"""What every event is: a small frozen value with a ``kind``, written to a log as a dict of plain
values and read back from one into the same typed value.

Events hold plain values (squares as ``"7,8"`` strings) so a log is JSON as it stands. The
engine never writes prose: narration is made from events by :mod:`trucker.render.narrate`.
A log that records every roll and every choice is also the save file: feeding its rolls to
:class:`~trucker.core.dice.ScriptedDice` and its choices to a scripted policy replays the flight.
Every event reads back from its dict (:func:`read_event`, :meth:`Event.from_dict`) into the
same typed value, so whatever reads a log (a page, a replay, a fold over the ships) reads events,
never loose dicts.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, Union, get_args, get_origin, get_type_hints

import msgspec

from trucker.core.errors import BadEvent

__all__ = ["Event", "LineJson", "event_dict", "field", "read_event", "read_events"]

LineJson = int | dict[str, int | None] | None
"""A threat's line as a log writes it (:meth:`trucker.core.threats.Line.to_json`): a column or
row number, a row entered at a column (``{"row": 7, "entry": 4}``), or None for a miss."""


MISSING = msgspec.NODEFAULT
"""A field's default when it has none."""

field = msgspec.field
"""An event's field with a default made fresh for each event (``field(default_factory=dict)``)."""


class _Kind:
    """An event type's kind, on the type and on each event: the tag it is written with."""

    def __get__(self, event: object, owner: type[msgspec.Struct]) -> str:
        tag = owner.__struct_config__.tag
        return "event" if tag is None else str(tag)


class Event(msgspec.Struct, frozen=True, gc=False, tag_field="kind", tag="event"):
    """Base of every event; ``kind`` names it in logs, given as each type's ``tag``.

    An event is a frozen msgspec struct: a logged flight builds a hundred of them, and a struct
    is built in C, and written to JSON by msgspec as it is (its kind first, then its fields; a
    type made with ``omit_defaults`` leaves out a field at its default), as :func:`event_dict`
    writes it. Events hold only plain values, never themselves, so the garbage collector need
    not track them (``gc=False``)."""

    if TYPE_CHECKING:
        kind: ClassVar[str]
    else:
        kind = _Kind()

    def to_dict(self) -> dict[str, Any]:
        return event_dict(self)

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes`` (an event never changes)."""
        return msgspec.structs.replace(self, **changes)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The event :meth:`to_dict` wrote ``data`` from (lists back to tuples). On
        :class:`Event` itself the ``kind`` picks the type; on a subclass it must be its own.
        A key missing (without a default), unknown or of the wrong type is a
        :class:`~trucker.core.errors.BadEvent` naming it."""
        if not isinstance(data, Mapping):
            raise BadEvent("", f"expected a table of event fields, got {_shown(data)}")
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise BadEvent("kind", "missing key" if kind is None else "expected a string")
        found = _event_types().get(kind) if cls is Event else cls
        if found is None:
            raise BadEvent("kind", f"unknown event kind {kind!r}")
        if kind != found.kind:
            raise BadEvent("kind", f"expected {found.kind!r}, got {kind!r}")
        values = {}
        for name, default, read in _readers(found):
            if name in data:
                values[name] = read(data[name], name)
            elif default is MISSING:
                raise BadEvent(name, "missing key")
        unknown = sorted(set(data) - {"kind"} - {name for name, _, _ in _readers(found)})
        if unknown:
            raise BadEvent(str(unknown[0]), f"unknown key in a {kind!r} event")
        return found(**values)


def _event_types() -> Mapping[str, type[Event]]:
    """Every event type by kind (:data:`trucker.core.events.EVENT_TYPES`, which imports this
    module, so it is looked up when a log is read)."""
    from trucker.core.events import EVENT_TYPES

    return EVENT_TYPES


def _plain(value: Any) -> Any:
    """A value as JSON holds it: tuples as lists, keys as strings, all the way down."""
    if isinstance(value, tuple | list):
        return [_plain(v) if isinstance(v, _NESTED) else v for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) if isinstance(v, _NESTED) else v for k, v in value.items()}
    return value


_NESTED = (tuple, list, dict)
"""What :func:`_plain` makes plain (the rest is written as it is)."""

_SCALARS_WRITTEN = (str, int, float, bool, type(None))


_Writer = tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[str, Any], ...]]

_WRITERS: dict[type[Event], _Writer] = {}


def _writer(cls: type[Event]) -> _Writer:
    """An event type's fields by name, in order; those whose values need making plain (a
    tuple, a dict: anything but a string, a number, a flag or nothing); and, for a type made
    with ``omit_defaults``, each field with a default, left out when it holds it. Worked out
    once per type, as a logged flight writes a hundred events."""
    hints = get_type_hints(cls)
    names = tuple(f.name for f in msgspec.structs.fields(cls))
    nested = tuple(name for name in names if not _written_as_is(hints[name]))
    omitted = tuple(
        (f.name, f.default)
        for f in msgspec.structs.fields(cls)
        if cls.__struct_config__.omit_defaults and f.default is not MISSING
    )
    found = _WRITERS[cls] = (names, nested, omitted)
    return found


def _written_as_is(hint: Any) -> bool:
    """Is a field of this type written to a log as it is (a string, a number, a flag, nothing,
    or a choice of those)?"""
    if hint in _SCALARS_WRITTEN:
        return True
    if get_origin(hint) in (Union, types.UnionType):
        return all(_written_as_is(a) for a in get_args(hint))
    return False


def event_dict(event: Event) -> dict[str, Any]:
    """The event as a log writes it: its ``kind``, then each field by name (tuples as lists)."""
    found = _WRITERS.get(type(event))
    names, nested, omitted = found if found is not None else _writer(type(event))
    out: dict[str, Any] = {"kind": event.kind}
    for name in names:
        out[name] = getattr(event, name)
    for name, default in omitted:
        if out[name] == default:
            del out[name]
    for name in nested:
        if name in out:
            out[name] = _plain(out[name])
    return out


Reader = Callable[[Any, str], Any]


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _scalar(kind: type, words: str) -> Reader:
    def read(value: Any, key: str) -> Any:
        # bool is an int in Python, but never a number in a log
        if isinstance(value, kind) and not (isinstance(value, bool) and kind is not bool):
            return value
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return value  # a whole number written as an int stays one (1, not 1.0)
        raise BadEvent(key, f"expected {words}, got {_shown(value)}")

    return read


_SCALARS: dict[Any, Reader] = {
    str: _scalar(str, "a string"),
    int: _scalar(int, "an integer"),
    float: _scalar(float, "a number"),
    bool: _scalar(bool, "true or false"),
}


def _reader(hint: Any) -> Reader:
    """How to read one field back from what :func:`_plain` made of it, by its type."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    if hint is Any:
        return lambda value, key: value
    if hint is type(None):

        def read_none(value: Any, key: str) -> None:
            if value is not None:
                raise BadEvent(key, f"expected nothing (null), got {_shown(value)}")

        return read_none
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        choices = [_reader(a) for a in args]

        def read_either(value: Any, key: str) -> Any:
            for read in choices:
                try:
                    return read(value, key)
                except BadEvent:
                    continue
            raise BadEvent(key, f"expected {_words(hint)}, got {_shown(value)}")

        return read_either
    if origin is tuple:
        items = [_reader(a) for a in args if a is not Ellipsis]
        fixed = Ellipsis not in args

        def read_tuple(value: Any, key: str) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple) or (fixed and len(value) != len(items)):
                raise BadEvent(key, f"expected {_words(hint)}, got {_shown(value)}")
            if fixed:
                return tuple(read(v, key) for read, v in zip(items, value, strict=True))
            return tuple(items[0](v, key) for v in value)

        return read_tuple
    if origin is dict:
        keys, values = (_reader(a) for a in args)

        def read_dict(value: Any, key: str) -> dict[Any, Any]:
            if not isinstance(value, Mapping):
                raise BadEvent(key, f"expected {_words(hint)}, got {_shown(value)}")
            return {keys(k, key): values(v, key) for k, v in value.items()}

        return read_dict
    raise TypeError(f"no reader for an event field of type {hint!r}")


def _words(hint: Any) -> str:
    """A field's type in words, for an error line."""
    names = {str: "a string", int: "an integer", float: "a number", bool: "true or false"}
    if hint in names:
        return names[hint]
    if hint is type(None):
        return "null"
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(_words(a) for a in args)
    if origin is tuple:
        if Ellipsis in args:
            return f"a list of {_words(args[0]).split(' ', 1)[-1]}s"
        return f"a list of {len(args)} values"
    if origin is dict:
        return "a table"
    return str(hint)


_READERS: dict[type[Event], tuple[tuple[str, Any, Reader], ...]] = {}


def _readers(cls: type[Event]) -> tuple[tuple[str, Any, Reader], ...]:
    """Each field of an event type: its name, its default (MISSING when it has none) and its
    reader; worked out once per type."""
    found = _READERS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        found = _READERS[cls] = tuple(
            (
                f.name,
                f.default if f.default_factory is MISSING else f.default_factory(),
                _reader(hints[f.name]),
            )
            for f in msgspec.structs.fields(cls)
        )
    return found


def read_event(data: Mapping[str, Any]) -> Event:
    """One event back from its dict, its type chosen by ``kind``."""
    return Event.from_dict(data)


def read_events(items: Sequence[Any]) -> list[Event]:
    """A log's events back from their dicts; a bad one is a :class:`BadEvent` carrying its
    index in the list."""
    out = []
    for index, data in enumerate(items):
        try:
            out.append(Event.from_dict(data))
        except BadEvent as exc:
            raise exc.at(index) from None
    return out
