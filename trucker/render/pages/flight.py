"""A flight as a teaching page: the launch, one frame per card, and the settlement.

``trucker fly ... --html`` and ``trucker replay ... --html`` build a :class:`~.html.Show` from
the plan (each ship at launch) and the result's event log alone: the log is split at each card
and narrated by :mod:`trucker.render.narrate`, every event once, and folded over the ships
(:mod:`trucker.play.record`) into every ship after every card. Each card's frame shows every
ship side by side, in start order, with the tiles it lost on that card crossed out; a ship that
did not change is the same picture as before and is stored once.
The last frame is the settlement table of RULES §9.1.

Like the rest of :mod:`trucker.render`, this module draws what the engine decided and never
computes a rule; it imports nothing from the CLI.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from trucker.core.geometry import Cell
from trucker.play.flights import flight_record
from trucker.render.narrate import narrate
from trucker.render.pages.player import BIG, Frame, Show, page
from trucker.render.pages.scoreboard import (
    fleet_style,
    scoreboard_html,
    settlement_html,
    track_svg,
)
from trucker.render.pictures import after_svg
from trucker.render.pictures.leak import radiation_svg
from trucker.render.pictures.story import line_of, walk_story
from trucker.render.pictures.threats import LoggedImpact, threats_svg
from trucker.render.pictures.walks import walk_frame_svg
from trucker.render.rulings import settled_rulings
from trucker.sim.radiation import EnergyNetwork, RadiationPlan

if TYPE_CHECKING:
    from trucker.core.ship import Ship
    from trucker.play.flights import FlightPlan
    from trucker.play.record import ShipAfter
    from trucker.sim.flight import FlightResult

__all__ = [
    "flight_show",
    "flight_page",
    "chapter_lines",
    "split_flight",
]


# -- the show ----------------------------------------------------------------------------------


def _fields(event: Any) -> Mapping[str, Any]:
    return event if isinstance(event, Mapping) else event.to_dict()


FLIGHT_KEY = (
    "a numbered disc: a ship, in its colour, on its space of the flight track (dashed, beside "
    "it: gave up); the same number and colour in the scoreboard and around its picture",
    "(+2), (-1) in the scoreboard: what this card changed",
    "a numbered arrow: a meteor or shot, in the order it came; red outline: it destroyed the "
    "tile, green outline: something stopped it (named)",
    "crossed-out red square: a tile lost on this card",
    "orange prongs and bar: an exposed connector (no tile beyond it)",
    "an intruder's path: its numbered steps, the hand's tries (1✗ 2✓) on each tile it left",
)
"""The flight page's key, beside the player."""


def _is_start(event: Any) -> bool:
    return _fields(event)["kind"] == "flight-started"


def _flies_on(fields: Mapping[str, Any]) -> bool:
    """The offer to give up before each card, declined: routine, so told once per card."""
    return (
        fields["kind"] == "decided"
        and fields["decision"] == "give-up"
        and fields["choice"] == "fly on"
    )


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def chapter_lines(events: Sequence[Any], *, named: bool = False) -> list[str]:
    """The narration of a run of events, one sentence each, in order; the ships that declined
    to give up before a card share one sentence, where the first of them stood. ``named``:
    each line about a ship names it (a flight of several ships)."""
    lines: list[str] = []
    flying_on: list[str] = []
    slot: int | None = None
    for event in events:
        fields = _fields(event)
        if _flies_on(fields):
            if slot is None:
                slot = len(lines)
                lines.append("")
            flying_on.append(fields["ship"])
            continue
        lines.append(narrate(fields, named=named).strip())
    if slot is not None:
        verb = "flies" if len(flying_on) == 1 else "fly"
        lines[slot] = f"before the card: {_names(flying_on)} {verb} on (nobody gives up)"
    return lines


def split_flight(
    events: Sequence[Any],
) -> tuple[list[Any], list[tuple[Mapping[str, Any], list[Any]]], list[Any]]:
    """A flight's log in chapters: before the first card (the launch, insurance), each card
    with the events it caused, and the settlement."""
    launch: list[Any] = []
    cards: list[tuple[Mapping[str, Any], list[Any]]] = []
    settlement: list[Any] = []
    for event in events:
        fields = _fields(event)
        if fields["kind"] == "settled" or settlement:
            settlement.append(event)
        elif fields["kind"] == "card":
            cards.append((fields, [event]))
        elif cards:
            cards[-1][1].append(event)
        else:
            launch.append(event)
    return launch, cards, settlement


_ID = re.compile(r'\bid="([^"]+)"')
_LABELLED = re.compile(r'aria-labelledby="([^"]+)"')


def _own_ids(svg: str, prefix: str) -> str:
    """Give a picture's ids a prefix of their own: several pictures share one page, and each
    ``aria-labelledby`` must name its own title."""
    svg = _ID.sub(lambda m: f'id="{prefix}{m.group(1)}"', svg)
    return _LABELLED.sub(
        lambda m: 'aria-labelledby="' + " ".join(prefix + x for x in m.group(1).split()) + '"',
        svg,
    )


