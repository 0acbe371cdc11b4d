"""``trucker fly`` and ``trucker replay`` from the command line."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from tests.cli.invoke import trucker
from tests.conftest import SCENARIOS

CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")
STARTER = str(SCENARIOS / "ships" / "class-i-starter.toml")
BROKEN = str(SCENARIOS / "ships" / "broken-hauler.toml")
RED = str(SCENARIOS / "flights" / "red.toml")
GREEN = str(SCENARIOS / "flights" / "green.toml")
SMUGGLERS = str(SCENARIOS / "flights" / "decks" / "smugglers.toml")


def test_json_log_has_events_and_ship_results(tmp_path) -> None:
    run = trucker("fly", CRUISER, STARTER, "--deck", "random:II", "--seed", "7", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["flight"]["format"] == "trucker-flight/1"
    for ship in data["ships"]:
        for key in ("name", "gave_up", "moved", "humans", "aliens", "batteries", "goods",
                    "tiles_lost", "credits", "final_credits"):  # fmt: skip
            assert key in ship
    log = tmp_path / "log.json"
    log.write_text(run.stdout)
    again = trucker("replay", str(log), "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["ships"] == data["ships"]


def test_same_seed_same_flight() -> None:
    args = ("fly", CRUISER, "--deck", "random:III", "--seed", "42", "--json")
    assert trucker(*args).stdout == trucker(*args).stdout


def test_narration_and_final_table() -> None:
    run = trucker("fly", RED, GREEN, "--deck", SMUGGLERS)
    assert run.returncode == 0
    assert "Red meets the smugglers (strength 4) with firepower 4: ties" in run.stdout
    assert "end of the flight" in run.stdout


def test_scripted_dice_and_choices(tmp_path) -> None:
    choices = tmp_path / "choices.toml"
    script = 'Green = ["take: pass on the smugglers\' goods YGB"]'
    choices.write_text(f'format = "trucker-choices/1"\n[ships]\n{script}\n')
    run = trucker("fly", RED, GREEN, "--deck", SMUGGLERS, "--choices", str(choices), "--json")
    assert run.returncode == 0, run.stderr
    green = next(s for s in json.loads(run.stdout)["ships"] if s["name"] == "Green")
    assert green["goods"] == "" and green["moved"] == 0


def test_unused_scripted_choices_are_warned_about(tmp_path) -> None:
    """A choices file whose answers are not all used once passed in silence (issue 13 B): the
    smugglers' card asks Green one question and Red none, so Green's second answer and Red's
    only one are left over. The flight stands (exit 0), the warning names file, ship and label."""
    choices = tmp_path / "choices.toml"
    choices.write_text(
        'format = "trucker-choices/1"\n[ships]\n'
        'Green = ["take: pass on the smugglers\' goods YGB", "lose-crew: a human from 7,8"]\n'
        'Red = ["land: planet 9"]\n'
    )
    run = trucker("fly", RED, GREEN, "--deck", SMUGGLERS, "--choices", str(choices), "-q")
    assert run.returncode == 0, run.stderr
    assert run.stderr.splitlines() == [
        f"warning: {choices}: ships.Green: 1 choice not used, from 'lose-crew: a human from "
        "7,8' on: no question of this flight took it",
        f"warning: {choices}: ships.Red: 1 choice not used, from 'land: planet 9' on: no "
        "question of this flight took it",
    ]
    used = choices.with_name("used.toml")
    used.write_text('format = "trucker-choices/1"\n[ships]\nGreen = ["take: pass on the '
                    'smugglers\' goods YGB"]\n')  # fmt: skip
    assert trucker("fly", RED, GREEN, "--deck", SMUGGLERS, "--choices", str(used)).stderr == ""


def test_bad_inputs_exit_2() -> None:
    bad = trucker("fly", CRUISER, "--deck", "random:IX")
    assert bad.returncode == 2 and "random:" in bad.stderr
    short = trucker("fly", CRUISER, "--deck", "random:II", "--dice", "3,4")
    assert short.returncode == 2 and "--dice" in short.stderr and "Traceback" not in short.stderr
    order = trucker("fly", CRUISER, STARTER, "--deck", "random:II", "--order", "1,1")
    assert order.returncode == 2


def test_illegal_ship_refused_unless_repaired() -> None:
    assert trucker("fly", BROKEN, "--deck", "random:II", "--seed", "1", "--quiet").returncode == 1
    run = trucker("fly", BROKEN, "--deck", "random:II", "--seed", "1", "--repair", "--json")
    assert run.returncode == 0
    assert json.loads(run.stdout)["ships"][0]["tiles_lost"] >= 4


@pytest.fixture(scope="module")
def cruiser_log() -> dict:
    """A flight of 16 cards whose first are Hazardous Business (two level IV cards added) and
    an epidemic, which takes the brown alien from 6,7 and a human from 7,6 (events 7 and 8)."""
    run = trucker("fly", CRUISER, "--deck", "random:III", "--seed", "7", "--json")
    assert run.returncode == 0, run.stderr
    log = json.loads(run.stdout)
    assert [e["kind"] for e in log["events"][6:8]] == ["crew-lost", "crew-lost"]
    return log


def _replay(tmp_path, log: dict, edit) -> object:
    edited = copy.deepcopy(log)
    edit(edited)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(edited))
    return trucker("replay", str(path), "-q")


def test_replay_checks_every_event_of_an_edited_log(tmp_path, cruiser_log) -> None:
    """An edit that keeps the rolls, the choices and the final table once replayed as the
    same flight (exit 0, issue 13 B): now the first event that differs is named, exit 1."""

    def more_humans(log: dict) -> None:
        log["events"][7]["humans"] = 2

    def one_less(log: dict) -> None:
        del log["events"][6]

    def one_more(log: dict) -> None:
        log["events"].append(log["events"][6])

    told = {}
    for edit in (more_humans, one_less, one_more):
        run = _replay(tmp_path, cruiser_log, edit)
        assert run.returncode == 1, (edit.__name__, run.stderr)
        assert len(run.stderr.splitlines()) == 1
        told[edit.__name__] = run.stderr.split(" at ", 1)[1].strip()
    logged = len(cruiser_log["events"])  # the appended event is one past the flight's last
    assert told == {
        "more_humans": "events[7]: the log has crew-lost with humans 2 (replay 1)",
        "one_less": "events[6]: the log has crew-lost with square '7,6' (replay '6,7'), "
        "humans 1 (replay 0), alien None (replay 'brown')",
        "one_more": f"events[{logged}]: the log goes on with crew-lost ({logged + 1} events "
        f"logged, {logged} flown again)",
    }


def test_a_log_whose_card_is_not_its_decks_is_bad_input(tmp_path, cruiser_log) -> None:
    """A card event edited to another card once replayed to a divergence (exit 1); the log
    contradicts itself (issue 24 D: its deck says another card), so it is bad input naming
    the key, before anything flies."""

    def another_card(log: dict) -> None:
        log["events"][1]["card"] = "III-pirates-1"

    run = _replay(tmp_path, cruiser_log, another_card)
    assert run.returncode == 2, run.stderr
    assert run.stderr.splitlines() == [
        f"{tmp_path / 'edited.json'}: flight.deck: card 1 is 'III-hazardous-business-1', but "
        "events[1] reveals 'III-pirates-1': a deck reordered or edited after the flight"
    ]


def test_replay_refuses_an_illegal_layout_as_fly_does(tmp_path, cruiser_log) -> None:
    """An engine turned to face left (RULES §3: engines point to the rear) once flew (exit 0);
    now the log's layout is refused before any card, with its violations, as fly refuses one."""

    def turn_engine(log: dict) -> None:
        log["flight"]["ships"][0]["layout"]["tiles"]["9,6"]["facing"] = "left"

    edited = copy.deepcopy(cruiser_log)
    turn_engine(edited)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(edited))
    run = trucker("replay", str(path))
    assert run.returncode == 1
    assert run.stderr == (
        f"{path}: flight.ships.Cruiser: the layout is illegal (1 violation); a log holds the "
        "layouts that flew\n"
    )
    assert "engine-facing  9,6 (left)" in run.stdout and "card 1" not in run.stdout
    assert _replay(tmp_path, cruiser_log, lambda log: None).returncode == 0


