"""``trucker intruder`` from the command line: JSON keys, teaching output, bad flags."""

from __future__ import annotations

import json

import pytest

from tests.cli.invoke import trucker
from tests.conftest import SCENARIOS

YELLOW = str(SCENARIOS / "intruders" / "yellow-predator.toml")
PREDATOR = str(SCENARIOS / "intruders" / "small-predator.toml")
COMMANDO = str(SCENARIOS / "intruders" / "commando.toml")
CYLINDER = str(SCENARIOS / "ships" / "iib-cylinder.toml")
SPINNER = str(SCENARIOS / "attacks" / "cylinder-thruster.toml")
RUSTY = str(SCENARIOS / "intruders" / "robot-thruster.toml")


def test_json_carries_the_issue_keys() -> None:
    run = trucker(
        "intruder", YELLOW, "--card", PREDATOR, "--roll", "7", "--shift", "front", "--json"
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    for key in ("landing", "outcome", "walkers", "eaten", "fused", "destroyed", "lost", "reward"):
        assert key in data
    assert data["landing"] == "8,5" and data["outcome"] == "defeated"
    assert data["walkers"] == [
        {
            **data["walkers"][0],
            "hand": "left",
            "path": ["8,5", "7,5"],
            "outcome": "defeated",
            "step": 2,
        }
    ]
    assert data["reward"] == {"credits": 2, "goods": ""}


def test_flags_equal_the_card() -> None:
    flags = (
        "--kind",
        "predator",
        "--steps",
        "4",
        "--hand",
        "left",
        "--from",
        "left",
        "--reward",
        "2",
    )
    by_flags = json.loads(trucker("intruder", YELLOW, *flags, "--roll", "9", "--json").stdout)
    by_card = json.loads(
        trucker("intruder", YELLOW, "--card", PREDATOR, "--roll", "9", "--json").stdout
    )
    assert by_flags["walkers"] == by_card["walkers"] and by_flags["eaten"] == by_card["eaten"]


def test_explain_and_frames_teach() -> None:
    run = trucker("intruder", YELLOW, "--card", PREDATOR, "--roll", "9", "--explain")
    assert "the left-hand rule tries left first" in run.stdout
    assert "it eats 3 battery tokens on 9,7" in run.stdout
    frames = trucker("intruder", YELLOW, "--card", PREDATOR, "--roll", "9", "--frames", "-")
    assert frames.stdout.count("step ") >= 4 and "@" in frames.stdout


def test_commando_from_the_issue() -> None:
    args = ("--kind", "commando", "--steps", "12", "--fuses", "6,12", "--hand", "left",
            "--from", "front", "--roll", "7", "--json")  # fmt: skip
    data = json.loads(trucker("intruder", COMMANDO, *args).stdout)
    assert data["fused"] == ["5,6", "6,9"] and data["lost"] == ["5,6", "6,9", "6,10"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (
            ("--kind", "predator", "--steps", "4", "--fuses", "2", "--from", "left", "--roll", "7"),
            "--fuses",
        ),
        (
            (
                "--kind",
                "commando",
                "--steps",
                "4",
                "--fuses",
                "3,2",
                "--from",
                "left",
                "--roll",
                "7",
            ),
            "--fuses",
        ),
        (
            ("--kind", "commando", "--steps", "4", "--fuses", "5", "--from", "left", "--roll", "7"),
            "--fuses",
        ),
        (
            (
                "--kind",
                "predator",
                "--steps",
                "4",
                "--double",
                "--hand",
                "left",
                "--from",
                "left",
                "--roll",
                "7",
            ),
            "--hand",
        ),
        (("--kind", "ghost", "--steps", "4", "--from", "left", "--roll", "7"), "--kind"),
        (("--steps", "4", "--roll", "7"), "--from"),
        (
            ("--steps", "100000", "--from", "left", "--roll", "9"),
            "--steps: 100000: an intruder takes at most 99 steps",
        ),
        (
            ("--steps", "4", "--from", "left", "--roll", "9", "--reward", "9" * 5000),
            "a card pays at most 99 credits",
        ),
        (("--steps", "4", "--from", "left", "--roll", "9", "--reward", "²"), "--reward: ²: "),
    ],
)
def test_bad_flags_exit_2(args: tuple[str, ...], needle: str) -> None:
    run = trucker("intruder", YELLOW, *args)
    assert run.returncode == 2, run.stdout
    assert needle in run.stderr and "Traceback" not in run.stderr


def test_roll_on_iib_is_bad_input() -> None:
    run = trucker("intruder", CYLINDER, "--steps", "4", "--from", "left", "--roll", "5")
    assert run.returncode == 2 and "--dice" in run.stderr
    ok = trucker("intruder", CYLINDER, "--steps", "4", "--from", "left", "--dice", "3,2", "--json")
    assert ok.returncode == 0


def test_a_iib_side_miss_can_be_shifted_onto_the_ship() -> None:
    """Dice 1,3 miss; --shift front makes the first die 2 (RULES §1.5): the predator lands on
    row 2, entering at column 3, on the cabin 2,5 (its crew is eaten: the shift was asked)."""
    flags = ("--kind", "predator", "--steps", "2", "--from", "left", "--dice", "1,3")
    run = trucker("intruder", SPINNER, *flags, "--shift", "front", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert (data["shift"], data["line"], data["landing"]) == (
        "front",
        {"row": 2, "entry": 3},
        "2,5",
    )
    assert [w["path"] for w in data["walkers"]] == [["2,5", "3,5"]]
    refused = trucker("intruder", SPINNER, *flags, "--shift", "rear")
    assert refused.returncode == 2
    assert "a rear shift makes it 0, which misses too" in refused.stderr


def test_a_thruster_only_robots_could_work_offers_them_and_activate_robots_wakes_them() -> None:
    """RULES §2.4: Rusty's only thruster is joined to sleeping robots. --shift alone is refused
    naming them and the option that wakes them; with --activate-robots one token wakes them,
    another fires the thruster, and row 8 misses."""
    args = ("intruder", RUSTY, "--card", PREDATOR, "--roll", "7", "--shift", "front")
    refused = trucker(*args)
    assert refused.returncode == 2, refused.stdout
    assert "the robots on 6,7 could work it once activated" in refused.stderr
    assert "add --activate-robots" in refused.stderr
    run = trucker(*args, "--activate-robots", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["robots_activated"] == ["6,7"] and data["shift"] == "front"
    assert (data["line"], data["outcome"], data["eaten"]) == (8, "miss", [])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ((RUSTY, "--roll", "7"), "give --shift too"),
        ((YELLOW, "--roll", "7", "--shift", "front"), "awake crew already work a thruster"),
    ],
)
def test_activate_robots_that_would_do_nothing_is_refused(
    args: tuple[str, ...], needle: str
) -> None:
    run = trucker("intruder", args[0], "--card", PREDATOR, *args[1:], "--activate-robots")
    assert run.returncode == 2 and needle in run.stderr, run.stderr
