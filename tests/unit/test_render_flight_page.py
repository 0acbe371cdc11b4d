"""The flight page (trucker/render/pages/flight.py): the launch, one frame per card, the
settlement; every event told once; each ship drawn after each card, its losses crossed out."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from tests.unit.test_render_html import page_data
from trucker.core.rulings import Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, fly, unique_names
from trucker.render.narrate import narrate
from trucker.render.pages.flight import chapter_lines, flight_page, flight_show, split_flight
from trucker.render.settlement import settlement_table
from trucker.sim.flight import ShipResult

SHIPS = SCENARIOS / "ships"
ROUND_1 = SCENARIOS / "decks" / "round-1.toml"
SETTLED = "The end of the flight (RULES §9)"
DICE = (1, 4, 4, 4, 4, 6, 3, 4, 5, 6, *(1,) * 20)
"""Round I's rolls, scripted: the large meteor down column 5 takes the Cruiser's battery 6,5
(card 2); the Combat Zone's first shot, up column 7, Little Yellow's engine 8,7 (card 7)."""


def flight(paths: list[Path], deck: Path, seed: int | None = None, faces=DICE):
    built = [load_ship(p) for p in paths]
    names = unique_names([b.name or p.stem for b, p in zip(built, paths, strict=True)])
    crews = tuple(Crew(name=n, ship=b) for n, b in zip(names, built, strict=True))
    plan = FlightPlan(crews, load_deck(deck), Rulings(), seed=seed, faces=faces)
    return plan, fly(plan)


@pytest.fixture(scope="module")
def two_ships():
    """The Cruiser and Little Yellow through round I: each loses a tile on the way."""
    return flight([SHIPS / "class-iii-cruiser.toml", SHIPS / "class-i-starter.toml"], ROUND_1)


def svg_title(svg: str) -> str:
    return ET.fromstring(svg).find("{http://www.w3.org/2000/svg}title").text


def html_table(markup: str, name: str = "settlement") -> list[list[str]]:
    """The rows of the page's ``<table class=NAME>`` (header first), each cell's words; a
    ship's cell without its numbered swatch."""
    found = re.search(rf'<table class="{name}">.*?</table>', markup, re.S)
    assert found is not None, f"no {name} table"
    rows = []
    for row in ET.fromstring(found.group(0)).iter("tr"):
        cells = []
        for cell in row:
            swatch = cell.find("span[@class='swatch']")
            words = (swatch.tail or "") if swatch is not None else "".join(cell.itertext())
            cells.append(words.strip())
        rows.append(cells)
    return rows


def lost_marks(svg: str) -> list[str]:
    return re.findall(r'class="lost-mark" data-square="([^"]+)"', svg)


def test_one_frame_per_card_between_the_launch_and_the_settlement(two_ships) -> None:
    plan, result = two_ships
    show = flight_show(plan, result)
    labels = [c.label for c in plan.deck.cards]
    assert labels[:2] == ["I-planets-1", "I-meteor-swarm-1"]
    titles = [f.title for f in show.frames]
    assert titles == ["Launch", *(f"Card {i}: {x}" for i, x in enumerate(labels, 1)), SETTLED]
    assert "deck of 8 cards, flown by Cruiser and Little Yellow (scripted dice)" in show.intro[0]


def test_a_card_without_its_type_in_the_label_says_it() -> None:
    paths = [SCENARIOS / "flights" / "red.toml", SCENARIOS / "flights" / "green.toml"]
    plan, result = flight(paths, SCENARIOS / "flights" / "decks" / "pirates-five.toml")
    assert flight_show(plan, result).frames[1].title == "Card 1: pirates (I)"
    plan, result = flight(paths, SCENARIOS / "flights" / "decks" / "two-planets.toml")
    assert flight_show(plan, result).frames[1].title == "Card 1: planets (I)"


def test_every_frame_but_the_last_draws_each_ship_in_start_order(two_ships) -> None:
    plan, result = two_ships
    show = flight_show(plan, result)
    for frame in show.frames[:-1]:
        assert len(frame.shown) == 2
        names = [svg_title(show.pictures[i]).split(":")[0] for i in frame.shown]
        assert names == ["Cruiser", "Little Yellow"]
    last = show.pictures[show.frames[-1].shown[0]]
    assert f"<caption>{SETTLED}: credits</caption>" in last


