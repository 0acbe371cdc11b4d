"""ABE in flight (RULES §6.4, §6.7, §6.8, §9.3): the pieces the flight goldens do not pin down,
and every ruling these cards read, flipped."""

from __future__ import annotations

import random

import pytest

from tests.conftest import SCENARIOS
from trucker.core.cards import (
    HazardousBusiness,
    Level,
    MostlyOpenSpace,
    OpenSpace,
    Planets,
    RadiationLeak,
)
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.events import Insured
from trucker.core.rulings import Rulings
from trucker.core.threats import Threat
from trucker.formats.decks import Deck
from trucker.formats.load import load_ship
from trucker.play.deal import deal_deck
from trucker.play.flights import Crew, FlightPlan, flight_record, fly
from trucker.sim.captains import CautiousCaptain, GreedyCaptain, SensibleCaptain
from trucker.sim.cards.enemies import weakened
from trucker.sim.choices import Insuring
from trucker.sim.shares import second_credits, second_crew, second_goods

pytestmark = pytest.mark.rules("6.4", "8", "9")

FLIGHTS = SCENARIOS / "flights"
SHIPS = SCENARIOS / "ships"


def _fly(names, cards, level=Level.I, *, rulings=None, seed=0, folder=FLIGHTS, **crew):
    crews = tuple(
        Crew(f"{i}:{name}", load_ship(folder / name), **crew) for i, name in enumerate(names)
    )
    plan = FlightPlan(crews, Deck("test", level, tuple(cards)), rulings or Rulings(), seed=seed)
    return fly(plan)


def _shots(*texts: str) -> tuple[Threat, ...]:
    return tuple(Threat.parse(t) for t in texts)


# --- five ships: shares and weaker enemies (RULES §6.4) ------------------------------------


def test_second_share_minus_one_and_full() -> None:
    minus, full = Rulings(), Rulings(second_share="full")
    assert second_credits(5, minus) == 4 and second_credits(0, minus) == 0
    assert second_goods("RYB", minus) == "RY"
    assert second_goods("GRG", minus) == "RG"
    assert second_goods("", minus) == ""
    assert second_crew(2, minus) == 1
    assert (second_credits(5, full), second_goods("RYB", full), second_crew(2, full)) == (
        5,
        "RYB",
        2,
    )


def test_weakened_enemy_one_fewer_per_kind() -> None:
    shots = _shots("light-fire front", "heavy-fire left", "light-fire rear", "heavy-fire front")
    assert weakened(shots, Rulings()) == _shots("light-fire front", "heavy-fire left")
    assert weakened(_shots("heavy-fire front"), Rulings()) == ()


def test_weakened_enemy_lighter() -> None:
    shots = _shots("light-fire front", "heavy-fire left")
    assert weakened(shots, Rulings(weakened_enemy="lighter")) == _shots(
        "light-fire front", "light-fire left"
    )


def test_five_ships_may_share_a_planet_with_one_good_and_one_human_fewer() -> None:
    card = Planets(level=Level.IV, planets=("GGY",), crew=(2,), days=1)
    result = _fly(["settler.toml"] * 5, [card], Level.IV)
    loaded = [e for e in result.events if e.kind == "loaded"]
    recruited = [e for e in result.events if e.kind == "recruited"]
    assert [e.gained for e in loaded] == ["GGY", "GY"]
    assert [len(e.squares) for e in recruited] == [2, 1]
    full = _fly(["settler.toml"] * 5, [card], Level.IV, rulings=Rulings(second_share="full"))
    assert [e.gained for e in full.events if e.kind == "loaded"] == ["GGY", "GGY"]


def test_four_ships_never_share_a_planet() -> None:
    card = Planets(level=Level.I, planets=("GG",), days=1)
    result = _fly(["settler.toml"] * 4, [card])
    assert [e.ship for e in result.events if e.kind == "loaded"] == ["0:settler.toml"]


# --- Mostly Open Space (RULES §6.8) ---------------------------------------------------------


