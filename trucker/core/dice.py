"""Dice: the only source of chance in the engine. Seeded, scripted, or enumerated.

Every roll is two ordered dice (the spec's "Rolls"); each board reads them its own way. The
engine asks a :class:`Dice` with a short ``why`` ("meteor 2 line"), so a teacher's script that
runs short says exactly which roll was missing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Protocol

from trucker.core.errors import DiceExhaustedError

__all__ = [
    "Roll",
    "Dice",
    "SeededDice",
    "StreamDice",
    "ScriptedDice",
    "outcomes",
    "derive_seed",
    "faces_from_text",
]

Roll = tuple[int, int]


class Dice(Protocol):
    """Rolls two ordered dice, saying why."""

    def roll(self, why: str) -> Roll: ...


_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_PAIRS = tuple(tuple((a, b) for b in range(1, 7)) for a in range(1, 7))
"""Every roll, made once: a roll hands out one of these."""


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a 64-bit value scrambled into another (the same everywhere)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class SeededDice:
    """Reproducible dice from a seed, with their own generator (never the global one).

    The generator is SplitMix64: a few integer operations per die, the same sequence on every
    machine and Python version.

    >>> SeededDice(7).roll("a") == SeededDice(7).roll("b")
    True
    """

    __slots__ = ("seed", "_state")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._state = _mix(seed & _MASK)

    def roll(self, why: str) -> Roll:
        first = (self._state + _GAMMA) & _MASK
        second = (first + _GAMMA) & _MASK
        self._state = second
        # _mix twice, written out: a flight rolls a dozen times and a call costs as much
        a = ((first ^ (first >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        a = ((a ^ (a >> 27)) * 0x94D049BB133111EB) & _MASK
        b = ((second ^ (second >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        b = ((b ^ (b >> 27)) * 0x94D049BB133111EB) & _MASK
        return _PAIRS[(a ^ (a >> 31)) % 6][(b ^ (b >> 31)) % 6]

    def fork(self) -> SeededDice:
        """Independent dice that roll on from here as these would."""
        twin = SeededDice.__new__(SeededDice)
        twin.seed, twin._state = self.seed, self._state
        return twin

    def __repr__(self) -> str:
        return f"SeededDice({self.seed})"


class StreamDice:
    """Seeded dice with an independent stream per key: ``stream((card,))`` for a card's rolls,
    ``stream((card, threat))`` for one threat's. Two flights with the same seed see the same
    roll for the same threat even when their ships (and so their other rolls) differ: common
    random numbers for comparing designs.

    A flight opens a stream per card and per threat, a dozen or more, and rolls each once or
    twice, so a stream must be cheap to open and to roll: its start is the seed's mix folded
    with each part of the key by an add and a multiply (the add keeps a part 0 from leaving
    the start as it was, so that no key is another with a 0 before it), and each roll is one
    SplitMix64 output taken as one of the 36 rolls (both dice at once). The same rolls on
    every machine and Python version.

    >>> dice = StreamDice(7)
    >>> dice.stream((3, 1)).roll("meteor") == StreamDice(7).stream((3, 1)).roll("other")
    True
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._base = _mix(seed & _MASK)
        self._streams: dict[tuple[int, ...], _Stream] = {}

    def stream(self, key: tuple[int, ...]) -> _Stream:
        found = self._streams.get(key)
        if found is None:
            state = self._base
            for part in key:
                state = (((state ^ (part & _MASK)) + _GAMMA) * _FOLD) & _MASK
            found = self._streams[key] = _Stream(state)
        return found

    def roll(self, why: str) -> Roll:
        return self.stream(()).roll(why)

    @property
    def rolled(self) -> bool:
        """Have these dice rolled yet (a stream is opened by its first roll)? Dice that have
        not are the same whatever they will roll: a look ahead that read none of them can be
        shared by every seed."""
        return bool(self._streams)

    def fork(self) -> StreamDice:
        """Independent dice whose every stream rolls on from here as these would."""
        twin = StreamDice.__new__(StreamDice)
        twin.seed, twin._base = self.seed, self._base
        twin._streams = {key: dice.fork() for key, dice in self._streams.items()}
        return twin

    def __repr__(self) -> str:
        return f"StreamDice({self.seed})"


_FOLD = 0x9FB21C651E98DF25
"""An odd 64-bit multiplier (from Pelle Evensen's rrmxmx): folds a key's part into a stream's
start."""

_ROLLS = tuple(pair for row in _PAIRS for pair in row)
"""The 36 rolls in order: one 64-bit output picks both dice."""


class _Stream:
    """One stream of :class:`StreamDice`: SplitMix64 from its start."""

    __slots__ = ("_state",)

    def __init__(self, state: int) -> None:
        self._state = state

    def roll(self, why: str) -> Roll:
        self._state = (self._state + _GAMMA) & _MASK
        return _ROLLS[_mix(self._state) % 36]

    def fork(self) -> _Stream:
        """A stream that rolls on from here as this one would."""
        return _Stream(self._state)


class ScriptedDice:
    """Dice that return given rolls in order: pairs, or faces taken two at a time.

    >>> dice = ScriptedDice([3, 4, 6, 2])
    >>> dice.roll("meteor 1"), dice.roll("meteor 2")
    ((3, 4), (6, 2))
    """

    def __init__(self, rolls: Iterable[int | Iterable[int]]) -> None:
        flat: list[int] = []
        for item in rolls:
            if isinstance(item, int):
                flat.append(item)
            else:
                flat.extend(item)
        bad = [f for f in flat if not isinstance(f, int) or not 1 <= f <= 6]
        if bad:
            raise ValueError(f"die faces are 1-6, got {bad[0]!r}")
        if len(flat) % 2:
            raise ValueError(f"dice come in pairs: {len(flat)} faces given")
        self._faces = flat
        self._next = 0

    @property
    def used(self) -> int:
        return self._next // 2

    @property
    def remaining(self) -> int:
        return (len(self._faces) - self._next) // 2

    def fork(self) -> ScriptedDice:
        """Independent dice that go on from the same face (the script is shared: it never
        changes)."""
        twin = ScriptedDice.__new__(ScriptedDice)
        twin._faces, twin._next = self._faces, self._next
        return twin

    def roll(self, why: str) -> Roll:
        if self._next + 2 > len(self._faces):
            raise DiceExhaustedError(why, self.used)
        a, b = self._faces[self._next], self._faces[self._next + 1]
        self._next += 2
        return (a, b)


def outcomes() -> Iterator[tuple[Roll, Fraction]]:
    """Every ordered roll of two dice with its probability (1/36 each), for exact odds."""
    p = Fraction(1, 36)
    for a in range(1, 7):
        for b in range(1, 7):
            yield (a, b), p


def derive_seed(*parts: object) -> int:
    """A stable seed for a sub-stream, e.g. ``derive_seed(seed, "deck")`` or
    ``derive_seed(seed, flight, card, threat)``: the same parts always give the same seed, on
    every machine and Python version (unlike ``hash``)."""
    text = "/".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def faces_from_text(text: str) -> list[int]:
    """``"3,4,6,2"`` -> ``[3, 4, 6, 2]``; ``ValueError`` naming the bad face otherwise."""
    faces = []
    for chunk in text.replace(" ", "").split(","):
        if not chunk.isdigit() or not 1 <= int(chunk) <= 6:
            raise ValueError(f"{chunk!r} is not a die face 1-6")
        faces.append(int(chunk))
    return faces
