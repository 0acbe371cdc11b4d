"""Every event reads back from its dict (trucker/core/events.py): any value of every event type,
and every event of seeded flights over the bundled ships and decks, through JSON and back."""

from __future__ import annotations

import json
import types
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import fields

from tests.properties.flights import PLANS, plans
from trucker.core.errors import BadEvent
from trucker.core.events import EVENT_TYPES, AnyEvent, Event, read_event, read_events
from trucker.play.flights import FlightPlan, fly

words = st.text(max_size=8)
numbers = st.integers(-(10**6), 10**6)


def strategy(hint: Any) -> st.SearchStrategy[Any]:
    """Values of a field's type, as the engine could write them."""
    if hint is str:
        return words
    if hint is bool:
        return st.booleans()
    if hint is int:
        return numbers
    if hint is float:
        return numbers | st.floats(allow_nan=False, allow_infinity=False)
    if hint is type(None):
        return st.none()
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return st.one_of(*(strategy(a) for a in args))
    if origin is tuple:
        if Ellipsis in args:
            return st.lists(strategy(args[0]), max_size=4).map(tuple)
        return st.tuples(*(strategy(a) for a in args))
    if origin is dict:
        return st.dictionaries(strategy(args[0]), strategy(args[1]), max_size=4)
    raise AssertionError(f"no strategy for {hint!r}")


def events_of(cls: type[Event]) -> st.SearchStrategy[Event]:
    hints = get_type_hints(cls)
    return st.builds(cls, **{f.name: strategy(hints[f.name]) for f in fields(cls)})


any_event = st.one_of(*(events_of(cls) for cls in EVENT_TYPES.values()))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(event=any_event)
def test_every_event_reads_back_from_its_dict(event: Event) -> None:
    written = event.to_dict()
    assert type(event).from_dict(written) == event
    again = read_event(json.loads(json.dumps(written)))
    assert again == event and type(again) is type(event)
    assert again.to_dict() == written


def test_every_event_type_is_covered() -> None:
    """A new event type is read back too: each subclass of Event is in EVENT_TYPES."""
    import trucker.core.events as module

    declared = {
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Event) and value is not Event
    }
    assert declared == set(EVENT_TYPES.values())


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(plan=plans)
def test_every_logged_flight_reads_back(plan: FlightPlan) -> None:
    events = fly(plan).events
    assert events
    written = json.loads(json.dumps([e.to_dict() for e in events]))
    assert read_events(written) == events


@pytest.mark.parametrize("plan", PLANS, ids=lambda p: p.deck.name or "deck")
def test_the_bundled_decks_read_back(plan: FlightPlan) -> None:
    events = fly(plan).events
    written = json.loads(json.dumps([e.to_dict() for e in events]))
    assert read_events(written) == events


@pytest.mark.parametrize(
    ("data", "where", "problem"),
    [
        ({"kind": "teleported", "ship": "A"}, "events[1].kind", "unknown event kind 'teleported'"),
        ({"ship": "A"}, "events[1].kind", "missing key"),
        ({"kind": "moved", "ship": "A", "days": 2, "start": 0}, "events[1].end", "missing key"),
        (
            {"kind": "rolled", "why": "a meteor", "faces": [3]},
            "events[1].faces",
            "expected a list of 2 values, got [3]",
        ),
        (
            {"kind": "moved", "ship": "A", "days": "2", "start": 0, "end": 2},
            "events[1].days",
            "expected an integer, got '2'",
        ),
        (
            {"kind": "gave-up", "ship": "A", "reason": "x", "mood": "sad"},
            "events[1].mood",
            "unknown key in a 'gave-up' event",
        ),
        ([1, 2], "events[1]", "expected a table of event fields, got [1, 2]"),
    ],
)
def test_a_bad_event_names_its_index_and_key(data: Any, where: str, problem: str) -> None:
    good = {"kind": "gave-up", "ship": "A", "reason": "chose to give up"}
    with pytest.raises(BadEvent) as caught:
        read_events([good, data])
    assert (caught.value.where, caught.value.problem) == (where, problem)
    assert str(caught.value.input_error("log.json")) == f"log.json: {where}: {problem}"


def test_a_subclass_reads_only_its_own_kind() -> None:
    with pytest.raises(BadEvent, match="expected 'moved', got 'gave-up'"):
        EVENT_TYPES["moved"].from_dict({"kind": "gave-up", "ship": "A", "reason": "x"})


def test_the_union_of_events_is_every_event_type() -> None:
    """AnyEvent (what the narration's match is checked against) names every type a log may
    hold: an event type added to EVENT_TYPES alone fails here, one narrated nowhere fails mypy."""
    assert set(get_args(AnyEvent)) == set(EVENT_TYPES.values())
