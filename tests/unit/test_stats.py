"""Ship numbers (RULES §4): firepower and engine power ranges, turret pairs, aliens, crew,
armed crew, solar panels, exposed connectors. Every expected number is worked out in the
test's docstring or comment from RULES §4 and §10b."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import ship
from trucker.core.geometry import Cell, Direction
from trucker.core.rulings import Rulings
from trucker.rules.stats import ShipStats, best_powered, half
from trucker.rules.validate import validate

pytestmark = pytest.mark.rules("4")


def stats(
    tiles: Mapping[str, str], board: str = "II", rulings: Rulings | None = None, **top: object
) -> ShipStats:
    report = validate(ship(tiles, board, **top), rulings or Rulings())
    assert report.legal, report.violations
    return report.stats


def fire(s: ShipStats) -> tuple[float, float]:
    return s.firepower


def test_half_points() -> None:
    assert half(3) == 1.5
    assert half(4) == 2
    assert isinstance(half(4), int)


# --- turret pairs (RULES §4.1, §2.4, §10b-3) ---------------------------------------------


def test_two_unconnected_turrets_give_nothing() -> None:
    """Both turrets are joined to the starting cabin, not to each other: no pair."""
    s = stats({"7,7": "start", "7,6": "turret -u--", "7,8": "turret ---u"})
    assert s.turret_pairs == 0
    assert fire(s) == (0, 0)


def test_two_joined_pairs_give_two() -> None:
    s = stats(
        {
            "7,7": "start",
            "6,7": "turret -uu-",
            "6,8": "turret ---u",
            "8,7": "turret uu--",
            "8,8": "turret ---u",
        }
    )
    assert s.turret_pairs == 2
    assert fire(s) == (2, 2)


def test_a_star_of_three_turrets_around_a_fourth_gives_one() -> None:
    """The three outer turrets touch only the central one: a maximum matching of size 1."""
    s = stats(
        {
            "7,7": "start",
            "7,8": "turret uuuu",
            "6,8": "turret --u-",
            "8,8": "turret u---",
            "7,9": "turret ---u",
        }
    )
    assert s.turret_pairs == 1
    assert fire(s) == (1, 1)


def test_turrets_connected_through_a_router_pair_up() -> None:
    """The turrets on 6,7 and 6,9 are both joined to the router on 6,8, not to each other:
    connected, so they pair up (RULES §2.4)."""
    s = stats(
        {
            "7,7": "start",
            "6,7": "turret -uu-",
            "6,8": "router -u-u",
            "6,9": "turret ---u",
        }
    )
    assert s.turret_pairs == 1


# --- aliens and the "rest above 0" rule (RULES §4.1, §4.2, §10b-2) ------------------------

PURPLE = {
    "7,7": "start",
    "7,8": "cabin --uu alien=purple",
    "8,8": "life-support u--- color=purple",
}
TURRET_PAIR = {"6,7": "turret -uu-", "6,8": "turret ---u"}


def test_purple_alien_adds_nothing_without_firepower() -> None:
    s = stats(PURPLE)
    assert s.aliens == ("purple",)
    assert fire(s) == (0, 0)


def test_turret_pair_alone_gives_one() -> None:
    assert fire(stats({"7,7": "start", **TURRET_PAIR})) == (1, 1)


def test_turret_pair_with_purple_alien_gives_three() -> None:
    """The turret firepower counts as "above 0", so the alien adds 2 (RULES §2.4)."""
    assert fire(stats({**PURPLE, **TURRET_PAIR})) == (3, 3)


def test_purple_alien_counts_only_in_max_when_min_is_zero() -> None:
    """A lone double cannon: min 0 (no token spent, no alien bonus), max 2 + 2."""
    s = stats({**PURPLE, "6,7": "double-cannon --u- front", "8,7": "battery u--- capacity=2"})
    assert fire(s) == (0, 4)


def test_brown_alien_engine_bonus() -> None:
    """Engine power 1 + 2 for the brown alien; with no engine, the alien adds nothing."""
    brown = {
        "7,7": "start",
        "7,8": "cabin --uu alien=brown",
        "8,8": "life-support u--- color=brown",
    }
    assert stats(brown).engine_power == (0, 0)
    assert stats({**brown, "8,7": "engine u--- rear"}).engine_power == (3, 3)


# --- cannons (RULES §4.1, §10b-1) --------------------------------------------------------


@pytest.mark.parametrize(
    ("square", "spec", "expected"),
    [
        ("6,7", "cannon --u- front", 1),
        ("7,8", "cannon ---u right", 0.5),
        ("7,6", "cannon -u-- left", 0.5),
        ("8,7", "cannon u--- rear", 0.5),
    ],
)
def test_single_cannon_full_facing_front_half_elsewhere(
    square: str, spec: str, expected: float
) -> None:
    assert fire(stats({"7,7": "start", square: spec})) == (expected, expected)


def test_side_double_cannon_gives_one_when_powered() -> None:
    s = stats({"7,7": "start", "7,8": "double-cannon ---u right", "8,7": "battery u--- capacity=2"})
    assert fire(s) == (0, 1)


# RULES §10b-1, the smugglers example: 2 front single cannons (6,6 and 6,8), 1 front double
# (6,7) and 1 side double (8,7, facing right); the battery on 7,5 holds the tokens.
SMUGGLERS = {
    "7,7": "start",
    "6,7": "double-cannon --u- front",
    "7,6": "pipe uu-u",
    "6,6": "cannon --s- front",
    "7,8": "pipe u--u",
    "6,8": "cannon --s- front",
    "8,7": "double-cannon u--- right",
    "7,5": "battery -u-- capacity=2",
}


def test_smugglers_example_with_two_tokens() -> None:
    """2 singles (2) + front double (2) + side double (1) = 5 with two batteries."""
    s = stats(SMUGGLERS)
    assert s.batteries == 2
    assert fire(s) == (2, 5)


def test_smugglers_example_with_one_token() -> None:
    """One token powers the front double: 2 + 2 = 4, the tie of the rulebook."""
    s = stats({**SMUGGLERS, "7,5": "battery -u-- capacity=2 charge=1"})
    assert s.batteries == 1
    assert fire(s) == (2, 4)


def test_smugglers_example_with_no_token() -> None:
    assert fire(stats({**SMUGGLERS, "7,5": "battery -u-- capacity=2 charge=0"})) == (2, 2)


# --- solar panels (RULES §2.4, §4.4) -----------------------------------------------------


def test_solar_panel_powers_a_connected_double() -> None:
    """No battery at all: the panel joined to the double cannon powers it (max 2)."""
    s = stats({"7,7": "start", "6,7": "double-cannon -uu- front", "6,8": "solar-panel ---u"})
    assert s.solar_panels == 1
    assert s.batteries == 0
    assert fire(s) == (0, 2)


def test_solar_panel_not_connected_to_the_double_powers_nothing() -> None:
    """Both are joined to the starting cabin, which is not a router: not connected."""
    s = stats({"7,7": "start", "6,7": "double-cannon --u- front", "7,8": "solar-panel ---u"})
    assert fire(s) == (0, 0)


def test_solar_panel_through_a_router() -> None:
    """Panel (8,8) and double cannon (6,8) are both joined to the router on 7,8."""
    s = stats(
        {
            "7,7": "start",
            "7,8": "router u-uu",
            "6,8": "double-cannon --u- front",
            "8,8": "solar-panel u---",
        }
    )
    assert fire(s) == (0, 2)


def test_solar_panel_on_another_router_network() -> None:
    s = stats(
        {
            "7,7": "start",
            "7,8": "router u--u",
            "6,8": "double-cannon --u- front",
            "8,7": "router uu--",
            "8,8": "solar-panel ---u",
        }
    )
    # 7,8 and 8,7 are routers, both joined to the starting cabin but not to each other: two
    # networks. 6,8 is attached to 7,8's network, 8,8 to 8,7's: not connected.
    assert fire(s) == (0, 0)


def test_solar_panel_and_a_token_power_two_doubles() -> None:
    """The panel pays for the double joined to it, the token for the other: 2 + 2."""
    s = stats(
        {
            "7,7": "start",
            "6,7": "double-cannon -uu- front",
            "6,8": "solar-panel ---u",
            "7,6": "pipe uu--",
            "6,6": "double-cannon --u- front",
            "8,7": "battery u--- capacity=2 charge=1",
        }
    )
    assert fire(s) == (0, 4)


def test_solar_panel_counts_for_engines_and_cannons_separately() -> None:
    """The spec: max is computed separately for firepower and engine power."""
    s = stats(
        {
            "7,7": "start",
            "8,7": "double-engine uu-- rear",
            "8,8": "solar-panel u--u",
            "7,8": "double-cannon --uu right",
        }
    )
    assert fire(s) == (0, 1)
    assert s.engine_power == (0, 2)


def test_best_powered_prefers_what_a_panel_cannot_reach() -> None:
    """Two doubles worth 4 and 2 half points, one token, one panel reaching only the bigger one:
    the panel takes the big one and the token the small one, for 6."""
    a, b, panel = Cell(1, 1), Cell(1, 2), Cell(2, 1)
    total, chosen = best_powered({a: 4, b: 2}, 1, {panel: frozenset({a})})
    assert total == 6
    assert sorted(chosen) == [a, b]


# --- engines (RULES §4.2) ----------------------------------------------------------------


def test_engines_and_a_powered_double_engine() -> None:
    s = stats(
        {
            "7,7": "start",
            "8,7": "engine uu-- rear",
            "8,8": "double-engine -u-u rear",
            "8,9": "battery ---u capacity=2",
        }
    )
    assert s.engine_power == (1, 3)


def test_thrusters_add_no_engine_power() -> None:
    s = stats({"7,7": "start", "7,8": "thruster ---u nozzles=rear,right"})
    assert s.engine_power == (0, 0)
    assert s.thruster_shifts == (Direction.FRONT, Direction.LEFT)


# --- crew, armory and the armory_reach ruling (RULES §4.3, §10 #10) ------------------------

# The armory on 7,8 is joined to the starting cabin only. The cabin on 8,8 touches the armory
# on smooth sides (adjacent, not joined) and is joined to the ship through 8,7.
ARMORY = {
    "7,7": "start",
    "7,8": "armory ---u",
    "8,7": "pipe uu--",
    "8,8": "cabin ---u",
}


def test_armory_arms_connected_crew() -> None:
    """Armed: the 2 humans of the starting cabin. Comparisons: 2 x 2 + 2 = 6."""
    s = stats(ARMORY)
    assert s.humans == 4
    assert s.armed == 2
    assert s.crew_compare == 6


def test_armory_reach_adjacent_arms_every_neighbour() -> None:
    """armory_reach = "adjacent": 8,8 touches the armory too: 4 armed, 8 for comparisons."""
    s = stats(ARMORY, rulings=Rulings(armory_reach="adjacent"))
    assert s.armed == 4
    assert s.crew_compare == 8


def test_armory_through_a_router() -> None:
    """The cabin on 8,8 and the armory on 7,9 are both joined to the router on 8,9."""
    s = stats(
        {
            "7,7": "start",
            "7,8": "pipe --uu",
            "8,8": "cabin uu--",
            "8,9": "router u--u",
            "7,9": "armory --u-",
        }
    )
    # 7,8's rear joins 8,8's front; 8,8's right joins the router's left; the router's front
    # joins the armory's rear. The starting cabin is joined to 7,8 only: not armed.
    assert s.armed == 2
    assert s.crew_compare == 2 + 2 * 2


def test_armed_aliens_passengers_and_active_robots() -> None:
    """RULES §2.4: humans, aliens, passengers and active robots are armed; sleepers never.
    Around the armory on 7,8: the starting cabin (2), a luxury passenger (1) on 6,8, 4 active
    robots on 8,8, a stasis chamber on 7,9 (2 sleepers, not armed)."""
    s = stats(
        {
            "7,7": "start",
            "7,8": "armory uuuu",
            "6,8": "luxury-cabin --u-",
            "8,8": "robot-center u--- active=true",
            "7,9": "stasis-chamber ---u sleepers=2",
        }
    )
    assert s.armed == 2 + 1 + 4
    # comparisons: humans 2 (armed: 4) + active robots 4 (armed: 8); not passengers or sleepers
    assert s.crew_compare == 12
    assert (s.passengers, s.sleepers, s.robots) == (1, 2, 4)


def test_inactive_robots_are_not_crew() -> None:
    s = stats({"7,7": "start", "7,8": "robot-center ---u"})
    assert s.robots == 4
    assert s.crew_compare == 2


# --- exposed connectors, cargo, shields, networks (RULES §4.5, §4.6, §8.2) ----------------


def test_exposed_connectors_of_the_spec_example() -> None:
    """The spec's example ship: the battery's front and rear, the shield's front, the hold's
    right."""
    s = stats(
        {
            "7,7": "start",
            "6,7": "cannon --s- front",
            "8,7": "engine u--- rear",
            "7,8": "battery ssdu capacity=3 charge=2",
            "7,6": "shield ud-- covers=front,right",
            "7,9": "cargo -s-s capacity=2 red=true goods=RY",
        },
        "III",
    )
    assert s.exposed_connectors == 4
    assert s.batteries == 2
    assert s.cargo_slots == 2
    assert s.goods == "RY"
    assert s.shield_sides == (Direction.FRONT, Direction.RIGHT)


def test_connector_facing_an_internal_gap_is_exposed() -> None:
    """Class II row 9 lacks column 7: 8,7's rear connector faces the gap (RULES §4.5)."""
    assert stats({"7,7": "start", "8,7": "pipe u-u-"}).exposed_connectors == 3 + 1


