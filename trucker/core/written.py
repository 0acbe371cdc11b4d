"""Constructors written out field by field, for the small frozen dataclasses a flight makes by
the hundred (options, lines, steps, impacts).

A frozen dataclass's generated ``__init__`` stores each field through ``object.__setattr__``;
the same constructor calling each slot's own setter costs about a third less, with the same
signature, defaults and result. Only plain fields qualify: the decorator refuses anything else.
:func:`written_copy` writes out a ``replace`` the same way (a flight copies tiles by the
thousand).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import TypeVar

__all__ = ["written_out", "written_copy"]

T = TypeVar("T", bound=type)


def written_out(cls: T) -> T:
    """Give a frozen, slotted dataclass (applied above ``@dataclass``) a written-out
    ``__init__``. The source is made from the dataclass's own field names only."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: a __post_init__ cannot be written out")
    if list(inspect.signature(cls.__init__).parameters)[1:] != [f.name for f in fields(cls)]:
        raise TypeError(f"{cls.__name__}: its constructor takes more than its fields")
    scope: dict[str, object] = {}
    params = []
    for f in fields(cls):
        if not f.init or f.kw_only or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: only plain fields can be written out")
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    body = "".join(f"    _set_{f.name}(self, {f.name})\n" for f in fields(cls))
    exec(f"def __init__(self, {', '.join(params)}):\n{body or '    pass'}\n", scope)
    init = scope["__init__"]
    assert callable(init)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init  # type: ignore[misc]
    return cls


_KEEP = object()


def written_copy(cls: type, name: str, doc: str) -> Callable[..., object]:
    """A method ``name(self, *, field=...)`` for a frozen, slotted dataclass: a copy with the
    fields given changed, like :func:`dataclasses.replace` without ``__init__`` and its checks.
    An unknown field is a TypeError, as for any function. The copy is always a ``cls``: give
    the method to a class that has no subclasses."""
    names = [f.name for f in fields(cls)]
    scope: dict[str, object] = {"_keep": _KEEP, "_new": object.__new__, "_cls": cls}
    scope.update({f"_set_{f}": getattr(cls, f).__set__ for f in names})
    params = ", ".join(f"{f}=_keep" for f in names)
    body = "".join(f"    _set_{f}(new, self.{f} if {f} is _keep else {f})\n" for f in names)
    exec(f"def {name}(self, *, {params}):\n    new = _new(_cls)\n{body}    return new\n", scope)
    method = scope[name]
    assert callable(method)
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    method.__module__ = cls.__module__
    method.__doc__ = doc
    return method
