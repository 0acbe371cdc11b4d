"""Saving an edited ship into the user's own file (formats/edit.py, formats/save.py): only what
changed is changed, whatever the change (a tile added, removed, moved, turned, refilled, the ship
renamed); a file changed on disk since it was opened is never overwritten."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import tomli
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from trucker.core.errors import BadInput
from trucker.core.geometry import Cell
from trucker.core.parts import AlienColor
from trucker.core.ship import Ship
from trucker.formats.edit import edit_layout
from trucker.formats.load import load_ship, ship_from_document, tile_from_entry
from trucker.formats.save import FileChanged, open_layout, save_layout, version_of
from trucker.formats.write import ship_to_document

CRUISER = SCENARIOS / "ships" / "class-iii-cruiser.toml"
SHIPS = sorted(p for p in (SCENARIOS / "ships").glob("*.toml") if p.name != "expected.toml")


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def test_a_studio_session_keeps_every_untouched_line() -> None:
    text = CRUISER.read_text(encoding="utf-8")
    before = load_ship(CRUISER)
    tile, held = tile_from_entry({"part": "cargo", "capacity": 2, "sides": "s---"})
    after = (
        before.without([Cell(9, 8)])  # an engine taken off
        .placed(Cell(9, 9), tile, held)  # a hold added
        .moved(Cell(7, 10), Cell(6, 10))  # a cannon moved
    )
    after = after.placed(Cell(5, 6), after.tiles[Cell(5, 6)].turned(2), after.contents[Cell(5, 6)])
    after = after.with_contents({Cell(6, 5): after.contents[Cell(6, 5)]._replace(charge=1)})
    after = replace(after, name="Cruiser II")
    edited = edit_layout(text, before, after)
    assert edited is not None
    old, new = lines_of(text), lines_of(edited)
    changed = {'"9,8"', '"7,10"', '"5,6"', '"6,5"', "name"}
    kept = [line for line in old if not line.startswith(tuple(changed))]
    assert [line for line in new if line in kept] == kept  # in their order, byte for byte
    assert 'name = "Cruiser II"' in new
    assert '"5,6" = { part = "cannon", sides = "---s", facing = "rear" }' in new
    assert '"6,5" = { part = "battery", capacity = 3, sides = "-sds", charge = 1 }' in new
    assert new[-2:] == [
        '"6,10" = { part = "cannon", sides = "---s", facing = "right" }',
        '"9,9" = { part = "cargo", sides = "s---", capacity = 2 }',
    ]
    assert not any(line.startswith(('"9,8"', '"7,10"')) for line in new)


def test_a_key_the_user_wrote_keeps_its_place_and_a_stale_one_goes() -> None:
    text = (
        'format = "trucker-ship/1"\nboard = "I"\n[tiles]\n'
        '"7,7" = { start = true, part = "cabin" }\n'
        '"7,8" = { sides = "---u", part = "cabin", crew = 2 }  # two aboard\n'
    )
    ship = load_ship_text(text, Path("."))
    brown = ship.contents[Cell(7, 8)]._replace(crew=0, alien=AlienColor.BROWN)
    alien = ship.with_contents({Cell(7, 8): brown})
    edited = edit_layout(text, ship, alien)
    assert edited is not None
    assert (
        edited.splitlines()[-1]
        == '"7,8" = { sides = "---u", part = "cabin", alien = "brown" }  # two aboard'
    )
    turned = ship.placed(Cell(7, 8), ship.tiles[Cell(7, 8)].turned(1), ship.contents[Cell(7, 8)])
    edited = edit_layout(text, ship, turned)
    assert edited is not None
    assert (
        edited.splitlines()[-1]
        == '"7,8" = { sides = "u---", part = "cabin", crew = 2 }  # two aboard'
    )


def test_json_keeps_its_order() -> None:
    ship = load_ship(CRUISER)
    doc = ship_to_document(ship)
    doc = {
        "tiles": doc["tiles"],
        "board": doc["board"],
        "name": doc["name"],
        "format": doc["format"],
    }
    text = json.dumps(doc, indent=2) + "\n"
    after = ship.without([Cell(9, 8)])
    edited = edit_layout(text, ship, after, suffix=".json")
    assert edited is not None
    back = json.loads(edited)
    assert list(back) == ["tiles", "board", "name", "format"]
    assert list(back["tiles"]) == [k for k in doc["tiles"] if k != "9,8"]


@pytest.mark.parametrize("path", SHIPS, ids=lambda p: p.name)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_any_edit_of_any_bundled_file_reads_back_and_keeps_its_comments(
    path: Path, data: st.DataObject
) -> None:
    text = path.read_text(encoding="utf-8")
    before = load_ship(path)
    after = before
    cells = sorted(before.tiles)
    for _ in range(data.draw(st.integers(1, 4))):
        cells = sorted(after.tiles)
        kind = data.draw(st.sampled_from(["remove", "turn", "move", "add"]))
        cell = data.draw(st.sampled_from(cells))
        free = sorted(after.board.squares - after.tiles.keys()) or [Cell(0, 0)]
        if kind == "remove" and len(cells) > 1:
            after = after.without([cell])
        elif kind == "turn":
            after = after.placed(
                cell, after.tiles[cell].turned(data.draw(st.integers(1, 3))), after.contents[cell]
            )
        elif kind == "move":
            after = after.moved(cell, data.draw(st.sampled_from(free)))
        else:
            tile, held = tile_from_entry({"part": "structure", "sides": "usd-"})
            after = after.placed(data.draw(st.sampled_from(free)), tile, held)
    edited = edit_layout(text, before, after)
    assert edited is not None
    comments = [line for line in lines_of(text) if line.lstrip().startswith("#")]
    assert [line for line in lines_of(edited) if line in comments] == comments
    again = load_ship_text(edited, path)
    assert again.tiles == after.tiles and again.contents == after.contents


def load_ship_text(text: str, path: Path) -> Ship:
    return ship_from_document(tomli.loads(text), "edited.toml", base=path.parent)


# -- saving -------------------------------------------------------------------------------------


def test_save_writes_the_edit_and_a_new_version(tmp_path: Path) -> None:
    target = tmp_path / "cruiser.toml"
    target.write_bytes(CRUISER.read_bytes())
    opened = open_layout(target, "cruiser.toml")
    assert opened.version == version_of(CRUISER.read_bytes())
    after = opened.ship.without([Cell(9, 8)])
    saved = save_layout(target, after, "cruiser.toml", version=opened.version)
    assert saved.note == ""
    assert saved.version == version_of(target.read_bytes()) != opened.version
    assert load_ship(target).tiles == after.tiles
    assert target.read_text(encoding="utf-8").startswith("# A legal Class III ship")
    assert [p.name for p in tmp_path.iterdir()] == ["cruiser.toml"]  # no temporary file left


def test_a_file_changed_since_it_was_opened_is_never_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "cruiser.toml"
    target.write_bytes(CRUISER.read_bytes())
    opened = open_layout(target, "cruiser.toml")
    theirs = opened.text.replace('name = "Cruiser"', 'name = "Theirs"')
    target.write_text(theirs, encoding="utf-8")
    with pytest.raises(FileChanged) as caught:
        save_layout(
            target, opened.ship.without([Cell(9, 8)]), "cruiser.toml", version=opened.version
        )
    assert str(caught.value) == "cruiser.toml changed on disk since it was opened"
    assert caught.value.ship is not None and caught.value.ship.name == "Theirs"
    assert caught.value.version == version_of(theirs.encode())
    assert target.read_text(encoding="utf-8") == theirs  # nothing written
    target.write_text("not = [toml", encoding="utf-8")
    with pytest.raises(FileChanged) as broken:
        save_layout(target, opened.ship, "cruiser.toml", version=opened.version)
    assert broken.value.ship is None and "malformed TOML" in (broken.value.problem or "")
    target.unlink()
    with pytest.raises(FileChanged) as gone:
        save_layout(target, opened.ship, "cruiser.toml", version=opened.version)
    assert gone.value.version is None and str(gone.value).endswith(
        "was deleted since it was opened"
    )


def test_a_new_file_never_replaces_one(tmp_path: Path) -> None:
    ship = load_ship(CRUISER)
    target = tmp_path / "new.toml"
    save_layout(target, ship, "new.toml", version=None)
    assert load_ship(target).tiles == ship.tiles
    with pytest.raises(BadInput, match="a file of that name is there already"):
        save_layout(target, ship, "new.toml", version=None)
    as_json = tmp_path / "new.json"
    save_layout(as_json, ship, "new.json", version=None)
    assert json.loads(as_json.read_text(encoding="utf-8"))["name"] == "Cruiser"