def test_exposed_connectors_across_the_seam() -> None:
    """IIB: a connector on column 9's right side faces column 1; exposed only when 3,1 is empty.
    The starting cabin's four universal connectors: 3,4 takes its left, three are exposed."""
    chain = {
        "3,5": "start",
        "3,4": "pipe -u-u",
        "3,3": "pipe -u-u",
        "3,2": "pipe -u-u",
        "3,1": "pipe -u-u",
        "3,9": "pipe -u--",
    }
    assert stats(chain, "IIB").exposed_connectors == 3
    del chain["3,9"]
    assert stats(chain, "IIB").exposed_connectors == 3 + 1


def test_router_networks() -> None:
    s = stats({"7,7": "start", "7,8": "router u--u", "6,8": "cabin --u-"})
    assert s.router_networks == (((Cell(7, 8),), (Cell(6, 8), Cell(7, 7))),)


def test_launch_loadout_and_empty_loadout() -> None:
    """The spec's Loadout: launch fills cabins (2) and batteries; empty fills nothing."""
    tiles = {"7,7": "start", "7,8": "battery ---u capacity=3", "8,7": "cabin u---"}
    assert (stats(tiles).humans, stats(tiles).batteries) == (4, 3)
    empty = stats(tiles, loadout="empty")
    assert (empty.humans, empty.batteries) == (0, 0)