def _targets_of(result) -> set[str]:
    """The ships the card's meteors met (a ``met`` event per threat and target, hit or miss)."""
    return {e.ship for e in result.events if e.kind == "met"}


def test_mostly_open_space_hits_the_fastest_only() -> None:
    card = MostlyOpenSpace(level=Level.IV, threats=_shots("large-meteor front"))
    ships = ["three-engines.toml", "combat-a.toml", "combat-c.toml"]
    result = _fly(ships, [card], Level.IV, seed=1)
    powers = {e.ship: e.value for e in result.events if e.kind == "declared"}
    assert powers == {"0:three-engines.toml": 3, "1:combat-a.toml": 1, "2:combat-c.toml": 1}
    assert len([e for e in result.events if e.kind == "rolled"]) == 1
    assert _targets_of(result) == {"0:three-engines.toml"}


def test_mostly_open_space_hits_every_ship_tied_first() -> None:
    card = MostlyOpenSpace(level=Level.IV, threats=_shots("small-meteor front"))
    result = _fly(["combat-a.toml", "combat-c.toml"], [card], Level.IV, seed=1)
    assert _targets_of(result) == {"0:combat-a.toml", "1:combat-c.toml"}


def test_mostly_open_space_with_five_ships_hits_the_top_two_powers() -> None:
    card = MostlyOpenSpace(level=Level.IV, threats=_shots("small-meteor front"))
    ships = ["three-engines.toml", "combat-a.toml", "no-engine.toml", "combat-c.toml", "red.toml"]
    five = _fly(ships, [card], Level.IV, seed=2)
    top_only = _fly(ships, [card], Level.IV, seed=2, rulings=Rulings(mostly_open_five="top-only"))
    powers = {e.ship: e.value for e in five.events if e.kind == "declared" and e.value}
    top = max(powers.values())
    second = max(v for v in powers.values() if v < top)
    assert len([e for e in five.events if e.kind == "rolled"]) == 1
    assert _targets_of(five) == {n for n, v in powers.items() if v in (top, second)}
    assert _targets_of(top_only) == {n for n, v in powers.items() if v == top}


# --- Hazardous Business (RULES §6.7) --------------------------------------------------------


def test_hazardous_business_draws_two_cards_of_the_next_level() -> None:
    result = _fly(["three-engines.toml"], [HazardousBusiness(level=Level.I)], seed=4)
    added = next(e for e in result.events if e.kind == "cards-added")
    assert added.levels == ("II", "II") and len(set(added.cards)) == 2


@pytest.mark.parametrize(("ruling", "level"), [("IV", "IV"), ("III", "III")])
def test_hazardous_business_on_level_iii(ruling: str, level: str) -> None:
    result = _fly(
        ["three-engines.toml"],
        [HazardousBusiness(level=Level.III)],
        Level.III,
        rulings=Rulings(hazardous_top_level=ruling),
        seed=4,
    )
    added = next(e for e in result.events if e.kind == "cards-added")
    assert added.levels == (level, level)


def test_hazardous_business_draws_from_its_own_stream() -> None:
    one = _fly(["three-engines.toml"], [HazardousBusiness(level=Level.I)], seed=4)
    two = _fly(["three-engines.toml"], [HazardousBusiness(level=Level.I)], seed=4)
    pick = lambda r: next(e for e in r.events if e.kind == "cards-added").cards  # noqa: E731
    assert pick(one) == pick(two)
    assert len({pick(_fly(["three-engines.toml"], [HazardousBusiness(level=Level.I)], seed=s))
                for s in range(8)}) > 1  # fmt: skip


# --- Radiation Leak rulings (RULES §8.1, §10) ----------------------------------------------


