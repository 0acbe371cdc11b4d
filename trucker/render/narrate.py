"""Plain-words narration of events: one line per event, written from the event's fields only.

The engine writes events, never prose; this is the only place that turns them into sentences,
so the terminal, the HTML pages and ``trucker replay`` all tell the same story.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["narrate", "narrate_all", "NARRATORS", "UNNAMED"]

Fields = Mapping[str, Any]


def _squares(items: Iterable[str]) -> str:
    items = list(items)
    return ", ".join(items) if items else "nothing"


def _contents(e: Fields) -> str:
    parts = []
    if e.get("humans"):
        parts.append(f"{e['humans']} human{'s' if e['humans'] != 1 else ''}")
    for alien in e.get("aliens", ()):
        parts.append(f"a {alien} alien")
    if e.get("goods"):
        parts.append(f"goods {e['goods']}")
    if e.get("tokens"):
        parts.append(f"{e['tokens']} battery token{'s' if e['tokens'] != 1 else ''}")
    return f", with {', '.join(parts)}" if parts else ""


def _line(line: Any, direction: str) -> str:
    if line is None:
        return "a miss"
    if isinstance(line, dict):
        return f"row {line['row']}, entering at column {line['entry']}"
    return f"{'row' if direction in ('left', 'right') else 'column'} {line}"


def _rolled(e: Fields) -> str:
    a, b = e["faces"]
    return f"roll for {e['why']}: {a} and {b} (total {a + b})"


def _decided(e: Fields) -> str:
    note = " (no other choice)" if e.get("forced") else ""
    context = f" — {e['context']}" if e.get("context") else ""
    return f"{e['ship']} decides ({e['decision']}): {e['choice']}{note}{context}"


def _shifted(e: Fields) -> str:
    return (
        f"{e['ship']} fires the thruster on {e['thruster']}: the ship moves {e['direction']}, "
        f"the threat now travels along {_line(e['line'], e['threat_from'])}"
    )


def _spent(e: Fields) -> str:
    what = "a battery token from" if e["source"] == "battery" else "the solar panel on"
    return f"{e['ship']} spends {what} {e['square']} for the {e['purpose']}"


def _met(e: Fields) -> str:
    where = _line(e["line"], e["direction"])
    if e["square"] is None:
        return f"{e['threat']} from the {e['direction']} along {where} meets nothing: a miss"
    return (
        f"{e['threat']} from the {e['direction']} along {where} "
        f"meets the {e['part']} on {e['square']}"
    )


_STOPPED = {
    "smooth": "bounces off its smooth {side}side",
    "armor": "stops at its armored wall",
    "cannon": "is shot down by the cannon on {defender}",
    "shield": "is stopped by the shield on {defender}",
}


def _stopped(e: Fields) -> str:
    told = _STOPPED.get(e["by"], f"is stopped by the {e['by']} on {{defender}}")
    how = told.format(defender=e.get("defender"), side="")
    return f"the {e['threat']} {how}: no damage to {e['square']}"


def _destroyed(e: Fields) -> str:
    return f"{e['ship']} loses the {e['part']} on {e['square']} ({e['cause']}){_contents(e)}"


def _fell_off(e: Fields) -> str:
    return f"{e['ship']} breaks apart: {_squares(e['squares'])} drift away{_contents(e)}"


def _alien_lost(e: Fields) -> str:
    return f"the {e['color']} alien on {e['square']} has no life support left and leaves"


def _landed(e: Fields) -> str:
    where = _line(e["line"], e["direction"])
    if e["square"] is None:
        return f"the {e['intruder']} comes from the {e['direction']} along {where}: a miss"
    return (
        f"the {e['intruder']} comes from the {e['direction']} along {where} and lands on the "
        f"{e['part']} on {e['square']}"
    )


_DEFENDERS = {
    "turret": "a laser turret",
    "armed crew": "armed crew",
    "manned armory": "a manned armory",
}


def _repelled(e: Fields) -> str:
    guard = _DEFENDERS.get(e["by"], e["by"])
    return f"{e['square']} is defended by {guard}: repelled, no damage, no reward"


def _walked(e: Fields) -> str:
    how = {
        "landed": "lands on",
        "left": "turns left into",
        "right": "turns right into",
        "straight": "goes straight into",
        "back": "goes back into",
    }[e["move"]]
    return (
        f"step {e['step']} ({e['hand']}-hand): {how} the {e['part']} on {e['square']}, "
        f"heading {e['heading']} — {e['why']}"
    )


def _ate(e: Fields) -> str:
    parts = []
    if e.get("humans"):
        parts.append(f"{e['humans']} astronaut{'s' if e['humans'] != 1 else ''}")
    for alien in e.get("aliens", ()):
        parts.append(f"the {alien} alien")
    if e.get("passengers"):
        parts.append("the passenger")
    if e.get("goods"):
        parts.append(f"goods {e['goods']}")
    if e.get("tokens"):
        parts.append(f"{e['tokens']} battery token{'s' if e['tokens'] != 1 else ''}")
    if e.get("robots"):
        parts.append(f"{e['robots']} robots")
    return f"  it eats {', '.join(parts)} on {e['square']}"


def _fused(e: Fields) -> str:
    again = " (already fused: two fuses count as one)" if e.get("again") else ""
    return f"  it places a fuse on {e['square']} at step {e['step']}{again}"


def _defeated(e: Fields) -> str:
    return (
        f"step {e['step']}: {e['square']} is defended by {_DEFENDERS.get(e['by'], e['by'])}: "
        f"the {e['hand']}-hand intruder is defeated"
    )


def _escaped(e: Fields) -> str:
    return f"the {e['hand']}-hand intruder leaves the ship after step {e['steps']}"


def _exploded(e: Fields) -> str:
    return f"the fuses explode: {_squares(e['squares'])} destroyed from the inside"


def _rewarded(e: Fields) -> str:
    parts = []
    if e.get("credits"):
        parts.append(f"{e['credits']} credits")
    if e.get("goods"):
        parts.append(f"goods {e['goods']}")
    why = f" ({e['why']})" if e.get("why") else ""
    return f"{e['ship']} earns {' and '.join(parts) or 'nothing'}{why}"


def _flight_started(e: Fields) -> str:
    ships = ", ".join(f"{n} on space {p}" for n, p in zip(e["ships"], e["positions"], strict=False))
    cards = f"{e['cards']} card{'s' if e['cards'] != 1 else ''}"
    size = f"{cards} on a track of {e['track']} spaces"
    return f"a level {e['level']} flight of {size}: {ships}"


def _card(e: Fields) -> str:
    note = " [representative values]" if e.get("representative") else ""
    numbers = f": {e['numbers']}" if e.get("numbers") else ""
    return f"card {e['index']}: {e['card']} ({e['type']}, level {e['level']}){numbers}{note}"


def _moved(e: Fields) -> str:
    days = e["days"]
    verb = "gains" if days > 0 else "loses"
    count = f"{abs(days)} day{'s' if abs(days) != 1 else ''}"
    return f"{e['ship']} {verb} {count}: space {e['start']} to {e['end']}"


def _gave_up(e: Fields) -> str:
    return f"{e['ship']} gives up: {e['reason']}"


def _declared(e: Fields) -> str:
    return f"{e['ship']} declares {e['what']} {e['value']}"


def _faced(e: Fields) -> str:
    result = {"win": "beats them", "tie": "ties: nothing happens", "loss": "loses"}[e["result"]]
    enemy = f"the {e['enemy']} (strength {e['strength']})"
    return f"{e['ship']} meets {enemy} with firepower {e['firepower']}: {result}"


def _loaded(e: Fields) -> str:
    dumped = f", dumping {e['dropped']}" if e.get("dropped") else ""
    return f"{e['ship']} loads {e['gained']}: now carries {e['goods'] or 'nothing'}{dumped}"


def _goods_lost(e: Fields) -> str:
    return f"{e['ship']} loses goods {e['goods']}"


def _tokens_lost(e: Fields) -> str:
    return f"{e['ship']} loses a battery token from {e['square']}"


def _crew_lost(e: Fields) -> str:
    who = (
        f"the {e['alien']} alien"
        if e.get("alien")
        else "a human"
        if e.get("humans")
        else "a robot"
        if e.get("robots")
        else "a passenger"
    )
    why = f" ({e['why']})" if e.get("why") else ""
    return f"{e['ship']} loses {who} from {e['square']}{why}"


def _energy_network(e: Fields) -> str:
    tokens = e["tokens"]
    held = f"{tokens} token{'' if tokens == 1 else 's'}"
    fate = f"explodes ({e['threshold']} or more)" if e["explodes"] else "holds"
    return f"{e['ship']}'s energy network {' '.join(e['squares'])}: {held}, {fate}"


def _penalised(e: Fields) -> str:
    values = ", ".join(f"{k} {v}" for k, v in e["values"].items())
    card = e.get("card") or "combat zone"
    return f"{card}, {e['test']} ({values}): {e['ship']} is lowest and takes {e['penalty']}"


def _passed(e: Fields) -> str:
    return f"{e['ship']}: {e['why']}"


def _settled(e: Fields) -> str:
    place = f"arrives {_ordinal(e['place'])}" if e.get("place") else "did not finish"
    insurance = f", insurance -{e['insurance']}" if e.get("insurance") else ""
    return (
        f"{e['ship']} {place}: earned {e['earned']}, arrival {e['arrival']}, best-looking "
        f"{e['best_looking']}, goods {e['sales']}, losses {_paid(e['losses'])}{insurance}: "
        f"{e['final']} credit{'s' if e['final'] != 1 else ''}"
    )


def _cards_added(e: Fields) -> str:
    added = ", ".join(f"{c} (level {lv})" for c, lv in zip(e["cards"], e["levels"], strict=False))
    return f"hazardous business: {added or 'nothing'} go on top of the deck"


def _recruited(e: Fields) -> str:
    count = len(e["squares"])
    asleep = f", {e['sleepers']} of them asleep in stasis" if e.get("sleepers") else ""
    noun = "human joins" if count == 1 else "humans join"
    return f"{e['ship']}: {count} {noun} the crew on {_squares(e['squares'])}{asleep}"


def _insured(e: Fields) -> str:
    if not e["insured"]:
        return f"{e['ship']} flies uninsured: every lost tile will cost a credit, no cap"
    cap = f"losses capped at {e['cap']}" if e.get("cap") is not None else "no cap printed"
    return f"{e['ship']} buys insurance for {e['price']} credits ({cap})"


def _paid(credits: int) -> str:
    """Credits paid out, signed, and ``0`` when none were (never ``-0``)."""
    return f"-{credits}" if credits else "0"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


NARRATORS: dict[str, Callable[[Fields], str]] = {
    "rolled": _rolled,
    "decided": _decided,
    "shifted": _shifted,
    "spent": _spent,
    "met": _met,
    "stopped": _stopped,
    "destroyed": _destroyed,
    "fell-off": _fell_off,
    "alien-lost": _alien_lost,
    "landed": _landed,
    "repelled": _repelled,
    "walked": _walked,
    "ate": _ate,
    "fused": _fused,
    "defeated": _defeated,
    "escaped": _escaped,
    "exploded": _exploded,
    "rewarded": _rewarded,
    "flight-started": _flight_started,
    "card": _card,
    "moved": _moved,
    "gave-up": _gave_up,
    "declared": _declared,
    "faced": _faced,
    "loaded": _loaded,
    "goods-lost": _goods_lost,
    "tokens-lost": _tokens_lost,
    "crew-lost": _crew_lost,
    "energy-network": _energy_network,
    "penalised": _penalised,
    "passed": _passed,
    "settled": _settled,
    "cards-added": _cards_added,
    "insured": _insured,
    "recruited": _recruited,
}


UNNAMED = frozenset(
    {"met", "stopped", "alien-lost", "landed", "repelled", "walked", "ate", "fused",
     "defeated", "escaped", "exploded"}
)  # fmt: skip
"""Events about one ship whose sentence does not say which: with one ship aboard it goes
without saying; with several, :func:`narrate` ``named`` puts the ship's name first."""


def narrate(event: Fields | Any, *, named: bool = False) -> str:
    """One sentence for an event (an :class:`~trucker.core.events.Event` or its dict).
    ``named`` (a flight of several ships): every line about a ship names it, so a reader
    never has to work out whose tile a meteor met or whose cabin an intruder walked into."""
    fields = event if isinstance(event, Mapping) else event.to_dict()
    narrator = NARRATORS.get(fields["kind"])
    if narrator is None:
        rest = ", ".join(f"{k} {v}" for k, v in fields.items() if k != "kind")
        return f"{fields['kind']}: {rest}"
    text = narrator(fields)
    if named and fields["kind"] in UNNAMED:
        told = text.lstrip()
        return f"{text[: len(text) - len(told)]}{fields['ship']}: {told}"
    return text


def narrate_all(events: Iterable[Fields | Any], *, named: bool = False) -> list[str]:
    return [narrate(e, named=named) for e in events]
