"""The table an engine plays on: rulings, dice, each captain's policy, and the event log."""

from __future__ import annotations

from collections.abc import Mapping

from trucker.core.decisions import Choice, Decision, DecisionKind, Option, Policy, answer
from trucker.core.dice import Dice, Roll
from trucker.core.events import Decided, Event, Rolled
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.sim.captains import SensibleCaptain
from trucker.sim.tape import Tape, fork

__all__ = ["Table"]


class Table:
    """Everything an engine function needs besides the ships. ``log=None`` makes a quiet table
    (for previews): nothing is recorded."""

    def __init__(
        self,
        *,
        rulings: Rulings = DEFAULT_RULINGS,
        dice: Dice | None = None,
        policies: Mapping[str, Policy] | Policy | None = None,
        log: list[Event] | None = None,
    ) -> None:
        self.rulings = rulings
        self.dice = dice
        self._policies: Mapping[str, Policy] = {} if not isinstance(policies, Mapping) else policies
        self._default: Policy | None = (
            policies if policies is not None and not isinstance(policies, Mapping) else None
        )
        """The captain of a ship not named in the policies (the sensible one unless given,
        made when first asked: most tables name every ship)."""
        self._streams = getattr(dice, "stream", None)
        self.log = log
        self._quiet: Table | None = None
        self.tape: Tape | None = None
        """A stepped flight's record of the card in progress (None: ask and roll directly)."""

    def policy(self, ship: str) -> Policy:
        found = self._policies.get(ship)
        if found is not None:
            return found
        if self._default is None:
            self._default = SensibleCaptain()
        return self._default

    @property
    def choices(self) -> list[Choice]:
        """The decisions recorded in the log, in order, as choices (none without a log): made
        when asked for, from the log's decided events, which say all a choice says."""
        return [
            Choice(DecisionKind(e.decision), e.ship, e.choice, e.forced)
            for e in self.log or ()
            if type(e) is Decided
        ]

    @property
    def recording(self) -> bool:
        """Is there a log? Hot paths skip building events nobody will read."""
        return self.log is not None

    def emit(self, event: Event) -> None:
        if self.log is not None:
            self.log.append(event)

    def roll(self, why: str, stream: tuple[int, ...] = ()) -> Roll:
        """Roll two dice; seeded dice with streams (:class:`~trucker.core.dice.StreamDice`) roll
        from the stream named by ``stream`` (a card index, then a threat index)."""
        faces = self.draw(why, stream) if self.tape is None else self.tape.roll(self, why, stream)
        if self.log is not None:
            self.log.append(Rolled(why, faces))
        return faces

    def draw(self, why: str, stream: tuple[int, ...]) -> Roll:
        """The dice's next roll for ``why``, recorded nowhere."""
        if self._streams is not None:
            return self._streams(stream).roll(why)
        if self.dice is None:
            raise RuntimeError(f"no dice on this table, but a roll is needed for {why}")
        return self.dice.roll(why)

    def ask(self, ship: str, decision: Decision) -> Option:
        """Ask the ship's policy; the answer is checked against the options and, when there is
        a log, recorded."""
        if self.tape is not None:
            option = self.tape.ask(self, ship, decision)
        else:
            option = answer(self.policy(ship), decision)
        if self.log is not None:
            forced = len(decision.options) == 1
            self.log.append(
                Decided(ship, str(decision.kind), option.label, forced, decision.context)
            )
        return option

    def answered(self, ship: str, kind: DecisionKind, label: str, context: str) -> None:
        """Record a decision of two or more options whose answer is known without asking (a
        captain that never gives up, asked whether to): what :meth:`ask` records of it."""
        if self.log is not None:
            self.log.append(Decided(ship, str(kind), label, False, context))

    def fork(self) -> Table:
        """An independent table at the same point: the log copied, the dice and
        every captain that remembers (offers ``fork``) forked, the tape copied."""
        twin = Table(
            rulings=self.rulings,
            dice=fork(self.dice) if self.dice is not None else None,
            policies={name: fork(p) for name, p in self._policies.items()},
            log=list(self.log) if self.log is not None else None,
        )
        twin._default = fork(self._default) if self._default is not None else None
        twin.tape = self.tape.copy() if self.tape is not None else None
        return twin

    def quiet(self) -> Table:
        """A table for previews: same rulings, the default captain, no dice, no log (made
        once per table: a flight previews thousands of lines)."""
        if self._quiet is None:
            self._quiet = Table(rulings=self.rulings)
        return self._quiet
