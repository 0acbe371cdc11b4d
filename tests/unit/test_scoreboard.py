"""Where the ships stand and what they hold, card by card (trucker/render/pages/scoreboard.py
and the fold's track, trucker/play/record.py), on hand-written logs worked out from the rules:
a level I flight on the 18 spaces of the second edition's track (RULES §10 #27), the leader
starting 2 spaces ahead of the second ship (``start_gap`` = level + 1, #28)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from tests.helpers import ship
from tests.unit.test_render_flight_page import html_table
from trucker.core.events import CardRevealed, CrewLost, FlightStarted, GaveUp, Moved, Rewarded
from trucker.play.record import ShipAfter, record_flight
from trucker.render.pages.scoreboard import (
    SHIP_COLOURS,
    fleet_style,
    scoreboard_html,
    track_svg,
)

SHIP = ship(
    {
        "7,7": "start crew=2",
        "8,7": "battery u--- capacity=2 charge=2",
        "7,8": "cargo ---u capacity=2 goods=RY",
        "6,7": "cabin --u- alien=brown",
    }
)
TRACK = 18


def flight() -> list:
    """A and B start on spaces 2 and 0; card 1 costs both 3 days (a planet each), so A stands
    on space 17 (one lap back from -1) and B on 15; on card 2 B loses both its humans and the
    alien and gives up, A earns 4 credits."""
    return [
        FlightStarted("I", TRACK, ("A", "B"), (2, 0), 2),
        CardRevealed(1, "I-planets-1", "planets", "I"),
        Moved("B", -3, 0, -3),
        Moved("A", -3, 2, -1),
        CardRevealed(2, "I-epidemic", "epidemic", "I"),
        CrewLost("B", "7,7", humans=2),
        CrewLost("B", "6,7", alien="brown"),
        GaveUp("B", "no humans left aboard"),
        Rewarded("A", 4, "", "the epidemic"),
    ]


def record():
    return record_flight([ShipAfter("A", SHIP, ()), ShipAfter("B", SHIP, ())], flight())


def test_the_fold_keeps_each_ships_space_and_days() -> None:
    folded = record()
    assert [(s.position, s.days) for s in folded.launch] == [(2, 0), (0, 0)]
    assert [(s.position, s.days) for s in folded.after[0]] == [(-1, -3), (-3, -3)]
    assert [s.gave_up for s in folded.after[1]] == [None, "no humans left aboard"]


def test_the_scoreboard_says_place_space_days_crew_tokens_goods_credits() -> None:
    folded = record()
    headers, a, b = html_table(scoreboard_html(folded.after[0], folded.launch, TRACK), "scoreboard")
    assert headers == ["ship", "place", "space", "days", "crew", "tokens", "goods", "credits", ""]
    assert a == ["A", "1st", "17", "-3 (-3)", "2 + 1 alien", "2", "RY", "0", "flying"]
    assert b == ["B", "2nd", "15", "-3 (-3)", "2 + 1 alien", "2", "RY", "0", "flying"]
    _, a, b = html_table(scoreboard_html(folded.after[1], folded.after[0], TRACK), "scoreboard")
    assert a == ["A", "1st", "17", "-3", "2 + 1 alien", "2", "RY", "4 (+4)", "flying"]
    assert b[:5] == ["B", "–", "15", "-3", "0 (-3)"]
    assert b[-1] == "gave up: no humans left aboard"


def test_the_track_puts_each_flying_ship_on_its_space_and_the_others_aside() -> None:
    folded = record()
    svg = track_svg(folded.after[1], TRACK, "The flight track after card 2")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}rect[@class='space']")) == TRACK
    tokens = root.findall(f"{ns}g[@class='ship-token']")
    assert [t.get("data-ship") for t in tokens] == ["A"]
    x = float(tokens[0].find(f"{ns}circle").get("cx"))
    seventeen = float(root.find(f"{ns}rect[@data-space='17']").get("x"))
    assert seventeen < x < seventeen + 34  # space 17 of the loop
    aside = root.findall(f"{ns}g[@class='ship-token gave-up']")
    assert [t.get("data-ship") for t in aside] == ["B"]
    assert [t.text for t in root.iter(f"{ns}text") if t.get("class") == "token-number"] == [
        "1",
        "2",
    ]
    assert root.find(f"{ns}desc").text.splitlines() == [
        "A: 1st, space 17",
        "B: gave up (no humans left aboard)",
    ]


def test_each_ship_keeps_one_colour() -> None:
    style = fleet_style(5)
    assert re.findall(r"--ship:(#[0-9a-f]{6})", style) == list(SHIP_COLOURS)


def _order_on_strip(svg: str) -> list[str]:
    """The flying ships' tokens left to right, as drawn."""
    ns = "{http://www.w3.org/2000/svg}"
    tokens = ET.fromstring(svg).findall(f"{ns}g[@class='ship-token']")
    return [
        t.get("data-ship")
        for t in sorted(tokens, key=lambda t: float(t.find(f"{ns}circle").get("cx")))
    ]


