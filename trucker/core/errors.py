"""The errors `trucker` raises, under one base class.

Input problems (exit 2) are collected, not raised one at a time: a file with five bad tiles gives
five :class:`InputError` lines, carried together by :class:`BadInput`. Violations of the rules are
not errors at all: they are results (:mod:`trucker.rules.report`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

__all__ = [
    "MAX_SHOWN",
    "one_line",
    "TruckerError",
    "InputError",
    "BadInput",
    "BadEvent",
    "IllegalChoiceError",
    "DiceExhaustedError",
    "ScriptExhaustedError",
    "WorkersLost",
]


class TruckerError(Exception):
    """Base class of every error `trucker` raises on purpose.

    >>> import trucker
    >>> issubclass(trucker.BadInput, trucker.TruckerError)
    True
    """


MAX_SHOWN = 1000
"""Characters of a file name, key path or problem an error line shows: any real path fits, a
key or a value of half a megabyte is shortened in the middle."""


def one_line(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` safe to print on one line: control characters (a newline, a terminal's escape
    codes) written as ``\\n`` or ``\\x1b``, and the middle of a very long text left out.

    >>> one_line("a\\nb\\x1b[2J"), one_line("x" * 30, 12)
    ('a\\\\nb\\\\x1b[2J', 'xxxxx...xxxx')
    """
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    if len(text) > limit:
        keep = limit - 3
        text = f"{text[: keep - keep // 2]}...{text[len(text) - keep // 2 :]}"
    return text


class InputError(NamedTuple):
    """One problem with an input: ``FILE: KEY-PATH: PROBLEM`` on one line."""

    file: str
    where: str
    problem: str

    def __str__(self) -> str:
        parts = [one_line(p) for p in (self.file, self.where, self.problem) if p]
        return ": ".join(parts)


class BadInput(TruckerError, ValueError):
    """An input that cannot be read as what it claims to be (CLI exit code 2).

    >>> import trucker
    >>> try:
    ...     trucker.load("no-such-ship.toml")
    ... except trucker.BadInput as problem:
    ...     print(problem)
    no-such-ship.toml: no such file
    """

    def __init__(self, errors: Iterable[InputError]) -> None:
        self.errors = tuple(errors)
        super().__init__("\n".join(str(e) for e in self.errors))

    @classmethod
    def one(cls, file: str, where: str, problem: str) -> BadInput:
        return cls([InputError(file, where, problem)])


class BadEvent(TruckerError, ValueError):
    """A log's event that does not read back as an event: ``key`` names the field (``kind``
    for an unknown kind), ``index`` the event's place in its log once known. A log's reader
    turns it into one :class:`BadInput` line."""

    def __init__(self, key: str, problem: str, index: int | None = None) -> None:
        self.key = key
        self.problem = problem
        self.index = index
        super().__init__(f"{self.where}: {problem}")

    @property
    def where(self) -> str:
        """``events[3].square``, or the key alone while the index is not known."""
        at = f"events[{self.index}]" if self.index is not None else ""
        return ".".join(p for p in (at, self.key) if p) or "event"

    def at(self, index: int) -> BadEvent:
        """The same problem, placed at ``index`` in its log."""
        return BadEvent(self.key, self.problem, index)

    def input_error(self, file: str) -> BadInput:
        """The one line a log's reader prints: ``FILE: events[3].square: PROBLEM``."""
        return BadInput.one(file, self.where, self.problem)


class IllegalChoiceError(TruckerError, ValueError):
    """A policy answered with something that was not among the offered options.

    >>> import trucker
    >>> class Stubborn:
    ...     name = "stubborn"
    ...     def decide(self, decision):
    ...         return "never"
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> try:
    ...     trucker.fly(trucker.plan(ship, "random:III", seed=7), captains={"Cruiser": Stubborn()})
    ... except trucker.IllegalChoiceError as problem:
    ...     print(type(problem).__name__)
    IllegalChoiceError
    """

    def __init__(self, decision: object, choice: object) -> None:
        self.decision = decision
        self.choice = choice
        super().__init__(f"illegal choice {choice!r} for decision {decision}")


class DiceExhaustedError(TruckerError):
    """Scripted dice ran out; ``why`` says which roll was missing."""

    def __init__(self, why: str, used: int) -> None:
        self.why = why
        self.used = used
        super().__init__(f"the scripted dice ran out after {used} roll(s): no roll left for {why}")


class ScriptExhaustedError(TruckerError):
    """A scripted policy had no answer left, or its next answer did not fit the question."""


class WorkersLost(TruckerError):
    """A long run's workers can no longer fly its pieces: a local worker process ended from
    outside (killed, out of memory), or the Dask cluster was lost. The run ends with what was
    flown, marked partial, and says why."""
