"""The text report of ``trucker odds`` (trucker/render/terminal/odds.py), read as plain text."""

from __future__ import annotations

from tests.conftest import SCENARIOS
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.flights import Crew
from trucker.play.montecarlo import OddsSpec, ShipTally, Tally, fly_all, summarise
from trucker.render.terminal.odds import odds_lines, odds_summary, odds_timing


def _spec(*, vs: bool = False, rulings: Rulings = DEFAULT_RULINGS) -> OddsSpec:
    lone = load_ship(SCENARIOS / "odds" / "lone-cabin.toml")
    first = (Crew("lone", lone),)
    lineups = (first, (Crew("cruiser", load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")),))
    deck = load_deck(SCENARIOS / "odds" / "one-small-meteor.toml")
    return OddsSpec(lineups if vs else (first,), deck, rulings, 1, 60)


def test_the_report_gives_each_ship_its_odds_and_heat_map() -> None:
    spec = _spec(rulings=Rulings(armory_reach="adjacent"))
    result = summarise(spec, fly_all(spec))
    lines = [line.plain for line in odds_lines(result, spec)]
    assert lines[0].startswith("odds: 60 of 60 flights, deck ") and "seed 1" in lines[0]
    assert lines[1] == "" and lines[2].startswith("lone (")
    assert lines[3].startswith("  comes home      ")
    assert "  squares lost most often (share of flights):" in lines
    assert lines[-1] == "rulings not at their defaults: armory_reach = adjacent"
    (odds,) = result.lineups[0]
    assert odds_summary(odds, 60).plain.startswith("lone comes home in ")


def test_two_designs_are_compared_flight_by_flight() -> None:
    spec = _spec(vs=True)
    result = summarise(spec, fly_all(spec))
    lines = [line.plain for line in odds_lines(result, spec)]
    assert "design A:" in lines and "design B:" in lines
    assert "cruiser against lone, flight by flight on the same decks and dice:" in lines


def test_the_timing_line_names_where_it_ran() -> None:
    run = {"workers": None, "dask": "tcp://h:1", "seconds": 1.5, "flights_per_second": 2000.0}
    assert odds_timing(run).plain == "1.5 s on Dask at tcp://h:1: 2,000 flights/s"
    local = {"workers": 2, "dask": None, "seconds": 0.2, "flights_per_second": None}
    assert odds_timing(local).plain == "0.2 s on 2 worker(s): 0 flights/s"


def test_cards_rank_by_what_they_cost_in_all_and_the_report_says_both() -> None:
    """A card met often that takes a little outranks a rare one that takes a lot: 80 × 0.5
    tiles is 40 in all, 2 × 5 tiles only 10 (issue 13, A.5)."""
    spec = _spec()
    counts = ShipTally(flights=100, finished=90)
    counts.cards = {"rare": [2, 10, 1, 0], "common": [80, 40, 4, 8], "harmless": [50, 0, 0, 5]}
    result = summarise(spec, Tally(100, [[counts]]))
    (odds,) = result.lineups[0]
    assert [c["card"] for c in odds.cards] == ["common", "rare", "harmless"]
    common = odds.cards[0]
    assert common == {
        "card": "common",
        "met": 80,
        "tiles_lost": 0.5,
        "crew_lost": 0.05,
        "credits": 0.1,
        "tiles_lost_total": 40,
        "crew_lost_total": 4,
        "credits_total": 8,
    }
    lines = [line.plain for line in odds_lines(result, spec)]
    start = lines.index(
        "  costliest cards over the 100 flights (in all = each time met × times met):"
    )
    assert lines[start + 1 : start + 3] == [
        "    common  40 tiles  4 crew in all = 0.50 tiles  0.05 crew each time × 80 times",
        "    rare    10 tiles  1 crew in all = 5.00 tiles  0.50 crew each time ×  2 times",
    ]
    assert not any("harmless" in line for line in lines)
    assert odds_summary(odds, 100).plain.endswith("the card that costs it most: common")