def test_replay_refuses_other_files(tmp_path) -> None:
    not_a_log = tmp_path / "x.json"
    not_a_log.write_text("{}")
    run = trucker("replay", str(not_a_log))
    assert run.returncode == 2 and "trucker-flight/1" in run.stderr


@pytest.mark.parametrize(
    ("header", "where"),
    [
        ({}, "flight.ships"),
        ({"ships": [{"name": "Red"}]}, "flight.ships"),
        ({"ships": []}, "flight.deck"),
    ],
)
def test_replay_of_a_log_without_its_ships_or_deck_is_bad_input(tmp_path, header, where) -> None:
    """An edited log that lost its plan is one line naming the key (exit 2), not a crash."""
    log = tmp_path / "log.json"
    log.write_text(json.dumps({"flight": {"format": "trucker-flight/1", **header}, "events": []}))
    run = trucker("replay", str(log))
    assert run.returncode == 2
    assert run.stderr.splitlines()[0].startswith(f"{log}: {where}: ")
    assert "Traceback" not in run.stderr


def test_replay_names_the_event_and_key_a_damaged_log_lacks(tmp_path) -> None:
    data = json.loads(trucker("fly", RED, GREEN, "--deck", SMUGGLERS, "--json").stdout)
    index = [e["kind"] for e in data["events"]].index("moved")
    del data["events"][index]["end"]
    log = tmp_path / "log.json"
    log.write_text(json.dumps(data))
    run = trucker("replay", str(log))
    assert run.returncode == 2
    assert run.stderr.splitlines() == [f"{log}: events[{index}].end: missing key"]
    data["events"][index] = {"kind": "teleported"}
    log.write_text(json.dumps(data))
    run = trucker("replay", str(log))
    assert run.stderr.splitlines() == [
        f"{log}: events[{index}].kind: unknown event kind 'teleported'"
    ]


