"""A flight at a table of several screens, a room: one :class:`~trucker.play.session.Session`,
the screens that show it and the people who answer it from their own devices.

Every answer names the question it answers (:func:`question_key`: ``decision-7``, ``roll-3``),
so that two answers to one question cannot both count: the first is applied, and any later one
names a question that is no longer asked and is refused. A device that sits at a ship (a phone
that joined as that ship) answers that ship's questions only; the table's own screen answers any.
Every change moves :attr:`TableRoom.version` on, so a screen that reconnects asks for the
table as it is now and finds the flight where it stands. The room never reads a clock, a
socket or a file: the web layer (``trucker studio``), a notebook or a test drives it.

Which square of the ship an option names (the battery a token is spent from, the cabin a crew
member leaves) is :func:`option_square`: a page draws those squares clickable.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trucker.core.decisions import DecisionKind, Option
from trucker.core.dice import Roll
from trucker.core.errors import BadInput
from trucker.core.geometry import Cell
from trucker.formats.load import load_ships
from trucker.play.plans import plan_flight
from trucker.play.session import GIVE_UP_SETTINGS, DiceQuestion, Question, Session, seat
from trucker.rules.validate import validate

__all__ = [
    "AnswerRefused",
    "TableRoom",
    "table_session",
    "option_square",
    "option_squares",
    "question_key",
    "PICKED_ON_THE_PICTURE",
]

PICKED_ON_THE_PICTURE = frozenset(
    {
        DecisionKind.PAY,
        DecisionKind.LOSE_CREW,
        DecisionKind.LOSE_TOKEN,
        DecisionKind.LOSE_GOOD,
        DecisionKind.KEEP_PIECE,
    }
)
"""The decisions whose options are squares of the ship: answered by clicking the tile."""


def table_session(
    files: Sequence[Path],
    deck: str,
    *,
    seed: int,
    captains: Mapping[str, str] | None = None,
    table_dice: bool = False,
    give_up: str = "matters",
    names: Sequence[str] | None = None,
) -> Session:
    """A new flight at the table from layout files (the first leads) and a deck (a deck file,
    or ``random:LEVEL``): each ship's captain by its name in the flight or its file's name
    (a person unless named), as ``trucker play`` seats them. ``names`` say how a problem names
    each file (its name in the folder). :class:`BadInput` for a file that does not read, an
    illegal layout, an unknown captain or setting."""
    shown = list(names) if names is not None else [str(f) for f in files]
    if not 1 <= len(files) <= 5:
        raise BadInput.one("ships", str(len(files)), "a flight has one to five ships")
    if give_up not in GIVE_UP_SETTINGS:
        raise BadInput.one("give_up", give_up, f"use {', '.join(GIVE_UP_SETTINGS)}")
    loaded, rulings = load_ships(list(files), None)
    boarding = []
    for (path, ship, problem), name in zip(loaded, shown, strict=True):
        if ship is None:
            assert problem is not None
            raise problem
        if not validate(ship, rulings).legal:
            raise BadInput.one(name, "", "the layout is illegal: fix it first (trucker fix)")
        boarding.append((ship, str(path), ()))
    plan = plan_flight(boarding, deck, rulings, seed=seed)
    stems = {str(f): Path(n).stem for f, n in zip(files, shown, strict=True)}
    aliases = {stems[file]: c.name for (_, file, _), c in zip(boarding, plan.crews, strict=True)}
    entries = [f"{ship}={captain}" for ship, captain in (captains or {}).items()]
    return Session(seat(plan, entries, aliases), give_up=give_up, table_dice=table_dice)


def option_square(option: Option) -> Cell | None:
    """The square an option names, if it names one: the battery or solar panel that pays, the
    cabin that loses a crew member, the battery that loses a token, the hold that loses a good,
    the lowest square of a piece to keep."""
    value = option.value
    power = getattr(value, "power", None)
    if power is not None:
        return getattr(power, "cell", None)
    square = getattr(value, "square", None)
    if isinstance(square, Cell):
        return square
    lowest = getattr(value, "lowest", None)
    return lowest if isinstance(lowest, Cell) else None


def option_squares(option: Option) -> frozenset[Cell]:
    """Every square clicking which picks ``option`` (a piece: each of its tiles)."""
    cells = getattr(option.value, "cells", None)
    if cells is not None:
        return frozenset(cells)
    square = option_square(option)
    return frozenset() if square is None else frozenset({square})


def question_key(question: Question | DiceQuestion | None) -> str | None:
    """The name an answer gives the question it answers (None: nothing is asked)."""
    if isinstance(question, Question):
        return f"decision-{question.number}"
    if isinstance(question, DiceQuestion):
        return f"roll-{question.number}"
    return None


class AnswerRefused(Exception):
    """An answer that does not count: to a question no longer asked (answered already, by this
    device or another), for another ship's question, or not one of its options."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Answered:
    """What an answer did: the question it answered and the version it moved the table to."""

    key: str
    version: int


