"""Plain-words narration of events: one line per event, written from the event's fields only.

The engine writes events, never prose; this is the only place that turns them into sentences,
so the terminal, the HTML pages and ``trucker replay`` all tell the same story. The sentence is
chosen by the event's type (one ``match`` over the classes), so mypy checks every field a
sentence reads, and a test holds every event type to a sentence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, assert_never, cast

from trucker.core.events import (
    AlienLost,
    AnyEvent,
    Ate,
    CardRevealed,
    CardsAdded,
    CrewLost,
    Decided,
    Declared,
    Defeated,
    Destroyed,
    Escaped,
    Event,
    Exploded,
    Faced,
    FellOff,
    FlightStarted,
    Fused,
    GaveUp,
    GoodsLost,
    Insured,
    Landed,
    LeakNetwork,
    Loaded,
    Met,
    Moved,
    Passed,
    Penalised,
    Recruited,
    Repelled,
    Rewarded,
    Rolled,
    Settled,
    Shifted,
    Spent,
    Stopped,
    TokensLost,
    Walked,
    read_event,
)

__all__ = ["narrate", "narrate_all", "UNNAMED"]


def _squares(items: Iterable[str]) -> str:
    items = list(items)
    return ", ".join(items) if items else "nothing"


def _contents(e: Destroyed | FellOff) -> str:
    parts = []
    if e.humans:
        parts.append(f"{e.humans} human{'s' if e.humans != 1 else ''}")
    for alien in e.aliens:
        parts.append(f"a {alien} alien")
    if e.goods:
        parts.append(f"goods {e.goods}")
    if e.tokens:
        parts.append(f"{e.tokens} battery token{'s' if e.tokens != 1 else ''}")
    return f", with {', '.join(parts)}" if parts else ""


def _line(line: Any, direction: str) -> str:
    if line is None:
        return "a miss"
    if isinstance(line, dict):
        return f"row {line['row']}, entering at column {line['entry']}"
    return f"{'row' if direction in ('left', 'right') else 'column'} {line}"


def _rolled(e: Rolled) -> str:
    a, b = e.faces
    return f"roll for {e.why}: {a} and {b} (total {a + b})"


def _decided(e: Decided) -> str:
    note = " (no other choice)" if e.forced else ""
    context = f" — {e.context}" if e.context else ""
    return f"{e.ship} decides ({e.decision}): {e.choice}{note}{context}"


def _shifted(e: Shifted) -> str:
    return (
        f"{e.ship} fires the thruster on {e.thruster}: the ship moves {e.direction}, "
        f"the threat now travels along {_line(e.line, e.threat_from)}"
    )


def _spent(e: Spent) -> str:
    what = "a battery token from" if e.source == "battery" else "the solar panel on"
    return f"{e.ship} spends {what} {e.square} for the {e.purpose}"


def _met(e: Met) -> str:
    where = _line(e.line, e.direction)
    if e.square is None:
        return f"{e.threat} from the {e.direction} along {where} meets nothing: a miss"
    return f"{e.threat} from the {e.direction} along {where} meets the {e.part} on {e.square}"


_STOPPED = {
    "smooth": "bounces off its smooth {side}side",
    "armor": "stops at its armored wall",
    "cannon": "is shot down by the cannon on {defender}",
    "shield": "is stopped by the shield on {defender}",
}


def _stopped(e: Stopped) -> str:
    told = _STOPPED.get(e.by, f"is stopped by the {e.by} on {{defender}}")
    how = told.format(defender=e.defender, side="")
    return f"the {e.threat} {how}: no damage to {e.square}"


def _destroyed(e: Destroyed) -> str:
    return f"{e.ship} loses the {e.part} on {e.square} ({e.cause}){_contents(e)}"


def _fell_off(e: FellOff) -> str:
    return f"{e.ship} breaks apart: {_squares(e.squares)} drift away{_contents(e)}"


def _alien_lost(e: AlienLost) -> str:
    return f"the {e.color} alien on {e.square} has no life support left and leaves"


def _landed(e: Landed) -> str:
    where = _line(e.line, e.direction)
    if e.square is None:
        return f"the {e.intruder} comes from the {e.direction} along {where}: a miss"
    return (
        f"the {e.intruder} comes from the {e.direction} along {where} and lands on the "
        f"{e.part} on {e.square}"
    )


_DEFENDERS = {
    "turret": "a laser turret",
    "armed crew": "armed crew",
    "manned armory": "a manned armory",
}


def _repelled(e: Repelled) -> str:
    guard = _DEFENDERS.get(e.by, e.by)
    return f"{e.square} is defended by {guard}: repelled, no damage, no reward"


def _walked(e: Walked) -> str:
    how = {
        "landed": "lands on",
        "left": "turns left into",
        "right": "turns right into",
        "straight": "goes straight into",
        "back": "goes back into",
    }[e.move]
    return (
        f"step {e.step} ({e.hand}-hand): {how} the {e.part} on {e.square}, "
        f"heading {e.heading} — {e.why}"
    )


def _ate(e: Ate) -> str:
    parts = []
    if e.humans:
        parts.append(f"{e.humans} astronaut{'s' if e.humans != 1 else ''}")
    for alien in e.aliens:
        parts.append(f"the {alien} alien")
    if e.passengers:
        parts.append("the passenger")
    if e.goods:
        parts.append(f"goods {e.goods}")
    if e.tokens:
        parts.append(f"{e.tokens} battery token{'s' if e.tokens != 1 else ''}")
    if e.robots:
        parts.append(f"{e.robots} robots")
    return f"  it eats {', '.join(parts)} on {e.square}"


def _fused(e: Fused) -> str:
    again = " (already fused: two fuses count as one)" if e.again else ""
    return f"  it places a fuse on {e.square} at step {e.step}{again}"


def _defeated(e: Defeated) -> str:
    return (
        f"step {e.step}: {e.square} is defended by {_DEFENDERS.get(e.by, e.by)}: "
        f"the {e.hand}-hand intruder is defeated"
    )


def _escaped(e: Escaped) -> str:
    return f"the {e.hand}-hand intruder leaves the ship after step {e.steps}"


def _exploded(e: Exploded) -> str:
    return f"the fuses explode: {_squares(e.squares)} destroyed from the inside"


def _rewarded(e: Rewarded) -> str:
    parts = []
    if e.credits:
        parts.append(f"{e.credits} credits")
    if e.goods:
        parts.append(f"goods {e.goods}")
    why = f" ({e.why})" if e.why else ""
    return f"{e.ship} earns {' and '.join(parts) or 'nothing'}{why}"


def _flight_started(e: FlightStarted) -> str:
    ships = ", ".join(f"{n} on space {p}" for n, p in zip(e.ships, e.positions, strict=False))
    cards = f"{e.cards} card{'s' if e.cards != 1 else ''}"
    size = f"{cards} on a track of {e.track} spaces"
    return f"a level {e.level} flight of {size}: {ships}"


def _card(e: CardRevealed) -> str:
    note = " [representative values]" if e.representative else ""
    numbers = f": {e.numbers}" if e.numbers else ""
    return f"card {e.index}: {e.card} ({e.type}, level {e.level}){numbers}{note}"


def _moved(e: Moved) -> str:
    days = e.days
    verb = "gains" if days > 0 else "loses"
    count = f"{abs(days)} day{'s' if abs(days) != 1 else ''}"
    return f"{e.ship} {verb} {count}: space {e.start} to {e.end}"


def _gave_up(e: GaveUp) -> str:
    return f"{e.ship} gives up: {e.reason}"


def _declared(e: Declared) -> str:
    return f"{e.ship} declares {e.what} {e.value}"


def _faced(e: Faced) -> str:
    result = {"win": "beats them", "tie": "ties: nothing happens", "loss": "loses"}[e.result]
    enemy = f"the {e.enemy} (strength {e.strength})"
    return f"{e.ship} meets {enemy} with firepower {e.firepower}: {result}"


def _loaded(e: Loaded) -> str:
    dumped = f", dumping {e.dropped}" if e.dropped else ""
    return f"{e.ship} loads {e.gained}: now carries {e.goods or 'nothing'}{dumped}"


def _goods_lost(e: GoodsLost) -> str:
    return f"{e.ship} loses goods {e.goods}"


def _tokens_lost(e: TokensLost) -> str:
    return f"{e.ship} loses a battery token from {e.square}"


def _crew_lost(e: CrewLost) -> str:
    who = (
        f"the {e.alien} alien"
        if e.alien
        else "a human"
        if e.humans
        else "a robot"
        if e.robots
        else "a passenger"
    )
    why = f" ({e.why})" if e.why else ""
    return f"{e.ship} loses {who} from {e.square}{why}"


def _energy_network(e: LeakNetwork) -> str:
    tokens = e.tokens
    held = f"{tokens} token{'' if tokens == 1 else 's'}"
    fate = f"explodes ({e.threshold} or more)" if e.explodes else "holds"
    return f"{e.ship}'s energy network {' '.join(e.squares)}: {held}, {fate}"


def _penalised(e: Penalised) -> str:
    values = ", ".join(f"{k} {v}" for k, v in e.values.items())
    card = e.card or "combat zone"
    return f"{card}, {e.test} ({values}): {e.ship} is lowest and takes {e.penalty}"


def _passed(e: Passed) -> str:
    return f"{e.ship}: {e.why}"


def _settled(e: Settled) -> str:
    place = f"arrives {_ordinal(e.place)}" if e.place else "did not finish"
    insurance = f", insurance -{e.insurance}" if e.insurance else ""
    return (
        f"{e.ship} {place}: earned {e.earned}, arrival {e.arrival}, best-looking "
        f"{e.best_looking}, goods {e.sales}, losses {_paid(e.losses)}{insurance}: "
        f"{e.final} credit{'s' if e.final != 1 else ''}"
    )


def _cards_added(e: CardsAdded) -> str:
    added = ", ".join(f"{c} (level {lv})" for c, lv in zip(e.cards, e.levels, strict=False))
    return f"hazardous business: {added or 'nothing'} go on top of the deck"


def _recruited(e: Recruited) -> str:
    count = len(e.squares)
    asleep = f", {e.sleepers} of them asleep in stasis" if e.sleepers else ""
    noun = "human joins" if count == 1 else "humans join"
    return f"{e.ship}: {count} {noun} the crew on {_squares(e.squares)}{asleep}"


def _insured(e: Insured) -> str:
    if not e.insured:
        return f"{e.ship} flies uninsured: every lost tile will cost a credit, no cap"
    cap = f"losses capped at {e.cap}" if e.cap is not None else "no cap printed"
    return f"{e.ship} buys insurance for {e.price} credits ({cap})"


def _paid(credits: int) -> str:
    """Credits paid out, signed, and ``0`` when none were (never ``-0``)."""
    return f"-{credits}" if credits else "0"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _sentence(event: AnyEvent) -> str:
    """The event's sentence, by its type (mypy holds the match to every event type)."""
    match event:
        case Rolled():
            return _rolled(event)
        case Decided():
            return _decided(event)
        case Shifted():
            return _shifted(event)
        case Spent():
            return _spent(event)
        case Met():
            return _met(event)
        case Stopped():
            return _stopped(event)
        case Destroyed():
            return _destroyed(event)
        case FellOff():
            return _fell_off(event)
        case AlienLost():
            return _alien_lost(event)
        case Landed():
            return _landed(event)
        case Repelled():
            return _repelled(event)
        case Walked():
            return _walked(event)
        case Ate():
            return _ate(event)
        case Fused():
            return _fused(event)
        case Defeated():
            return _defeated(event)
        case Escaped():
            return _escaped(event)
        case Exploded():
            return _exploded(event)
        case Rewarded():
            return _rewarded(event)
        case FlightStarted():
            return _flight_started(event)
        case CardRevealed():
            return _card(event)
        case Moved():
            return _moved(event)
        case GaveUp():
            return _gave_up(event)
        case Declared():
            return _declared(event)
        case Faced():
            return _faced(event)
        case Loaded():
            return _loaded(event)
        case GoodsLost():
            return _goods_lost(event)
        case TokensLost():
            return _tokens_lost(event)
        case CrewLost():
            return _crew_lost(event)
        case LeakNetwork():
            return _energy_network(event)
        case Penalised():
            return _penalised(event)
        case Passed():
            return _passed(event)
        case Settled():
            return _settled(event)
        case CardsAdded():
            return _cards_added(event)
        case Insured():
            return _insured(event)
        case Recruited():
            return _recruited(event)
        case _:
            assert_never(event)


_UNNAMED = (Met, Stopped, AlienLost, Landed, Repelled, Walked, Ate, Fused, Defeated, Escaped,
            Exploded)  # fmt: skip
UNNAMED = frozenset(cls.kind for cls in _UNNAMED)
"""Events about one ship whose sentence does not say which (by kind): with one ship aboard it
goes without saying; with several, :func:`narrate` ``named`` puts the ship's name first."""


def narrate(event: Event | Mapping[str, Any], *, named: bool = False) -> str:
    """One sentence for an event (an :class:`~trucker.core.events.Event`, or its dict as a log
    holds it, read back first). ``named`` (a flight of several ships): every line about a ship
    names it, so a reader never has to work out whose tile a meteor met or whose cabin an
    intruder walked into."""
    typed = read_event(event) if isinstance(event, Mapping) else event
    text = _sentence(cast(AnyEvent, typed))
    if named and isinstance(typed, _UNNAMED):
        told = text.lstrip()
        return f"{text[: len(text) - len(told)]}{typed.ship}: {told}"
    return text


def narrate_all(events: Iterable[Event | Mapping[str, Any]], *, named: bool = False) -> list[str]:
    return [narrate(e, named=named) for e in events]
