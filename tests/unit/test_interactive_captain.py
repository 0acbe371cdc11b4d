"""The captain at the terminal (trucker/cli/interactive.py), read as a player reads it: the
card and what happened so far come before each question, and giving up is asked only when it
changes something (issue 13, A.5)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tests.conftest import SCENARIOS
from tests.unit.test_render_flight_page import DICE, ROUND_1
from trucker.cli.interactive import FlightNews, TerminalCaptain
from trucker.core.rulings import Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, fly

FLIGHTS = SCENARIOS / "flights"


def _session(monkeypatch: pytest.MonkeyPatch, answers: list[str]):
    """Red (the sensible captain) and Green (asked at a terminal) fly round I."""
    typed = "".join(f"{answer}\n" for answer in answers) + "\n" * 20
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(typed.encode())))
    screen = io.StringIO()
    crews = (Crew("Red", load_ship(FLIGHTS / "red.toml")),
             Crew("Green", load_ship(FLIGHTS / "green.toml"), captain="interactive"))  # fmt: skip
    plan = FlightPlan(crews, load_deck(ROUND_1), Rulings(), faces=DICE)
    log: list = []
    console = Console(file=screen, width=200, highlight=False, markup=False, color_system=None)
    green = TerminalCaptain("Green", console, news=FlightNews(log, named=True))
    result = fly(plan, captains={"Green": green}, log=log)
    return plan, result, screen.getvalue().splitlines()


def test_the_card_and_what_happened_come_before_each_question(monkeypatch) -> None:
    _, result, screen = _session(monkeypatch, [])
    assert screen[:6] == [
        "  a level I flight of 8 cards on a track of 18 spaces: Red on space 2, Green on space 0",
        "",
        "card 1: I-planets-1 (planets, level I): RGBBB | RYB | RBBB | RG · -3 days",
        "Green: give-up — before the card",
        "  1. fly on  (suggested)",
        "  2. give up",
    ]
    land = screen.index("Green: land — planets, 3 days")
    assert screen[land - 1].endswith("  Red decides (land): pass — planets, 3 days")
    meteor = next(i for i, line in enumerate(screen) if line.startswith("card 2: "))
    assert (
        "  Red: small-meteor from the left along row 8 meets the engine on 8,7" in screen[meteor:]
    )
    assert next(e for e in result.events if e.kind == "gave-up").ship == "Green"


def test_giving_up_is_asked_only_where_it_changes_something(monkeypatch) -> None:
    """Green has no engine: the Open Space of card 3 puts it out at once, so it is told, not
    asked; pressing Enter everywhere flies as the sensible captain would, event for event."""
    plan, result, screen = _session(monkeypatch, [])
    asked = [line for line in screen if line.endswith("Green: give-up — before the card")]
    assert len(asked) == 2  # cards 1 and 2; not card 3
    open_space = screen.index("card 3: I-open-space-2 (open-space, level I)")
    assert screen[open_space + 1] == (
        "  Green is not asked whether to give up: this card puts it out anyway "
        "(no engine power in open space)"
    )
    sensible = fly(FlightPlan(tuple(c.__class__(c.name, c.ship) for c in plan.crews),
                              plan.deck, plan.rulings, faces=plan.faces))  # fmt: skip
    assert result.events == sensible.events


def test_a_number_picks_an_option(monkeypatch) -> None:
    _, result, screen = _session(monkeypatch, ["3", "2"])
    assert any(line.endswith("  type 1-2, or press Enter") for line in screen)
    gave_up = [e for e in result.events if e.kind == "gave-up"]
    assert [(e.ship, e.reason) for e in gave_up] == [("Green", "chose to give up")]
