"""The flight track as a table reads it: every ship in its true order, and the stretch of the
loop worth drawing.

Positions in a log are counted unwrapped (RULES §6.1: a ship that loses days before it has
gained any stands behind the start, at a negative position; a leader past the end of the loop
is beyond the track's length). A ship stands on space ``position mod track`` of the loop, but
drawn as a strip of spaces 0 to track-1 that puts a ship behind the start at the far end of
the strip and a leader who has come round the loop behind everybody. So a strip is drawn from
:func:`track_window`: ``track`` spaces in a row beginning where the rearmost ship stands (or at
the start when nobody is behind it), which holds every flying ship in its order, since a ship
a full lap behind the leader is out of the flight (RULES §6.3). The terminal, the flight page
and the table in the browser all draw from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trucker.play.record import ShipAfter

__all__ = ["OnTrack", "track_order", "track_window", "ordinal"]


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True, slots=True)
class OnTrack:
    """One ship on the track: its number in the flight (1 for the first ship named), its place
    in the order of flight (None once it gave up), where it stands counted unwrapped, and the
    space of the loop that is."""

    name: str
    number: int
    place: int | None
    position: int | None
    space: int | None
    days: int
    gave_up: str | None


def track_order(ships: Sequence[ShipAfter], track: int) -> list[OnTrack]:
    """The ships leader first, then the ones that gave up (in the flight's order of ships)."""
    flying = [
        (n, s) for n, s in enumerate(ships, 1) if s.gave_up is None and s.position is not None
    ]
    flying.sort(key=lambda item: -(item[1].position or 0))
    out = [
        OnTrack(s.name, n, place, s.position, (s.position or 0) % track, s.days, None)
        for place, (n, s) in enumerate(flying, 1)
    ]
    shown = {s.name for _, s in flying}
    for n, s in enumerate(ships, 1):
        if s.name not in shown:
            space = None if s.position is None else s.position % track
            out.append(OnTrack(s.name, n, None, s.position, space, s.days, s.gave_up))
    return out


def track_window(ships: Sequence[ShipAfter], track: int) -> int:
    """Where a strip of ``track`` spaces begins (an unwrapped position) so that every flying
    ship stands on it in its true order: at the start, or at the rearmost ship when it is
    behind the start, or so that the strip ends at the leader when the leader has come round
    the loop further than that."""
    positions = [s.position for s in ships if s.gave_up is None and s.position is not None]
    if not positions:
        return 0
    begin = min(0, min(positions))
    leader = max(positions)
    if leader >= begin + track:
        begin = leader - track + 1
    return begin
