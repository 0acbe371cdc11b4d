"""Repair (RULES §3.2, the spec's "Repair"): unload surplus, remove misplaced tiles, let the
Policy pick one tile of each conflicting pair, drop what falls off, refuse what cannot be
repaired. Expected removals are worked out in each test's comment."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tests.helpers import ship
from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.rules.repair import CannotRepair, RepairResult, repair
from trucker.sim.captains import ScriptedPolicy

pytestmark = pytest.mark.rules("3.2")


def removed(result: RepairResult) -> list[tuple[str, str]]:
    return [(str(r.cell), r.reason) for r in result.removed]


def squares(s: Ship) -> list[str]:
    return sorted(str(c) for c in s.tiles)


def fixed(tiles: Mapping[str, str], board: str = "II", **top: object) -> RepairResult:
    """Repair with the default captain and check the result is legal."""
    result = repair(ship(tiles, board, **top))
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


def test_the_farther_tile_of_a_pair_goes() -> None:
    """cannon-blocked 6,8 6,7: the cannon is 2 joined steps from the cabin (via 7,8), the
    blocker 1 step: the cannon goes."""
    result = fixed(
        {
            "7,7": "start",
            "6,7": "pipe --u-",
            "7,8": "pipe u--u",
            "6,8": "cannon --s- left",
        }
    )
    assert removed(result) == [("6,8", "cannon-blocked")]
    assert squares(result.ship) == ["6,7", "7,7", "7,8"]
    [choice] = result.choices
    assert choice.label == "remove 6,8"
    assert not choice.forced


def test_an_unreachable_tile_counts_as_farthest() -> None:
    """7,9 touches 7,8 through a mismatch and nothing else: unreachable, so it goes."""
    result = fixed({"7,7": "start", "7,8": "pipe -s-u", "7,9": "pipe ---d"})
    assert removed(result) == [("7,9", "connector-mismatch")]


def test_a_tile_pointing_a_cannon_at_the_starting_cabin_goes() -> None:
    result = fixed({"7,7": "start", "7,8": "cannon u--- left"})
    assert removed(result) == [("7,8", "cannon-blocked")]
    assert squares(result.ship) == ["7,7"]


# 5,7 and 5,8 mismatch (single against double) and neither reaches the cabin.
TIE = {"7,7": "start", "5,7": "pipe -s--", "5,8": "pipe ---d"}


def test_a_tie_goes_to_the_higher_square() -> None:
    """Both unreachable: the higher (row, col) goes (5,8); 5,7 then falls off."""
    result = fixed(TIE)
    assert removed(result) == [("5,8", "connector-mismatch"), ("5,7", "fell off")]
    assert result.tiles_lost == 2


def test_a_scripted_policy_chooses_the_other_tile() -> None:
    result = repair(ship(TIE), policy=ScriptedPolicy(["remove 5,7", "keep piece at 7,7"]))
    assert removed(result) == [("5,7", "connector-mismatch"), ("5,8", "fell off")]
    assert result.report.legal


def test_a_misfacing_engine_is_the_only_option_and_what_hangs_on_it_falls_off() -> None:
    """engine-facing 8,7: removing it leaves 8,8 joined to nothing."""
    result = fixed({"7,7": "start", "8,7": "engine uu-- left", "8,8": "pipe ---u"})
    assert removed(result) == [("8,7", "engine-facing"), ("8,8", "fell off")]
    assert result.choices[0].forced


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
    data = repair(ship(TIE)).to_dict()
    assert data["repaired"] is True
    assert data["tiles_lost"] == 2
    assert data["legal"] is True
    assert data["removed"][0] == {
        "square": "5,8",
        "part": "structure",
        "reason": "connector-mismatch",
    }


def test_a_policy_that_removes_the_starting_cabin_cannot_repair() -> None:
    """The spec's Repair step 5: a ship without its starting cabin cannot be made legal. Here
    the only other tile (6,7, smooth against the cabin) would be left alone as an illegal
    one-piece "ship" if the removal of the cabin were accepted."""
    s = ship({"7,7": "start", "6,7": "cabin ---- alien=brown"})
    with pytest.raises(CannotRepair, match="removing the starting cabin on 7,7"):
        repair(s, policy=ScriptedPolicy(["remove 7,7"]))
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
