"""What a player looks for first on a flight page: where every ship stands on the flight track,
and what each has left (crew, tokens, goods, credits), after every card; and the settlement as
a table.

Each ship keeps one colour and one number everywhere on the page (its token on the track, its
row of the scoreboard, the frame of its picture), the number so that colour is never the only
clue. Everything here is read from the ships the log's fold gives (:mod:`trucker.play.record`):
nothing is computed by a rule.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from trucker.render.settlement import LEFT_COLUMNS, settlement_table
from trucker.render.track import ordinal, track_order, track_window

if TYPE_CHECKING:
    from trucker.play.record import ShipAfter
    from trucker.sim.flight import ShipResult

__all__ = [
    "SHIP_COLOURS",
    "ship_colour",
    "fleet_style",
    "track_svg",
    "scoreboard_html",
    "settlement_html",
]

SHIP_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00")
"""The Okabe–Ito colours, told apart under deuteranopia and protanopia, one per ship."""

_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_INK = "#1e293b"
_MUTED = "#64748b"
_GOODS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


def ship_colour(number: int) -> str:
    """The colour of the ship ``number`` (1 for the first)."""
    return SHIP_COLOURS[(number - 1) % len(SHIP_COLOURS)]


def fleet_style(count: int) -> str:
    """The frame colour of each ship's picture on the page (``.ship-card``), as a style."""
    rules = "".join(
        f'.ship-card[data-card="{k}"]{{--ship:{ship_colour(k + 1)}}}' for k in range(count)
    )
    return f"<style>{rules}</style>"


def _places(ships: Sequence[ShipAfter]) -> dict[str, int]:
    """Each flying ship's place in the order of flight, leader first (RULES §6.1)."""
    return {t.name: t.place for t in track_order(ships, 1) if t.place is not None}


def track_svg(ships: Sequence[ShipAfter], track: int, title: str) -> str:
    """The flight track as a strip of ``track`` spaces of the loop, each ship's numbered token
    on the space it stands on and, off the track, the ships that gave up. The strip begins
    where :func:`~trucker.render.track.track_window` says, so that left to right is the order
    of flight (a ship behind the start, a leader come round the loop); each space is labelled
    with its number on the loop (every fifth)."""
    gave_up = [(n, s) for n, s in enumerate(ships, 1) if s.gave_up is not None]
    left, cell = 24.0, 34.0
    strip = track * cell
    aside = 210.0 if gave_up else 0.0
    width, height = left * 2 + strip + aside, 104.0
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
            "class": "track",
        },
    )
    places = _places(ships)
    told = [
        f"{s.name}: "
        + (
            f"gave up ({s.gave_up})"
            if s.gave_up is not None
            else f"{ordinal(places[s.name])}, space {(s.position or 0) % track}"
        )
        for s in ships
    ]
    ET.SubElement(root, "title", {"id": "svg-title"}).text = title
    ET.SubElement(root, "desc", {"id": "svg-desc"}).text = "\n".join(told)
    ET.SubElement(root, "rect", {"x": "0", "y": "0", **size, "fill": "#ffffff"})
    begin = track_window(ships, track)
    for k in range(track):
        x, space = left + k * cell, (begin + k) % track
        attrs = {"x": f"{x + 1:.0f}", "y": "46", "width": f"{cell - 2:.0f}", "height": "22"}
        ET.SubElement(
            root,
            "rect",
            {**attrs, "rx": "4", "fill": "#e2e8f0", "class": "space", "data-space": str(space)},
        )
        if space % 5 == 0:
            mark = {"x": f"{x + cell / 2:.0f}", "y": "88", "font-size": "14", "fill": _MUTED}
            ET.SubElement(root, "text", {**mark, "text-anchor": "middle"}).text = str(space)
    for number, ship in enumerate(ships, 1):
        if ship.gave_up is not None or ship.position is None:
            continue
        x = left + (ship.position - begin) * cell + cell / 2
        _token(root, number, ship, x, 57.0, f"{ship.name}: {ordinal(places[ship.name])}")
    if gave_up:
        x0 = left * 2 + strip
        heading = {"x": f"{x0:.0f}", "y": "30", "font-size": "16", "fill": _MUTED}
        ET.SubElement(root, "text", heading).text = "gave up"
        for k, (number, ship) in enumerate(gave_up):
            _token(root, number, ship, x0 + 17 + k * 38, 57.0, f"{ship.name}: gave up", True)
    ET.indent(root, space=" ")
    return ET.tostring(root, encoding="unicode") + "\n"


