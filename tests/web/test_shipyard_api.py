"""The shipyard's routes through the test client: the page and its data, each action, the tile
in hand, share links, and bad input answered with the one line a file would get (a 4xx, nothing
written)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from tests.web.conftest import json_of
from trucker.core.parts import Part
from trucker.formats.load import load_ship, ship_from_document
from trucker.formats.write import ship_to_document
from trucker.render.terminal.reports import repair_lines
from trucker.rules.repair import repair

ENGINE = {"part": "engine", "sides": "u---", "facing": "rear"}


def new_ship(client: TestClient, board: str = "I") -> dict[str, Any]:
    return json_of(client, f"/?board={board}")["answer"]["ship"]


def post(client: TestClient, url: str, body: object) -> Any:
    return client.post(url, json=body)


def test_the_page_is_html_and_its_data_is_json(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "<title>Shipyard · trucker studio</title>" in page.text
    assert 'id="yard-data"' in page.text
    data = json_of(client, "/")
    assert data == json_of(client, "/?format=json")
    assert data["answer"]["board"]["id"] == "II"
    assert data["answer"]["verdict"] == "legal"
    assert data["answer"]["ship"]["tiles"] == {"7,7": {"part": "cabin", "start": True}}
    assert data["answer"]["picture"].startswith("<svg")
    names = [p["name"] for p in data["palette"]]
    assert names[0] == "starting cabin" and len(names) == len(Part) + 1  # the start, every part
    assert {"I", "II", "III", "IIIa", "IIB", "IIIB", "IV"} <= {b["id"] for b in data["boards"]}


def test_a_iiib_ship_rolls_its_dice_or_takes_them(client: TestClient) -> None:
    rolled = json_of(client, "/?board=IIIB")["answer"]["ship"]
    assert len(rolled["holes"]) == 2 and all(1 <= d <= 6 for d in rolled["holes"])
    given = json_of(client, "/?board=IIIB&holes=3,4")["answer"]
    assert given["ship"]["holes"] == [3, 4]
    assert given["board"]["holes"]  # the squares marked 3 and 4
    bad = client.get("/?board=IIIB&holes=3,9", headers={"accept": "application/json"})
    assert bad.status_code == 400
    assert bad.json()["error"] == "new ship: holes: 9 is not a die's face (1 to 6)"


def test_an_unknown_board_is_one_line(client: TestClient) -> None:
    answer = client.get("/?board=XI", headers={"accept": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("new ship: board: unknown board 'XI'")
    page = client.get("/?board=XI")
    assert page.status_code == 400 and "unknown board" in page.text


def test_placing_a_tile_turns_it_to_fit_and_the_answer_says_everything(
    client: TestClient,
) -> None:
    ship = new_ship(client)
    pipe = {"part": "structure", "sides": "s---"}
    answer = post(
        client,
        "/shipyard/answer",
        {"ship": ship, "do": {"do": "place", "square": "7,8", "entry": pipe}},
    )
    assert answer.status_code == 200, answer.text
    data = answer.json()
    # dropped on the right of the cabin, it turns a quarter back so its connector meets it
    assert data["ship"]["tiles"]["7,8"] == {"part": "structure", "sides": "---s"}
    assert data["verdict"] == "legal"
    assert data["report"]["stats"]["tiles"] == 2
    assert data["numbers"][0].startswith("2 tiles · ")
    assert data["repair"] == {"needed": False, "lines": [], "lost": 0, "error": None}
    # as held, it would not fit: turn 0 says so, and the page is shown the violation
    held = post(
        client,
        "/shipyard/answer",
        {"ship": ship, "do": {"do": "place", "square": "7,8", "entry": pipe, "turn": 0}},
    ).json()
    assert held["verdict"] == "illegal, 2 violations"
    assert [v["rule"] for v in held["report"]["violations"]] == [
        "connector-mismatch",
        "disconnected",
    ]
    assert held["lines"][0].startswith("connector-mismatch 7,7 7,8 (right): ")
    # the preview is trucker fix's own repair of that ship
    placed = ship_from_document(held["ship"], "ship")
    assert held["repair"]["lines"] == repair_lines(repair(placed))
    assert held["repair"]["lines"][0].startswith("removed 7,8 structure")
    assert 'class="violation connector-mismatch"' in held["picture"]


def test_remove_move_and_turn(client: TestClient) -> None:
    ship = new_ship(client)
    ship["tiles"]["8,7"] = dict(ENGINE)
    moved = post(
        client, "/shipyard/answer", {"ship": ship, "do": {"do": "move", "from": "8,7", "to": "8,8"}}
    ).json()
    assert "8,7" not in moved["ship"]["tiles"] and moved["ship"]["tiles"]["8,8"] == ENGINE
    turned = post(
        client, "/shipyard/answer", {"ship": ship, "do": {"do": "turn", "square": "8,7", "by": 1}}
    ).json()
    assert turned["ship"]["tiles"]["8,7"] == {"part": "engine", "sides": "-u--", "facing": "left"}
    assert "engine-facing" in {v["rule"] for v in turned["report"]["violations"]}
    removed = post(
        client, "/shipyard/answer", {"ship": ship, "do": {"do": "remove", "square": "8,7"}}
    ).json()
    assert list(removed["ship"]["tiles"]) == ["7,7"]


def test_what_the_tile_holds_is_set_in_the_document(client: TestClient) -> None:
    ship = new_ship(client)
    ship["tiles"]["7,8"] = {"part": "battery", "capacity": 3, "sides": "---u", "charge": 1}
    data = post(client, "/shipyard/answer", {"ship": ship}).json()
    assert data["report"]["stats"]["batteries"] == 1
    ship["tiles"]["7,8"]["charge"] = 4
    over = post(client, "/shipyard/answer", {"ship": ship}).json()
    assert over["lines"] == ["overloaded 7,8: 4 tokens in a battery of 3"]


def test_bad_input_is_the_files_own_line(client: TestClient) -> None:
    ship = new_ship(client)
    ship["tiles"]["7,8"] = {"part": "cannon", "sides": "s---", "facing": "front"}
    answer = post(client, "/shipyard/answer", {"ship": ship})
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        'ship: tiles."7,8".sides: the front side carries the barrel and must be smooth (-), '
        "not 's'"
    )
    cases = [
        ({"ship": "x"}, "request: ship: expected an object"),
        ({"ship": new_ship(client), "do": {"do": "fly"}}, "do: do: unknown action 'fly'"),
        (
            {"ship": new_ship(client), "do": {"do": "remove", "square": "6,6"}},
            "do: square: no tile on 6,6",
        ),
        (
            {"ship": new_ship(client), "do": {"do": "remove", "square": "77"}},
            "do: square: '77' is not a square",
        ),
        (
            {"ship": new_ship(client), "do": {"do": "place", "square": "7,7", "entry": ENGINE}},
            "do: square: 7,7 holds a cabin",
        ),
        (
            {
                "ship": new_ship(client),
                "do": {"do": "place", "square": "8,7", "entry": {"part": "engin"}},
            },
            "hand: part: unknown part 'engin' (did you mean 'engine'?)",
        ),
        (
            {"ship": {**new_ship(client), "board": "/etc/passwd.toml"}},
            "ship: board: /etc/passwd.toml is outside",
        ),
    ]
    for body, start in cases:
        answer = post(client, "/shipyard/answer", body)
        assert answer.status_code == 400, body
        assert answer.json()["error"].startswith(start), answer.json()
    raw = client.post(
        "/shipyard/answer", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert raw.status_code == 400
    assert raw.json()["error"].startswith("request: malformed JSON")
    deep = client.post("/shipyard/answer", content=b"[" * 100000 + b"]" * 100000)
    assert deep.status_code == 400


def test_a_body_over_the_bound_is_refused(client: TestClient) -> None:
    answer = client.post("/shipyard/answer", content=b"x" * (3 << 20))
    assert answer.status_code == 413
    assert answer.json()["error"].startswith("a request body is at most")


def test_the_tile_in_hand_turns_changes_sides_and_knows_where_it_fits(client: TestClient) -> None:
    ship = new_ship(client)
    data = post(client, "/shipyard/hand", {"ship": ship, "hand": ENGINE}).json()
    assert data["entry"] == ENGINE
    assert data["fixed"] == {"rear": "the exhaust"}
    fits = {sq: info["fit"] for sq, info in data["squares"].items() if info["fit"]}
    assert fits == {"8,7": [0]}
    assert data["squares"]["6,7"]["why"]["0"][0].startswith("connector-mismatch 6,7 7,7 (rear)")
    turned = post(
        client, "/shipyard/hand", {"ship": ship, "hand": ENGINE, "do": {"turn": 1}}
    ).json()
    assert turned["entry"] == {"part": "engine", "sides": "-u--", "facing": "left"}
    assert turned["squares"]["8,7"]["fit"] == [3]
    side = post(
        client, "/shipyard/hand", {"ship": ship, "hand": ENGINE, "do": {"side": "left"}}
    ).json()
    assert side["entry"]["sides"] == "u--s"
    stuck = post(client, "/shipyard/hand", {"ship": ship, "hand": ENGINE, "do": {"side": "rear"}})
    assert stuck.status_code == 400
    assert stuck.json()["error"] == "hand: side: the rear side carries the exhaust: it stays smooth"


def test_a_share_link_holds_the_ship(client: TestClient, folder: Path) -> None:
    cruiser = load_ship(folder / "class-iii-cruiser.toml")
    doc = ship_to_document(cruiser)
    code = post(client, "/shipyard/share", {"ship": doc}).json()
    assert code["path"] == f"/s/{code['code']}" and len(code["code"]) < 700
    opened = json_of(client, code["path"])["answer"]
    assert opened["ship"] == doc and opened["verdict"] == "legal"
    bad = client.get("/s/1" + code["code"][1:-20], headers={"accept": "application/json"})
    assert bad.status_code == 400 and bad.json()["error"].startswith("share link: ")
    assert client.get("/s/9abc").status_code == 400


def test_a_board_file_of_the_folder_is_a_board_to_build_on(
    client: TestClient, folder: Path
) -> None:
    (folder / "boards").mkdir()
    (folder / "boards" / "mine.toml").write_text(
        'format = "trucker-board/1"\nid = "mine"\nname = "Mine"\nlevel = 1\n'
        'start = "1,1"\n[squares]\n1 = "1-3"\n',
        encoding="utf-8",
    )
    data = json_of(client, "/")
    assert {
        "id": "boards/mine.toml",
        "name": "boards/mine.toml",
        "holes": False,
        "file": "boards/mine.toml",
    } in data["boards"]
    ship = json_of(client, "/?board=boards/mine.toml")["answer"]
    assert ship["ship"]["board"] == "boards/mine.toml"
    assert ship["board"]["squares"] == ["1,1", "1,2", "1,3"]
    placed = post(
        client,
        "/shipyard/answer",
        {
            "ship": ship["ship"],
            "do": {"do": "place", "square": "1,2", "entry": {"part": "structure", "sides": "---u"}},
        },
    ).json()
    assert placed["verdict"] == "legal"
    outside = client.get("/?board=../mine.toml", headers={"accept": "application/json"})
    assert outside.status_code == 400


def test_the_aliases_and_the_packaged_files(client: TestClient) -> None:
    assert json_of(client, "/shipyard")["answer"]["board"]["id"] == "II"
    script = client.get("/static/shipyard.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert client.get("/static/studio.css").status_code == 200
    assert client.get("/static/../app.py").status_code == 404
    files = client.get("/files")
    assert files.status_code == 200 and "<h1>The folder</h1>" in files.text


def test_the_work_of_one_highlight_is_bounded(client: TestClient, folder: Path) -> None:
    rows = "\n".join(f'{r} = "1-40"' for r in range(1, 41))
    (folder / "vast.toml").write_text(
        'format = "trucker-board/1"\nid = "vast"\nname = "Vast"\nlevel = 1\n'
        f'start = "20,20"\n[squares]\n{rows}\n',
        encoding="utf-8",
    )
    tiles: dict[str, Any] = {"20,20": {"part": "cabin", "start": True}}
    for row in range(1, 11):
        for col in range(1, 31):
            tiles[f"{row},{col}"] = {"part": "structure", "sides": "uuuu"}
    ship = {"format": "trucker-ship/1", "board": "vast.toml", "tiles": tiles}
    start = {"part": "cabin", "start": True}
    data = post(client, "/shipyard/hand", {"ship": ship, "hand": start}).json()
    assert data["squares"] == {}
    assert data["note"] == (
        "1299 free squares and 301 tiles: too many to show where this tile fits at each "
        "click; drop it, and the report says what it breaks"
    )
    pipe = post(
        client, "/shipyard/hand", {"ship": ship, "hand": {"part": "structure", "sides": "uuuu"}}
    )
    assert len(pipe.json()["squares"]) == 1299 and pipe.json()["note"] is None
