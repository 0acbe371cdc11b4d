"""``trucker odds`` from the command line."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from tests.cli.invoke import trucker
from tests.conftest import SCENARIOS
from trucker.play.parallel import worker_count

CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")
DOUBLE = str(SCENARIOS / "ships" / "iiib-double.toml")
CABIN = str(SCENARIOS / "odds" / "lone-cabin.toml")
METEOR = str(SCENARIOS / "odds" / "one-small-meteor.toml")


def _numbers(stdout: str) -> dict:
    data = json.loads(stdout)
    data.pop("run")
    return data


def test_json_summary_of_the_lone_cabin() -> None:
    run = trucker("odds", CABIN, "--deck", METEOR, "-n", "3000", "--seed", "4", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["flights"] == data["requested"] == 3000 and data["partial"] is False
    (ship,) = data["lineups"][0]
    low, high = ship["finish"]["low"], ship["finish"]["high"]
    assert low <= 30 / 36 <= high
    assert set(ship["credits"]["counts"]) == {"0", "6"}
    assert ship["squares_lost"]["7,7"] > 0.1
    assert data["run"]["workers"] == 1 and data["run"]["flights_per_second"] > 0


def test_text_report_with_heat_map() -> None:
    run = trucker("odds", CABIN, "--deck", METEOR, "-n", "600", "--seed", "4")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "odds: 600 of 600 flights" in out and "rerun with --seed 4" in out
    assert "comes home" in out and "95% CI" in out
    assert "squares lost most often" in out and "%" in out.split("squares lost most often")[1]


def test_workers_do_not_change_the_numbers() -> None:
    args = ("odds", CRUISER, "--deck", "random:II", "-n", "300", "--seed", "8", "--json")
    one = trucker(*args)
    two = trucker(*args, "--workers", "2")
    assert one.returncode == two.returncode == 0, two.stderr
    assert _numbers(one.stdout) == _numbers(two.stdout)
    assert json.loads(two.stdout)["run"]["workers"] == 2


def test_workers_are_capped_at_the_cpus_with_a_note() -> None:
    """--workers 100000 once started that many processes (issue 13 B)."""
    cpus = worker_count(10**6)
    run = trucker("odds", CRUISER, "--deck", "random:II", "-n", "20", "--workers", "100000",
                  "--json")  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["run"]["workers"] == cpus
    assert run.stderr.splitlines() == [
        f"note: --workers 100000: this machine has {cpus} CPUs, so {cpus} fly"
    ]


def test_the_flights_are_checked_before_anything_is_allocated() -> None:
    """A huge -n once allocated gigabytes of chunks before the first flight: now one line,
    before the ships are even read."""
    run = trucker("odds", "nowhere.toml", "--deck", "random:II", "-n", str(10**15))
    assert run.returncode == 2
    assert run.stderr.splitlines() == [
        f"-n: {10**15}: at most 10,000,000 flights in one run; for more, run again with "
        "another --seed"
    ]


def test_vs_reports_the_paired_difference() -> None:
    run = trucker("odds", CRUISER, "--vs", DOUBLE, "--deck", "random:III", "-n", "200",
                  "--seed", "2")  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "design A:" in run.stdout and "design B:" in run.stdout
    assert "Double Five against Cruiser, flight by flight" in run.stdout
    data = json.loads(
        trucker(
            "odds",
            CRUISER,
            "--vs",
            DOUBLE,
            "--deck",
            "random:III",
            "-n",
            "200",
            "--seed",
            "2",
            "--json",
        ).stdout
    )
    comparison = data["comparison"]
    assert comparison["first"] == "Cruiser" and comparison["second"] == "Double Five"
    diff = comparison["credits_difference"]
    assert diff["low"] <= diff["value"] <= diff["high"]


def test_bad_inputs_exit_2() -> None:
    for args, why in (
        (("--deck", "random:IX"), "random:"),
        (("--deck", "random:II", "--policy", "reckless"), "unknown captain"),
        (("--deck", "random:II", "--workers", "2", "--dask", "tcp://127.0.0.1:9"), "not both"),
        (("--deck", "nowhere.toml"), "nowhere.toml"),
        (("--deck", "random:II", "--precision", "0"), "half-width above 0"),
        (("--deck", "random:II", "--precision", "much%"), "half-width above 0"),
        (
            ("--deck", "random:II", "-n", "100000000000"),
            "-n: 100000000000: at most 10,000,000 flights in one run; for more, run again",
        ),
    ):
        run = trucker("odds", CRUISER, *args)
        assert run.returncode == 2, (args, run.stderr)
        assert why in run.stderr and "Traceback" not in run.stderr


def test_precision_stops_at_a_chunk_the_same_with_two_workers() -> None:
    args = ("odds", CABIN, "--deck", METEOR, "--precision", "2%", "--seed", "6", "--json")
    one = trucker(*args)
    two = trucker(*args, "--workers", "2")
    assert one.returncode == two.returncode == 0, two.stderr
    assert _numbers(one.stdout) == _numbers(two.stdout)
    data = json.loads(one.stdout)
    assert data["requested"] == 100000 and 0 < data["flights"] < 100000
    assert data["flights"] % 250 == 0
    assert data["precision"]["met"] is True and data["precision"]["half_width"] <= 0.02


def test_precision_not_met_before_the_most_flights_says_so() -> None:
    run = trucker("odds", CABIN, "--deck", METEOR, "--precision", "0.01", "-n", "500",
                  "--seed", "6")  # fmt: skip
    assert run.returncode == 0, run.stderr
    first, note = run.stdout.splitlines()[:2]
    assert first.startswith("odds: 500 of at most 500 flights")
    assert note.startswith("precision NOT met: after 500 flights") and "-n 500 came first" in note


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_reports_what_was_flown_marked_partial(workers: str) -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trucker",
            "odds",
            CRUISER,
            "--deck",
            "random:III",
            "-n",
            "1000000",
            "--seed",
            "1",
            "--json",
            "--workers",
            workers,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(4)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:  # a run the signal did not stop must not outlive the test (it flies a million)
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130, stderr
    data = json.loads(stdout)
    assert data["partial"] is True
    assert data["flights"] < 1000000 and data["flights"] % 250 == 0
    assert data["lineups"][0][0]["flights"] == data["flights"]


@pytest.mark.slow
def test_captains_compared_in_the_shape_of_vs() -> None:
    """--vs-policy: the same ship, decks and dice, another captain; the expert in two worker
    processes flies as it does in one."""
    args = ("odds", CRUISER, "--deck", "random:III", "-n", "6", "--seed", "3", "--json",
            "--policy", "sensible", "--vs-policy", "expert", "--effort", "2")  # fmt: skip
    one = trucker(*args)
    two = trucker(*args, "--workers", "2")
    assert one.returncode == two.returncode == 0, one.stderr
    assert _numbers(one.stdout) == _numbers(two.stdout)
    data = json.loads(one.stdout)
    comparison = data["comparison"]
    assert comparison["first"] == "Cruiser (sensible)"
    assert comparison["second"] == "Cruiser (expert)"
    for key in ("credits_difference", "finish_difference"):
        diff = comparison[key]
        assert diff["low"] <= diff["value"] <= diff["high"]
    first, second = (lineup[0] for lineup in data["lineups"])
    assert (first["captain"], second["captain"]) == ("sensible", "expert")
    mean = second["credits"]["value"] - first["credits"]["value"]
    assert comparison["credits_difference"]["value"] == pytest.approx(mean)


@pytest.mark.slow
def test_captain_options_refused_where_they_do_not_apply() -> None:
    for args, why in (
        (("--vs-policy", "reckless"), "--vs-policy"),
        (("--effort", "4"), "only the expert searches"),
        (("--policy", "expert", "--effort", "0"), "1 to 1,000"),
        (("--policy", "expert", "--objective", "glory"), "credits or home"),
        (("--objective", "home"), "only the expert"),
        (("--vs", DOUBLE, "--vs-policy", "expert"), "not both"),
    ):
        run = trucker("odds", CRUISER, "--deck", "random:II", "-n", "2", *args)
        assert run.returncode == 2, (args, run.stderr)
        assert why in run.stderr and "Traceback" not in run.stderr
        assert len(run.stderr.strip().splitlines()) == 1, run.stderr
