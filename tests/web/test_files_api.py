"""The files of the folder through the test client: listing, opening, saving (the user's own
file kept), saving as, the conflict on a file changed on disk, uploads and downloads, and
nothing read or written outside the folder."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.conftest import SCENARIOS
from tests.web.conftest import json_of
from trucker.formats.save import version_of
from trucker.web.push import Hub


def test_the_listing_names_each_file_and_its_kind(client: TestClient, folder: Path) -> None:
    (folder / "notes.json").write_text("{}", encoding="utf-8")
    data = json_of(client, "/files")
    kinds = {f["name"]: f["kind"] for f in data["files"]}
    assert kinds == {
        "broken-hauler.toml": "ship",
        "class-iii-cruiser.toml": "ship",
        "notes.json": "other",
        "old/class-i-starter.toml": "ship",
    }
    page = client.get("/files")
    assert page.status_code == 200 and 'href="/?file=old/class-i-starter.toml"' in page.text


def test_a_file_opens_with_its_version(client: TestClient, folder: Path) -> None:
    data = json_of(client, "/?file=old/class-i-starter.toml")
    raw = (folder / "old" / "class-i-starter.toml").read_bytes()
    assert data["file"] == {"path": "old/class-i-starter.toml", "version": version_of(raw)}
    assert data["answer"]["name"] == "old/class-i-starter.toml"
    assert data["answer"]["verdict"] == "legal"


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("../outside.toml", "path: ../outside.toml: outside the folder the studio serves"),
        ("/etc/hosts.toml", "path: /etc/hosts.toml: outside the folder the studio serves"),
        ("link/x.toml", "path: link/x.toml: leads outside the folder the studio serves"),
        ("escape.toml", "path: escape.toml: leads outside the folder the studio serves"),
        ("notes.txt", "path: notes.txt: a file of the folder is .toml or .json"),
        ("missing.toml", "missing.toml: no such file"),
    ],
)
def test_nothing_outside_the_folder_is_read(
    client: TestClient, folder: Path, tmp_path: Path, name: str, problem: str
) -> None:
    outside = tmp_path / "secret"
    outside.mkdir()
    (outside / "x.toml").write_text('format = "trucker-ship/1"\n', encoding="utf-8")
    os.symlink(outside, folder / "link")
    os.symlink(outside / "x.toml", folder / "escape.toml")
    answer = client.get(f"/?file={name}", headers={"accept": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["error"] == problem


def save(client: TestClient, path: str, ship: object, version: object) -> object:
    return client.post("/files/save", json={"path": path, "ship": ship, "version": version})


def test_save_keeps_the_users_file_and_save_as_never_replaces(
    client: TestClient, folder: Path
) -> None:
    opened = json_of(client, "/?file=class-iii-cruiser.toml")
    ship = opened["answer"]["ship"]
    del ship["tiles"]["9,8"]
    answer = save(client, "class-iii-cruiser.toml", ship, opened["file"]["version"])
    assert answer.status_code == 200, answer.text
    text = (folder / "class-iii-cruiser.toml").read_text(encoding="utf-8")
    assert answer.json() == {
        "path": "class-iii-cruiser.toml",
        "version": version_of(text.encode()),
        "note": "",
    }
    assert text.startswith("# A legal Class III ship") and '"9,8"' not in text
    assert '"9,7" = { part = "engine", sides = "s---", facing = "rear" }' in text
    # save as: a new name in the folder, or a new folder's file; never an existing one
    fresh = save(client, "new/mine.toml", ship, None)
    assert fresh.status_code == 400 and fresh.json()["error"].startswith(
        "path: new/mine.toml: no such folder"
    )
    (folder / "new").mkdir()
    assert save(client, "new/mine.toml", ship, None).status_code == 200
    again = save(client, "new/mine.toml", ship, None)
    assert again.status_code == 400
    assert (
        again.json()["error"]
        == "new/mine.toml: a file of that name is there already; choose another"
    )
    outside = save(client, "../mine.toml", ship, None)
    assert outside.status_code == 400
    assert not (folder.parent / "mine.toml").exists()


def test_the_conflict_shows_the_file_as_it_is_now(client: TestClient, folder: Path) -> None:
    opened = json_of(client, "/?file=class-iii-cruiser.toml")
    target = folder / "class-iii-cruiser.toml"
    theirs = target.read_text(encoding="utf-8").replace('name = "Cruiser"', 'name = "Theirs"')
    target.write_text(theirs, encoding="utf-8")
    mine = opened["answer"]["ship"]
    del mine["tiles"]["9,8"]
    answer = save(client, "class-iii-cruiser.toml", mine, opened["file"]["version"])
    assert answer.status_code == 409
    data = answer.json()
    assert data["error"] == "class-iii-cruiser.toml changed on disk since it was opened"
    assert data["conflict"]["version"] == version_of(theirs.encode())
    assert data["conflict"]["answer"]["ship"]["name"] == "Theirs"
    assert data["conflict"]["answer"]["picture"].startswith("<svg")
    assert target.read_text(encoding="utf-8") == theirs  # nothing written
    # the user keeps theirs: a save at the version now on disk
    kept = save(client, "class-iii-cruiser.toml", mine, data["conflict"]["version"])
    assert kept.status_code == 200
    assert '"9,8"' not in target.read_text(encoding="utf-8")


def test_a_save_is_pushed_to_the_pages_that_have_the_file_open(client: TestClient) -> None:
    hub: Hub = client.app.state.studio.hub  # type: ignore[attr-defined]
    heard: list[str] = []

    async def run() -> None:
        with hub.listen("file:class-iii-cruiser.toml") as listener:
            assert await listener.next(0.01) is None  # nothing yet
            hub.publish("file:another.toml", {"path": "another.toml", "version": "v9"})
            hub.publish(
                "file:class-iii-cruiser.toml", {"path": "class-iii-cruiser.toml", "version": "v2"}
            )
            heard.append(await listener.next(5) or "")

    asyncio.run(run())
    assert heard == ['{"path": "class-iii-cruiser.toml", "version": "v2"}']
    assert hub.listening == 0


def test_a_stopping_studio_lets_every_page_go() -> None:
    hub = Hub()

    async def run() -> None:
        with hub.listen("run-1") as listener:
            hub.close()
            with pytest.raises(EOFError):
                await listener.next(5)
        with pytest.raises(OverflowError):
            hub.listen("run-2")

    asyncio.run(run())


def test_an_upload_is_read_and_a_download_written(client: TestClient, folder: Path) -> None:
    text = (folder / "broken-hauler.toml").read_text(encoding="utf-8")
    read = client.post("/files/read", json={"name": "hauler.toml", "text": text})
    assert read.status_code == 200
    assert read.json()["verdict"] == "illegal, 9 violations"
    bad = client.post("/files/read", json={"name": "hauler.toml", "text": "tiles = 3"})
    assert bad.status_code == 400 and bad.json()["error"].startswith("hauler.toml: ")
    kind = client.post("/files/read", json={"name": "hauler.txt", "text": text})
    assert kind.json()["error"] == "hauler.txt: upload a .toml or .json layout file"
    down = client.post("/files/text", json={"ship": read.json()["ship"], "suffix": ".toml"})
    assert down.status_code == 200 and down.json()["text"].startswith('format = "trucker-ship/1"')


def test_a_json_file_keeps_its_order(client: TestClient, folder: Path) -> None:
    source = SCENARIOS / "ships" / "spec-example.json"
    (folder / "spec.json").write_bytes(source.read_bytes())
    before = json.loads(source.read_text(encoding="utf-8"))
    opened = json_of(client, "/?file=spec.json")
    ship = opened["answer"]["ship"]
    last = sorted(ship["tiles"], key=lambda k: tuple(map(int, k.split(","))))[-1]
    del ship["tiles"][last]
    answer = save(client, "spec.json", ship, opened["file"]["version"])
    assert answer.status_code == 200, answer.text
    after = json.loads((folder / "spec.json").read_text(encoding="utf-8"))
    assert list(after) == list(before)
    assert list(after["tiles"]) == [k for k in before["tiles"] if k != last]
