"""The shipped captains: policies that answer the engine's decisions.

:class:`SensibleCaptain` (the default) and its cautious and greedy variants,
:class:`ScriptedPolicy` (answers by label, in order: replaying a real game, tests) and
:class:`RandomPolicy` (property tests). Each decision kind has a small named rule; where the
spec fixes the answer (the repair's order, which piece a broken ship keeps) the captains take
the rule from :mod:`trucker.rules`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from trucker.core.decisions import Decision, DecisionKind, Option, Policy
from trucker.core.errors import ScriptExhaustedError
from trucker.rules.pieces import keep_best_piece
from trucker.rules.repair import remove_farthest

__all__ = [
    "SensibleCaptain",
    "CautiousCaptain",
    "GreedyCaptain",
    "CAPTAINS",
    "ScriptedCaptain",
    "RandomCaptain",
    "ScriptedPolicy",
    "RandomPolicy",
]


Rule = Callable[[Decision], Option]

_NO_COST = object()
"""What an option value without a ``cost`` answers when asked for one."""


class SensibleCaptain:
    """The default captain: protects the ship cheaply and keeps what matters.

    Each decision kind has a small named rule; the option values carry the facts it needs.
    Options whose values carry a ``cost`` (tiles lost, batteries, solar power...) are weighed by
    it: the cheapest wins, ties going to the first listed (the engine always lists first the
    option that spends nothing). ``use_batteries`` / ``use_solar`` set to False refuse options
    that spend them. The knobs below make the cautious and greedy variants.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> found = trucker.hit(ship, trucker.Threat.parse("large-meteor front"), 8,
    ...                     captain=trucker.SensibleCaptain())
    >>> found.result.impacts[0].stopped_by
    'cannon'
    """

    name = "sensible"
    keep_humans = 2
    """Humans a captain keeps aboard when sending crew away for a reward."""
    days_per_credit = 1.0
    """How many credits a day of the flight is worth when a reward costs days."""
    speed = False
    """Spend batteries on double engines in Open Space just to go faster."""
    insure_share: float | None = 0.5
    """Buy Class IV insurance when losing this share of the ship would cost more than the
    price plus the cap (None: never insure)."""

    def __init__(
        self,
        overrides: dict[DecisionKind, Rule] | None = None,
        *,
        use_batteries: bool = True,
        use_solar: bool = True,
    ) -> None:
        self._rules: dict[DecisionKind, Rule] = dict(overrides or {})
        """This captain's own rules, over the shipped ones (:data:`_SHIPPED`)."""
        self._refused = frozenset(
            name
            for name, allowed in (("battery", use_batteries), ("solar", use_solar))
            if not allowed
        )

    def register(self, kind: DecisionKind, rule: Rule) -> None:
        self._rules[kind] = rule

    @property
    def never_gives_up(self) -> bool:
        """True while this captain's give-up rule is to fly on: an engine that keeps no log
        may then skip the question (the answer is known)."""
        return self._rules.get(DecisionKind.GIVE_UP, _fly_on) is _fly_on

    def allowed(self, decision: Decision) -> list[Option]:
        """The options this captain is willing to take (never empty)."""
        if not self._refused:
            return list(decision.options)
        fine = [o for o in decision.options if not (_spends(o) & self._refused)]
        return fine or [decision.options[0]]

    def decide(self, decision: Decision) -> Option:
        rule = self._rules.get(decision.kind) if self._rules else None
        if rule is not None:
            return rule(decision)
        shipped = _SHIPPED.get(decision.kind)
        if isinstance(shipped, str):
            rule = getattr(self, shipped)
        elif shipped is not None:
            rule = shipped
        if rule is not None:
            return rule(decision)
        options = self.allowed(decision)
        best: Option | None = None
        least: Any = None
        for o in options:  # each cost worked out once: a shift's may preview a walk
            cost = getattr(o.value, "cost", _NO_COST)
            if cost is _NO_COST:
                return options[0]
            if best is None or cost < least:
                best, least = o, cost
        return options[0] if best is None else best

    def _activate_when_useful(self, decision: Decision) -> Option:
        """Spend on robots only when the engine says they would do something this card (be
        armed), or when they would work a thruster for a shift this captain would then make,
        preferring solar power to a battery token."""
        options = self.allowed(decision)
        paying = [
            o
            for o in options
            if o.value.power is not None and (o.value.useful or self._would_shift(o.value))
        ]
        if not paying:
            return decision.options[0]
        return min(paying, key=lambda o: (not o.value.power.is_solar, -o.value.power.tokens))

    def _would_shift(self, activation: Any) -> bool:
        """The shifts awake robots would open, weighed as this captain weighs any shift (the
        cheapest, "no shift" winning ties): robots are woken when a shift wins, that is when it
        avoids or shortens the walk, or earns the reward (RULES §2.4, §7.1)."""
        shifts = [s for s in activation.shifts if not (s.spends & self._refused)]
        return bool(shifts) and _cheapest_shift(shifts).direction is not None

    def _shift(self, decision: Decision) -> Option:
        """The cheapest shift, "no shift" winning ties (:func:`_cheapest_shift`)."""
        options = self.allowed(decision)
        values = [o.value for o in options]
        return options[values.index(_cheapest_shift(values))]

    def _power(self, decision: Decision) -> Option:
        """Power the fewest doubles that win a fight, else tie it, else lift the ship off the
        bottom of a Combat Zone line, else keep it moving in Open Space; otherwise none
        (batteries are kept for shields). A captain with ``speed`` powers every double in
        Open Space."""
        options = [o for o in decision.options if o.value.doubles <= self._affordable(decision)]
        for verdict in ("win", "tie", "safe"):
            found = [o for o in options if o.value.verdict == verdict]
            if found:
                return min(found, key=lambda o: o.value.doubles)
        if options and options[0].value.verdict == "stuck":
            moving = [o for o in options if o.value.verdict != "stuck"]
            if moving:
                return min(moving, key=lambda o: o.value.doubles)
        if self.speed and decision.kind is DecisionKind.POWER_ENGINES and options:
            return max(options, key=lambda o: o.value.doubles)
        return decision.options[0]

    def _affordable(self, decision: Decision) -> int:
        if "battery" in self._refused:
            return max((o.value.available for o in decision.options), default=0)
        return len(decision.options)

    def _land(self, decision: Decision) -> Option:
        """Land on the planet whose goods that fit are worth the most (a human who would fit
        counting as a credit), if worth its days."""
        best = max(
            decision.options,
            key=lambda o: (o.value.value + o.value.recruits, -(o.value.planet or 0)),
        )
        worth = best.value.value + best.value.recruits
        if best.value.planet is not None and worth >= self.days_per_credit * best.value.days:
            return best
        return decision.options[0]

    def _insure(self, decision: Decision) -> Option:
        """Buy Class IV insurance when losing ``insure_share`` of the ship would cost more than
        the price plus the cap (never, for a captain with no ``insure_share``)."""
        buy = next(o for o in decision.options if o.value.buy)
        facts = buy.value
        if self.insure_share is None or facts.cap is None:
            return next(o for o in decision.options if not o.value.buy)
        worst = facts.tiles * self.insure_share
        return buy if worst > facts.cap + facts.price else decision.options[0]

    def _take(self, decision: Decision) -> Option:
        """Take a reward worth its days, keeping ``keep_humans`` humans aboard when crew must
        leave for it."""
        yes = next(o for o in decision.options if o.value.take)
        value = yes.value
        worth_it = value.worth >= self.days_per_credit * value.days
        enough_crew = value.crew == 0 or value.humans_left >= self.keep_humans
        return (
            yes
            if worth_it and enough_crew
            else next(o for o in decision.options if not o.value.take)
        )


