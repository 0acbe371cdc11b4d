"""``trucker fix`` keeps the user's file (trucker/formats/edit.py, issue 13, A.6): comments, key
order and formatting survive a repair; only the removed tiles and unloaded contents change."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.cli.invoke import run_main
from tests.conftest import SCENARIOS
from trucker.formats.edit import edit_layout
from trucker.formats.load import load_ship
from trucker.formats.write import ship_to_document
from trucker.rules.repair import CannotRepair, repair

HAULER = SCENARIOS / "ships" / "broken-hauler.toml"
SHIPS = sorted(p for p in (SCENARIOS / "ships").glob("*.toml") if p.name != "expected.toml")


def _fix(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str = "fixed.toml"):
    target = tmp_path / name
    run = run_main(capsys, "fix", str(path), "-o", str(target))
    return run, target


def test_the_broken_hauler_keeps_its_comments_and_its_lines(tmp_path, capsys) -> None:
    run, target = _fix(HAULER, tmp_path, capsys)
    assert run.code == 0, run.stderr
    assert run.stdout.splitlines()[-1] == f"wrote {target}"
    expected = []
    for line in HAULER.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith(('"5,7"', '"7,6"', '"7,9"', '"10,7"')):
            continue  # removed: off the board, blocked, mismatched, misfacing
        if line.startswith('"7,7"'):
            line = line.replace("crew = 3", "crew = 2")
        if line.startswith('"8,8"'):  # the brown alien, with no life support, is unloaded
            line = '"8,8" = { part = "cabin", sides = "s---", crew = 0 }\n'
        expected.append(line)
    assert target.read_text(encoding="utf-8") == "".join(expected)


def test_every_form_of_entry_keeps_its_words(tmp_path, capsys) -> None:
    source = tmp_path / "mine.toml"
    source.write_text(
        "# my first ship\n"
        'name = "Mine"   # named after me\n'
        'format = "trucker-ship/1"\n'
        'board = "II"\n'
        "\n"
        "[tiles]\n"
        "# the cabin, overfull\n"
        '"7,7"={start=true,part="cabin",crew=3}  # three is too many\n'
        '"7,8" = { part = "cargo", sides = "---s", capacity = 2, goods = "RG" }\n'
        "\n"
        '[tiles."8,7"]\n'
        'part = "cabin"   # a sub-table\n'
        'alien = "purple"\n'
        'sides = "u---"\n'
        "\n"
        '[tiles."6,7"]\n'
        'part = "structure"\n'
        'sides = "-s--"\n',
        encoding="utf-8",
    )
    run, target = _fix(source, tmp_path, capsys)
    assert run.code == 0, run.stderr
    assert target.read_text(encoding="utf-8") == (
        "# my first ship\n"
        'name = "Mine"   # named after me\n'
        'format = "trucker-ship/1"\n'
        'board = "II"\n'
        "\n"
        "[tiles]\n"
        "# the cabin, overfull\n"
        '"7,7"={start=true,part="cabin",crew=2}  # three is too many\n'
        '"7,8" = { part = "cargo", sides = "---s", capacity = 2, goods = "G" }\n'
        "\n"
        '[tiles."8,7"]\n'
        'part = "cabin"   # a sub-table\n'
        'sides = "u---"\n'
        "crew = 0\n"
        "\n"
    )
    fixed = load_ship(target)
    assert sorted(map(str, fixed.tiles)) == ["7,7", "7,8", "8,7"]


@pytest.mark.parametrize("path", SHIPS, ids=lambda p: p.name)
def test_a_repaired_bundled_ship_reads_back_as_the_repair(path: Path, tmp_path, capsys) -> None:
    ship = load_ship(path)
    try:
        result = repair(ship)
    except CannotRepair:
        pytest.skip("a layout past repair writes nothing")
    text = path.read_text(encoding="utf-8")
    edited = edit_layout(text, ship, result.ship)
    assert edited is not None
    if not result.changed:
        assert edited == text  # a legal ship's file comes back byte for byte
    run, target = _fix(path, tmp_path, capsys)
    assert run.code == 0, run.stderr
    fixed = load_ship(target)
    assert fixed.tiles == result.ship.tiles and fixed.contents == result.ship.contents


def test_json_is_written_in_the_canonical_form_and_says_so(tmp_path, capsys) -> None:
    source = tmp_path / "hauler.json"
    ship = load_ship(HAULER)
    source.write_text(json.dumps(ship_to_document(ship)), encoding="utf-8")
    run, target = _fix(source, tmp_path, capsys, "fixed.json")
    assert run.code == 0, run.stderr
    assert run.stdout.splitlines()[-1] == (
        f"wrote {target} (in the canonical form: a JSON layout keeps no comments or order "
        "of its own)"
    )
    assert load_ship(target).tiles == repair(ship).ship.tiles


def test_a_board_file_is_named_from_the_new_folder(tmp_path, capsys) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "mine.toml").write_text(
        'format = "trucker-board/1"\nid = "mine"\nname = "Mine"\nlevel = 1\n'
        'start = "1,1"\n[squares]\n1 = "1-2"\n',
        encoding="utf-8",
    )
    (tmp_path / "s").mkdir()
    source = tmp_path / "s" / "ship.toml"
    source.write_text(
        '# on my own board\nformat = "trucker-ship/1"\nboard = "../b/mine.toml"\n[tiles]\n'
        '"1,1" = { part = "cabin", start = true, crew = 3 }  # too many\n',
        encoding="utf-8",
    )
    beside = run_main(capsys, "fix", str(source), "-o", str(tmp_path / "s" / "fixed.toml"))
    assert beside.code == 0, beside.stderr
    assert 'board = "../b/mine.toml"' in (tmp_path / "s" / "fixed.toml").read_text("utf-8")
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "fixed.toml"
    elsewhere = run_main(capsys, "fix", str(source), "-o", str(target))
    assert elsewhere.code == 0, elsewhere.stderr
    written = target.read_text("utf-8")
    assert written.startswith("# on my own board\n")
    assert f"board = {json.dumps(os.path.join('..', 'b', 'mine.toml'))}" in written
    assert '"1,1" = { part = "cabin", start = true, crew = 2 }  # too many' in written
    assert load_ship(target).board.squares == load_ship(source).board.squares
