"""Repair (RULES §3.2, the spec's "Repair"): unload surplus, remove misplaced tiles, clear the
conflicting pairs at the least cost (or one pair at a time, the Policy choosing, with
``method="stepwise"``), drop what falls off, refuse what cannot be repaired. Expected removals
are worked out in each test's comment."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tests.helpers import ship
from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.rules.repair import CannotRepair, RepairResult, repair
from trucker.rules.validate import validate
from trucker.rules.violations import RuleId
from trucker.sim.captains import ScriptedPolicy

pytestmark = pytest.mark.rules("3.2")


def removed(result: RepairResult) -> list[tuple[str, str]]:
    return [(str(r.cell), r.reason) for r in result.removed]


def squares(s: Ship) -> list[str]:
    return sorted(str(c) for c in s.tiles)


def fixed(
    tiles: Mapping[str, str], board: str = "II", method: str = "cheapest", **top: object
) -> RepairResult:
    """Repair (the cheapest by default) and check the result is legal."""
    result = repair(ship(tiles, board, **top), method=method)  # type: ignore[arg-type]
    assert result.report.legal, result.report.violations
    return result


def test_a_legal_ship_is_left_alone() -> None:
    s = ship({"7,7": "start", "7,8": "battery ---u capacity=2", "8,7": "engine u--- rear"})
    result = repair(s)
    assert not result.changed
    assert result.removed == () and result.unloaded == () and result.choices == ()
    assert dict(result.ship.tiles) == dict(s.tiles)
    assert result.tiles_lost == 0


@pytest.mark.parametrize(
    ("spec", "field", "kept"),
    [
        ("cabin ---u crew=3", "crew", 2),
        ("battery ---u capacity=2 charge=3", "charge", 2),
        ("stasis-chamber ---u sleepers=5", "sleepers", 4),
        ("cargo ---u capacity=3 goods=YBYG", "goods", "YYG"),
        ("cargo ---u capacity=2 goods=RB", "goods", "B"),
        ("cargo ---u capacity=2 goods=RYG", "goods", "YG"),
        ("cargo ---u capacity=1 red=true goods=BR", "goods", "R"),
    ],
)
def test_surplus_contents_are_unloaded_never_the_tile(spec: str, field: str, kept: object) -> None:
    """Step 1: the least valuable goods go first (red 4, yellow 3, green 2, blue 1)."""
    result = fixed({"7,7": "start", "7,8": spec})
    assert result.removed == ()
    assert getattr(result.ship.contents[Cell(7, 8)], field) == kept
    assert result.unloaded


def test_an_alien_without_life_support_leaves_an_empty_cabin() -> None:
    result = fixed({"7,7": "start", "7,8": "cabin ---u alien=brown"})
    held = result.ship.contents[Cell(7, 8)]
    assert held.alien is None and held.crew == 0
    assert result.removed == ()


def test_the_second_alien_of_a_colour_is_unloaded() -> None:
    """alien-duplicate names 8,8 (the first is the lowest square, 6,8)."""
    result = fixed(
        {
            "7,7": "start",
            "7,8": "life-support u-uu color=purple",
            "6,8": "cabin --u- alien=purple",
            "8,8": "cabin u--- alien=purple",
        }
    )
    assert result.ship.contents[Cell(6, 8)].alien == "purple"
    assert result.ship.contents[Cell(8, 8)].alien is None


def test_alien_in_the_starting_cabin_is_unloaded() -> None:
    result = fixed({"7,7": "start alien=brown", "7,8": "life-support ---u color=brown"})
    assert result.ship.contents[Cell(7, 7)].alien is None


def test_misplaced_tiles_are_removed() -> None:
    """Step 2: the tile off the board (10,7) and the one on a hole are taken off."""
    assert removed(fixed({"7,7": "start", "10,7": "pipe ----"})) == [("10,7", "off-board")]
    result = fixed({"7,7": "start", "7,8": "pipe ---u"}, "IIIB", holes=[2, 3])
    assert removed(result) == [("7,8", "hole")]


def test_a_shield_no_real_tile_could_be_is_removed() -> None:
    result = fixed({"7,7": "start", "7,8": "shield ---u covers=front,rear"})
    assert removed(result) == [("7,8", "shield-covers")]


FARTHER = {"7,7": "start", "6,7": "pipe --u-", "7,8": "pipe u--u", "6,8": "cannon --s- left"}
"""cannon-blocked 6,8 6,7: the cannon is 2 joined steps from the cabin (via 7,8), the blocker
1 step; nothing else hangs on either."""


def test_of_two_equally_cheap_tiles_the_farther_goes() -> None:
    """Either removal loses one tile: the tie goes the spec's way, the farther tile."""
    result = fixed(FARTHER)
    assert removed(result) == [("6,8", "cannon-blocked")]
    assert squares(result.ship) == ["6,7", "7,7", "7,8"]
    assert result.choices == ()
    assert result.search is not None and result.search.exact
    assert result.removed[0].clears == ("cannon-blocked 6,8 6,7",)


