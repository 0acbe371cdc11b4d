"""A flight that can be stepped: it says what it waits for, takes an answer, and can be copied.

The driver owns control (OpenSpiel's games are the model): :meth:`FlightState.advance` plays
until a ship whose captain is outside the engine (:class:`~trucker.sim.tape.ExternalCaptain`)
must decide, or dice thrown outside the engine (:class:`~trucker.sim.tape.ExternalDice`) must
roll, and returns what it waits for; :meth:`FlightState.apply` gives the answer and plays on;
:meth:`FlightState.clone` copies the flight wherever it stands.

How it stops without rewriting the resolvers: the question raises
:class:`~trucker.sim.tape.Pending`, which unwinds the card in progress. At the start of each card
the state keeps a copy of the flight (the mark); an answer is put on the card's tape, and the
card is played again from a fresh copy of the mark, the tape handing out every answer and roll
given so far before anything new is asked. A clone is the mark, the tape and the table forked.
Captains inside the engine are asked inline and searched captains (the expert) are given the
state itself; a flight with neither an outside captain, outside dice nor a searcher keeps no
mark and no tape: :func:`~trucker.sim.run.run_flight` then costs what it always did.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from trucker.core.cards import Card
from trucker.core.decisions import Decision, Option, Policy
from trucker.core.dice import Dice, Roll, StreamDice
from trucker.core.events import FlightStarted
from trucker.core.rulings import Rulings
from trucker.sim.cards import resolver_for
from trucker.sim.flight import Flight, FlightResult, FlightSetup
from trucker.sim.table import Table
from trucker.sim.tape import Choose, Pending, Tape, Throw, Waiting

__all__ = ["FlightState", "Restart", "Searcher", "FlightWaits", "CHANCE"]

CHANCE = "chance"
"""Whose turn it is while the flight waits for dice thrown outside the engine (OpenSpiel's
chance player)."""


class Searcher(Protocol):
    """A captain that decides by looking ahead: asked with the flight at the decision."""

    name: str

    def decide(self, decision: Decision) -> Option: ...

    def search(self, state: FlightState, decision: Decision) -> Option: ...


class FlightWaits(RuntimeError):
    """A flight run to its end met a question only someone outside the engine can answer."""


@dataclass(frozen=True, slots=True)
class _Mark:
    """The flight as a phase (the start, or one card) began: what a replay starts from."""

    flight: Flight
    log: int
    decided: int


_CostRow = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class _Opening:
    """A branch's first phase that read neither its dice nor its deck generator: the cards
    played when it ended, the cards it shuffled (in their order before), its captains."""

    played: int
    later: tuple[Card, ...]
    policies: Mapping[str, Policy] | Policy


def _costs_row(flight: Flight) -> list[_CostRow]:
    """Each ship's tiles lost, crew aboard and credits, in the flight's order of ships."""
    return [(len(p.ship.lost), p.ship.crew(), p.credits) for p in flight.players]


class FlightState:
    """A flight from its start to its settlement, one phase at a time: the start (the flight
    is announced, Class IV insurance bought), then each card, then the settlement.

    A driver asks whose turn it is, answers with one of the options (or two dice, when it is
    :data:`CHANCE`'s), and may clone the flight wherever it stands to try another answer
    (:func:`trucker.play.flights.start` makes one):

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> state = trucker.start(trucker.plan(ship, "random:III", seed=7), players=["Cruiser"])
    >>> _ = state.advance()
    >>> state.whose_turn, [option.label for option in state.options]
    ('Cruiser', ['fly on', 'give up'])
    >>> twin = state.clone()
    >>> _ = twin.apply("give up")
    >>> while state.whose_turn == "Cruiser":
    ...     _ = state.apply(state.options[0])
    >>> twin.done, state.done, twin.result.ships[0].gave_up
    (True, True, True)
    """

    def __init__(self, setup: FlightSetup, table: Table) -> None:
        self.table = table
        self.seed = setup.seed
        """The flight's seed, for captains that search (their rollouts' seeds start from it,
        never from the flight's dice: dice given from outside have none)."""
        self.flight = Flight(setup, table)
        self.started = False
        self.played = 0
        """Cards played so far."""
        self.costs: list[dict[str, tuple[int, int, int]]] = []
        """Per card played, each ship's tiles lost, crew lost and credits earned on it."""
        self._before: list[_CostRow] | None = None
        self._counting = True
        """Are :attr:`costs` counted? A searcher's branch, read only for its end, counts none
        (and its result holds the ships' ends only)."""
        self.waiting: Waiting | None = None
        self.result: FlightResult | None = None
        self._mark: _Mark | None = None
        self._stale = False
        """The live flight stopped inside a card: play it again from the mark."""
        self._decided = 0
        """Decisions asked in the phases finished (a stepped flight counts them)."""
        self.searches = 0
        """Searches made so far (a searcher counts them: its n-th search has its own seed,
        whether or not the flight keeps a log, so asks more)."""
        self._opening: _Opening | None = None
        """A branch whose first phase read neither its dice nor its deck generator: what
        another rollout of its answer needs to start where it stands (see :meth:`restart`)."""
        policies = {p.name: table.policy(p.name) for p in self.flight.players}
        external = [n for n, p in policies.items() if getattr(p, "external", False)]
        searchers = {n: p for n, p in policies.items() if callable(getattr(p, "search", None))}
        dice_wait = bool(getattr(table.dice, "external", False))
        self._tape: Tape | None = None
        if external or searchers or dice_wait:
            self._tape = Tape(external, dice_wait=dice_wait, searchers=searchers)
        self._attach()

    def _attach(self) -> None:
        if self._tape is not None:
            self._tape.consult = self._consult
        self.table.tape = self._tape

    # --- what the driver sees --------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def stepped(self) -> bool:
        """Does this flight keep a mark and a tape (it can stop inside a card)?"""
        return self._tape is not None

    @property
    def decisions(self) -> int:
        """Decisions asked so far (a stepped flight counts them; the one waiting excluded)."""
        return self._decided + (self._tape.asked if self._tape is not None else 0)

    @property
    def whose_turn(self) -> str | None:
        """Who the flight waits for: a ship's name (its captain must choose), :data:`CHANCE`
        (dice thrown outside the engine), or None (nothing: not yet advanced, or done)."""
        waiting = self.waiting
        if waiting is None:
            return None
        return waiting.ship if isinstance(waiting, Choose) else CHANCE

    @property
    def options(self) -> tuple[Option, ...]:
        """The options of the decision the flight waits for (none while it waits for dice)."""
        return self.waiting.options if isinstance(self.waiting, Choose) else ()

    def chance_outcomes(self) -> list[tuple[Roll, Fraction]]:
        """Each roll of the dice the flight waits for, with its probability (1/36 each); none
        while it waits for a decision."""
        waiting = self.waiting
        return list(waiting.outcomes()) if isinstance(waiting, Throw) else []

    @property
    def card(self) -> Card | None:
        """The card in play or next to play (None before the first and after the last)."""
        if not self.started or self.played >= len(self.flight.cards):
            return None
        return self.flight.cards[self.played]

    def advance(self, *, cards: int | None = None) -> Waiting | None:
        """Play on until the flight waits for an answer from outside the engine (returned), or
        is settled (None: :attr:`result` holds the flight's result); with ``cards``, stop
        too once that many more cards are played (None then, and :attr:`done` False)."""
        if cards is None and self._tape is None and self.result is None:
            self._play_out()
            return None
        stop = None if cards is None else self.played + cards
        while self.result is None and (stop is None or self.played < stop):
            if not self._phase():
                return self.waiting
        return None

    def apply(self, given: str | Option | Roll) -> Waiting | None:
        """Answer what the flight waits for (an option or its label for a decision, two faces
        for a roll) and play on, as :meth:`advance`."""
        waiting = self.waiting
        tape = self._tape
        if waiting is None or tape is None:
            raise RuntimeError("the flight is not waiting for anything")
        if isinstance(waiting, Choose):
            label = given.label if isinstance(given, Option) else given
            if not isinstance(label, str):
                raise TypeError(f"a decision is answered by an option, not {given!r}")
            waiting.decision.option(label)
            tape.answers.append(label)
        else:
            if not (isinstance(given, tuple) and len(given) == 2):
                raise TypeError(f"a roll is answered by two faces, not {given!r}")
            a, b = int(given[0]), int(given[1])
            if not (1 <= a <= 6 and 1 <= b <= 6):
                raise ValueError(f"die faces are 1-6, got {given!r}")
            tape.rolls.append((waiting.why, (a, b)))
        self.waiting = None
        return self.advance()

    def finish(self) -> FlightResult:
        """Play to the end; :class:`FlightWaits` if someone outside the engine must answer."""
        waiting = self.advance()
        if waiting is not None:
            raise FlightWaits(f"the flight waits for {waiting}")
        assert self.result is not None
        return self.result

    def clone(self) -> FlightState:
        """An independent copy at the same point: the table forked (log, dice, captains that
        remember), the mark shared (it is never changed), the tape copied."""
        twin = FlightState.__new__(FlightState)
        twin.__dict__.update(self.__dict__)
        twin.table = self.table.fork()
        twin._tape = twin.table.tape
        twin.costs = list(self.costs)
        if self._mark is not None:
            # stopped inside a card: the twin plays it again from the mark when answered
            twin._stale = True
        twin.flight = self.flight.copy(twin.table)
        twin._attach()
        return twin

    # --- the phases ------------------------------------------------------------------------

    def _play_out(self) -> None:
        """Play a flight with no tape to its settlement: the phases :meth:`_phase` plays one
        at a time, one after another (nothing can stop such a flight)."""
        if not self.started:
            self._start()
        flight = self.flight
        while self.played < len(flight.cards) and flight.in_order():
            self._card()
        self._settle()

    def _phase(self) -> bool:
        """Play the next phase; False when it stopped to wait."""
        if not self.started:
            step = self._start
        elif self.played < len(self.flight.cards) and self.flight.in_order():
            step = self._card
        else:
            self._settle()
            return True
        tape = self._tape
        if tape is None:
            step()
            return True
        if self._mark is None:
            log = self.table.log
            self._mark = _Mark(
                self.flight.copy(self.table),
                len(log) if log is not None else 0,
                self._decided,
            )
        elif self._stale:
            self._restore(self._mark)
        tape.rewind()
        try:
            step()
        except Pending as stop:
            self._stale = True
            asked = stop.waiting
            if isinstance(asked, Decision):
                self.waiting = Choose(asked, self._decided + tape.asked + 1)
            else:
                self.waiting = asked
            return False
        self._mark = None
        self._stale = False
        self._decided += tape.asked
        tape.clear()
        return True

    def _restore(self, mark: _Mark) -> None:
        self.flight = mark.flight.copy(self.table)
        if self.table.log is not None:
            del self.table.log[mark.log :]
        self._stale = False

    def _start(self) -> None:
        flight = self.flight
        if self.table.recording:
            self.table.emit(
                FlightStarted(
                    str(flight.level),
                    flight.track,
                    tuple(p.name for p in flight.players),
                    tuple(p.position for p in flight.players),
                    len(flight.cards),
                )
            )
        flight.buy_insurance()
        self.started = True

    def _card(self) -> None:
        flight = self.flight
        index = self.played
        card = flight.cards[index]
        if not self._counting:
            flight.resolve(index, card, resolver_for(card))
            self.played = index + 1
            return
        before = self._before
        if before is None:
            before = _costs_row(flight)
        flight.resolve(index, card, resolver_for(card))
        after = _costs_row(flight)
        costs = {}
        for p, was, now in zip(flight.players, before, after, strict=True):
            costs[p.name] = (now[0] - was[0], was[1] - now[1], now[2] - was[2])
        self.costs.append(costs)
        self._before = after
        self.played = index + 1

    def _settle(self) -> None:
        flight = self.flight
        results = flight.settle()
        if not self._counting:
            # a searcher's branch: read only for the ships' ends
            self.result = FlightResult(ships=results, events=None, level=flight.level)
            return
        played = flight.cards[: self.played]
        self.result = FlightResult(
            ships=results,
            events=self.table.log,
            level=flight.level,
            representative=sorted({c.label for c in played if c.representative}),
            rulings=self.table.rulings.non_default(),
            card_costs=self.costs,
            card_labels=[c.label for c in played],
            lost_squares={p.name: [str(c) for c in p.ship.lost] for p in flight.players},
        )

    # --- searching -------------------------------------------------------------------------

    def _consult(self, searcher: Policy, decision: Decision) -> Option:
        search = getattr(searcher, "search", None)
        if search is None:
            return searcher.decide(decision)
        option: Option = search(self, decision)
        return option

    def branch(
        self,
        label: str,
        *,
        dice: Dice,
        policies: Mapping[str, Policy] | Policy,
        shuffle: random.Random | None = None,
    ) -> FlightState:
        """A quiet copy of this flight at the decision being asked now (of a searcher inside
        the engine, or the one the flight stopped at), that answers it with
        ``label``, rolls on with ``dice`` and is flown on by ``policies`` (none of them
        outside the engine or searching); ``shuffle`` reorders the cards still face down (a
        look ahead must not read the deck). Play it with :meth:`finish`: its result holds the
        ships' ends only, no costs per card, labels or squares (a look ahead reads nothing
        else)."""
        tape, mark = self._tape, self._mark
        stopped = isinstance(self.waiting, Choose)
        if tape is None or mark is None or not (stopped or tape.at_end):
            raise RuntimeError("a flight branches only at the decision it asks now")
        table = Table(rulings=self.table.rulings, dice=dice, policies=policies)
        twin = FlightState.__new__(FlightState)
        twin.__dict__.update(self.__dict__)
        twin.table = table
        twin.costs = []
        twin._counting = False
        twin.waiting = None
        twin.result = None
        twin._tape = Tape()
        twin._tape.answers = [*tape.answers, label]
        twin._tape.rolls = list(tape.rolls)
        twin.flight = mark.flight.copy(table, shuffle)
        twin._opening = None
        later: list[Card] = []
        unshuffled: tuple[Card, ...] = ()
        drawn: object = None
        if shuffle is not None:
            cards = twin.flight.cards
            later = cards[self.played + 1 :] if self.started else cards[:]
            unshuffled = tuple(later)
            _reshuffle(cards, later, shuffle)
            drawn = shuffle.getstate()
        twin._mark = _Mark(twin.flight, 0, mark.decided)
        twin._stale = False
        twin._attach()
        twin._run_first()
        if (
            shuffle is not None
            and isinstance(dice, StreamDice)
            and not dice.rolled
            and _ends_with(twin.flight.cards, later)
            and shuffle.getstate() == drawn
        ):
            twin._opening = _Opening(twin.played, unshuffled, policies)
        return twin

    def restart(self) -> Restart | None:
        """Where this branch stands after its first phase, for the other rollouts of its
        answer, when that phase drew no roll from the branch's dice and nothing from its deck
        generator: the flight at the end of the card is then the same whatever their seed,
        and a rollout starts here (:meth:`Restart.branch`) without playing the card again.
        None when the phase read either. Asked before the branch is flown on."""
        opening = self._opening
        if opening is None:
            return None
        dice = self.table.dice
        moved = self.played != opening.played or self.result is not None
        if moved or not isinstance(dice, StreamDice) or dice.rolled:
            raise RuntimeError("a branch restarts only from where its first phase ended")
        state = dict(self.__dict__)
        del state["table"], state["flight"]
        state["_opening"] = None
        flight = self.flight.copy(self.table, self.flight.deck_rng)
        return Restart(state, flight, opening.later, self.table.rulings, opening.policies)

    def _run_first(self) -> None:
        """A branch plays its first phase from the tape, then goes on without one."""
        if not self._phase():
            raise FlightWaits(f"a branch waits for {self.waiting}")
        self._tape = None
        self.table.tape = None
        self.flight.ask_as_its_table()


def _reshuffle(cards: list[Card], later: list[Card], shuffle: random.Random) -> None:
    """Shuffle ``later``, the cards still face down, with a look ahead's own generator (it
    must not read the deck's order), in place, and put them back at the end of the deck."""
    shuffle.shuffle(later)
    cards[len(cards) - len(later) :] = later


def _ends_with(cards: list[Card], later: list[Card]) -> bool:
    """Are the last cards of the deck the very cards shuffled (the card played added none
    after them)?"""
    return len(cards) >= len(later) and all(
        a is b for a, b in zip(cards[len(cards) - len(later) :], later, strict=True)
    )


@dataclass(frozen=True, slots=True)
class Restart:
    """A branch at the end of its first phase that read neither its dice nor its deck
    generator (:meth:`FlightState.restart`): each further rollout of its answer is a copy of
    it with its own dice and the cards still face down shuffled by its own generator, which
    is what :meth:`FlightState.branch` builds with them by playing the card again. A test
    holds the two to the same flight and the same end. ``state``: the branch's own fields but
    its table and flight; ``later``: the cards still face down, before any shuffle."""

    state: dict[str, object]
    flight: Flight
    later: tuple[Card, ...]
    rulings: Rulings
    policies: Mapping[str, Policy] | Policy

    def branch(self, *, dice: Dice, shuffle: random.Random) -> FlightState:
        """The rollout :meth:`FlightState.branch` makes for this answer with ``dice`` and
        ``shuffle``, at the end of its first phase."""
        table = Table(rulings=self.rulings, dice=dice, policies=self.policies)
        twin = FlightState.__new__(FlightState)
        twin.__dict__.update(self.state)
        twin.table = table
        twin.costs = []
        twin.flight = self.flight.copy(table, shuffle)
        _reshuffle(twin.flight.cards, list(self.later), shuffle)
        return twin