def test_the_expert_flies_from_the_command_line_and_its_log_replays(tmp_path) -> None:
    """The golden of scenarios/flights/robot-thruster.toml: the expert wakes the robots, the
    ship comes home with 6 credits; the log replays with the choices it made."""
    ship = str(SCENARIOS / "flights" / "robot-thruster.toml")
    deck = str(SCENARIOS / "flights" / "decks" / "small-predator.toml")
    args = ("fly", ship, "-d", deck, "--dice", "3,4", "--policy", "expert", "--effort", "2")
    run = trucker(*args, "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["flight"]["ships"][0]["captain"] == "expert"
    assert (data["ships"][0]["gave_up"], data["ships"][0]["final_credits"]) == (False, 6)
    log = tmp_path / "log.json"
    log.write_text(run.stdout)
    assert trucker("replay", str(log)).returncode == 0
    told = trucker(*args[:-2], "--objective", "home")
    assert told.returncode == 0 and "activate robots 7,8 with battery 6,8" in told.stdout


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (("--effort", "4"), "only the expert searches"),
        (("--policy", "expert", "--effort", "0"), "1 to 1,000"),
        (("--policy", "Red=sensible", "--objective", "home"), "only the expert"),
    ],
)
def test_expert_options_without_an_expert_are_refused(args: tuple[str, ...], why: str) -> None:
    run = trucker("fly", RED, "--deck", "random:I", "--seed", "1", *args)
    assert run.returncode == 2 and why in run.stderr, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_brief_prints_a_line_per_card_and_ship(tmp_path) -> None:
    run = trucker("fly", RED, GREEN, "--deck", SMUGGLERS, "--seed", "7", "--brief")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[1:3] == [
        "card 1  I-smugglers-1  Red    -1 battery token",
        "card 1  I-smugglers-1  Green  -1 day, -2 battery tokens, goods +YGB",
    ]
    assert lines[3] == "" and lines[4].startswith("end of the flight")
    log = tmp_path / "log.json"
    log.write_text(trucker("fly", RED, GREEN, "--deck", SMUGGLERS, "--seed", "7", "--json").stdout)
    assert trucker("replay", str(log), "--brief").stdout == run.stdout
    for other in ("--quiet", "--json"):
        both = trucker("fly", RED, "--deck", SMUGGLERS, "--brief", other)
        assert both.returncode == 2
        assert both.stderr.splitlines() == [f"--brief: {other}: choose one way to print the flight"]


