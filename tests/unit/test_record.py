"""The fold of a log over the ships (trucker/play/record.py), event by event, on hand-written
logs: the cases no bundled flight reaches (a robot lost to radiation, robots a solar panel
activates) and the card boundaries."""

from __future__ import annotations

from tests.helpers import ship
from trucker.core.events import (
    Ate,
    CardRevealed,
    CrewLost,
    Destroyed,
    GaveUp,
    GoodsLost,
    Loaded,
    Recruited,
    Rewarded,
    Settled,
    Spent,
    TokensLost,
)
from trucker.core.geometry import Cell
from trucker.core.ship import Contents
from trucker.play.record import ShipAfter, record_flight

SHIP = ship(
    {
        "7,7": "start",
        "6,7": "robot-center --u-",
        "7,6": "solar-panel -u--",
        "7,8": "stasis-chamber ---u",
        "8,7": "battery u--- capacity=2 charge=2",
        "8,8": "cargo u--- capacity=3 goods=YG",
    }
)


def card(index: int) -> CardRevealed:
    return CardRevealed(index, f"card-{index}", "open-space", "I")


def tiles(after: ShipAfter) -> dict[str, Contents]:
    """What each tile holds, by square."""
    return {str(c): held for c, held in after.ship.contents.items()}


def test_each_card_leaves_the_ship_its_events_say() -> None:
    events = [
        card(1),
        Spent("A", "solar", "7,6", "robots 6,7", "6,7"),
        CrewLost("A", "6,7", why="radiation", robots=1),
        Spent("A", "battery", "8,7", "shield 7,6 against a meteor", "7,6"),
        card(2),
        Recruited("A", ("7,8", "7,8", "7,7"), 2),
        GoodsLost("A", "Y", ("8,8",)),
        TokensLost("A", "8,7", 1),
        Rewarded("A", 5, "", "smugglers"),
        card(3),
        Loaded("A", "RB", "GB", "R", {"8,8": "GB"}),
        Ate("A", "left", 1, "7,7", humans=3),
        Destroyed("A", "6,7", "robot-center", "sabotage"),
        GaveUp("A", "no humans left aboard"),
        Settled("A", None, 0, 0, 0, 1, 5, 4),
    ]
    start = ShipAfter("A", SHIP, ())
    record = record_flight([start], events)
    assert sorted(record.after) == [0, 1, 2]
    (first,), (second,), (third,) = (record.after[i] for i in range(3))
    robots = tiles(first)["6,7"]
    assert (robots.robots, robots.active) == (3, True)
    assert tiles(first)["8,7"].charge == 1
    assert not tiles(second)["6,7"].active
    assert tiles(second)["7,8"].sleepers == 2
    assert tiles(second)["7,7"].crew == 3
    assert tiles(second)["8,8"].goods == "G"
    assert tiles(second)["8,7"].charge == 0
    assert second.credits == 5 and first.credits == 0
    assert tiles(third)["8,8"].goods == "GB"
    assert tiles(third)["7,7"].crew == 0
    assert third.lost == (Cell(6, 7),) and "6,7" not in tiles(third)
    assert third.gave_up == "no humans left aboard"
    assert record.card_costs() == [
        {"A": (0, 0, 0)},
        {"A": (0, -1, 5)},
        {"A": (1, 3, 0)},
    ]
    assert SHIP.contents[Cell(6, 7)].robots == 4  # the launch is never changed


def test_robots_stay_active_on_a_ship_that_gave_up() -> None:
    """Only flying ships meet the next card, so only theirs go idle (RULES §2.4, §6.3)."""
    events = [
        card(1),
        Spent("A", "battery", "8,7", "robots 6,7", "6,7"),
        GaveUp("A", "chose to give up"),
        card(2),
    ]
    record = record_flight([ShipAfter("A", SHIP, ())], events)
    assert tiles(record.after[1][0])["6,7"].active