def test_stepwise_the_farther_tile_of_a_pair_goes() -> None:
    result = fixed(FARTHER, method="stepwise")
    assert removed(result) == [("6,8", "cannon-blocked")]
    [choice] = result.choices
    assert choice.label == "remove 6,8"
    assert not choice.forced
    assert result.method == "stepwise" and result.search is None


def test_an_unreachable_tile_is_lost_as_disconnected() -> None:
    """7,9 touches 7,8 through a mismatch and nothing else: never joined, it is lost without a
    removal (the stepwise repair removes it for the mismatch: the same one tile)."""
    result = fixed({"7,7": "start", "7,8": "pipe -s-u", "7,9": "pipe ---d"})
    assert removed(result) == [("7,9", "disconnected")]
    stepwise = fixed({"7,7": "start", "7,8": "pipe -s-u", "7,9": "pipe ---d"}, method="stepwise")
    assert removed(stepwise) == [("7,9", "connector-mismatch")]


def test_a_tile_pointing_a_cannon_at_the_starting_cabin_is_lost() -> None:
    """The barrel's side is smooth: the cannon touches the cabin without joining it."""
    result = fixed({"7,7": "start", "7,8": "cannon u--- left"})
    assert removed(result) == [("7,8", "disconnected")]
    assert squares(result.ship) == ["7,7"]


# 5,7 and 5,8 mismatch (single against double) and neither reaches the cabin.
TIE = {"7,7": "start", "5,7": "pipe -s--", "5,8": "pipe ---d"}


def test_a_piece_that_never_reached_the_cabin_is_lost_whole() -> None:
    result = fixed(TIE)
    assert removed(result) == [("5,7", "disconnected"), ("5,8", "disconnected")]
    assert result.tiles_lost == 2


def test_stepwise_a_tie_goes_to_the_higher_square() -> None:
    """Both unreachable: the higher (row, col) goes (5,8); 5,7 then falls off."""
    result = fixed(TIE, method="stepwise")
    assert removed(result) == [("5,8", "connector-mismatch"), ("5,7", "fell off")]
    assert result.tiles_lost == 2


def test_a_scripted_policy_chooses_the_other_tile() -> None:
    result = repair(
        ship(TIE), policy=ScriptedPolicy(["remove 5,7", "keep piece at 7,7"]), method="stepwise"
    )
    assert removed(result) == [("5,7", "connector-mismatch"), ("5,8", "fell off")]
    assert result.report.legal


def test_a_policy_answers_only_the_stepwise_repair() -> None:
    with pytest.raises(ValueError, match="stepwise"):
        repair(ship(TIE), policy=ScriptedPolicy([]))
    with pytest.raises(ValueError, match="unknown repair method"):
        repair(ship(TIE), method="greedy")  # type: ignore[arg-type]


def test_a_misfacing_engine_goes_and_what_hangs_on_it_falls_off() -> None:
    """engine-facing 8,7: removing it leaves 8,8 joined to nothing."""
    result = fixed({"7,7": "start", "8,7": "engine uu-- left", "8,8": "pipe ---u"})
    assert removed(result) == [("8,7", "engine-facing"), ("8,8", "fell off")]
    stepwise = fixed(
        {"7,7": "start", "8,7": "engine uu-- left", "8,8": "pipe ---u"}, "II", "stepwise"
    )
    assert removed(stepwise) == removed(result)
    assert stepwise.choices[0].forced


SIDEWAYS = {
    "7,7": "start",
    "7,6": "cabin -us-",
    "8,6": "pipe s---",
    "8,7": "engine u--- left",
}
"""The issue's example, worked out by hand. The engine on 8,7 is joined to the cabin above it but
turned sideways: its exhaust points left, at the pipe on 8,6 (engine-facing 8,7, and
engine-blocked 8,7 8,6: the square behind an exhaust must be empty, RULES §3.1 item 3). The pipe
hangs on the cabin on 7,6 (single to single), not on the engine (its right side is smooth, as is
the exhaust's). Removing the engine clears both violations and nothing falls off: one tile. The
stepwise repair takes engine-blocked first (rule ids in alphabetical order), removes the farther
tile of that pair, the pipe (2 steps from the starting cabin, the engine 1), and then the engine
for engine-facing: two tiles."""


