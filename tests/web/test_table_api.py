"""The table's routes (trucker/web/table.py) through Starlette's test client: a table opened
from the folder's files, answers that count once, a seat that answers its own ship, the table's
dice, the log saved at every change and resumed at a new table, the join links."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.conftest import SCENARIOS
from trucker.web.app import create_app
from trucker.web.studio import Settings

BASE = "http://127.0.0.1:8765"


@pytest.fixture
def table_folder(tmp_path: Path) -> Path:
    root = tmp_path / "table"
    root.mkdir()
    shutil.copy(SCENARIOS / "ships" / "class-iii-cruiser.toml", root / "cruiser.toml")
    shutil.copy(SCENARIOS / "flights" / "red.toml", root / "red.toml")
    shutil.copy(SCENARIOS / "ships" / "broken-hauler.toml", root / "broken.toml")
    return root


@pytest.fixture
def tables(table_folder: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(table_folder)), base_url=BASE) as client:
        yield client


def _open(client: TestClient, **body: Any) -> dict[str, Any]:
    request = {"ships": ["cruiser.toml", "red.toml"], "deck": "random:II", "seed": 1,
               "captains": {"red": "sensible"}, **body}  # fmt: skip
    answer = client.post("/table/new", json=request)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _view(client: TestClient, table: str, seat: str | None = None) -> dict[str, Any]:
    url = f"/table/{table}/view" + (f"?seat={seat}" if seat else "")
    answer = client.get(url)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_setup_page_lists_the_folders_ships_and_decks(tables: TestClient) -> None:
    data = tables.get("/table?format=json").json()
    assert data["ships"] == ["broken.toml", "cruiser.toml", "red.toml"]
    assert data["decks"][:2] == ["random:I", "random:II"]
    assert "human" in data["captains"] and data["give_up"] == ["never", "matters", "always"]
    page = tables.get("/table")
    assert page.status_code == 200 and 'id="new-table"' in page.text


def test_an_answer_counts_once_and_every_change_is_saved(
    tables: TestClient, table_folder: Path
) -> None:
    opened = _open(tables)
    assert opened == {"id": "1", "url": "/table/1", "save": "flights/flight-1.json"}
    view = _view(tables, "1")
    question = view["question"]
    assert question["ship"] == "Cruiser" and question["key"] == f"decision-{question['number']}"
    label = question["options"][0]["label"]
    first = tables.post("/table/1/answer", json={"key": question["key"], "option": label})
    assert first.status_code == 200 and first.json()["version"] == view["version"] + 1
    again = tables.post("/table/1/answer", json={"key": question["key"], "option": label})
    assert again.status_code == 409
    assert again.json()["error"].startswith(f"{question['key']} is not asked any more")
    saved = json.loads((table_folder / "flights" / "flight-1.json").read_text())
    assert saved == tables.get("/table/1/log").json()
    assert saved["finished"] is False


def test_a_phone_answers_its_own_ship(tables: TestClient) -> None:
    _open(tables, captains={})  # both ships flown by people
    view = _view(tables, "1", seat="Red")
    question = view["question"]
    assert question["ship"] == "Cruiser" and question["yours"] is False
    refused = tables.post(
        "/table/1/answer",
        json={"key": question["key"], "option": question["options"][0]["label"], "seat": "Red"},
    )
    assert (
        refused.status_code == 409 and "Cruiser's to answer, not Red's" in refused.json()["error"]
    )
    mine = _view(tables, "1", seat="Cruiser")["question"]
    assert mine["yours"] is True
    done = tables.post(
        "/table/1/answer",
        json={"key": mine["key"], "option": mine["options"][0]["label"], "seat": "Cruiser"},
    )
    assert done.status_code == 200
    assert tables.get("/table/1/view?seat=Pink").status_code == 400


def test_the_table_throws_its_own_dice(tables: TestClient) -> None:
    _open(tables, dice="table")
    for _ in range(50):
        question = _view(tables, "1")["question"]
        if question["kind"] == "dice":
            break
        first = question["options"][0]["label"]
        tables.post("/table/1/answer", json={"key": question["key"], "option": first})
    assert question["kind"] == "dice"
    bad = tables.post("/table/1/throw", json={"key": question["key"], "faces": [7, 1]})
    assert bad.status_code == 409 and "two die faces 1-6" in bad.json()["error"]
    good = tables.post("/table/1/throw", json={"key": question["key"], "faces": [3, 4]})
    assert good.status_code == 200
    rolled = [e for e in tables.get("/table/1/log").json()["events"] if e["kind"] == "rolled"]
    assert rolled[-1] == {"kind": "rolled", "why": question["why"], "faces": [3, 4],
                          "entered": True}  # fmt: skip


def _play_out(client: TestClient, table: str, answers: Iterator[int]) -> None:
    while (question := _view(client, table)["question"]) is not None:
        if question["kind"] == "dice":
            client.post(f"/table/{table}/throw", json={"key": question["key"], "faces": None})
            continue
        options = question["options"]
        label = options[next(answers) % len(options)]["label"]
        answer = client.post(
            f"/table/{table}/answer", json={"key": question["key"], "option": label}
        )
        assert answer.status_code == 200, answer.text


def test_a_flight_resumed_at_a_new_table_ends_as_the_unbroken_one(tables: TestClient) -> None:
    whole = _open(tables)
    _play_out(tables, whole["id"], iter(range(1000)))
    unbroken = tables.get(f"/table/{whole['id']}/log").json()
    half = _open(tables)
    answers = iter(range(1000))
    for _ in range(2):
        question = _view(tables, half["id"])["question"]
        label = question["options"][next(answers) % len(question["options"])]["label"]
        tables.post(f"/table/{half['id']}/answer", json={"key": question["key"], "option": label})
    resumed = tables.post("/table/resume", json={"file": half["save"]})
    assert resumed.status_code == 200, resumed.text
    again = resumed.json()
    assert again["save"] == half["save"]
    _play_out(tables, again["id"], answers)
    assert tables.get(f"/table/{again['id']}/log").json() == unbroken


def test_bad_tables_are_refused_with_one_line(tables: TestClient) -> None:
    cases = [
        ({"ships": ["broken.toml"]}, "broken.toml: the layout is illegal"),
        ({"ships": ["../x.toml"]}, "outside the folder"),
        ({"give_up": "sometimes"}, "give_up: sometimes"),
        ({"captains": {"red": "clever"}}, "unknown captain 'clever'"),
        ({"seed": "x"}, "seed"),
    ]
    for body, said in cases:
        answer = tables.post("/table/new", json={"ships": ["cruiser.toml"], "deck": "random:I",
                                                 **body})  # fmt: skip
        assert answer.status_code == 400, answer.text
        assert said in answer.json()["error"]
    assert tables.get("/table/9/view").status_code == 400


def test_join_links_carry_the_seat_and_a_qr_code(tables: TestClient) -> None:
    _open(tables)
    links = tables.get("/table/1/join").json()["links"]
    assert [link["ship"] for link in links] == ["Cruiser", "Red"]
    assert links[1]["url"] == f"{BASE}/table/1?seat=Red"
    assert links[0]["qr"].startswith("<svg") and "<path" in links[0]["qr"]
    page = tables.get("/table/1?seat=Cruiser")
    assert page.status_code == 200 and 'data-seat="Cruiser"' in page.text


def test_a_saved_flight_replays_step_by_step(tables: TestClient, table_folder: Path) -> None:
    # the table's own log, saved halfway, then the flight played on to its end by the room
    opened = _open(tables)
    for _ in range(3):
        question = _view(tables, opened["id"])["question"]
        suggested = next(o["label"] for o in question["options"] if o["suggested"])
        tables.post(f"/table/{opened['id']}/answer", json={"key": question["key"],
                                                           "option": suggested})  # fmt: skip
    half = tables.get(f"/table/replay?file={opened['save']}&format=json")
    assert half.status_code == 200, half.text
    data = half.json()
    assert data["finished"] is False and data["waiting"].startswith("Cruiser's decision #")
    assert data["step"] == 0 and data["title"] == "The launch"
    last = tables.get(f"/table/replay?file={opened['save']}&step=99&format=json").json()
    assert last["step"] == data["steps"] - 1 and last["card"]["index"] >= 1
    page = tables.get(f"/table/replay?file={opened['save']}")
    assert page.status_code == 200 and 'id="replay-forward"' in page.text


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("", "request: file: name a flight log"),
        ("file=flights/none.json", "flights/none.json: no such file"),
        ("file=../x.json", "outside the folder"),
        ("file=cruiser.toml", "a file of the folder is .json"),
        ("file=flights/flight-1.json&step=-1", "request: step: expected a step number"),
        ("file=flights/flight-1.json&step=%C2%B2", "request: step: expected a step number"),
    ],
)
def test_a_replay_of_what_is_not_a_saved_flight_is_one_line(
    tables: TestClient, query: str, said: str
) -> None:
    _open(tables)
    answer = tables.get(f"/table/replay?{query}")
    assert answer.status_code == 400 and said in answer.json()["error"]
