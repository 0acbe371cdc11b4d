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

Two settings of the table, saved in the log's header so that a resumed flight keeps them:

- ``give_up``: how often a person is asked whether to give up before a card (RULES §6.3):
  ``never`` (fly on; only the rules put a ship out), ``matters`` (only before a card that can
  lower what giving up would take home, :func:`~trucker.sim.giving_up.card_can_cost`), or
  ``always``. A question not asked is answered "fly on", as the sensible captain would.
- ``table_dice``: the table throws its own dice and enters the faces (each roll is a
  :class:`DiceQuestion`; an empty answer lets the program throw it, from the seed's stream for
  that roll, as a seeded flight would). The log marks each roll entered at the table
  (``"entered": true``), and a resumed flight takes every logged roll from the log.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from trucker.core.decisions import Decision, DecisionKind, Option, Policy
from trucker.core.dice import Roll, StreamDice
from trucker.core.errors import BadInput
from trucker.core.events import Decided, Event, Rolled
from trucker.play.advice import OptionValue, appraise_options
from trucker.play.flights import FlightPlan, flight_log, launch, plan_document, read_log, start
from trucker.play.record import ShipAfter, record_flight
from trucker.rules.validate import validate
from trucker.sim.captains import SensibleCaptain
from trucker.sim.flight import FlightResult
from trucker.sim.giving_up import card_can_cost
from trucker.sim.roster import CAPTAINS
from trucker.sim.stepping import FlightState
from trucker.sim.tape import Choose, ExternalCaptain, ExternalDice, Throw, Waiting