def test_the_sideways_engine_alone_goes() -> None:
    assert [(v.rule, [str(c) for c in v.squares]) for v in validate(ship(SIDEWAYS)).violations] == [
        (RuleId.ENGINE_BLOCKED, ["8,7", "8,6"]),
        (RuleId.ENGINE_FACING, ["8,7"]),
    ]
    result = fixed(SIDEWAYS)
    assert removed(result) == [("8,7", "engine-facing")]
    assert result.removed[0].clears == ("engine-facing 8,7", "engine-blocked 8,7 8,6")
    assert result.tiles_lost == 1
    assert squares(result.ship) == ["7,6", "7,7", "8,6"]
    assert result.search is not None and result.search.exact


def test_the_stepwise_repair_loses_two_tiles_on_the_sideways_engine() -> None:
    result = fixed(SIDEWAYS, method="stepwise")
    assert removed(result) == [("8,6", "engine-blocked"), ("8,7", "engine-facing")]
    assert result.tiles_lost == 2


def test_the_nearer_tile_goes_when_the_farther_one_carries_others() -> None:
    """Worked out by hand. The side cannon on 6,8 (joined to the pipe on 7,8 by its rear) points
    left at the pipe on 6,7 (cannon-blocked 6,8 6,7); two pipes hang on the cannon's right
    side (6,9, then 7,9 below it). The pipe on 6,7 is 1 joined step from the cabin and carries
    nothing; the cannon is 2 steps away. Removing the pipe loses one tile; removing the farther
    tile, the cannon, as the stepwise repair does, loses it and the two pipes hanging on it:
    three."""
    tiles = {
        "7,7": "start",
        "6,7": "pipe --u-",
        "7,8": "pipe u--u",
        "6,8": "cannon -uu- left",
        "6,9": "pipe --uu",
        "7,9": "pipe u---",
    }
    assert [str(v.rule) for v in validate(ship(tiles)).violations] == ["cannon-blocked"]
    result = fixed(tiles)
    assert removed(result) == [("6,7", "cannon-blocked")]
    assert result.tiles_lost == 1
    stepwise = fixed(tiles, method="stepwise")
    assert removed(stepwise) == [
        ("6,8", "cannon-blocked"), ("6,9", "fell off"), ("7,9", "fell off"),
    ]  # fmt: skip


def test_a_search_cut_short_says_so_and_still_repairs() -> None:
    """With room for one position only, the search keeps the first repair it meets (the farther
    tile of each conflict, as the spec orders it: two positions, the ship as built and the ship
    without the cannon) and says it is not proven the cheapest."""
    tiles = {
        "7,7": "start",
        "6,7": "pipe --u-",
        "7,8": "pipe u--u",
        "6,8": "cannon -uu- left",
        "6,9": "pipe --uu",
        "7,9": "pipe u---",
    }
    result = repair(ship(tiles), limit=1)
    assert result.report.legal
    assert result.search is not None and not result.search.exact
    assert result.search.positions == 2
    assert result.tiles_lost == 3
    with pytest.raises(ValueError, match="at least 1"):
        repair(ship(tiles), limit=0)


def test_an_alien_that_loses_its_support_is_unloaded_after_the_removals() -> None:
    """8,7 meets the life support's left side on a smooth side: the support (2 steps, via the
    cabin) is farther than 8,7 (1 step) and goes; then the alien on 7,8 has no support."""
    result = fixed(
        {
            "7,7": "start",
            "7,8": "cabin --uu alien=purple",
            "8,8": "life-support u--u color=purple",
            "8,7": "pipe u---",
        }
    )
    assert removed(result) == [("8,8", "connector-mismatch")]
    assert result.ship.contents[Cell(7, 8)].alien is None
    assert any("alien" in note for note in result.unloaded)


def test_keep_the_piece_with_the_starting_cabin() -> None:
    s = ship({"7,7": "start", "7,8": "pipe ---u"})
    result = repair(s, keep=Cell(7, 8))
    assert not result.changed


def test_keep_a_piece_without_the_starting_cabin_cannot_repair() -> None:
    s = ship({"7,7": "start", "9,9": "pipe ----"})
    with pytest.raises(CannotRepair, match="keeping the piece at 9,9 would lose the starting"):
        repair(s, keep=Cell(9, 9))


def test_keep_an_empty_square_cannot_repair() -> None:
    with pytest.raises(CannotRepair, match="no tile there"):
        repair(ship({"7,7": "start"}), keep=Cell(6, 6))


@pytest.mark.parametrize(
    ("tiles", "board", "top", "reason"),
    [
        ({"7,7": "cabin uuuu"}, "II", {}, "no starting cabin"),
        ({"7,7": "start", "7,8": "start"}, "II", {}, "2 starting cabins"),
        ({"7,6": "start"}, "II", {}, "not on the start square 7,7"),
        ({"17,7": "start"}, "II", {}, "no starting cabin on the board"),
        ({"7,7": "start"}, "IIIB", {"holes": [5, 5]}, "no starting cabin on the board"),
    ],
)
def test_cannot_repair(
    tiles: dict[str, str], board: str, top: dict[str, object], reason: str
) -> None:
    """Step 5: without exactly one starting cabin on a legal start square."""
    with pytest.raises(CannotRepair, match=reason):
        repair(ship(tiles, board, **top))


