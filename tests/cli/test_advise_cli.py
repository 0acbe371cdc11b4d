"""``trucker advise`` from the command line: the report, --json, and bad input."""

from __future__ import annotations

import json

import pytest

from tests.cli.invoke import trucker
from tests.conftest import SCENARIOS

TINKER = str(SCENARIOS / "flights" / "robot-thruster.toml")
PREDATOR = str(SCENARIOS / "flights" / "decks" / "small-predator.toml")
CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")


def test_the_robots_question_best_first() -> None:
    """The golden of robot-thruster.toml: waking the robots is worth 6 credits and the way
    home; leaving them asleep, nothing."""
    run = trucker("advise", TINKER, "-d", PREDATOR, "--dice", "3,4", "--effort", "10")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "Decision 2: Tinker, activate-robots, card intruder (I)"
    first, second = (line for line in lines if line[:2] in (" 1", " 2"))
    assert "activate robots 7,8 with battery 6,8" in first and "6.00 (6.00 to 6.00)" in first
    assert "100.0%" in first
    assert "leave robots 7,8 inactive" in second and "0.0%" in second
    assert "Best: activate robots 7,8 with battery 6,8" in run.stdout


def test_a_saved_log_at_a_decision_in_json(tmp_path) -> None:
    log = tmp_path / "log.json"
    flown = trucker("fly", CRUISER, "-d", "random:III", "--seed", "7", "--json")
    log.write_text(flown.stdout)
    decided = [e for e in json.loads(flown.stdout)["events"] if e["kind"] == "decided"]
    at = next(i for i, e in enumerate(decided, 1) if not e["forced"] and e["decision"] != "give-up")
    run = trucker("advise", str(log), "--at", str(at), "--effort", "4", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert (data["decision"], data["kind"], data["effort"]) == (at, decided[at - 1]["decision"], 4)
    values = [o["credits"]["value"] for o in data["options"]]
    assert values == sorted(values, reverse=True)
    for option in data["options"]:
        assert option["credits"]["low"] <= option["credits"]["value"] <= option["credits"]["high"]
        assert 0 <= option["home"]["low"] <= option["home"]["value"] <= option["home"]["high"] <= 1
    assert data["options"][0]["difference"] is None
    assert all(o["difference"] is not None for o in data["options"][1:])


@pytest.mark.slow
def test_options_that_cannot_be_told_apart_are_named(tmp_path) -> None:
    """Two options whose rollouts end alike, rollout by rollout: said plainly, not ranked as
    if one were better."""
    log = tmp_path / "log.json"
    log.write_text(trucker("fly", CRUISER, "-d", "random:III", "--seed", "7", "--json").stdout)
    outputs = []
    for at in range(1, 40):
        run = trucker("advise", str(log), "--at", str(at), "--effort", "3")
        if run.returncode != 0:
            break
        outputs.append(run.stdout)
    said = [o for o in outputs if "cannot be told apart" in o]
    same = [o for o in outputs if "Every option leaves the flight the same" in o]
    assert said and same


@pytest.mark.parametrize(
    ("args", "why"),
    [
        ((TINKER, "-d", PREDATOR), "needs a roll for predator landing"),
        ((TINKER,), "give the flight's deck"),
        ((TINKER, "-d", PREDATOR, "--dice", "3,4", "--effort", "0"), "1 to 100,000"),
        ((TINKER, "-d", PREDATOR, "--dice", "3,4", "--objective", "glory"), "credits or home"),
        ((TINKER, "--at", "3"), "not a trucker-flight/1 log"),
        ((TINKER, TINKER, "--at", "3"), "one flight log"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], why: str) -> None:
    run = trucker("advise", *args)
    assert run.returncode == 2, run.stdout
    assert why in run.stderr and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_a_decision_past_the_log(tmp_path) -> None:
    log = tmp_path / "log.json"
    log.write_text(trucker("fly", TINKER, "-d", PREDATOR, "--dice", "3,4", "--json").stdout)
    run = trucker("advise", str(log), "--at", "99")
    assert run.returncode == 2 and "--at: 99: the log has decisions 1 to" in run.stderr