class _Pictures:
    """Pictures stored once each, however many frames show them; each ship's ids get the
    ship's own prefix, unique within a frame and the same from card to card (so that the
    page's pool of lines shares them)."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self._index: dict[str, int] = {}

    def add(self, svg: str, prefix: str) -> int:
        svg = _own_ids(svg, prefix)
        if svg not in self._index:
            self._index[svg] = len(self.items)
            self.items.append(svg)
        return self._index[svg]


_SIZE = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)" width="[0-9.]+" height="[0-9.]+"')


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _one_scale(pictures: list[str], indices: Sequence[int]) -> None:
    """Give the ships' pictures the size of the largest, each drawing centred in it, so that
    side by side a square is as large on a Class I board as on a Class IV one."""
    sizes = {}
    for index in indices:
        found = _SIZE.search(pictures[index])
        if found is not None:
            sizes[index] = (float(found.group(1)), float(found.group(2)))
    if not sizes:
        return
    width = max(w for w, _ in sizes.values())
    height = max(h for _, h in sizes.values())
    for index, (w, _) in sizes.items():
        box = f"{_number((w - width) / 2)} 0 {_number(width)} {_number(height)}"
        size = f'viewBox="{box}" width="{_number(width)}" height="{_number(height)}"'
        pictures[index] = _SIZE.sub(size, pictures[index], count=1)


def _ship_picture(
    now: ShipAfter,
    lost_here: Sequence[Cell],
    before: Ship | None,
    crop: Sequence[Cell],
    crew_lost: int = 0,
) -> str:
    title = f"{now.name}: {_plural(len(now.ship.tiles), 'tile')}"
    if now.gave_up:
        title += f", gave up ({now.gave_up})"
    return after_svg(now.ship, lost_here, title, before, crew_lost=crew_lost, crop=crop)


def _impacts(events: Sequence[Any]) -> list[LoggedImpact]:
    """The meteors and shots of one ship on one card, in order, each with what stopped it."""
    found: list[LoggedImpact] = []
    for event in events:
        fields = _fields(event)
        if fields["kind"] == "met":
            square = Cell.parse(fields["square"]) if fields.get("square") else None
            line = line_of(fields["direction"], fields["line"])
            found.append(LoggedImpact(str(fields["threat"]), line, square))
        elif fields["kind"] == "stopped" and found:
            defender = fields.get("defender")
            found[-1] = dataclasses.replace(
                found[-1],
                stopped_by=str(fields["by"]),
                defender=Cell.parse(defender) if defender else None,
            )
    return found


def _victim(fields: Mapping[str, Any]) -> str:
    """Who a crew-lost event took, in the words of a leak's plan."""
    if fields.get("alien"):
        return f"{fields['alien']} alien"
    if fields.get("humans"):
        return "human"
    return "robot" if fields.get("robots") else "passenger"


def _leak(events: Sequence[Any]) -> RadiationPlan | None:
    """A Radiation Leak's plan for one ship as its log told it (the networks it found and the
    crew it took), or None when the events hold no leak."""
    networks: list[EnergyNetwork] = []
    exposed: list[tuple[Cell, str]] = []
    threshold = 0
    for event in events:
        fields = _fields(event)
        if fields["kind"] == "energy-network":
            cells = tuple(Cell.parse(square) for square in fields["squares"])
            networks.append(EnergyNetwork(cells, int(fields["tokens"]), bool(fields["explodes"])))
            threshold = int(fields["threshold"])
        elif fields["kind"] == "crew-lost" and fields.get("why") == "radiation":
            exposed.append((Cell.parse(fields["square"]), _victim(fields)))
    if not networks:
        return None
    return RadiationPlan(tuple(exposed), tuple(networks), threshold)


def _card_picture(
    before: ShipAfter,
    after: ShipAfter,
    events: Sequence[Any],
    lost_here: Sequence[Cell],
    crop: Sequence[Cell],
) -> str | None:
    """What a card did to one ship, drawn: an intruder's walk, a leak's energy networks and
    the crew it took, or every meteor and shot and what it met; None for a card that aimed
    nothing at it."""
    mine = [e for e in events if _fields(e).get("ship") == after.name]
    kinds = {_fields(e)["kind"] for e in mine}
    crew = before.crew - after.crew
    if "landed" in kinds:
        story = walk_story(before.ship, mine)
        title = (
            f"{after.name}: {story.intruder} from the {story.direction}, {story.line}"
            + (f", {_plural(crew, 'crew')} lost" if crew else "")
            + (f", tiles lost: {', '.join(map(str, lost_here))}" if lost_here else "")
        )
        return walk_frame_svg(story, None, title, captions=False)
    leak = _leak(mine)
    if leak is not None:
        title = (
            f"{after.name}: radiation leak, {_plural(len(leak.networks), 'energy network')}"
            + (f", {_plural(crew, 'crew')} lost" if crew else "")
            + (f", {_plural(len(lost_here), 'tile')} lost" if lost_here else ", no tile lost")
        )
        return radiation_svg(before.ship, after.ship, leak, lost_here, title)
    impacts = _impacts(mine)
    if impacts:
        title = f"{after.name}: {_plural(len(impacts), 'threat')}" + (
            f", {_plural(len(lost_here), 'tile')} lost" if lost_here else ", no tile lost"
        )
        return threats_svg(before.ship, after.ship, impacts, lost_here, title, crop, captions=False)
    return None


