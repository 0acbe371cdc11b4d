"""A saved flight read back card by card (the table's replay): the launch, each card as it
left every ship, and the settlement, stepped back and forth.

The log is flown again and checked before anything is drawn, as the commands check it: a
finished log as ``trucker replay`` flies it (its rolls and choices, :func:`~.flights.replay`;
refused when the flight flown again tells another story or cannot take a choice the log
holds), a flight saved before its end as a table resumes it
(:meth:`~.session.Session.resume`, which refuses a log that does not follow from its own
plan). The ships after each card are the log folded over the ships as launched
(:mod:`trucker.play.record`), as the flight page and the live table draw them: no second
engine, and no step of the replay is flown on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from trucker.core.errors import BadInput, TruckerError
from trucker.core.events import CardRevealed, Event, FlightStarted, Settled
from trucker.play.flights import (
    FlightPlan,
    IllegalLayout,
    launch,
    replay,
    replay_divergence,
)
from trucker.play.record import FlightRecord, ShipAfter, record_flight
from trucker.play.session import DiceQuestion, Question, Session
from trucker.sim.flight import FlightResult

__all__ = ["Review", "Step", "review"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: its number (0 the launch), its title, the events it tells, the
    card turned over (None for the launch and the settlement), and every ship before and
    after it."""

    number: int
    title: str
    events: tuple[Event, ...]
    card: CardRevealed | None
    before: tuple[ShipAfter, ...]
    after: tuple[ShipAfter, ...]
    last: bool


@dataclass(frozen=True)
class Review:
    """A saved flight, flown again and checked: its plan, its events, every ship after every
    card, its result (None when it was saved before its end, ``waiting`` then saying for
    what), and where each step begins in the events."""

    plan: FlightPlan
    events: tuple[Event, ...]
    record: FlightRecord
    result: FlightResult | None
    waiting: str
    starts: tuple[int, ...]
    """Where each step's events begin: the launch at 0, each card at its reveal, and for a
    finished flight the settlement."""

    @property
    def steps(self) -> int:
        return len(self.starts)

    @property
    def track(self) -> int:
        """The flight track's number of spaces (the launch says it)."""
        return next((e.track for e in self.events if isinstance(e, FlightStarted)), 1)

    @property
    def cards(self) -> int:
        """The cards of the deck (the launch says how many)."""
        return next((e.cards for e in self.events if isinstance(e, FlightStarted)), 0)

    def step(self, number: int) -> Step:
        """Step ``number``, 0 to :attr:`steps` - 1; ``IndexError`` outside."""
        if not 0 <= number < self.steps:
            raise IndexError(number)
        begin = self.starts[number]
        end = self.starts[number + 1] if number + 1 < self.steps else len(self.events)
        events = self.events[begin:end]
        card = events[0] if events and isinstance(events[0], CardRevealed) else None
        last = number == self.steps - 1
        settled = self.result is not None and last and number > 0
        after = self._ships(number - 1 if settled else number)
        before = self._ships(number - 1) if number > 0 and not settled else after
        if card is not None:
            title = f"Card {card.index} of {self.cards}: {card.card}"
        elif number == 0:
            title = "The launch"
        else:
            title = "The end of the flight (RULES §9)"
        return Step(number, title, events, card, before, after, last)

    def _ships(self, number: int) -> tuple[ShipAfter, ...]:
        """Every ship after step ``number`` (0: at launch, N: after the N-th card)."""
        if number <= 0:
            return self.record.launch
        return self.record.after[number - 1]


def review(document: Mapping[str, Any], name: str = "log") -> Review:
    """The saved flight ``document`` flown again and checked, ready to be read step by step.
    :class:`BadInput` naming the key when it is not a flight log, a layout is illegal, or the
    flight flown again leaves the log."""
    if document.get("finished") is False:
        session = Session.resume(document, name)
        session.play()
        saved = document.get("events")
        count = len(saved) if isinstance(saved, list) else 0
        events: Sequence[Event] = session.events[:count]
        plan, result = session.plan, None
        waiting = _waiting(session.question)
    else:
        try:
            plan, result = replay(document, name)
        except (KeyError, TypeError) as exc:
            raise BadInput.one(name, "flight", f"a damaged flight log ({exc})") from None
        except BadInput:
            raise
        except IllegalLayout as exc:
            raise BadInput.one(name, f"flight.ships.{exc.name}", "the layout is illegal "
                               "(trucker validate)") from None  # fmt: skip
        except TruckerError as exc:
            raise BadInput.one(
                name, "events", f"the flight flown again leaves the log: {exc}"
            ) from None
        left = replay_divergence(document, result)
        if left is not None:
            raise BadInput.one(name, left.partition(":")[0], "the flight flown again leaves "
                               f"the log:{left.partition(':')[2]}")  # fmt: skip
        events = result.events or ()
        waiting = ""
    record = record_flight(launch(plan), events)
    starts = [0]
    for index, event in enumerate(events):
        begins = isinstance(event, CardRevealed) or (
            isinstance(event, Settled) and not isinstance(events[starts[-1]], Settled)
        )
        if begins and index > 0:
            starts.append(index)
    return Review(plan, tuple(events), record, result, waiting, tuple(starts))


def _waiting(question: Question | DiceQuestion | None) -> str:
    """What a flight saved before its end waits for, in words."""
    if isinstance(question, Question):
        return f"{question.ship}'s decision #{question.number} ({question.decision.kind})"
    if isinstance(question, DiceQuestion):
        return f"roll {question.number} (two dice for {question.why})"
    return "its next question"