def test_stats_leave_misplaced_tiles_out() -> None:
    report = validate(ship({"7,7": "start", "10,7": "cannon --s- front"}))
    assert report.stats.tiles == 1
    assert report.stats.firepower == (0, 0)


def test_stats_to_dict_has_the_spec_keys() -> None:
    data = stats({"7,7": "start"}).to_dict()
    for key in ("tiles", "exposed_connectors", "humans", "aliens", "batteries", "cargo_slots"):
        assert key in data
    assert data["firepower"] == {"min": 0, "max": 0}
    assert data["engine_power"] == {"min": 0, "max": 0}


def test_turret_pairs_of_a_class_iv_turret_farm() -> None:
    """Class IV: routers fill rows 5 and 8 and the middle of rows 6 and 7, all joined into one
    network; 32 turrets are each joined to one of them (rows 4, 6, 7, 9), so every two turrets
    are connected: 16 pairs (RULES §2.4, §8.2)."""
    tiles = {"11,7": "start"}
    for c in range(3, 12):
        tiles[f"5,{c}"] = "router uuuu"
        tiles[f"8,{c}"] = "router uuuu"
        tiles[f"6,{c}"] = "turret u---"
        tiles[f"7,{c}"] = "turret --u-"
        tiles[f"9,{c}"] = "turret u---"
    for c in range(4, 11):
        tiles[f"4,{c}"] = "turret --u-"
    tiles["6,7"] = tiles["7,7"] = "router uuuu"
    assert sum(spec.startswith("turret") for spec in tiles.values()) == 32
    report = validate(ship(tiles, "IV"))
    assert report.stats.turret_pairs == 16
    assert report.stats.firepower == (16, 16)