def test_radiation_solar_counts_adds_a_token_per_panel() -> None:
    from trucker.sim.radiation import plan_radiation
    from trucker.sim.state import ShipState

    ship = ShipState.from_ship(load_ship(SHIPS / "class-iv-leviathan.toml"))
    default = {n.cells: n.tokens for n in plan_radiation(ship, Rulings()).networks}
    counted = {
        n.cells: n.tokens
        for n in plan_radiation(ship, Rulings(radiation_solar_counts=True)).networks
    }
    solar = next(cells for cells in default if len(cells) == 1 and str(cells[0]) == "7,4")
    assert (default[solar], counted[solar]) == (0, 1)


def test_radiation_hits_robots_only_under_its_ruling() -> None:
    from trucker.core.geometry import Cell
    from trucker.sim.radiation import plan_radiation
    from trucker.sim.state import ShipState

    ship = ShipState.from_ship(load_ship(SHIPS / "abe-gadgets.toml"))
    center = Cell(8, 8)
    assert dict(plan_radiation(ship, Rulings()).exposed).get(center) is None
    ship.set(center, ship.contents[center]._replace(active=True))
    assert dict(plan_radiation(ship, Rulings()).exposed)[center] == "robot"
    spared = dict(plan_radiation(ship, Rulings(radiation_hits_robots=False)).exposed)
    assert center not in spared


def test_radiation_leak_card_in_a_flight() -> None:
    result = _fly(["../radiation/network-a.toml"], [RadiationLeak(level=Level.IV)], Level.IV)
    destroyed = sorted(e.square for e in result.events if e.kind == "destroyed")
    assert destroyed == ["7,5", "7,6"]


# --- Class IV insurance (RULES §9.3) --------------------------------------------------------


def _insuring(tiles: int, price: int = 5, cap: int = 19) -> Decision:
    return Decision(
        DecisionKind.INSURE,
        "ship",
        (
            Option("fly uninsured", Insuring(False, tiles, price, cap)),
            Option(f"buy insurance for {price}", Insuring(True, tiles, price, cap)),
        ),
        "Class IV insurance",
    )


def test_captains_weigh_insurance() -> None:
    assert SensibleCaptain().decide(_insuring(62)).value.buy is True
    assert SensibleCaptain().decide(_insuring(40)).value.buy is False
    assert CautiousCaptain().decide(_insuring(40)).value.buy is True
    assert CautiousCaptain().decide(_insuring(20)).value.buy is False
    assert GreedyCaptain().decide(_insuring(200)).value.buy is False


@pytest.mark.parametrize("insured", [True, False])
def test_insurance_fixed_by_the_plan_is_not_asked(insured: bool) -> None:
    result = _fly(
        ["class-iv-leviathan.toml"], [OpenSpace(level=Level.IV)], Level.IV,
        folder=SHIPS, insured=insured,
    )  # fmt: skip
    assert not [e for e in result.events if e.kind == "decided" and e.decision == "insure"]
    (event,) = [e for e in result.events if isinstance(e, Insured)]
    assert event.insured is insured
    (ship,) = result.ships
    assert ship.insurance == (5 if insured else 0)


def test_no_insurance_question_off_class_iv() -> None:
    result = _fly(["armed.toml"], [OpenSpace(level=Level.I)])
    assert not [e for e in result.events if e.kind in ("insured", "decided") and
                getattr(e, "decision", "insure") == "insure"]  # fmt: skip


def test_random_iv_deck_composition() -> None:
    deck = deal_deck("IV", random.Random(3))
    levels = sorted(str(c.level) for c in deck.cards)
    assert len(deck.cards) == 20
    assert levels.count("IV") == 8
    assert levels.count("I") == levels.count("II") == levels.count("III") == 4


@pytest.mark.parametrize(
    ("ruling", "arrival", "looks"), [("extrapolate", 16, 8), ("level-iii", 12, 6)]
)
def test_level_iv_rewards_ruling(ruling: str, arrival: int, looks: int) -> None:
    result = _fly(
        ["combat-a.toml"], [OpenSpace(level=Level.IV)], Level.IV,
        rulings=Rulings(level_iv_rewards=ruling),
    )  # fmt: skip
    (ship,) = result.ships
    assert (ship.arrival, ship.best_looking) == (arrival, looks)