class TableRoom:
    """One flight at a table, shared by every screen: ``session`` the flight; ``on_change``
    (optional) is called with the new version after every change, outside the room's lock
    (the web layer pushes the news to the open pages from there)."""

    def __init__(self, session: Session, *, on_change: Callable[[int], None] | None = None) -> None:
        self.session = session
        self.version = 0
        self.on_change = on_change
        self._lock = threading.RLock()
        self._started = False

    @property
    def question(self) -> Question | DiceQuestion | None:
        """What the table is asked now (None before :meth:`start` and after the end)."""
        return self.session.question

    @property
    def key(self) -> str | None:
        return question_key(self.session.question)

    def start(self) -> None:
        """Play until the first question (a resumed flight: until the first question past its
        log); once."""
        with self._lock:
            if self._started:
                return
            self._started = True
            self.session.play()
            self.version += 1
            version = self.version
        self._changed(version)

    def answer(self, key: str, option: str, *, seat: str | None = None) -> Answered:
        """Answer the decision ``key`` with the option labelled ``option``, from a device
        seated at ``seat`` (None: the table's own screen); the flight plays on to its next
        question. :class:`AnswerRefused` when the answer does not count."""
        with self._lock:
            question = self._asked(key)
            if not isinstance(question, Question):
                raise AnswerRefused(f"{key} asks for dice, not a choice")
            if seat is not None and seat != question.ship:
                raise AnswerRefused(f"{key} is {question.ship}'s to answer, not {seat}'s")
            labels = {o.label for o in question.options}
            if option not in labels:
                raise AnswerRefused(f"{option!r} is not an option of {key}")
            self.session.answer(option)
            self.session.play()
            self.version += 1
            version = self.version
        self._changed(version)
        return Answered(key, version)

    def throw(self, key: str, faces: Roll | None = None) -> Answered:
        """The table's dice for the roll ``key``: two faces, or None to let the program throw.
        Any screen at the table may throw. :class:`AnswerRefused` when it does not count."""
        with self._lock:
            question = self._asked(key)
            if not isinstance(question, DiceQuestion):
                raise AnswerRefused(f"{key} asks for a choice, not dice")
            try:
                self.session.throw(faces)
            except ValueError as exc:
                raise AnswerRefused(str(exc)) from None
            self.session.play()
            self.version += 1
            version = self.version
        self._changed(version)
        return Answered(key, version)

    def document(self) -> dict[str, Any]:
        """The log so far (the save: :meth:`Session.document`), read under the lock."""
        with self._lock:
            return self.session.document()

    def read(self, view: Callable[[Session], Any]) -> tuple[int, Any]:
        """``view`` of the session, with the version it shows, read under the lock (a page
        draws the table from this, never from a flight being played)."""
        with self._lock:
            return self.version, view(self.session)

    def _asked(self, key: str) -> Question | DiceQuestion:
        if not self._started:
            raise AnswerRefused("the flight has not started")
        question = self.session.question
        if question is None:
            raise AnswerRefused(f"{key} is not asked: the flight is over")
        now = question_key(question)
        if key != now:
            raise AnswerRefused(f"{key} is not asked any more (answered already); now: {now}")
        return question

    def _changed(self, version: int) -> None:
        if self.on_change is not None:
            self.on_change(version)