def test_the_interactive_captain_tells_the_flight_before_it_asks() -> None:
    """At the terminal (stderr, stdin): the launch and the card come before the first question,
    Enter takes the suggestion, and the report on stdout is the sensible captain's."""
    args = ["fly", RED, GREEN, "--deck", SMUGGLERS, "--seed", "7"]
    run = subprocess.run(
        [sys.executable, "-m", "trucker", *args, "--policy", "Red=interactive"],
        input="\n" * 10, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    screen = run.stderr.splitlines()
    assert screen[0].startswith("  a level I flight of 1 card on a track of 18 spaces: Red")
    assert screen[2].startswith("card 1: I-smugglers-1 (smugglers, level I)")
    assert screen[3] == "Red: give-up — before the card"
    assert run.stdout == trucker(*args).stdout


# --- the interactive captain reads answers as trucker play does ----------------------------

MAIN = "from trucker.cli.app import main; main()"
ASKED = ["fly", RED, GREEN, "--deck", SMUGGLERS, "--seed", "7", "--policy", "Red=interactive"]


def _fly(
    stdin: object = None, typed: bytes | None = None, **env: str
) -> subprocess.CompletedProcess:
    """``trucker fly`` with Red at the terminal, its log on stdout, its memory bounded (1 GB)."""
    import os
    import resource

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    return subprocess.run(
        [sys.executable, "-c", MAIN, *ASKED, "--json"],
        stdin=stdin, input=typed, capture_output=True, env={**os.environ, **env}, timeout=60,
        preexec_fn=bounded, check=False,
    )  # fmt: skip


def _red_fires(done: subprocess.CompletedProcess) -> list[str]:
    from tests.cli.test_play_cli import decided

    return decided(json.loads(done.stdout), "Red", "power-cannons")


def test_fly_asks_again_after_bytes_of_another_encoding() -> None:
    """Under a strict locale, bytes that are not UTF-8 are not an answer: asked again."""
    done = _fly(typed=b"\xff\xfe\xc3\n1\n1\n", PYTHONIOENCODING="utf-8:strict")
    assert done.returncode == 0, done.stderr.decode()
    assert "  type 1-2, or press Enter" in done.stderr.decode()
    assert _red_fires(done) == ["power 0 double cannons"]


@pytest.mark.parametrize(
    "line",
    [b"9" * 5000, "²".encode(), "١".encode(), b"x" * 10_000_000],
    ids=["long-number", "superscript-two", "arabic-indic-one", "ten-megabytes"],
)
def test_fly_asks_again_after_a_line_that_is_no_number(line: bytes) -> None:
    done = _fly(typed=line + b"\n1\n1\n")
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert len(done.stderr) < 20_000  # a long line is never echoed whole
    assert _red_fires(done) == ["power 0 double cannons"]


def test_fly_at_the_end_of_input_takes_the_suggestions() -> None:
    """Nothing (more) to read, or no standard input at all: the questions left are answered
    as Enter answers them, said once, and the flight is the sensible captain's."""
    sensible = trucker("fly", RED, GREEN, "--deck", SMUGGLERS, "--seed", "7", "--json").stdout
    ended = _fly(typed=b"")
    assert ended.returncode == 0, ended.stderr.decode()
    assert ended.stderr.decode().count("every question left takes the suggested choice") == 1
    assert "end of input: every question left" in ended.stderr.decode()
    closed = subprocess.run(
        ["/bin/sh", "-c", f'exec "$0" -c "{MAIN}" "$@" --json <&-', sys.executable, *ASKED],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert closed.returncode == 0, closed.stderr.decode()
    assert "standard input is closed: every question left" in closed.stderr.decode()
    for done in (ended, closed):
        assert json.loads(done.stdout)["events"] == json.loads(sensible)["events"]


def test_fly_on_an_endless_line_finishes_and_says_the_input_was_bad() -> None:
    with open("/dev/zero", "rb") as zeros:
        done = _fly(stdin=zeros)
    assert done.returncode == 2, done.stderr.decode()[-2000:]
    assert "a line of more than 16 MiB: not an answer: every question left" in done.stderr.decode()
    assert len(done.stderr) < 20_000
    assert json.loads(done.stdout)["ships"]
