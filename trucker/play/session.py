"""A flight at the table (``trucker play``): people captain some ships, shipped captains the
others, and the flight stops for a person only at a real choice.

The driver owns control: a :class:`Session` steps a :class:`~trucker.sim.stepping.FlightState`
whose human ships are captained from outside the engine, hands out the events since it last
stopped (so the table reads the story before it is asked), and says who must choose among what
(:class:`Question`). It never reads a terminal: :func:`read_reply` turns a line a person typed
into a :class:`Reply`, so a script can play as well as a person.

The save file is the flight log ``trucker fly --json`` writes (``trucker-flight/1``), cut where
the flight stands: a flight saved before its end says ``"finished": false`` and what it waits
for. Resuming flies the log's plan again from its seed, the people's choices read from the log
in order, and checks that the flight flown again tells every saved event as it was saved: the
log is the whole save, and a log that does not follow from its own plan is refused.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from trucker.core.decisions import Decision, DecisionKind, Option, Policy
from trucker.core.errors import BadInput
from trucker.core.events import Decided, Event
from trucker.play.advice import OptionValue, appraise_options
from trucker.play.flights import FlightPlan, flight_log, plan_document, read_log, start
from trucker.rules.validate import validate
from trucker.sim.captains import SensibleCaptain
from trucker.sim.flight import FlightResult
from trucker.sim.roster import CAPTAINS
from trucker.sim.stepping import FlightState
from trucker.sim.tape import Choose, ExternalCaptain

__all__ = [
    "HUMAN",
    "TABLE_CAPTAINS",
    "Question",
    "Reply",
    "Session",
    "seat",
    "read_reply",
    "is_give_up",
    "settled_anyway",
]

HUMAN = "human"
"""The captain of a ship a person flies."""

TABLE_CAPTAINS = (HUMAN, *CAPTAINS)
"""Who can captain a ship at the table: a person, or a shipped captain by name."""

_ADVISER = SensibleCaptain()


@dataclass(frozen=True, slots=True)
class Question:
    """A person must choose: whose ship, the decision and its options, its number in the
    flight (every ship's decisions counted, as the log's), and what Enter takes (the sensible
    captain's choice)."""

    decision: Decision
    number: int
    suggested: Option

    @property
    def ship(self) -> str:
        return self.decision.ship

    @property
    def options(self) -> tuple[Option, ...]:
        return self.decision.options


def seat(
    plan: FlightPlan,
    entries: Sequence[str],
    aliases: Mapping[str, str] | None = None,
    expert: Sequence[tuple[str, Any]] = (),
) -> FlightPlan:
    """The plan with each ship's captain from ``--captain`` entries: ``SHIP=NAME`` for one
    ship (by its name in the flight, or an alias: its file's name), ``NAME`` for every ship
    not named; a ship nobody names is flown by a person (at a table every ship has its
    player); ``expert`` the expert's options (effort, objective) for the ships it flies.
    :class:`BadInput` for an unknown ship or captain."""
    names = [c.name for c in plan.crews]
    aliases = {**(aliases or {}), **{n: n for n in names}}
    chosen: dict[str, str] = {}
    every: str | None = None
    for entry in entries:
        ship, sep, captain = entry.rpartition("=")
        if captain not in TABLE_CAPTAINS:
            known = ", ".join(TABLE_CAPTAINS)
            raise BadInput.one("--captain", entry, f"unknown captain {captain!r}: use {known}")
        if not sep:
            every = captain
        elif ship not in aliases:
            raise BadInput.one("--captain", entry, f"no ship named {ship!r} ({', '.join(names)})")
        else:
            chosen[aliases[ship]] = captain
    crews = []
    for crew in plan.crews:
        name = chosen.get(crew.name, every or HUMAN)
        options = tuple(expert) if name == "expert" else ()
        crews.append(replace(crew, captain=name, captain_options=options))
    return replace(plan, crews=tuple(crews))


class Session:
    """One flight at the table, from its plan (each crew's ``captain`` :data:`HUMAN` or a
    shipped captain's name), stepped by :meth:`play` and :meth:`answer`."""

    def __init__(self, plan: FlightPlan, *, captains: Mapping[str, Policy] | None = None) -> None:
        if plan.faces is not None:
            raise ValueError("a flight at the table rolls seeded dice, not scripted faces")
        self.plan = plan
        self.humans = tuple(c.name for c in plan.crews if c.captain == HUMAN)
        policies: dict[str, Policy] = {name: ExternalCaptain() for name in self.humans}
        policies.update(captains or {})
        self.state: FlightState = start(plan, captains=policies)
        self.question: Question | None = None
        self._told = 0
        self._started = False
        self._script: deque[Decided] = deque()
        self._saved: list[dict[str, Any]] | None = None
        self._name = ""
        self.unasked: list[tuple[int, str, str]] = []
        """The people not asked because no answer changes anything: where in :attr:`events`,
        whose ship, and why (:meth:`take_unasked` hands them out once)."""

    # --- playing ---------------------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        """Every event so far (the card in progress up to its question)."""
        return self.state.table.log or []

    @property
    def done(self) -> bool:
        return self.state.done

    @property
    def result(self) -> FlightResult | None:
        return self.state.result

    def play(self) -> Question | None:
        """Play on until a person must choose (the question, also :attr:`question`) or the
        flight is settled (None)."""
        if self.question is not None:
            return self.question
        waiting = self.state.waiting if self._started else self.state.advance()
        self._started = True
        while waiting is not None:
            if not isinstance(waiting, Choose):
                raise RuntimeError(f"a flight at the table rolls its own dice, not {waiting}")
            decision = waiting.decision
            if len(decision.options) == 1:
                waiting = self.state.apply(decision.options[0])
                continue
            if self._script:
                waiting = self.state.apply(self._scripted(decision))
                continue
            settled = settled_anyway(decision)
            if settled is not None:
                self.unasked.append((len(self.events), decision.ship, settled[1]))
                waiting = self.state.apply(settled[0])
                continue
            self._check_saved()
            self.question = Question(decision, waiting.number, _ADVISER.decide(decision))
            return self.question
        self._check_saved()
        return None

    def answer(self, option: Option | str) -> None:
        """The person's answer to :attr:`question` (an option or its label); play on with
        :meth:`play`. :class:`~trucker.core.errors.IllegalChoiceError` for a label not offered."""
        question = self.question
        if question is None:
            raise RuntimeError("no one is being asked anything")
        label = option.label if isinstance(option, Option) else option
        question.decision.option(label)
        self.question = None
        self.state.apply(label)

    def news(self) -> int:
        """Where the events not yet told begin in :attr:`events`; from now they count as told
        (the table reads them before it is asked)."""
        start, self._told = self._told, len(self.events)
        return start

    def hints(self, *, effort: int, objective: str = "credits") -> list[OptionValue]:
        """The expert's value of each option of :attr:`question`, best first
        (:func:`~trucker.play.advice.appraise_options`); the flight goes on as if nothing
        was asked, an expert aboard searching as it would have."""
        if self.question is None:
            raise RuntimeError("no one is being asked anything")
        searches = self.state.searches
        try:
            return appraise_options(self.state, effort=effort, objective=objective)
        finally:
            self.state.searches = searches

    def take_unasked(self) -> list[tuple[int, str, str]]:
        """The people not asked since the last call (:attr:`unasked`), to tell the table."""
        taken, self.unasked = self.unasked, []
        return taken

    # --- saving and resuming ---------------------------------------------------------------

    def document(self) -> dict[str, Any]:
        """The log so far, in ``trucker fly --json``'s shape: the whole log when the flight is
        settled; before that the plan, the events so far, ``"finished": false`` and what the
        flight waits for."""
        if self.result is not None:
            return flight_log(self.plan, self.result)
        question = self.question
        waiting = None
        if question is not None:
            waiting = {
                "number": question.number,
                "ship": question.ship,
                "decision": str(question.decision.kind),
                "context": question.decision.context,
                "options": [o.label for o in question.options],
            }
        return {
            "flight": plan_document(self.plan),
            "finished": False,
            "waiting": waiting,
            "events": [e.to_dict() for e in self.events],
        }

    @classmethod
    def resume(
        cls,
        document: Mapping[str, Any],
        name: str = "log",
        *,
        captains: Mapping[str, Policy] | None = None,
    ) -> Session:
        """The flight a saved log stopped at: its plan flown again from its seed, each person's
        choices taken from the log. :class:`BadInput` naming the key when the document is not
        a flight log of seeded dice, or the flight flown again leaves it."""
        logged, events = read_log(document, name)
        header = document["flight"]
        if header.get("scripted_dice"):
            raise BadInput.one(
                name, "flight.scripted_dice", "a flight at the table resumes seeded dice only"
            )
        seed = header.get("seed")
        if not isinstance(seed, int):
            raise BadInput.one(name, "flight.seed", "expected the flight's seed, a whole number")
        for crew in logged.crews:
            if crew.captain not in TABLE_CAPTAINS:
                raise BadInput.one(
                    name, f"flight.ships.{crew.name}.captain", f"unknown captain {crew.captain!r}"
                )
        for crew in logged.crews:
            if not validate(crew.ship, logged.rulings).legal:
                raise BadInput.one(
                    name, f"flight.ships.{crew.name}", "the layout is illegal (trucker validate)"
                )
        plan = replace(logged, faces=None, choices={})
        try:
            session = cls(plan, captains=captains)
        except (TypeError, ValueError) as exc:
            raise BadInput.one(name, "flight.ships", f"a captain cannot fly: {exc}") from None
        people = set(session.humans)
        session._script = deque(
            e for e in events if isinstance(e, Decided) and e.ship in people and not e.forced
        )
        session._saved = [json.loads(json.dumps(e.to_dict())) for e in events]
        session._name = name
        return session

    def resumed_at(self) -> int:
        """Where the card in progress begins in :attr:`events` (a resumed table reads it again)."""
        log = self.events
        for index in range(len(log) - 1, -1, -1):
            if log[index].kind == "card":
                return index
        return 0

    def skip_told(self, index: int) -> None:
        """Count the events before ``index`` as told (a resumed table reads the rest again)."""
        self._told = index

    def _scripted(self, decision: Decision) -> str:
        logged = self._script.popleft()
        if logged.ship != decision.ship or logged.decision != str(decision.kind):
            raise self._left(
                f"the log has {logged.ship}'s {logged.decision} decision next, but the flight "
                f"asks {decision.ship}'s {decision.kind}"
            )
        if logged.choice not in {o.label for o in decision.options}:
            raise self._left(f"{logged.choice!r} is not an option of {decision}")
        return logged.choice

    def _check_saved(self) -> None:
        """Past the log's last choice: every saved event must be told as it was saved."""
        saved = self._saved
        if saved is None:
            return
        self._saved = None
        flown = self.events
        for index, want in enumerate(saved):
            if index >= len(flown):
                raise self._left(f"the flight flown again ends before event {index + 1}", index)
            got = json.loads(json.dumps(flown[index].to_dict()))
            if got != want:
                raise self._left(f"logged {want}, flown again {got}", index)

    def _left(self, problem: str, index: int | None = None) -> BadInput:
        where = "events" if index is None else f"events.{index}"
        return BadInput.one(self._name, where, f"the flight flown again leaves the log: {problem}")


@dataclass(frozen=True, slots=True)
class Reply:
    """What a line typed at a question asks for: ``choose`` (with the option), ``save``
    (and go on), ``quit`` (save and stop), ``help``, or ``bad`` (with why, to ask again)."""

    action: str
    option: Option | None = None
    problem: str = ""


_WORDS = {"save": "save", "s": "save", "quit": "quit", "q": "quit", "exit": "quit",
          "help": "help", "?": "help", "h": "help"}  # fmt: skip


def read_reply(text: str, question: Question) -> Reply:
    """A typed line read as an answer: Enter takes the suggested option, a number picks an
    option, so does its label written out; ``save``, ``quit`` and ``help`` (or their first
    letter) are commands."""
    typed = text.strip()
    options = question.options
    if not typed:
        return Reply("choose", question.suggested)
    if typed.isdigit():
        number = int(typed)
        if 1 <= number <= len(options):
            return Reply("choose", options[number - 1])
        return Reply("bad", problem=f"there is no option {number}: choose 1-{len(options)}")
    word = _WORDS.get(typed.lower())
    if word is not None:
        return Reply(word)
    for option in options:
        if option.label.lower() == typed.lower():
            return Reply("choose", option)
    return Reply("bad", problem=f"{typed!r} is not an option: type its number, 1-{len(options)}")


def is_give_up(question: Question) -> bool:
    """The question asked of every flying ship before each card: fly on or give up?"""
    return question.decision.kind is DecisionKind.GIVE_UP


def settled_anyway(decision: Decision) -> tuple[Option, str] | None:
    """The answer to give without asking, and why, when no answer changes anything: giving up
    before a card that puts the ship out at once whatever it does (RULES §6.3)."""
    if decision.kind is not DecisionKind.GIVE_UP:
        return None
    out = getattr(decision.options[0].value, "out", "")
    if not out:
        return None
    fly_on = next(o for o in decision.options if not o.value.give_up)
    return fly_on, f"this card puts it out anyway ({out})"
