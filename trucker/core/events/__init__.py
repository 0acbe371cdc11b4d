"""What happened: small frozen events, written by the engine, read by renderers and tests.

Events hold plain values (squares as ``"7,8"`` strings) so a log is JSON as it stands. They
carry facts: names, squares, numbers and codes (a threat's kind, a move, a defender); the
sentences a reader meets are made from them by :mod:`trucker.render.narrate`. A few fields
carry a short phrase the engine wrote, fixed by the ``trucker-flight/1`` log format and read
back as written: a roll's ``why`` ("meteor 1: small-meteor front"), a decision's ``choice`` (its
option's label) and ``context``, the reason a ship ``gave up`` or ``passed``, what a crew loss,
a reward or a destroyed tile was ``for``/``why``/``cause``, and a walk step's ``why``.
A log that records every roll and every choice is also the save file: feeding its rolls to
:class:`~trucker.core.dice.ScriptedDice` and its choices to a scripted policy replays the flight.
Every event reads back from its dict (:func:`read_event`, :meth:`Event.from_dict`) into the
same typed value, so whatever reads a log (a page, a replay, a fold over the ships) reads events,
never loose dicts.

The event types live by subject: :mod:`~trucker.core.events.flight` (the flight's course),
:mod:`~trucker.core.events.harm` (threats and damage), :mod:`~trucker.core.events.cargo` (goods
and crew), :mod:`~trucker.core.events.intruders`; what every event is and how it is read and
written, in :mod:`~trucker.core.events.base`. :data:`EVENT_TYPES` names them all by kind.
"""

from __future__ import annotations

from trucker.core.events.base import Event, LineJson, event_dict, read_event, read_events
from trucker.core.events.cargo import (
    CrewLost,
    GoodsLost,
    Loaded,
    Recruited,
    TokensLost,
)
from trucker.core.events.flight import (
    CardRevealed,
    CardsAdded,
    Decided,
    Declared,
    Faced,
    FlightStarted,
    GaveUp,
    Insured,
    Moved,
    Passed,
    Penalised,
    Rewarded,
    Rolled,
    Settled,
)
from trucker.core.events.harm import (
    AlienLost,
    Destroyed,
    FellOff,
    LeakNetwork,
    Met,
    Shifted,
    Spent,
    Stopped,
)
from trucker.core.events.intruders import (
    Ate,
    Defeated,
    Escaped,
    Exploded,
    Fused,
    Landed,
    Repelled,
    Walked,
)

__all__ = [
    "Event",
    "AnyEvent",
    "EVENT_TYPES",
    "Rolled",
    "Decided",
    "Shifted",
    "Spent",
    "Met",
    "Stopped",
    "Destroyed",
    "FellOff",
    "AlienLost",
    "Landed",
    "Repelled",
    "Walked",
    "Ate",
    "Fused",
    "Defeated",
    "Escaped",
    "Exploded",
    "Rewarded",
    "FlightStarted",
    "CardRevealed",
    "Moved",
    "GaveUp",
    "Declared",
    "Faced",
    "Loaded",
    "GoodsLost",
    "TokensLost",
    "CrewLost",
    "LeakNetwork",
    "Penalised",
    "Passed",
    "Settled",
    "CardsAdded",
    "Insured",
    "Recruited",
    "LineJson",
    "event_dict",
    "read_event",
    "read_events",
]

AnyEvent = (
    Rolled
    | Decided
    | Shifted
    | Spent
    | Met
    | Stopped
    | Destroyed
    | FellOff
    | AlienLost
    | Landed
    | Repelled
    | Walked
    | Ate
    | Fused
    | Defeated
    | Escaped
    | Exploded
    | Rewarded
    | FlightStarted
    | CardRevealed
    | Moved
    | GaveUp
    | Declared
    | Faced
    | Loaded
    | GoodsLost
    | TokensLost
    | CrewLost
    | LeakNetwork
    | Penalised
    | Passed
    | Settled
    | CardsAdded
    | Insured
    | Recruited
)
"""Every event type as one union: a ``match`` over it that ends in ``assert_never`` is checked
by mypy to answer every type (the narration is one)."""

EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        Rolled,
        Decided,
        Shifted,
        Spent,
        Met,
        Stopped,
        Destroyed,
        FellOff,
        AlienLost,
        Landed,
        Repelled,
        Walked,
        Ate,
        Fused,
        Defeated,
        Escaped,
        Exploded,
        Rewarded,
        FlightStarted,
        CardRevealed,
        Moved,
        GaveUp,
        Declared,
        Faced,
        Loaded,
        GoodsLost,
        TokensLost,
        CrewLost,
        LeakNetwork,
        Penalised,
        Passed,
        Settled,
        CardsAdded,
        Insured,
        Recruited,
    )
}
"""Every event type by the ``kind`` a log names it with."""