def test_tiles_lost_on_a_card_are_crossed_out_on_that_card_only(two_ships) -> None:
    plan, result = two_ships
    show = flight_show(plan, result)
    _, cards, _ = split_flight(result.events)
    seen = {c.name: 0 for c in plan.crews}
    for frame, (_, events) in zip(show.frames[1:-1], cards, strict=True):
        for crew, index in zip(plan.crews, frame.shown, strict=True):
            lost = []
            for event in events:
                fields = event.to_dict()
                if fields.get("ship") != crew.name:
                    continue
                if fields["kind"] == "destroyed":
                    lost.append(fields["square"])
                elif fields["kind"] == "fell-off":
                    lost.extend(fields["squares"])
            assert sorted(lost_marks(show.pictures[index])) == sorted(lost), frame.title
            seen[crew.name] += len(lost)
    assert (
        seen == {s.name: s.tiles_lost for s in result.ships} == {"Cruiser": 1, "Little Yellow": 1}
    )
    meteors = show.pictures[show.frames[2].shown[0]]
    assert lost_marks(meteors) == ["6,5"] and "lost battery" in meteors
    combat = show.pictures[show.frames[7].shown[1]]
    assert lost_marks(combat) == ["8,7"] and "lost engine" in combat


def test_a_ship_that_did_not_change_is_stored_once(two_ships) -> None:
    plan, result = two_ships
    show = flight_show(plan, result)
    assert len(set(show.pictures)) == len(show.pictures)
    yellow = [f.shown[1] for f in show.frames[:-1]]
    assert len(set(yellow)) < len(yellow)


def test_every_event_is_narrated_exactly_once(two_ships) -> None:
    plan, result = two_ships
    show = flight_show(plan, result)
    told = Counter(line for frame in show.frames for line in frame.lines)
    expected: Counter[str] = Counter()
    for _, events in split_flight(result.events)[1]:
        declined = [
            e.ship
            for e in events
            if e.kind == "decided" and e.decision == "give-up" and e.choice == "fly on"
        ]
        assert declined, "each card offers giving up"
        names = " and ".join(declined)
        expected[f"before the card: {names} fly on (nobody gives up)"] += 1
    for event in result.events:
        if not (event.kind == "decided" and event.choice == "fly on"):
            expected[narrate(event, named=True).strip()] += 1
    assert told == expected


def test_chapter_lines_keep_the_order_of_the_log() -> None:
    def flies_on(ship: str) -> dict:
        return {"kind": "decided", "ship": ship, "decision": "give-up", "choice": "fly on"}

    events = [
        {"kind": "card", "index": 1, "card": "x", "type": "open-space", "level": "I"},
        flies_on("A"),
        flies_on("B"),
        flies_on("C"),
        {"kind": "moved", "ship": "A", "days": 2, "start": 0, "end": 2},
    ]
    assert chapter_lines(events) == [
        "card 1: x (open-space, level I)",
        "before the card: A, B and C fly on (nobody gives up)",
        "A gains 2 days: space 0 to 2",
    ]
    gave_up = {**events[1], "choice": "give up"}
    assert chapter_lines([gave_up]) == ["A decides (give-up): give up"]


def test_the_settlement_shows_the_table_with_the_final_credits(two_ships) -> None:
    plan, result = two_ships
    show = flight_show(plan, result)
    last = show.frames[-1]
    headers, *rows = html_table(show.pictures[last.shown[0]])
    assert tuple(headers) == settlement_table(result.ships)[0]
    assert rows == [list(r) for r in settlement_table(result.ships)[1]]
    for ship, row in zip(result.ships, rows, strict=True):
        assert row[0] == ship.name and row[-1] == str(ship.final_credits)
    cruiser, yellow = (s.final_credits for s in result.ships)
    assert cruiser != yellow
    assert last.lines[0].startswith("Cruiser arrives 1st:")
    assert last.lines[0].endswith(f": {cruiser} credits")


def test_settlement_table_adds_insurance_only_when_bought() -> None:
    def ship(name: str, insurance: int) -> ShipResult:
        numbers = (3, 1, 40, 5, 1, 2, "RY", 3, 4, 16, 8, 7, 3, 27, insurance)
        return ShipResult(name, False, None, *numbers)

    headers, rows = settlement_table([ship("A", 0)])
    assert "insurance" not in headers
    assert rows == [("A", "1", "3", "5+1", "2", "RY", "3", "4", "16", "8", "7", "-3", "27")]
    headers, rows = settlement_table([ship("A", 5), ship("B", 0)])
    assert headers[-2:] == ("insurance", "credits")
    assert [r[-2] for r in rows] == ["-5", "-"]