def _token(
    root: ET.Element,
    number: int,
    ship: ShipAfter,
    x: float,
    y: float,
    words: str,
    out: bool = False,
) -> None:
    colour = ship_colour(number)
    group = ET.SubElement(
        root,
        "g",
        {"class": "ship-token" + (" gave-up" if out else ""), "data-ship": ship.name},
    )
    ET.SubElement(group, "title").text = words
    circle = {"cx": f"{x:.0f}", "cy": f"{y:.0f}", "r": "16", "stroke-width": "3"}
    if out:
        circle.update(fill="#ffffff", stroke=colour, **{"stroke-dasharray": "5 3"})
    else:
        circle.update(fill=colour, stroke="#ffffff")
    ET.SubElement(group, "circle", circle)
    label = {
        "x": f"{x:.0f}",
        "y": f"{y + 6:.0f}",
        "font-size": "17",
        "font-weight": "bold",
        "text-anchor": "middle",
        "fill": colour if out else "#ffffff",
        "class": "token-number",
    }
    ET.SubElement(group, "text", label).text = str(number)


def _swatch(number: int) -> str:
    return (
        f'<span class="swatch" style="background:{ship_colour(number)}" aria-hidden="true">'
        f"{number}</span>"
    )


def _goods(goods: str) -> str:
    if not goods:
        return "–"
    chips = "".join(
        f'<span class="good good-{g}" title="{_GOODS.get(g, g)}">{html.escape(g)}</span>'
        for g in goods
    )
    return f'<span class="goods" aria-label="{html.escape(goods)}">{chips}</span>'


def _change(now: int, before: int | None) -> str:
    if before is None or now == before:
        return ""
    cls = "up" if now > before else "down"
    return f' <span class="change {cls}">({now - before:+d})</span>'


def _counts(ship: ShipAfter) -> tuple[int, int, int, str]:
    """Humans, aliens, battery tokens and goods (most valuable first) aboard."""
    held = ship.ship.contents.values()
    humans = sum(h.crew for h in held)
    aliens = sum(1 for h in held if h.alien)
    goods = "".join(sorted("".join(h.goods for h in held), key="RYGB".find))
    return humans, aliens, sum(h.charge for h in held), goods


def scoreboard_html(
    ships: Sequence[ShipAfter], before: Sequence[ShipAfter] | None, track: int
) -> str:
    """One row per ship, in the flight's order of ships: its place, space and flight days
    gained, crew, battery tokens, goods and credits earned so far, each with what the card
    just changed, and why a ship gave up."""
    places = _places(ships)
    rows = []
    for number, ship in enumerate(ships, 1):
        was = before[number - 1] if before is not None else None
        humans, aliens, tokens, goods = _counts(ship)
        old = _counts(was) if was is not None else None
        crew = f"{humans}" + (f" + {aliens} alien{'s' if aliens != 1 else ''}" if aliens else "")
        crew += _change(humans + aliens, old[0] + old[1] if old else None)
        if ship.gave_up is not None:
            place = "–"
            status = f'<td class="status gave-up">gave up: {html.escape(ship.gave_up)}</td>'
        else:
            place = ordinal(places[ship.name]) if ship.name in places else "–"
            status = '<td class="status">flying</td>'
        space = "–" if ship.position is None else str(ship.position % track)
        rows.append(
            f'<tr data-ship="{html.escape(ship.name)}">'
            f'<th scope="row">{_swatch(number)} {html.escape(ship.name)}</th>'
            f"<td>{place}</td><td>{space}</td>"
            f"<td>{ship.days:+d}{_change(ship.days, was.days if was else None)}</td>"
            f"<td>{crew}</td>"
            f"<td>{tokens}{_change(tokens, old[2] if old else None)}</td>"
            f"<td>{_goods(goods)}</td>"
            f"<td>{ship.credits}{_change(ship.credits, was.credits if was else None)}</td>"
            f"{status}</tr>"
        )
    head = "".join(
        f'<th scope="col">{h}</th>'
        for h in ("ship", "place", "space", "days", "crew", "tokens", "goods", "credits", "")
    )
    return (
        '<table class="scoreboard"><caption class="visually-hidden">Every ship now</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def settlement_html(
    ships: Sequence[ShipResult], title: str, numbers: Mapping[str, int] | None = None
) -> str:
    """The settlement of RULES §9.1 as an HTML table: the rows the terminal prints, each
    ship with its number and colour from ``numbers`` (by name; else its row)."""
    headers, rows = settlement_table(ships)

    def cell(number: int, i: int, text: str) -> str:
        if i == 0:
            own = numbers.get(text, number) if numbers else number
            return f'<th scope="row">{_swatch(own)} {html.escape(text)}</th>'
        cls = "" if i in LEFT_COLUMNS else ' class="number"'
        return f"<td{cls}>{html.escape(text)}</td>"

    number_class = ' class="number"'
    head = "".join(
        f'<th scope="col"{"" if i in LEFT_COLUMNS else number_class}>{html.escape(h)}</th>'
        for i, h in enumerate(headers)
    )
    body = "".join(
        "<tr>" + "".join(cell(n, i, text) for i, text in enumerate(row)) + "</tr>"
        for n, row in enumerate(rows, 1)
    )
    return (
        f'<table class="settlement"><caption>{html.escape(title)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