@pytest.mark.parametrize(("ruling", "lost"), [("cabins", []), ("cabins+luxury", ["7,6", "7,7"])])
def test_epidemic_cabins_ruling(ruling: str, lost: list[str]) -> None:
    """settler.toml: the luxury cabin 7,6 (a passenger) is joined to the starting cabin 7,7 (2
    humans); the cabin 7,8 is empty. Only when luxury cabins count do two occupied cabins
    touch, and each loses one occupant (RULES §6.2, §10 #31)."""
    from trucker.core.cards import Epidemic

    result = _fly(
        ["settler.toml"], [Epidemic(level=Level.I)], rulings=Rulings(epidemic_cabins=ruling)
    )
    assert sorted(e.square for e in result.events if e.kind == "crew-lost") == lost


@pytest.mark.parametrize(("gap", "positions"), [("level+1", (4, 2, 0)), (3, (6, 3, 0))])
def test_start_gap_ruling(gap: object, positions: tuple[int, ...]) -> None:
    """Level I: ships start level + 1 = 2 spaces apart by default, or as the ruling says."""
    result = _fly(["armed.toml"] * 3, [OpenSpace(level=Level.I)], rulings=Rulings(start_gap=gap))
    started = next(e for e in result.events if e.kind == "flight-started")
    assert started.positions == positions


def test_start_gap_of_zero_is_refused() -> None:
    """Two rockets never share a space (RULES §6.1): a gap of 0 is not a ruling one can choose."""
    with pytest.raises(ValueError, match="start_gap: expected an integer >= 1, got 0"):
        Rulings(start_gap=0)


def test_five_ships_on_the_shortest_track_still_move() -> None:
    """A rocket leaps over occupied spaces (RULES §6.1): on the shortest track a ruling allows,
    five ships still leave one space free, so Open Space ends (a track of one space, once
    accepted, hung with two ships)."""
    result = _fly(
        ["armed.toml"] * 5,
        [OpenSpace(level=Level.I)] * 3,
        rulings=Rulings(track_length="5/5/5/5", start_gap=1),
    )
    assert any(e.kind == "moved" for e in result.events)


def test_run_flight_without_an_insurance_plan_asks_the_captain() -> None:
    """RULES §9.3: nobody fixed the insurance, so the captain decides (and logs it)."""
    from trucker.formats.catalogue import catalogue
    from trucker.sim.run import run_flight
    from trucker.sim.table import Table

    ship = load_ship(SHIPS / "class-iv-leviathan.toml")
    log: list = []
    run_flight(
        [("L", ship)], [OpenSpace(level=Level.IV)], Level.IV, Table(log=log), catalogue=catalogue()
    )
    assert next(e.decision for e in log if e.kind == "decided") == "insure"


def test_recruits_sleep_in_stasis_when_the_captain_says_so() -> None:
    """settler.toml has room for 2 awake (the empty cabin 7,8) and 2 asleep (the stasis chamber
    6,7 holds 2 of 4). Sending 2 of the 3 recruits to sleep leaves 1 awake in 7,8 (RULES §6.8)."""
    card = Planets(level=Level.IV, planets=("GG",), crew=(3,), days=1)
    crews = (Crew("Settler", load_ship(FLIGHTS / "settler.toml")),)
    choices = {
        "Settler": ["land: land on planet 1 (GG and 3 crew)", "recruit: take 3 humans, 2 in stasis"]
    }
    plan = FlightPlan(crews, Deck("d", Level.IV, (card,)), Rulings(), seed=1, choices=choices)
    result = fly(plan)
    (recruited,) = [e for e in result.events if e.kind == "recruited"]
    assert recruited.squares == ("7,8", "6,7", "6,7") and recruited.sleepers == 2
    assert result.ships[0].humans == 3


