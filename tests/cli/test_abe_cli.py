"""ABE from the command line: ``trucker radiation``, Class IV flights with insurance, five
ships (RULES §6.4, §8.1, §9.3)."""

from __future__ import annotations

import json

from tests.cli.invoke import trucker
from tests.conftest import SCENARIOS

SHIPS = SCENARIOS / "ships"
LEVIATHAN = str(SHIPS / "class-iv-leviathan.toml")
LINER = str(SHIPS / "class-iv-liner.toml")
NETWORK_A = str(SCENARIOS / "radiation" / "network-a.toml")
NETWORK_B = str(SCENARIOS / "radiation" / "network-b.toml")


def test_radiation_text_names_networks_and_losses() -> None:
    run = trucker("radiation", NETWORK_A)
    assert run.returncode == 0, run.stderr
    assert "network 1: 7,5, 7,6 — 4 tokens: EXPLODES" in run.stdout
    assert "network 2: 7,8, 7,9 — 3 tokens: safe" in run.stdout
    assert "crew exposed (one each): human on 7,7" in run.stdout
    assert "1 crew member lost · 2 tiles lost" in run.stdout


def test_radiation_json_and_spend() -> None:
    run = trucker("radiation", NETWORK_B, "--json")
    data = json.loads(run.stdout)
    assert [n["tokens"] for n in data["networks"]] == [7]
    assert data["destroyed"] == ["6,5", "6,6", "6,7", "7,5"]
    spent = json.loads(trucker("radiation", NETWORK_B, "--spend", "6,6", "--json").stdout)
    assert [(n["tokens"], n["explodes"]) for n in spent["networks"]] == [(3, False), (3, False)]
    assert spent["tiles_lost"] == []


def test_radiation_ruling_is_reported() -> None:
    run = trucker("radiation", NETWORK_A, "--ruling", "radiation_explodes_at=5")
    assert "4 tokens: safe" in run.stdout
    assert "radiation_explodes_at = 5" in run.stdout


def test_radiation_bad_spend_exits_2() -> None:
    for square, why in (("7,7", "no battery there"), ("x", "--spend")):
        run = trucker("radiation", NETWORK_A, "--spend", square)
        assert run.returncode == 2 and why in run.stderr and "Traceback" not in run.stderr
    twice = trucker("radiation", NETWORK_B, "--spend", "6,6", "--spend", "6,6")
    assert twice.returncode == 2 and "no token left" in twice.stderr


def test_radiation_svg(tmp_path) -> None:
    picture = tmp_path / "leak.svg"
    run = trucker("radiation", NETWORK_A, "--svg", str(picture))
    assert run.returncode == 0, run.stderr
    text = picture.read_text()
    assert text.startswith("<svg") and "Radiation Leak" in text


def test_class_iv_flight_insurance_flags() -> None:
    base = ("fly", LEVIATHAN, "--deck", "random:IV", "--seed", "3", "--json")
    for flag, bought in (("--insured", True), ("--no-insured", False)):
        data = json.loads(trucker(*base, flag).stdout)
        (event,) = [e for e in data["events"] if e["kind"] == "insured"]
        assert event["insured"] is bought
        assert data["ships"][0]["insurance"] == (5 if bought else 0)
        asked = [e for e in data["events"] if e["kind"] == "decided" and e["decision"] == "insure"]
        assert asked == []
    chosen = json.loads(trucker(*base).stdout)
    asked = [e for e in chosen["events"] if e["kind"] == "decided" and e["decision"] == "insure"]
    assert len(asked) == 1


def test_class_iv_file_says_insured() -> None:
    data = json.loads(trucker("fly", LINER, "--deck", "random:IV", "--seed", "3", "--json").stdout)
    assert [e["insured"] for e in data["events"] if e["kind"] == "insured"] == [True]
    over = trucker("fly", LINER, "--deck", "random:IV", "--seed", "3", "--no-insured", "--json")
    assert [e["insured"] for e in json.loads(over.stdout)["events"] if e["kind"] == "insured"] == [
        False
    ]


def test_class_iv_replay_keeps_the_captains_insurance(tmp_path) -> None:
    run = trucker("fly", LEVIATHAN, "--deck", "random:IV", "--seed", "11", "--json")
    log = tmp_path / "iv.json"
    log.write_text(run.stdout)
    again = json.loads(trucker("replay", str(log), "--json").stdout)
    assert again["ships"] == json.loads(run.stdout)["ships"]


def test_five_ships_fly_and_six_do_not() -> None:
    ships = [str(SHIPS / n) for n in ("class-iii-cruiser.toml", "abe-gadgets.toml")] * 2
    five = trucker("fly", *ships, LEVIATHAN, "--deck", "random:III", "--seed", "9", "--quiet")
    assert five.returncode == 0, five.stderr
    assert "Leviathan" in five.stdout and "Gadget (2)" in five.stdout
    six = trucker("fly", *ships, LEVIATHAN, LINER, "--deck", "random:III")
    assert six.returncode == 2 and "one to five ships" in six.stderr


def test_insurance_column_only_when_bought() -> None:
    run = trucker("fly", LEVIATHAN, "--deck", "random:IV", "--seed", "3", "--insured", "--quiet")
    header = next(line for line in run.stdout.splitlines() if line.startswith("ship "))
    assert header.split()[-2:] == ["insurance", "credits"]
    plain = trucker("fly", str(SHIPS / "class-iii-cruiser.toml"), "--deck", "random:III",
                    "--seed", "3", "--quiet")  # fmt: skip
    header = next(line for line in plain.stdout.splitlines() if line.startswith("ship "))
    assert "insurance" not in header