def _brute_best(values: dict[Cell, int], tokens: int, panels: dict[Cell, frozenset[Cell]]) -> int:
    """Try every set of doubles and every way to pay for it."""
    cells = sorted(values)
    best = 0
    for mask in range(1 << len(cells)):
        chosen = [c for i, c in enumerate(cells) if mask >> i & 1]
        payers = [("token", i) for i in range(tokens)] + [("panel", p) for p in panels]
        for assignment in itertools.permutations(payers, len(chosen)) if chosen else [()]:
            pairs = zip(chosen, assignment, strict=True)
            if all(kind == "token" or c in panels[p] for c, (kind, p) in pairs):
                best = max(best, sum(values[c] for c in chosen))
                break
    return best


@settings(max_examples=150, deadline=None)
@given(
    values=st.lists(st.sampled_from([1, 2, 4]), min_size=0, max_size=5),
    tokens=st.integers(0, 3),
    reach=st.lists(st.sets(st.integers(0, 4)), max_size=3),
)
def test_best_powered_is_optimal(values: list[int], tokens: int, reach: list[set[int]]) -> None:
    """RULES §4.4: each double needs its own token or its own connected panel."""
    cells = {Cell(1, i): v for i, v in enumerate(values)}
    panels = {
        Cell(2, j): frozenset(Cell(1, i) for i in r if i < len(values)) for j, r in enumerate(reach)
    }
    total, chosen = best_powered(cells, tokens, panels)
    assert total == _brute_best(cells, tokens, panels)
    assert total == sum(cells[c] for c in chosen)