@pytest.mark.parametrize(("ruling", "rolls"), [("shared", 2), ("per-ship", 4)])
def test_hostile_rolls_ruling(ruling: str, rolls: int) -> None:
    """Two ships with firepower 1 lose to hostile smugglers of strength 3 firing two shots
    (RULES §6.8): one roll per shot for both ships, or new rolls for each ship."""
    from trucker.core.cards import Smugglers

    card = Smugglers(
        level=Level.IV,
        strength=3,
        goods=1,
        reward="YY",
        days=1,
        shots=_shots(*["light-fire front"] * 2),
    )
    result = _fly(
        ["armed.toml", "armed.toml"], [card], Level.IV, rulings=Rulings(hostile_rolls=ruling)
    )
    assert len([e for e in result.events if e.kind == "rolled"]) == rolls
    met = [e.ship for e in result.events if e.kind == "met"]
    assert sorted(set(met)) == ["0:armed.toml", "1:armed.toml"] and len(met) == 4


# --- rulings for what RULES marks [?] and §10 does not list ----------------------------------


def test_a_fifth_place_earns_the_ruling_s_reward() -> None:
    """RULES §9.1 prints four arrival rewards (level I: 4/3/2/1) and none for a fifth place:
    by default the fifth ship earns 0; ruling fifth_place_reward = 1 gives it 1."""
    card = OpenSpace(level=Level.I)
    default = _fly(["settler.toml"] * 5, [card])
    paid = _fly(["settler.toml"] * 5, [card], rulings=Rulings(fifth_place_reward=1))
    assert [s.arrival for s in default.ships if s.place is not None] == [4, 3, 2, 1, 0]
    assert sorted(s.arrival for s in paid.ships) == [1, 1, 2, 3, 4]
    fifth = next(s for s in paid.ships if s.place == 5)
    assert fifth.final_credits == next(s for s in default.ships if s.place == 5).final_credits + 1


def test_a_class_iv_deck_tops_with_level_iv_unless_the_ruling_says_any() -> None:
    """RULES §6.6: decks are reshuffled until the top card is of the flight's level; for
    Class IV that is assumed by analogy (ruling level_iv_top_card)."""
    tops = {deal_deck("IV", random.Random(seed)).cards[0].level for seed in range(40)}
    any_top = Rulings(level_iv_top_card="any")
    loose = {deal_deck("IV", random.Random(s), rulings=any_top).cards[0].level for s in range(40)}
    assert tops == {Level.IV}
    assert loose > {Level.IV}


# --- the owner chooses which hold loses a good (RULES §6.1) ---------------------------------


def test_the_owner_chooses_which_hold_loses_an_equal_good() -> None:
    """Smugglers (strength 8) beat a ship with no cannon and take one good, the most valuable:
    a yellow. Both holds carry one, so the owner chooses; the sensible captain takes the one
    in the first hold in board order (7,6), a scripted one the other (7,8)."""
    from tests.helpers import ship
    from trucker.core.cards import Smugglers

    hauler = ship(
        {
            "7,7": "start",
            "7,6": "cargo -u-- capacity=2 goods=YB",
            "7,8": "cargo ---u capacity=2 goods=Y",
        }
    )
    card = Smugglers(level=Level.I, strength=8, goods=1, reward="G", days=1)

    def fly_with(choices: list[str]) -> dict[str, str]:
        plan = FlightPlan(
            (Crew("hauler", hauler),), Deck("test", Level.I, (card,)), Rulings(), seed=0,
            choices={"hauler": choices},
        )  # fmt: skip
        result = fly(plan)
        (hauled,) = flight_record(plan, result).after[0]
        ship = hauled.ship
        holds = {str(c): ship.contents[c].goods for c, t in ship.tiles.items() if t.part == "cargo"}
        asked = [e for e in result.events if e.kind == "decided" and e.decision == "lose-good"]
        assert len(asked) == 1 and not asked[0].forced
        assert [e.goods for e in result.events if e.kind == "goods-lost"] == ["Y"]
        return holds

    assert fly_with([]) == {"7,6": "B", "7,8": "Y"}
    assert fly_with(["the Y in 7,8"]) == {"7,6": "YB", "7,8": ""}
