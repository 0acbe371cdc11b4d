"""The intruder lab's routes (trucker/web/lab.py): the walk's frames and each walker's path,
and predictions checked against the walk, on the walkthrough's predator example."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.conftest import SCENARIOS
from trucker.web.app import create_app
from trucker.web.studio import Settings

LAB = {"ship": "yellow-predator.toml", "card": "small-predator.toml", "from": "left",
       "roll": 9, "hand": "left"}  # fmt: skip


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[TestClient]:
    root = tmp_path / "lab"
    root.mkdir()
    for name in ("yellow-predator.toml", "small-predator.toml"):
        shutil.copy(SCENARIOS / "intruders" / name, root / name)
    with TestClient(create_app(Settings(root)), base_url="http://127.0.0.1:8765") as client:
        yield client


def test_the_lab_draws_every_frame_of_the_walk(lab: TestClient) -> None:
    # scenarios/intruders/cases.toml, "predator, roll 9": 9,6 9,7 9,8 8,8, then it escapes
    query = "&".join(f"{k}={v}" for k, v in LAB.items())
    data = lab.get(f"/lab?{query}&format=json").json()
    assert [f["name"] for f in data["frames"]] == [
        "00-landing", "01-step-1", "02-step-2", "03-step-3", "04-step-4", "05-outcome"
    ]  # fmt: skip
    assert data["walkers"] == [
        {"hand": "left", "steps": ["9,6", "9,7", "9,8", "8,8"], "outcome": "escaped"}
    ]
    assert "I-intruder-1" in data["cards"] and "small-predator.toml" in data["cards"]
    assert lab.get(f"/lab?{query}").status_code == 200


def test_a_prediction_is_right_or_wrong_and_says_why(lab: TestClient) -> None:
    right = lab.post("/lab/predict", json={**LAB, "walker": "left", "step": 3, "square": "9,8"})
    assert right.status_code == 200
    assert right.json()["right"] is True
    assert right.json()["lines"][0] == "Right: step 3 is 9,8."
    wrong = lab.post("/lab/predict", json={**LAB, "walker": "left", "step": 3, "square": "8,7"})
    assert wrong.json()["right"] is False and wrong.json()["went"] == "9,8"
    assert "RULES §7.2" in " ".join(wrong.json()["lines"])
    bad = lab.post("/lab/predict", json={**LAB, "walker": "left", "step": 9, "square": "9,8"})
    assert bad.status_code == 400 and "predict 2 or later" in bad.json()["error"]
    nocard = lab.post("/lab/predict", json={**LAB, "card": "nope", "walker": "left", "step": 2,
                                            "square": "9,7"})  # fmt: skip
    assert nocard.status_code == 400