def _spaces_under(svg: str) -> dict[str, str]:
    """Each flying ship's token and the loop space of the square drawn under it."""
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(svg)
    squares = [(float(r.get("x")), r.get("data-space")) for r in root.findall(f"{ns}rect")
               if r.get("class") == "space"]  # fmt: skip
    out = {}
    for token in root.findall(f"{ns}g[@class='ship-token']"):
        x = float(token.find(f"{ns}circle").get("cx"))
        out[token.get("data-ship")] = next(s for left, s in squares if left < x < left + 34)
    return out


def test_the_track_draws_every_ship_in_its_true_order() -> None:
    # Three ships on the 18-space loop. The order of flight is by unwrapped position (RULES
    # §6.1): L leads on 14, M stands on 9, R has lost days behind the start to -2 (space 16 of
    # the loop). Drawn as spaces 0-17, R would stand at the far right, ahead of the leader; the
    # strip begins at R's space instead, and reads R, M, L left to right, each on its own space.
    ships = [
        ShipAfter("L", SHIP, (), position=14),
        ShipAfter("M", SHIP, (), position=9),
        ShipAfter("R", SHIP, (), position=-2),
    ]
    svg = track_svg(ships, TRACK, "three ships")
    assert _order_on_strip(svg) == ["R", "M", "L"]
    assert _spaces_under(svg) == {"L": "14", "M": "9", "R": "16"}
    desc = ET.fromstring(svg).find("{http://www.w3.org/2000/svg}desc").text.splitlines()
    assert desc == ["L: 1st, space 14", "M: 2nd, space 9", "R: 3rd, space 16"]


def test_a_leader_far_round_the_loop_ends_the_strip() -> None:
    # The leader at 30 and the last ship at 13 (17 behind, one short of a lap): no strip from
    # the start holds both, so it ends at the leader; the third ship (at 20) sits between.
    ships = [
        ShipAfter("A", SHIP, (), position=13),
        ShipAfter("B", SHIP, (), position=30),
        ShipAfter("C", SHIP, (), position=20),
    ]
    svg = track_svg(ships, TRACK, "a long flight")
    assert _order_on_strip(svg) == ["A", "C", "B"]
    assert _spaces_under(svg) == {"A": "13", "B": "12", "C": "2"}


def test_a_lapped_ship_is_drawn_aside_as_out() -> None:
    # a ship a full lap behind the leader gives up (RULES §6.3): it is drawn off the strip
    ships = [
        ShipAfter("A", SHIP, (), position=20),
        ShipAfter("B", SHIP, (), position=2, gave_up="lapped by the leader"),
        ShipAfter("C", SHIP, (), position=5),
    ]
    svg = track_svg(ships, TRACK, "lapped")
    assert _order_on_strip(svg) == ["C", "A"]
    ns = "{http://www.w3.org/2000/svg}"
    aside = ET.fromstring(svg).findall(f"{ns}g[@class='ship-token gave-up']")
    assert [t.get("data-ship") for t in aside] == ["B"]