__all__ = [
    "HUMAN",
    "TABLE_CAPTAINS",
    "GIVE_UP_SETTINGS",
    "Question",
    "DiceQuestion",
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

GIVE_UP_SETTINGS = ("never", "matters", "always")
"""How often a person is asked whether to give up: never, before a card where it can matter
(:func:`~trucker.sim.giving_up.card_can_cost`), or before every card."""

_ADVISER = SensibleCaptain()


@dataclass(frozen=True, slots=True)
class Question:
    """A person must choose: whose ship, the decision and its options, its number in the
    flight (every ship's decisions counted, as the log's ``decided`` events and ``trucker
    advise --at`` count them), what Enter takes (the sensible captain's choice), and, for a
    question asked only where it matters, why it is asked."""

    decision: Decision
    number: int
    suggested: Option
    why: str = ""

    @property
    def ship(self) -> str:
        return self.decision.ship

    @property
    def options(self) -> tuple[Option, ...]:
        return self.decision.options


@dataclass(frozen=True, slots=True)
class DiceQuestion:
    """The table throws its own dice: two faces for ``why`` (a meteor's line, an intruder's
    landing...), the flight's ``number``-th roll (from 1); ``stream`` names the seeded stream
    the program throws it from when asked to."""

    why: str
    number: int
    stream: tuple[int, ...] = ()


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
    shipped captain's name), stepped by :meth:`play`, :meth:`answer` and :meth:`throw`;
    ``give_up`` one of :data:`GIVE_UP_SETTINGS`, ``table_dice`` whether the table throws its
    own dice."""

    def __init__(
        self,
        plan: FlightPlan,
        *,
        captains: Mapping[str, Policy] | None = None,
        give_up: str = "matters",
        table_dice: bool = False,
    ) -> None:
        if plan.faces is not None:
            raise ValueError("a flight at the table rolls seeded dice, not scripted faces")
        if give_up not in GIVE_UP_SETTINGS:
            raise ValueError(f"give_up is one of {', '.join(GIVE_UP_SETTINGS)}, not {give_up!r}")
        self.plan = plan
        self.give_up = give_up
        self.table_dice = table_dice
        self.humans = tuple(c.name for c in plan.crews if c.captain == HUMAN)
        policies: dict[str, Policy] = {name: ExternalCaptain() for name in self.humans}
        policies.update(captains or {})
        dice = ExternalDice() if table_dice else None
        self.state: FlightState = start(plan, captains=policies, dice=dice)
        self.question: Question | DiceQuestion | None = None
        self._program = StreamDice(plan.seed or 0)
        """The dice the program throws when the table lets it (table dice only)."""
        self._rolls = 0
        self._entered: set[int] = set()
        """The rolls (numbered from 1) whose faces the table entered."""
        self._told = 0
        self._started = False
        self._script: deque[Decided] = deque()
        self._roll_script: deque[Rolled] = deque()
        self._saved: list[dict[str, Any]] | None = None
        self._name = ""
        self.unasked: list[tuple[int, str, str]] = []
        """The people not asked because no answer changes anything: where in :attr:`events`,
        whose ship, and why (:meth:`take_unasked` hands them out once)."""
        self.asked = 0
        """Questions put to the people so far (dice excluded)."""

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

    @property
    def track(self) -> int:
        """The flight track's number of spaces."""
        return self.state.flight.track

    def standing(self) -> tuple[ShipAfter, ...]:
        """Every ship as the log so far leaves it (in the flight's order of ships): what the
        table shows between questions."""
        record = record_flight(launch(self.plan), self.events)
        return record.after[max(record.after)] if record.after else record.launch

    def play(self) -> Question | DiceQuestion | None:
        """Play on until a person must choose or the table must throw (the question, also
        :attr:`question`) or the flight is settled (None)."""
        if self.question is not None:
            return self.question
        waiting = self.state.waiting if self._started else self.state.advance()
        self._started = True
        while waiting is not None:
            if isinstance(waiting, Throw):
                if not self.table_dice:
                    raise RuntimeError(f"a seeded flight at the table waits for {waiting}")
                if self._roll_script:
                    waiting = self._give(self._scripted_roll(waiting))
                    continue
                self._check_saved()
                self.question = DiceQuestion(waiting.why, self._rolls + 1, waiting.stream)
                return self.question
            if not isinstance(waiting, Choose):
                raise RuntimeError(f"a flight at the table cannot wait for {waiting}")
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
            why = ""
            if decision.kind is DecisionKind.GIVE_UP:
                why = self.give_up_matters(decision)
                if self.give_up == "never" or (self.give_up == "matters" and not why):
                    waiting = self.state.apply(_fly_on(decision))
                    continue
            self._check_saved()
            self.question = Question(decision, waiting.number, _ADVISER.decide(decision), why)
            self.asked += 1
            return self.question
        self._check_saved()
        return None

    def give_up_matters(self, decision: Decision) -> str:
        """Why giving up before the card in play can matter to the ship asked (what the card
        can take that giving up would keep, :func:`~trucker.sim.giving_up.card_can_cost`), or
        empty."""
        card = self.state.card
        ship = next((p.ship for p in self.state.flight.players if p.name == decision.ship), None)
        if card is None or ship is None:
            return "giving up keeps what the ship has"
        return card_can_cost(ship, card, self.plan.rulings)

    def answer(self, option: Option | str) -> None:
        """The person's answer to :attr:`question` (an option or its label); play on with
        :meth:`play`. :class:`~trucker.core.errors.IllegalChoiceError` for a label not offered."""
        question = self.question
        if not isinstance(question, Question):
            raise RuntimeError("no one is being asked to choose")
        label = option.label if isinstance(option, Option) else option
        question.decision.option(label)
        self.question = None
        self.state.apply(label)

    def throw(self, faces: Roll | None = None) -> Roll:
        """The table's answer to a :class:`DiceQuestion`: the two faces it threw, or None to let
        the program throw; returns the faces. ``ValueError`` for a face not 1-6 (the question
        stays)."""
        question = self.question
        if not isinstance(question, DiceQuestion):
            raise RuntimeError("no one is being asked to throw")
        if faces is None:
            thrown = self._program.stream(question.stream).roll(question.why)
        else:
            if len(faces) != 2 or not all(isinstance(f, int) and 1 <= f <= 6 for f in faces):
                raise ValueError(f"two die faces 1-6, not {faces!r}")
            thrown = (faces[0], faces[1])
            self._entered.add(question.number)
        self.question = None
        self._give(thrown)
        return thrown

    def _give(self, faces: Roll) -> Waiting | None:
        self._rolls += 1
        return self.state.apply(faces)

    def news(self) -> int:
        """Where the events not yet told begin in :attr:`events`; from now they count as told
        (the table reads them before it is asked)."""
        start, self._told = self._told, len(self.events)
        return start

    def hints(self, *, effort: int, objective: str = "credits") -> list[OptionValue]:
        """The expert's value of each option of :attr:`question`, best first
        (:func:`~trucker.play.advice.appraise_options`); the flight goes on as if nothing
        was asked, an expert aboard searching as it would have."""
        if not isinstance(self.question, Question):
            raise RuntimeError("no one is being asked to choose")
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

    def _header(self) -> dict[str, Any]:
        header = plan_document(self.plan)
        header["give_up"] = self.give_up
        if self.table_dice:
            header["table_dice"] = True
        return header

    def _event_dicts(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        """The events as the log writes them, each roll the table entered marked so."""
        out = []
        rolled = 0
        for event in events:
            if isinstance(event, Rolled):
                rolled += 1
                if rolled in self._entered:
                    event = event.replace(entered=True)
            out.append(event.to_dict())
        return out

    def document(self) -> dict[str, Any]:
        """The log so far, in ``trucker fly --json``'s shape: the whole log when the flight is
        settled; before that the plan, the events so far, ``"finished": false`` and what the
        flight waits for."""
        if self.result is not None:
            log = flight_log(self.plan, self.result)
            log["flight"] = self._header()
            log["events"] = self._event_dicts(self.result.events or ())
            return log
        question = self.question
        waiting: dict[str, Any] | None = None
        if isinstance(question, Question):
            waiting = {
                "number": question.number,
                "ship": question.ship,
                "decision": str(question.decision.kind),
                "context": question.decision.context,
                "options": [o.label for o in question.options],
            }
        elif isinstance(question, DiceQuestion):
            waiting = {"roll": question.number, "why": question.why}
        return {
            "flight": self._header(),
            "finished": False,
            "waiting": waiting,
            "events": self._event_dicts(self.events),
        }

    @classmethod
    def resume(
        cls,
        document: Mapping[str, Any],
        name: str = "log",
        *,
        captains: Mapping[str, Policy] | None = None,
        give_up: str | None = None,
    ) -> Session:
        """The flight a saved log stopped at: its plan flown again from its seed, each person's
        choices taken from the log (and, where the table threw its own dice, every roll);
        ``give_up`` over the log's setting. :class:`BadInput` naming the key when the document
        is not a flight log of seeded or table dice, or the flight flown again leaves it."""
        logged, events = read_log(document, name)
        header = document["flight"]
        if header.get("scripted_dice"):
            raise BadInput.one(
                name, "flight.scripted_dice", "a flight at the table resumes seeded dice only"
            )
        seed = header.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadInput.one(name, "flight.seed", "expected the flight's seed, a whole number")
        table_dice = header.get("table_dice", False)
        if not isinstance(table_dice, bool):
            raise BadInput.one(name, "flight.table_dice", "expected true or false")
        written = header.get("give_up", "matters")
        if written not in GIVE_UP_SETTINGS:
            known = ", ".join(GIVE_UP_SETTINGS)
            raise BadInput.one(name, "flight.give_up", f"expected one of {known}")
        if not table_dice:
            entered = next((i for i, e in enumerate(events) if _entered(e)), None)
            if entered is not None:
                raise BadInput.one(
                    name, f"events.{entered}", "a roll entered at the table, but the log's "
                    "flight rolls seeded dice (no flight.table_dice)"
                )  # fmt: skip
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
            session = cls(
                plan, captains=captains, give_up=give_up or written, table_dice=table_dice
            )
        except (TypeError, ValueError) as exc:
            raise BadInput.one(name, "flight.ships", f"a captain cannot fly: {exc}") from None
        people = set(session.humans)
        session._script = deque(
            e for e in events if isinstance(e, Decided) and e.ship in people and not e.forced
        )
        if table_dice:
            session._roll_script = deque(e for e in events if isinstance(e, Rolled))
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

    def _scripted_roll(self, waiting: Throw) -> Roll:
        """The log's next roll for the roll the flight asks; one the program threw is thrown
        again from its stream (so later ones follow as in the unbroken flight) and must agree."""
        logged = self._roll_script.popleft()
        number = self._rolls + 1
        if logged.why != waiting.why:
            raise self._left(f"roll {number} was for {logged.why!r}, the flight rolls for "
                             f"{waiting.why!r}")  # fmt: skip
        if logged.entered:
            self._entered.add(number)
            return logged.faces
        thrown = self._program.stream(waiting.stream).roll(waiting.why)
        if thrown != tuple(logged.faces):
            raise self._left(f"roll {number} ({waiting.why}) was {list(logged.faces)}, the "
                             f"seed throws {list(thrown)}")  # fmt: skip
        return thrown

    def _check_saved(self) -> None:
        """Past the log's last choice: every saved event must be told as it was saved."""
        saved = self._saved
        if saved is None:
            return
        self._saved = None
        flown = self._event_dicts(self.events)
        for index, want in enumerate(saved):
            if index >= len(flown):
                raise self._left(f"the flight flown again ends before event {index + 1}", index)
            got = json.loads(json.dumps(flown[index]))
            if got != want:
                raise self._left(f"logged {want}, flown again {got}", index)

    def _left(self, problem: str, index: int | None = None) -> BadInput:
        where = "events" if index is None else f"events.{index}"
        return BadInput.one(self._name, where, f"the flight flown again leaves the log: {problem}")


def _entered(event: Event) -> bool:
    return isinstance(event, Rolled) and event.entered


def _fly_on(decision: Decision) -> Option:
    """The give-up question's "fly on"."""
    return next(o for o in decision.options if not getattr(o.value, "give_up", False))


@dataclass(frozen=True, slots=True)
class Reply:
    """What a line typed at a question asks for: ``choose`` (with the option), ``throw`` (with
    the faces, or None to let the program throw), ``save`` (and go on), ``quit`` (save and
    stop), ``help``, ``ship``, ``track`` or ``score`` (show, and ask again), or ``bad`` (with
    why, to ask again)."""

    action: str
    option: Option | None = None
    problem: str = ""
    faces: Roll | None = None


_WORDS = {"save": "save", "s": "save", "quit": "quit", "q": "quit", "exit": "quit",
          "help": "help", "?": "help", "h": "help", "ship": "ship", "track": "track",
          "score": "score"}  # fmt: skip

_SHOWN = 40
"""At most this many characters of a line that is not an answer are shown back."""


def _shown(typed: str) -> str:
    return repr(typed if len(typed) <= _SHOWN else typed[:_SHOWN] + "…")


def _number(typed: str) -> int | None:
    """A whole number written in ASCII digits (other scripts' digits, superscripts and a
    number too long to be an option's are not numbers here)."""
    if typed.isascii() and typed.isdigit():
        return int(typed) if len(typed) <= 6 else 10**6
    return None


def read_reply(text: str, question: Question | DiceQuestion) -> Reply:
    """A typed line read as an answer: Enter takes the suggested option (or lets the program
    throw the dice), a number picks an option, so does its label written out; two faces
    answer the dice; ``save``, ``quit``, ``help`` (or their first letter), ``ship``,
    ``track`` and ``score`` are commands."""
    typed = text.strip()
    if isinstance(question, DiceQuestion):
        return _read_faces(typed)
    options = question.options
    if not typed:
        return Reply("choose", question.suggested)
    number = _number(typed)
    if number is not None:
        if 1 <= number <= len(options):
            return Reply("choose", options[number - 1])
        shown = typed if len(typed) <= 6 else f"{typed[:6]}…"
        return Reply("bad", problem=f"there is no option {shown}: choose 1-{len(options)}")
    word = _WORDS.get(typed.lower())
    if word is not None:
        return Reply(word)
    for option in options:
        if option.label.lower() == typed.lower():
            return Reply("choose", option)
    return Reply(
        "bad", problem=f"{_shown(typed)} is not an option: type its number, 1-{len(options)}"
    )


def _read_faces(typed: str) -> Reply:
    """Two die faces: ``3 5``, ``3,5``, ``35``; Enter lets the program throw."""
    if not typed:
        return Reply("throw")
    word = _WORDS.get(typed.lower())
    if word is not None:
        return Reply(word)
    digits = typed.replace(",", " ").split()
    if len(digits) == 1 and len(digits[0]) == 2:
        digits = list(digits[0])
    if len(digits) == 2 and all(d in "123456" and len(d) == 1 for d in digits):
        return Reply("throw", faces=(int(digits[0]), int(digits[1])))
    return Reply("bad", problem=f"{_shown(typed)} is not two die faces: type them as 3 5")


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