class CautiousCaptain(SensibleCaptain):
    """Keeps three humans aboard, takes only rewards worth two credits a day, and insures
    a Class IV ship whenever losing all of it would cost more than the price plus the cap."""

    name = "cautious"
    keep_humans = 3
    days_per_credit = 2.0
    insure_share = 1.0


class GreedyCaptain(SensibleCaptain):
    """Races in Open Space, lands on anything, keeps only one human aboard, never insures."""

    name = "greedy"
    keep_humans = 1
    days_per_credit = 0.0
    speed = True
    insure_share = None


def _cheapest_shift(shifts: Sequence[Any]) -> Any:
    """The shift of least cost, the first listed winning ties. Staying ("no shift", listed
    first) when its line costs nothing and no line can earn is the cheapest there can be (a
    shift costs at least its move), so the shifts' previews are not read then; nor is the
    preview of any shift whose least cost (:attr:`~trucker.sim.shifts.ShiftOption.least`) is
    no less than the cheapest found before it, as it cannot win."""
    stay = shifts[0]
    if stay.direction is None and not stay.earns and not any(stay.cost):
        return stay
    best, least = stay, stay.cost
    for shift in shifts[1:]:
        if shift.least >= least:
            continue
        cost = shift.cost
        if cost < least:
            best, least = shift, cost
    return best


def _fly_on(decision: Decision) -> Option:
    """Never give up by choice: the rules end a hopeless flight anyway (RULES §6.3)."""
    return next(o for o in decision.options if not o.value.give_up)


def _recruit_all(decision: Decision) -> Option:
    """Take every human a developed planet offers that fits (crew is never a burden), awake
    where there is room: sleepers do not count as crew."""
    return max(decision.options, key=lambda o: (o.value.humans, -o.value.asleep))


def _most_valuable(decision: Decision) -> Option:
    return max(decision.options, key=lambda o: o.value.value)


def _lose_a_human_first(decision: Decision) -> Option:
    """Lose a human from the fullest cabin before an alien (aliens add power), unless the
    losses to come would take every human: then aliens go first, so someone can still fly
    the ship (RULES §6.3)."""
    humans = [o for o in decision.options if o.value.alien is None]
    aliens = [o for o in decision.options if o.value.alien is not None]
    first = decision.options[0].value
    if aliens and (not humans or first.aboard <= first.remaining):
        return aliens[0]
    if humans:
        return max(humans, key=lambda o: (o.value.humans, o.value.square))
    return decision.options[0]


