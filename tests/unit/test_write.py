"""Writing layout files (trucker/formats/write.py): load -> write -> load gives the same ship, and
the output is written atomically."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from tests.helpers import ship
from trucker.core.ship import Ship
from trucker.formats.documents import parse_document
from trucker.formats.load import load_ship, ship_from_document
from trucker.formats.write import dumps_ship, ship_to_document, toml_value, write_atomic

SHIPS = sorted((SCENARIOS / "ships").iterdir())


def same_ship(a: Ship, b: Ship) -> None:
    assert dict(a.tiles) == dict(b.tiles)
    assert a.board.id == b.board.id
    assert (a.name, a.holes, a.insured, a.loadout) == (b.name, b.holes, b.insured, b.loadout)
    assert dict(a.rulings) == dict(b.rulings)


@pytest.mark.parametrize("suffix", [".toml", ".json"])
@pytest.mark.parametrize("path", SHIPS, ids=lambda p: p.name)
def test_round_trip(path: Path, suffix: str) -> None:
    original = load_ship(path)
    text = dumps_ship(original, suffix=suffix)
    again = ship_from_document(parse_document(text.encode(), "out" + suffix, suffix), "out")
    same_ship(original, again)


def test_round_trip_of_every_field() -> None:
    tiles = {
        "7,7": "start crew=1",
        "6,7": "double-cannon --u- front armor=front",
        "7,8": "battery ---u capacity=3 charge=1",
        "7,6": "cargo -u-- capacity=2 red=true goods=RB",
        "8,7": "thruster u--- nozzles=rear,left",
        "6,6": "shield ---- covers=left,front",
        "8,8": "hybrid-life-support ---- colors=cyan,brown",
        "6,8": "cabin ---- alien=cyan",
        "5,7": "robot-center ---- active=true",
        "8,6": "luxury-cabin ---- passenger=false",
        "9,9": "stasis-chamber ---- sleepers=3",
        "8,9": "life-support ---- color=purple",
        "9,8": "cabin ---- crew=0",
    }
    s = ship(tiles, "II", name='Odd "name"', rulings={"armory_reach": "adjacent"})
    again = ship_from_document(tomllib.loads(dumps_ship(s)), "again")
    same_ship(s, again)


def test_round_trip_of_an_empty_loadout_and_holes() -> None:
    s = ship(
        {"8,8": "start", "8,9": "battery ---u capacity=2 charge=2", "9,8": "cabin u--- crew=2"},
        "IIIB",
        holes=[5, 5],
        loadout="empty",
    )
    again = ship_from_document(tomllib.loads(dumps_ship(s)), "again")
    same_ship(s, again)


def test_round_trip_of_insurance() -> None:
    s = ship({"11,7": "start"}, "IV", insured=False)
    doc = ship_to_document(s)
    assert doc["insured"] is False
    same_ship(s, ship_from_document(doc, "again"))


def test_only_what_differs_from_the_loadout_defaults_is_written() -> None:
    doc = ship_to_document(ship({"7,7": "start", "7,8": "battery ---u capacity=2"}))
    assert doc == {
        "format": "trucker-ship/1",
        "board": "II",
        "tiles": {
            "7,7": {"part": "cabin", "start": True},
            "7,8": {"part": "battery", "sides": "---u", "capacity": 2},
        },
    }


def test_toml_is_one_inline_table_per_tile() -> None:
    text = dumps_ship(ship({"8,7": "engine u--- rear", "7,7": "start"}))
    assert text.splitlines() == [
        'format = "trucker-ship/1"',
        'board = "II"',
        "",
        "[tiles]",
        '"7,7" = { part = "cabin", start = true }',
        '"8,7" = { part = "engine", sides = "u---", facing = "rear" }',
    ]


def test_json_output() -> None:
    data = json.loads(dumps_ship(ship({"7,7": "start"}), suffix=".json"))
    assert data["tiles"] == {"7,7": {"part": "cabin", "start": True}}


def test_toml_value() -> None:
    assert toml_value(["a", 1]) == '["a", 1]'
    assert toml_value({"a b": True}) == '{ "a b" = true }'


def test_board_file_path_is_written_relative_to_the_output(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "mine.toml").write_text(
        'format = "trucker-board/1"\nid = "mine"\nname = "Mine"\nlevel = 1\n'
        'start = "1,1"\n[squares]\n1 = "1-2"\n',
        encoding="utf-8",
    )
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "ship.toml").write_text(
        'format = "trucker-ship/1"\nboard = "../b/mine.toml"\n[tiles]\n'
        '"1,1" = { part = "cabin", start = true }\n',
        encoding="utf-8",
    )
    s = load_ship(tmp_path / "s" / "ship.toml")
    out = tmp_path / "out"
    out.mkdir()
    doc = ship_to_document(s, relative_to=out)
    assert doc["board"] == os.path.join("..", "b", "mine.toml")
    (out / "fixed.toml").write_text(dumps_ship(s, relative_to=out), encoding="utf-8")
    assert load_ship(out / "fixed.toml").board.squares == s.board.squares


def test_write_atomic_replaces_the_target(tmp_path: Path) -> None:
    target = tmp_path / "out.toml"
    target.write_text("old", encoding="utf-8")
    write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.toml"]


def test_write_atomic_leaves_nothing_behind_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.toml"
    target.write_text("old", encoding="utf-8")

    def fail(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.toml"]


def test_written_files_get_ordinary_permissions(tmp_path) -> None:
    """Outputs are shared files (pictures for a forum, pages for a class): the umask decides,
    not the private mode of the temporary file; an existing file keeps its mode."""
    import os

    from trucker.formats.write import write_atomic

    fresh = tmp_path / "page.html"
    write_atomic(fresh, "x")
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask
    kept = tmp_path / "kept.svg"
    kept.write_text("old")
    kept.chmod(0o640)
    write_atomic(kept, "new")
    assert kept.stat().st_mode & 0o777 == 0o640 and kept.read_text() == "new"
