"""``trucker hit`` and ``trucker exposure`` from the command line: output, JSON and exit codes."""

from __future__ import annotations

import json

import pytest

from tests.cli.invoke import trucker
from tests.conftest import SCENARIOS

CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")
CYLINDER = str(SCENARIOS / "ships" / "iib-cylinder.toml")
GREEN = str(SCENARIOS / "attacks" / "green-thruster.toml")
BROKEN = str(SCENARIOS / "ships" / "broken-hauler.toml")
SPINNER = str(SCENARIOS / "attacks" / "cylinder-thruster.toml")


def test_hit_json_carries_the_issue_keys() -> None:
    run = trucker("hit", CRUISER, "-t", "heavy-fire", "--from", "rear", "--roll", "6", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    for key in ("threat", "roll", "shift", "line", "solar_used", "hit", "stopped_by",
                "batteries_used", "destroyed", "lost"):  # fmt: skip
        assert key in data
    assert data["roll"] == 6
    assert data["hit"] == "9,6"
    assert data["destroyed"] == ["9,6"]


def test_hit_text_explains() -> None:
    run = trucker("hit", CRUISER, "--threat", "large-meteor", "--from", "left", "--roll", "8")
    assert run.returncode == 0
    assert "shot down by the cannon on 7,4" in run.stdout
    assert "nothing lost" in run.stdout


def test_shift_only_when_asked() -> None:
    args = ("hit", GREEN, "--threat", "small-meteor", "--from", "front", "--roll", "5", "--json")
    stay = json.loads(trucker(*args).stdout)
    assert stay["shift"] is None and stay["lost"] == ["6,5"]
    moved = json.loads(trucker(*args, "--shift", "right").stdout)
    assert moved["shift"] == "right" and moved["line"] == 4 and moved["lost"] == []
    assert moved["batteries_used"] == 1


def test_iib_needs_both_dice() -> None:
    run = trucker("hit", CYLINDER, "--threat", "small-meteor", "--from", "left", "--roll", "5")
    assert run.returncode == 2
    assert "--dice" in run.stderr and "Traceback" not in run.stderr
    run = trucker("hit", CYLINDER, "-t", "small-meteor", "-f", "left", "--dice", "2,5", "--json")
    assert run.returncode == 0
    assert json.loads(run.stdout)["line"] == {"row": 2, "entry": 7}


def test_a_iib_side_miss_is_shifted_by_its_first_die_or_refused_saying_why() -> None:
    """RULES §1.5: first die 1 moved front is row 2, the entry unchanged; never ignored."""
    args = ("hit", SPINNER, "-t", "small-meteor", "--from", "left")
    run = trucker(*args, "--dice", "1,3", "--shift", "front", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert (data["rolled_line"], data["shift"], data["line"]) == (
        None,
        "front",
        {"row": 2, "entry": 3},
    )
    assert (data["hit"], data["stopped_by"], data["batteries_used"]) == ("2,5", "smooth", 1)
    run = trucker(*args, "--dice", "6,3", "--shift", "front")
    assert run.returncode == 2, run.stdout
    assert "a first die of 6 misses the ship, and a front shift makes it 7" in run.stderr
    assert "a rear shift would make it row 5" in run.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--threat", "comet", "--from", "left", "--roll", "5"), "--threat"),
        (("--threat", "small-meteor", "--from", "up", "--roll", "5"), "--from"),
        (("--threat", "small-meteor", "--from", "left", "--roll", "13"), "--roll"),
        (("--threat", "small-meteor", "--from", "left", "--dice", "7,1"), "--dice"),
        (("-t", "small-meteor", "--from", "left", "--roll", "5", "--shift", "left"), "--shift"),
    ],
)
def test_bad_options_exit_2(args: tuple[str, ...], needle: str) -> None:
    run = trucker("hit", CRUISER, *args)
    assert run.returncode == 2
    assert needle in run.stderr
    assert "Traceback" not in run.stderr


def test_illegal_layout_refused_unless_repaired() -> None:
    args = ("hit", BROKEN, "--threat", "small-meteor", "--from", "front", "--roll", "7")
    assert trucker(*args).returncode == 1
    run = trucker(*args, "--repair", "--json")
    assert run.returncode == 0
    data = json.loads(run.stdout)
    assert data["repaired"] == ["10,7", "7,6", "5,7", "7,9"]  # as trucker fix removes them
    assert data["tiles_lost"] >= 4


def test_exposure_json_and_text() -> None:
    run = trucker("exposure", CRUISER, "--threat", "small-meteor", "--json")
    assert run.returncode == 0
    sides = {s["from"]: s for s in json.loads(run.stdout)["sides"]}
    assert sides["left"]["damage_without_batteries"]["of_36"] == 5, "row 6: 6,5's left connector"
    assert sides["left"]["damage_with_batteries"]["of_36"] == 0, "the shield covers the left"
    text = trucker("exposure", CRUISER, "--threat", "small-meteor", "--from", "left")
    assert text.returncode == 0 and "6,5 battery" in text.stdout