def test_the_page_is_self_contained(two_ships) -> None:
    text = flight_page(*two_ships)
    assert text.startswith("<!DOCTYPE html>")
    urls = set(re.findall(r"https?://[^\s\\\"'<>]+", text))
    assert urls == {"http://www.w3.org/2000/svg"}  # a namespace name, never fetched
    for outside in ("src=", "href=", "<link", "@import", "url(", "<iframe"):
        assert outside not in text
    data = page_data(text)
    assert [f["title"] for f in data["frames"]][-1] == SETTLED
    for frame in data["frames"]:
        for index in frame["picture"] if isinstance(frame["picture"], list) else [frame["picture"]]:
            ET.fromstring(data["pictures"][index])


def test_ids_are_unique_on_every_frame(two_ships) -> None:
    show = flight_show(*two_ships)
    for frame in show.frames:
        ids = [i for n in frame.shown for i in re.findall(r'\bid="([^"]+)"', show.pictures[n])]
        assert len(ids) == len(set(ids)), frame.title
        shown = "".join(show.pictures[n] for n in frame.shown)
        labelled = re.findall(r'aria-labelledby="([^"]+)"', shown)
        assert all(ref in ids for refs in labelled for ref in refs.split())


@pytest.mark.slow
def test_the_same_seed_gives_the_same_page(two_ships) -> None:
    ships = [SHIPS / "class-iii-cruiser.toml", SHIPS / "class-i-starter.toml"]
    seeded = flight_page(*flight(ships, ROUND_1, seed=7, faces=None))
    assert flight_page(*flight(ships, ROUND_1, seed=7, faces=None)) == seeded
    assert "(seed 7)" in seeded
    assert flight_page(*flight(ships, ROUND_1, seed=8, faces=None)) != seeded
    assert flight_page(*flight(ships, ROUND_1)) == flight_page(*two_ships)


def test_a_flight_flown_without_a_log_is_refused(two_ships) -> None:
    plan, _ = two_ships
    with pytest.raises(ValueError, match="kept no log"):
        flight_show(plan, fly(plan, keep_log=False))


def test_the_page_is_drawn_from_the_log_alone(two_ships) -> None:
    """The pictures come from the events: a log whose destroyed battery is taken out draws
    the Cruiser whole after the meteors."""
    plan, result = two_ships
    kept = [e for e in result.events if not (e.kind == "destroyed" and e.square == "6,5")]
    for events, marks in ((result.events, ["6,5"]), (kept, [])):
        show = flight_show(plan, replace(result, events=events))
        assert lost_marks(show.pictures[show.frames[2].shown[0]]) == marks


def test_the_page_builder_needs_no_cli() -> None:
    probe = (
        "import json, sys; import trucker.render.pages.flight; import trucker.play.flights; "
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    leaked = [
        m
        for m in json.loads(done.stdout)
        if any(m == f or m.startswith(f + ".") for f in ("trucker.cli", "rich", "typer"))
    ]
    assert leaked == []


def test_a_leak_card_draws_each_ships_networks_from_the_log(tmp_path: Path) -> None:
    """A Radiation Leak on the flight page was only text (issue 14): each ship's frame now
    draws its energy networks, read back from the log's energy-network events, as the
    walkthrough's examples A and B work them out (scenarios/radiation/cases.toml)."""
    import tomllib

    deck = tmp_path / "leak.toml"
    deck.write_text(
        'format = "trucker-deck/1"\nlevel = "IV"\n\n[[card]]\ntype = "radiation-leak"\n',
        encoding="utf-8",
    )
    radiation = SCENARIOS / "radiation"
    cases = tomllib.loads((radiation / "cases.toml").read_text(encoding="utf-8"))["case"]
    golden = {c["ship"]: c for c in cases if not c.get("rulings") and not c.get("spend")}
    files = ["network-a.toml", "network-b.toml"]
    plan, result = flight([radiation / f for f in files], deck, seed=1, faces=None)
    show = flight_show(plan, result)
    ns = "{http://www.w3.org/2000/svg}"
    for name, index in zip(files, show.frames[1].shown, strict=True):
        root = ET.fromstring(show.pictures[index])
        drawn = [
            {
                "tiles": g.get("data-squares").split(),
                "tokens": int(g.get("data-tokens")),
                "explodes": "explodes" in g.get("class").split(),
            }
            for g in root.iter(f"{ns}g")
            if "network" in (g.get("class") or "").split()
        ]
        assert sorted(drawn, key=str) == sorted(golden[name]["networks"], key=str), name
