"""``trucker weigh`` from the command line: the ranking, the JSON, the picture, and one line and
exit 2 for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.invoke import trucker
from tests.conftest import SCENARIOS

pytestmark = pytest.mark.slow

GUARD = str(SCENARIOS / "odds" / "front-guard.toml")
METEOR = str(SCENARIOS / "odds" / "one-small-meteor.toml")
BASE = ("weigh", GUARD, "--deck", METEOR, "--parts", "shield,battery", "--seed", "5")


def test_json_ranks_a_front_shield_first_and_says_what_culling_saved() -> None:
    run = trucker(*BASE, "--precision", "0.03", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    best = data["changes"][0]
    assert best["change"] == "add" and best["part"] == "shield" and "front" in best["lies"]
    assert best["credits"]["low"] <= 1 / 6 <= best["credits"]["high"]
    assert best["ties_leader"] and not best["tie_with_zero"]
    engine = next(c for c in data["changes"] if c["key"] == "-engine@8,7 rear")
    assert engine["tie_with_zero"] and not engine["ties_leader"]
    assert data["illegal_removals"] == ["6,7", "7,7"]
    flights = data["flights"]
    assert flights["flown"] < flights["without_culling"]
    assert data["precision_met"] and data["stages"][0]["candidates"] == len(data["changes"])


def test_text_report_and_picture(tmp_path: Path) -> None:
    picture = tmp_path / "value.svg"
    run = trucker(*BASE, "--precision", "0.05", "--top", "3", "--svg", str(picture))
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert out.startswith("weigh: Front guard, 34 changes") and "rerun with --seed 5" in out
    assert "1. add shield on 6,6, covering front and right" in out
    assert "(ties the best)" in out and "no different from no change" in out
    assert "each free square's best addition (credits):" in out
    assert "+0.1" in out.split("best addition")[1]  # the drawing's value labels
    assert "staged culling:" in out and "precision met" in out
    svg = picture.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and 'id="addition-6-6"' in svg and 'id="removal-8-7"' in svg


def test_bad_inputs_exit_2() -> None:
    for args, why in (
        (("--parts", "shield,wing"), "not a part"),
        (("--parts", "battery:9"), "battery varieties"),
        (("--join", "maybe"), "use any or open"),
        (("--precision", "-1"), "half-width above 0"),
        (("--policy", "reckless"), "unknown captain"),
    ):
        run = trucker("weigh", GUARD, "--deck", METEOR, *args)
        assert run.returncode == 2, (args, run.stderr)
        assert why in run.stderr and "Traceback" not in run.stderr
        assert len(run.stderr.strip().splitlines()) == 1


CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")


def test_rulings_impact_reports_each_alternative() -> None:
    run = trucker("rulings", "--impact", GUARD, "--deck", METEOR, "-n", "40", "--seed", "2")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert out.startswith("rulings --impact: Front guard, 40 flights")
    assert "no flight ended differently: " in out and "thruster_clearance=one-square" in out
    assert "not tried (no one alternative" in out and "track_length" in out


def test_rulings_impact_json_and_its_bad_input() -> None:
    run = trucker("rulings", "--impact", GUARD, "--deck", METEOR, "-n", "20", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["flights"] == 20 and data["impacts"]
    assert {"ruling", "alternative", "credits", "finish", "no_effect"} <= set(data["impacts"][0])
    missing = trucker("rulings", "--impact", GUARD)
    assert missing.returncode == 2 and "--impact needs a deck" in missing.stderr
    bad = trucker("rulings", "--impact", GUARD, "--deck", METEOR, "--ruling", "nonsense=1")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
