"""Odds and weigh from the shipyard (trucker/web/runs.py): started in the background through
the library's own calls, followed, cancelled (what was flown kept, marked partial), one at a
time, and refused for an illegal ship or a bound passed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import json_of
from trucker.web.app import create_app
from trucker.web.studio import Settings


@pytest.fixture
def here(folder: Path) -> Iterator[TestClient]:
    """A studio that flies in its own process (no workers to start)."""
    app = create_app(Settings(folder, workers=1))
    with TestClient(app, base_url="http://127.0.0.1:8765") as test:
        yield test


def finished(client: TestClient, number: int, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        data = json_of(client, f"/runs/{number}")
        if data["state"] != "running":
            return data
        time.sleep(0.05)
    pytest.fail(f"run {number} did not finish")


def cruiser(client: TestClient) -> dict[str, Any]:
    return json_of(client, "/?file=class-iii-cruiser.toml")["answer"]["ship"]


def test_odds_fly_in_the_background_and_report_as_the_command(here: TestClient) -> None:
    body = {"kind": "odds", "ship": cruiser(here), "deck": "random:III", "flights": 40}
    started = here.post("/runs", json=body)
    assert started.status_code == 200, started.text
    run = started.json()
    assert run["state"] == "running" and run["topic"] == f"run-{run['run']}"
    done = finished(here, run["run"])
    assert done["state"] == "done" and done["done"] == 40
    assert done["result"]["flights"] == 40
    assert done["lines"][0].startswith("odds: 40 of 40 flights, deck random:III, seed ")


def test_a_run_is_cancelled_and_keeps_what_it_flew(here: TestClient) -> None:
    body = {"kind": "odds", "ship": cruiser(here), "deck": "random:III", "flights": 100_000}
    run = here.post("/runs", json=body).json()
    second = here.post("/runs", json=body)
    assert second.status_code == 409
    assert second.json()["error"] == "run: a run is going: cancel it or wait for it"
    while json_of(here, f"/runs/{run['run']}")["done"] == 0:
        time.sleep(0.02)
    assert here.post(f"/runs/{run['run']}/cancel").status_code == 200
    done = finished(here, run["run"])
    assert done["state"] == "cancelled"
    assert 0 < done["result"]["flights"] < 100_000
    assert done["result"]["partial"] is True


def test_weigh_draws_its_values_on_the_board(here: TestClient, folder: Path) -> None:
    ship = json_of(here, "/?file=old/class-i-starter.toml")["answer"]["ship"]
    body = {"kind": "weigh", "ship": ship, "deck": "random:I", "flights": 30, "parts": "shield"}
    run = here.post("/runs", json=body).json()
    done = finished(here, run["run"])
    assert done["state"] == "done", done
    assert done["picture"].startswith("<svg")
    assert done["result"]["changes"]


def test_bad_runs_are_one_line(here: TestClient) -> None:
    ship = cruiser(here)
    illegal = json_of(here, "/?file=broken-hauler.toml")["answer"]["ship"]
    cases = [
        ({"kind": "fly", "ship": ship, "deck": "random:I"}, "request: kind: odds or weigh"),
        (
            {"kind": "odds", "ship": illegal, "deck": "random:II"},
            "ship: the ship is illegal: make it legal before it flies",
        ),
        ({"kind": "odds", "ship": ship, "deck": "random:IX"}, "--deck: random:IX: unknown level"),
        ({"kind": "odds", "ship": ship, "deck": "../deck.toml"}, "path: ../deck.toml: outside"),
        (
            {"kind": "odds", "ship": ship, "deck": "random:III", "flights": 10**7},
            "request: flights: a number of flights, 1 to 100,000",
        ),
        (
            {"kind": "weigh", "ship": ship, "deck": "random:III", "parts": "warp-drive"},
            "parts: warp-drive: ",
        ),
    ]
    for body, start in cases:
        answer = here.post("/runs", json=body)
        assert answer.status_code == 400, body
        assert answer.json()["error"].startswith(start), answer.json()
    assert here.get("/runs/999").status_code == 404
