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
