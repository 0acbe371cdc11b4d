"""What a stepped flight waits for, and the tape that lets it stop and start within a card.

A resolver asks captains and rolls dice from deep inside its own calls, and Python cannot copy
a call in progress. So a flight that must wait for an answer from outside the engine (a person
at the table, dice thrown by hand) does not keep the call: the question raises :class:`Pending`,
which unwinds the card, and the card is played again from its start when the answer comes. The
:class:`Tape` makes the second playing the same as the first: it holds every answer and every
roll given since the card began and hands them out again in order, asking a captain or the dice
only past its end. Captains inside the engine are asked at once, as in any flight, and their
answers go on the tape too, so none is asked twice.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, TypeVar

from trucker.core.decisions import Decision, Option, Policy, answer
from trucker.core.dice import Roll, outcomes

__all__ = [
    "Choose",
    "Throw",
    "Waiting",
    "Pending",
    "ExternalCaptain",
    "ExternalDice",
    "Tape",
    "Consult",
    "fork",
]

T = TypeVar("T")


def fork(thing: T) -> T:
    """An independent copy of dice or a captain at the point they have reached, for a copy of
    the flight: ``thing.fork()`` when it remembers anything between calls, else itself."""
    method = getattr(thing, "fork", None)
    return method() if method is not None else thing


@dataclass(frozen=True, slots=True)
class Choose:
    """The flight waits for a ship's decision: its options, and its number in the flight (the
    first decision asked is 1, counting every ship's, as the log's ``decided`` events do)."""

    decision: Decision
    number: int

    @property
    def ship(self) -> str:
        return self.decision.ship

    @property
    def options(self) -> tuple[Option, ...]:
        return self.decision.options


@dataclass(frozen=True, slots=True)
class Throw:
    """The flight waits for two dice, rolled for ``why``; ``stream`` names the card and threat
    (seeded dice with streams roll from it, :class:`~trucker.core.dice.StreamDice`)."""

    why: str
    stream: tuple[int, ...]

    def outcomes(self) -> Iterator[tuple[Roll, Fraction]]:
        """Every roll this throw can give, with its probability (each 1/36)."""
        return outcomes()


Waiting = Choose | Throw


class Pending(Exception):
    """Raised where a flight must wait for an answer from outside the engine; caught by the
    stepped flight (:class:`~trucker.sim.stepping.FlightState`), never by a resolver."""

    def __init__(self, waiting: Decision | Throw) -> None:
        super().__init__(str(waiting))
        self.waiting = waiting


class ExternalCaptain:
    """A ship whose decisions come from outside the engine (a person, a program): the stepped
    flight stops and says what it waits for. Asked directly, it raises :class:`Pending`."""

    name = "external"
    external = True
    never_gives_up = False

    def decide(self, decision: Decision) -> Option:
        raise Pending(decision)


class ExternalDice:
    """Dice thrown outside the engine: the stepped flight stops at each roll."""

    external = True

    def roll(self, why: str) -> Roll:
        raise Pending(Throw(why, ()))


class Served(Protocol):
    """What the tape needs of the table it serves (:class:`trucker.sim.table.Table`)."""

    def policy(self, ship: str) -> Policy: ...

    def draw(self, why: str, stream: tuple[int, ...]) -> Roll: ...


Consult = Callable[[Policy, Decision], Option]
"""How a stepped flight asks a captain that searches (it gives the captain the flight)."""


class Tape:
    """The answers and rolls of the card in progress, by their order in the card; a second
    playing of the card takes them from here until it passes the last one."""

    __slots__ = ("answers", "rolls", "asked", "rolled", "waits_for", "dice_wait", "searchers",
                 "consult")  # fmt: skip

    def __init__(
        self,
        waits_for: Collection[str] = (),
        *,
        dice_wait: bool = False,
        searchers: Mapping[str, Policy] | None = None,
        consult: Consult | None = None,
    ) -> None:
        self.answers: list[str] = []
        """The labels chosen, every ship's, in the order asked."""
        self.rolls: list[tuple[str, Roll]] = []
        """Each roll's reason and faces, in the order rolled."""
        self.asked = 0
        self.rolled = 0
        self.waits_for = frozenset(waits_for)
        """Ships whose decisions stop the flight."""
        self.dice_wait = dice_wait
        """Every roll stops the flight."""
        self.searchers = dict(searchers or {})
        """Ships whose captain is consulted with the flight (:data:`Consult`)."""
        self.consult = consult

    def copy(self) -> Tape:
        twin = Tape(self.waits_for, dice_wait=self.dice_wait, searchers=self.searchers)
        twin.answers = list(self.answers)
        twin.rolls = list(self.rolls)
        return twin

    def rewind(self) -> None:
        """Before the card is played again: hand out the tape from its start."""
        self.asked = self.rolled = 0

    def clear(self) -> None:
        """The card is over: its answers and rolls are in the log."""
        self.answers.clear()
        self.rolls.clear()
        self.asked = self.rolled = 0

    @property
    def at_end(self) -> bool:
        return self.asked == len(self.answers) and self.rolled == len(self.rolls)

    def ask(self, table: Served, ship: str, decision: Decision) -> Option:
        if self.asked < len(self.answers):
            label = self.answers[self.asked]
            self.asked += 1
            return decision.option(label)
        if ship in self.waits_for:
            raise Pending(decision)
        searcher = self.searchers.get(ship)
        if searcher is not None and self.consult is not None:
            option = decision.option(self.consult(searcher, decision).label)
        else:
            option = answer(table.policy(ship), decision)
        self.answers.append(option.label)
        self.asked += 1
        return option

    def roll(self, table: Served, why: str, stream: tuple[int, ...]) -> Roll:
        if self.rolled < len(self.rolls):
            logged, faces = self.rolls[self.rolled]
            if logged != why:
                raise RuntimeError(f"the card played again rolled for {why!r}, not {logged!r}")
            self.rolled += 1
            return faces
        if self.dice_wait:
            raise Pending(Throw(why, stream))
        faces = table.draw(why, stream)
        self.rolls.append((why, faces))
        self.rolled += 1
        return faces