def test_after_a_double_the_starting_cabin_may_lie_anywhere() -> None:
    result = repair(ship({"8,8": "start"}, "IIIB", holes=[5, 5]))
    assert not result.changed


BROKEN = {
    "5,7": "pipe ----",
    "6,7": "cannon --s- front",
    "7,6": "engine -u-- left",
    "7,7": "start crew=3",
    "7,8": "battery -ssd capacity=2",
    "7,9": "cargo ---d capacity=3 goods=RYG",
    "8,7": "engine u--- rear",
    "8,8": "cabin s--- alien=brown",
    "10,7": "pipe ----",
}


def test_repair_is_idempotent() -> None:
    first = repair(ship(BROKEN))
    assert first.report.legal
    again = repair(first.ship)
    assert not again.changed
    assert dict(again.ship.tiles) == dict(first.ship.tiles)


def test_repaired_tiles_are_a_subset_of_the_input() -> None:
    s = ship(BROKEN)
    result = repair(s)
    for cell, tile in result.ship.tiles.items():
        original = s.tiles[cell]
        assert (tile.part, tile.sides, tile.facing) == (
            original.part,
            original.sides,
            original.facing,
        )
    assert set(result.ship.tiles) | {r.cell for r in result.removed} == set(s.tiles)


def test_result_to_dict() -> None:
    data = repair(ship(SIDEWAYS)).to_dict()
    assert data["repaired"] is True
    assert data["tiles_lost"] == 1
    assert data["legal"] is True
    assert data["removed"] == [
        {
            "square": "8,7",
            "part": "engine",
            "reason": "engine-facing",
            "clears": ["engine-facing 8,7", "engine-blocked 8,7 8,6"],
        }
    ]
    assert data["method"] == "cheapest"
    assert data["search"] == {"exact": True, "positions": data["search"]["positions"],
                              "limit": 20_000}  # fmt: skip
    assert repair(ship(SIDEWAYS), method="stepwise").to_dict()["search"] is None


def test_a_policy_that_removes_the_starting_cabin_cannot_repair() -> None:
    """The spec's Repair step 5: a ship without its starting cabin cannot be made legal. Here
    the only other tile (6,7, smooth against the cabin) would be left alone as an illegal
    one-piece "ship" if the removal of the cabin were accepted."""
    s = ship({"7,7": "start", "6,7": "cabin ---- alien=brown"})
    with pytest.raises(CannotRepair, match="removing the starting cabin on 7,7"):
        repair(s, policy=ScriptedPolicy(["remove 7,7"]), method="stepwise")
    assert [str(r.cell) for r in repair(s).removed] == ["6,7"]


def test_only_the_surplus_alien_is_unloaded() -> None:
    """Two purple aliens: 6,8 has no life support, 8,8 is joined to purple support on 8,9.
    Unloading the unsupported one leaves a single, supported purple alien: the one on 8,8 is
    not surplus and stays (the spec's Repair step 1)."""
    result = fixed(
        {
            "7,7": "start",
            "6,8": "cabin --u- alien=purple",
            "7,8": "pipe u-uu",
            "8,8": "cabin uu-- alien=purple",
            "8,9": "life-support ---u color=purple",
        }
    )
    assert result.ship.contents[Cell(6, 8)].alien is None
    assert result.ship.contents[Cell(8, 8)].alien == "purple"
    assert len(result.unloaded) == 1


def test_an_alien_in_the_starting_cabin_does_not_cost_the_other_one() -> None:
    """A brown alien in the starting cabin must go; the brown alien on 7,8, supported by 8,8,
    is then the only one and stays."""
    result = fixed(
        {
            "7,7": "start alien=brown",
            "7,8": "cabin --uu alien=brown",
            "8,8": "life-support u--- color=brown",
        }
    )
    assert result.ship.contents[Cell(7, 7)].alien is None
    assert result.ship.contents[Cell(7, 8)].alien == "brown"


def test_keep_a_tile_every_repair_must_remove_cannot_repair() -> None:
    """The sideways engine breaks engine-facing on its own: no repair keeps it. Keeping the
    structure behind its exhaust is the cheapest repair anyway."""
    with pytest.raises(CannotRepair, match="no repair keeps the tile on 8,7"):
        repair(ship(SIDEWAYS), keep=Cell(8, 7))
    assert removed(repair(ship(SIDEWAYS), keep=Cell(8, 6))) == [("8,7", "engine-facing")]