def _lose_from_first_hold(decision: Decision) -> Option:
    """Equal goods in several holds: the one in the first hold in board order (where the good
    sits matters only to later hits, which this captain does not foresee)."""
    return min(decision.options, key=lambda o: o.value.square)


def _lose_from_fullest(decision: Decision) -> Option:
    return max(decision.options, key=lambda o: (o.value.tokens, o.value.square))


def _spends(option: Option) -> frozenset[str]:
    return getattr(option.value, "spends", frozenset())


class ScriptedCaptain:
    """Answers from a list of labels, in order; a label may be prefixed ``kind:`` to say which
    decision it answers. Raises :class:`ScriptExhaustedError` naming the decision it was asked
    when the script runs out or does not fit. With a ``fallback`` captain the script may run
    out; ``lenient`` also lets the fallback answer any decision the next label does not fit
    (a player's notes of a real game need not list every question).

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> script = trucker.ScriptedCaptain(["give up"])
    >>> result = trucker.fly(trucker.plan(ship, "random:III", seed=7), captains={"Cruiser": script})
    >>> result.ships[0].gave_up, script.remaining
    (True, [])
    """

    name = "scripted"

    def __init__(
        self, answers: Iterable[str], *, fallback: Policy | None = None, lenient: bool = False
    ) -> None:
        self._answers = list(answers)
        self._next = 0
        self._fallback = fallback
        self._lenient = lenient and fallback is not None

    @property
    def remaining(self) -> Sequence[str]:
        return self._answers[self._next :]

    def fork(self) -> ScriptedCaptain:
        """An independent script at the same answer (for a copy of a flight)."""
        twin = ScriptedCaptain(self._answers, fallback=self._fallback, lenient=self._lenient)
        twin._next = self._next
        return twin

    def decide(self, decision: Decision) -> Option:
        if self._next >= len(self._answers):
            if self._fallback is not None:
                return self._fallback.decide(decision)
            raise ScriptExhaustedError(f"the scripted choices ran out at: {decision}")
        answer = self._answers[self._next]
        kind, sep, label = answer.partition(":")
        if sep and kind.strip() in DecisionKind.__members__.values():
            if kind.strip() != decision.kind:
                if self._lenient:
                    return self._fallback.decide(decision)  # type: ignore[union-attr]
                raise ScriptExhaustedError(
                    f"choice {self._next + 1} answers {kind.strip()!r}, "
                    f"but the question is: {decision}"
                )
            answer = label.strip()
        for option in decision.options:
            if option.label == answer:
                self._next += 1
                return option
        if self._lenient:
            return self._fallback.decide(decision)  # type: ignore[union-attr]
        raise ScriptExhaustedError(
            f"choice {self._next + 1} {answer!r} is not an option of: {decision}"
        )


class RandomCaptain:
    """Picks uniformly among the options, from its own seeded generator.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> plan = trucker.plan(ship, "random:III", seed=7)
    >>> left = trucker.fly(plan, captains={"Cruiser": trucker.RandomCaptain(1)})
    >>> right = trucker.fly(plan, captains={"Cruiser": trucker.RandomCaptain(1)})
    >>> left.ships[0].final_credits == right.ships[0].final_credits
    True
    """

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def decide(self, decision: Decision) -> Option:
        return self._rng.choice(decision.options)

    def fork(self) -> RandomCaptain:
        """An independent captain that goes on drawing as this one would."""
        twin = RandomCaptain(0)
        twin._rng.setstate(self._rng.getstate())
        return twin


_SHIPPED: dict[DecisionKind, Rule | str] = {
    DecisionKind.REMOVE_TILE: remove_farthest,
    DecisionKind.KEEP_PIECE: keep_best_piece,
    DecisionKind.SHIFT: "_shift",
    DecisionKind.ACTIVATE_ROBOTS: "_activate_when_useful",
    DecisionKind.GIVE_UP: _fly_on,
    DecisionKind.POWER_ENGINES: "_power",
    DecisionKind.POWER_CANNONS: "_power",
    DecisionKind.LAND: "_land",
    DecisionKind.LOAD_GOODS: _most_valuable,
    DecisionKind.TAKE: "_take",
    DecisionKind.LOSE_CREW: _lose_a_human_first,
    DecisionKind.LOSE_TOKEN: _lose_from_fullest,
    DecisionKind.LOSE_GOOD: _lose_from_first_hold,
    DecisionKind.INSURE: "_insure",
    DecisionKind.RECRUIT: _recruit_all,
}
"""The shipped captains' rule for each decision kind: a function of the decision, or the name
of the captain's method (the variants differ by their knobs). One table for every captain, so
making a captain costs nothing per flight."""


ScriptedPolicy = ScriptedCaptain
"""The old name of :class:`ScriptedCaptain`, kept for one release."""
RandomPolicy = RandomCaptain
"""The old name of :class:`RandomCaptain`, kept for one release."""


CAPTAINS: dict[str, type[SensibleCaptain]] = {
    "sensible": SensibleCaptain,
    "cautious": CautiousCaptain,
    "greedy": GreedyCaptain,
}
"""The shipped captains, by the name ``--policy`` takes."""
