"""Plain-words narration of events: one line per event, written from the event's fields only.

The engine writes events, never prose; this is the only place that turns them into sentences,
so the terminal, the HTML pages and ``trucker replay`` all tell the same story.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["narrate", "narrate_all", "NARRATORS"]

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
    how = _STOPPED.get(e["by"], e["by"]).format(defender=e.get("defender"), side="")
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
}


def narrate(event: Fields | Any) -> str:
    """One sentence for an event (an :class:`~trucker.events.Event` or its dict)."""
    fields = event if isinstance(event, Mapping) else event.to_dict()
    narrator = NARRATORS.get(fields["kind"])
    if narrator is None:
        rest = ", ".join(f"{k} {v}" for k, v in fields.items() if k != "kind")
        return f"{fields['kind']}: {rest}"
    return narrator(fields)


def narrate_all(events: Iterable[Fields | Any]) -> list[str]:
    return [narrate(e) for e in events]
