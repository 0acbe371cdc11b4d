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

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from trucker.play.flights import flight_record
from trucker.render.narrate import narrate
from trucker.render.pages.player import Frame, Show, page
from trucker.render.pictures import after_svg
from trucker.render.rulings import settled_rulings
from trucker.render.settlement import LEFT_COLUMNS, settlement_table

if TYPE_CHECKING:
    from trucker.core.geometry import Cell
    from trucker.core.ship import Ship
    from trucker.play.flights import FlightPlan
    from trucker.play.record import ShipAfter
    from trucker.sim.flight import FlightResult, ShipResult

__all__ = [
    "flight_show",
    "flight_page",
    "chapter_lines",
    "split_flight",
    "settlement_svg",
]


# -- the settlement table ----------------------------------------------------------------------


def _plain_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in LEFT_COLUMNS else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "\n".join([line(headers), *(line(r) for r in rows)])


_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_CHAR = 8.8
"""A width estimate per character at 14 units (no font metrics in the standard library)."""
_ROW = 26


def settlement_svg(ships: Sequence[ShipResult], title: str) -> str:
    """The settlement table as a picture, its plain-text form in ``<desc>``."""
    headers, rows = settlement_table(ships)
    widths = [max(len(h), *(len(r[i]) for r in rows)) * _CHAR + 18 for i, h in enumerate(headers)]
    width = max(sum(widths) + 32, len(title) * 10.0 + 32)
    height = 56 + _ROW * (len(rows) + 1) + 12
    size = {"width": f"{width:.0f}", "height": f"{height:.0f}"}
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {size['width']} {size['height']}",
            **size,
            "role": "img",
            "aria-labelledby": "svg-title svg-desc",
            "font-family": _FONT,
            "class": "settlement",
        },
    )
    ET.SubElement(root, "title", {"id": "svg-title"}).text = title
    ET.SubElement(root, "desc", {"id": "svg-desc"}).text = _plain_table(headers, rows)
    ET.SubElement(root, "rect", {"x": "0", "y": "0", **size, "fill": "#ffffff"})
    heading = {"x": "16", "y": "26", "font-size": "17", "font-weight": "bold", "fill": "#1e293b"}
    ET.SubElement(root, "text", {**heading, "class": "title"}).text = title
    for number, cells in enumerate([headers, *rows]):
        y = 56 + _ROW * number
        group = ET.SubElement(root, "g", {"class": "header" if number == 0 else "row"})
        if number % 2 == 0 and number:
            ET.SubElement(
                group,
                "rect",
                {"x": "12", "y": f"{y - 18}", "width": f"{sum(widths) + 8:.0f}", "height": "25"},
                fill="#f1f5f9",
            )
        x = 16.0
        for i, (text, column) in enumerate(zip(cells, widths, strict=True)):
            left = i in LEFT_COLUMNS
            bold = number == 0 or i == len(cells) - 1
            attrs = {
                "x": f"{x if left else x + column - 18:.0f}",
                "y": f"{y}",
                "font-size": "14",
                "fill": "#1e293b",
                "text-anchor": "start" if left else "end",
            }
            if bold:
                attrs["font-weight"] = "bold"
            ET.SubElement(group, "text", attrs).text = text
            x += column
    ET.indent(root, space=" ")
    return ET.tostring(root, encoding="unicode") + "\n"


# -- the show ----------------------------------------------------------------------------------


def _fields(event: Any) -> Mapping[str, Any]:
    return event if isinstance(event, Mapping) else event.to_dict()


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


def _ship_picture(now: ShipAfter, lost_here: Sequence[Cell], before: Ship | None) -> str:
    title = f"{now.name}: {_plural(len(now.ship.tiles), 'tile')}"
    if now.gave_up:
        title += f", gave up ({now.gave_up})"
    return after_svg(now.ship, lost_here, title, before)


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
    state = record.launch
    first = tuple(
        pictures.add(_ship_picture(s, s.lost, None), f"ship{n}-") for n, s in enumerate(state, 1)
    )
    repaired = [
        f"{c.name} was repaired before launch: {_plural(len(c.repaired), 'tile')} lost"
        for c in plan.crews
        if c.repaired
    ]
    named = len(plan.crews) > 1
    frames = [Frame("Launch", (*chapter_lines(launch, named=named), *repaired), first)]
    for card, events in cards:
        now = record.after[int(card["index"]) - 1]
        shown = []
        for n, (before, after) in enumerate(zip(state, now, strict=True), 1):
            lost_here = after.lost[len(before.lost) :]
            shown.append(pictures.add(_ship_picture(after, lost_here, before.ship), f"ship{n}-"))
        state = now
        lines = tuple(chapter_lines(events, named=named))
        frames.append(Frame(_card_title(card), lines, tuple(shown)))
    title = "The end of the flight (RULES §9)"
    table = pictures.add(settlement_svg(result.ships, f"{title}: credits"), "settlement-")
    frames.append(Frame(title, tuple(chapter_lines(settlement, named=named)), table))
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
        "Each frame is one card: what happened, in order, and every ship after it, the tiles "
        "lost on that card crossed out. The last frame settles the credits (RULES §9.1).",
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
    _one_scale(drawn, [i for i in range(len(drawn)) if i != table])
    return Show(show_title, tuple(drawn), tuple(frames), intro, tuple(notes))


def flight_page(plan: FlightPlan, result: FlightResult) -> str:
    """The page of a whole flight (``trucker fly ... --html``): one file, no network."""
    return page(flight_show(plan, result))