def _leader(ships: Sequence[ShipAfter]) -> int:
    """The ship drawn large on a card that aimed at none: the one furthest ahead that flies."""
    flying = [(-(s.position or 0), k) for k, s in enumerate(ships) if s.gave_up is None]
    return min(flying)[1] if flying else 0


def _card_title(card: Mapping[str, Any]) -> str:
    """``Card 3: I-open-space-2``, the type added where the label does not say it."""
    label, kind = str(card["card"]), str(card["type"])
    said = kind in label or kind.replace("-", " ") in label
    return f"Card {card['index']}: {label}" + ("" if said else f" ({kind.replace('-', ' ')})")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def flight_show(plan: FlightPlan, result: FlightResult) -> Show:
    """The flight as a show: the launch, one frame per card played and the settlement, each
    with its narration; all but the settlement show every ship as the log says that moment
    left it."""
    pictures = _Pictures()
    record = flight_record(plan, result)
    launch, cards, settlement = split_flight(result.events or [])
    track = next((int(_fields(e)["track"]) for e in launch if _is_start(e)), 0)
    state = record.launch
    crops = [tuple(s.ship.tiles) for s in state]

    def board(now: Sequence[ShipAfter], before: Sequence[ShipAfter] | None, when: str) -> int:
        """The track strip and the scoreboard, one picture above the ships."""
        strip = ""
        if track:
            strip = _own_ids(track_svg(now, track, f"The flight track {when}"), "track-")
        markup = fleet_style(len(now)) + strip + scoreboard_html(now, before, track or 1)
        return pictures.add(markup, "")

    first = tuple(
        pictures.add(_ship_picture(s, s.lost, None, crops[n - 1]), f"ship{n}-")
        for n, s in enumerate(state, 1)
    )
    repaired = [
        f"{c.name} was repaired before launch: {_plural(len(c.repaired), 'tile')} lost"
        for c in plan.crews
        if c.repaired
    ]
    named = len(plan.crews) > 1
    frames = [
        Frame(
            "Launch",
            (*chapter_lines(launch, named=named), *repaired),
            first,
            board=board(state, None, "at launch"),
        )
    ]
    for card, events in cards:
        now = record.after[int(card["index"]) - 1]
        shown = []
        feature = None
        for n, (before, after) in enumerate(zip(state, now, strict=True), 1):
            lost_here = after.lost[len(before.lost) :]
            aimed = _card_picture(before, after, events, lost_here, crops[n - 1])
            if aimed is not None and feature is None:
                feature = n - 1
            card_svg = aimed or _ship_picture(
                after, lost_here, before.ship, crops[n - 1], before.crew - after.crew
            )
            shown.append(pictures.add(card_svg, f"ship{n}-"))
        frames.append(
            Frame(
                _card_title(card),
                tuple(chapter_lines(events, named=named)),
                tuple(shown),
                board=board(now, state, f"after card {card['index']}"),
                feature=_leader(now) if feature is None else feature,
            )
        )
        state = now
    title = "The end of the flight (RULES §9)"
    numbers = {c.name: n for n, c in enumerate(plan.crews, 1)}
    table = pictures.add(settlement_html(result.ships, f"{title}: credits", numbers), "")
    frames.append(
        Frame(
            title,
            tuple(chapter_lines(settlement, named=named)),
            table,
            board=board(state, None, "at the end") if track else None,
        )
    )
    deck = plan.deck
    names = [c.name for c in plan.crews]
    dice = (
        f"seed {plan.seed}"
        if plan.seed is not None
        else "scripted dice"
        if plan.faces is not None
        else "seed 0"
    )
    intro = (
        f"{deck.name or 'The deck'}: a level {deck.level} deck of "
        f"{_plural(len(deck.cards), 'card')}, flown by {_names(names)} ({dice}).",
        "Each frame is one card: what happened, in order, the flight track and every ship's "
        "crew, tokens, goods and credits after it, and every ship's picture, the tiles lost on "
        "that card crossed out (click a small picture to see it large). The last frame settles "
        "the credits (RULES §9.1).",
    )
    notes = []
    if result.representative:
        notes.append(
            "Representative values (the printed ones are not known): "
            + ", ".join(result.representative)
        )
    if result.rulings:
        notes.append(f"Rulings not at their defaults: {settled_rulings(result.rulings)}")
    show_title = f"Flight: {deck.name or f'level {deck.level}'} — {_names(names)}"
    drawn = pictures.items
    if len(plan.crews) < BIG:
        ships = {i for f in frames[:-1] for i in f.shown}
        _one_scale(drawn, sorted(ships))
    return Show(show_title, tuple(drawn), tuple(frames), intro, tuple(notes), FLIGHT_KEY)


def flight_page(plan: FlightPlan, result: FlightResult) -> str:
    """The page of a whole flight (``trucker fly ... --html``): one file, no network."""
    return page(flight_show(plan, result))
