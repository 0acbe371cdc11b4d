"""Reading layout files (trucker/formats/load.py): suffix, size, encoding, TOML or JSON, board
files, and every input problem as one line naming the file and the key (the spec's "Checking a
layout")."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from tests.helpers import document
from trucker.core.errors import BadInput
from trucker.core.geometry import Cell, Connector, Direction
from trucker.core.parts import AlienColor, Part
from trucker.formats.documents import MAX_BYTES, MAX_DEPTH, read_document
from trucker.formats.load import load_ship, ship_from_document

SHIP_TOML = """\
format = "trucker-ship/1"
name = "Tiny"
board = "II"

[tiles]
"7,7" = { part = "cabin", start = true }
"8,7" = { part = "engine", sides = "u---", facing = "b" }
"""


def lines(exc: BadInput) -> list[str]:
    return [str(e) for e in exc.errors]


def bad(data: dict[str, Any]) -> list[str]:
    with pytest.raises(BadInput) as info:
        ship_from_document(data, "s.toml")
    return lines(info.value)


def test_load_toml(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(SHIP_TOML, encoding="utf-8")
    ship = load_ship(path)
    assert ship.name == "Tiny"
    assert ship.board.id == "II"
    assert ship.file == str(path)
    assert ship.tiles[Cell(8, 7)].facing is Direction.REAR
    assert ship.tiles[Cell(7, 7)].sides == (Connector.UNIVERSAL,) * 4


def test_json_is_the_same_structure(tmp_path: Path) -> None:
    toml_path = tmp_path / "tiny.toml"
    toml_path.write_text(SHIP_TOML, encoding="utf-8")
    doc = {
        "format": "trucker-ship/1",
        "name": "Tiny",
        "board": "II",
        "tiles": {
            "7,7": {"part": "cabin", "start": True},
            "8,7": {"part": "engine", "sides": "u---", "facing": "b"},
        },
    }
    json_path = tmp_path / "tiny.json"
    json_path.write_text(json.dumps(doc), encoding="utf-8")
    assert dict(load_ship(toml_path).tiles) == dict(load_ship(json_path).tiles)


def test_display_name_is_used_in_messages(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text("format = 3\n", encoding="utf-8")
    with pytest.raises(BadInput) as info:
        load_ship(path, display="shown.toml")
    assert all(line.startswith("shown.toml: ") for line in lines(info.value))


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("a.yaml", b"x", "unknown file type '.yaml'"),
        ("a", b"x", "(none)"),
        ("a.toml", b"a = \n", "malformed TOML"),
        ("a.json", b"{", "malformed JSON"),
        ("a.json", b'{"a": 1, "a": 2}', "a.json: a: given twice; keep one of them"),
        ("a.json", b"[1, 2]", "expected a table of keys at the top level"),
        ("a.toml", b"a = 1\x00\x01", "binary data"),
        ("a.toml", b"\xff\xfe\xfd", "not UTF-8"),
    ],
)
def test_unreadable_documents(tmp_path: Path, name: str, content: bytes, problem: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(BadInput) as info:
        read_document(path, display=name)
    [line] = lines(info.value)
    assert line.startswith(f"{name}: ")
    assert problem in line


def test_files_over_one_mebibyte_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"# " + b"x" * MAX_BYTES + b"\n")
    with pytest.raises(BadInput) as info:
        read_document(path, display="big.toml")
    assert lines(info.value) == [f"big.toml: file is {MAX_BYTES + 3} bytes, over the 1 MiB limit"]


def test_a_file_of_exactly_one_mebibyte_is_read(tmp_path: Path) -> None:
    path = tmp_path / "edge.toml"
    path.write_bytes(b"a = 1\n" + b"#" * (MAX_BYTES - 7) + b"\n")
    assert read_document(path) == {"a": 1}


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="no such file"):
        read_document(tmp_path / "nope.toml")
    folder = tmp_path / "dir.toml"
    folder.mkdir()
    with pytest.raises(BadInput, match="is a directory"):
        read_document(folder)


def test_every_problem_of_a_file_is_reported() -> None:
    doc = document(
        {
            "7,7": "start",
            "7;8": "pipe ---u",
            "07,7": "pipe ---u",
            "6,7": "cannon s--- front",
            "8,7": {"part": "pipe", "sides": "u---"},
        },
        "II",
        holes=[1, 2],
    )
    assert bad(doc) == [
        's.toml: tiles."6,7".sides: the front side carries the barrel and must be smooth (-), '
        "not 's'",
        "s.toml: tiles.\"8,7\".part: unknown part 'pipe' (`trucker parts` lists them)",
        's.toml: tiles."7;8": \'7;8\' is not a square: write "row,col", e.g. "7,8"',
        's.toml: tiles."07,7": the same square as "7,7"',
        "s.toml: holes: board II has no die-marked holes (only IIIB does)",
    ]


def test_unknown_part_suggests_a_close_one() -> None:
    assert bad(document({"7,7": "start", "7,8": "canon ---u"})) == [
        "s.toml: tiles.\"7,8\".part: unknown part 'canon' (did you mean 'cannon'?)"
    ]


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("double engine", "double-engine"),
        ("double_cannon", "double-cannon"),
        ("cargo hold", "cargo"),
        ("shield generator", "shield"),
        ("structural module", "structure"),
    ],
)
def test_a_part_spaced_or_called_by_its_printed_name_suggests_its_id(
    written: str, meant: str
) -> None:
    doc = document({"7,7": "start", "7,8": {"part": written, "sides": "---u"}})
    assert bad(doc) == [
        f's.toml: tiles."7,8".part: unknown part {written!r} (did you mean {meant!r}?)'
    ]


def test_a_list_written_as_text_says_how_to_write_it() -> None:
    doc = document({"7,7": "start", "7,8": {"part": "shield", "sides": "---u", "covers": "f,r"}})
    assert bad(doc) == [
        's.toml: tiles."7,8".covers: expected a list, got \'f,r\': write it in brackets, ["f", "r"]'
    ]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (
            '"7,8" = { part = "battery", capacity = 2, sides = "---u" }',
            'tiles."7,8": given twice (line 6); keep one of them',
        ),
        (
            '8,7 = { part = "engine", sides = "u---", facing = "rear" }',
            "malformed TOML: Expected '=' after a key in a key/value pair (at line 6, column 2): "
            'a square is written in quotes, "8,7" = ...',
        ),
        (
            '"8,7" = { part = "engine", sides = "u---", facing = rear }',
            "malformed TOML: Invalid value (at line 6, column 53): text is written in quotes, "
            '"rear"',
        ),
    ],
)
def test_slips_in_hand_written_toml_say_what_to_write(
    tmp_path: Path, line: str, problem: str
) -> None:
    """A square as a bare key, text without quotes, a square given twice: the parser's words
    and what to write instead (issue 13: a duplicate tile key is named)."""
    path = tmp_path / "s.toml"
    path.write_text(
        'format = "trucker-ship/1"\nboard = "II"\n[tiles]\n'
        '"7,7" = { part = "cabin", start = true }\n'
        '"7,8" = { part = "battery", capacity = 2, sides = "---u" }\n' + line + "\n",
        encoding="utf-8",
    )
    with pytest.raises(BadInput) as info:
        read_document(path, display="s.toml")
    assert lines(info.value) == [f"s.toml: {problem}"]


def test_unknown_key_suggests_a_close_one() -> None:
    doc = document({"7,7": "start", "7,8": {"part": "structure", "sdies": "---u"}})
    assert bad(doc) == [
        's.toml: tiles."7,8".sides: required key is missing',
        "s.toml: tiles.\"7,8\".sdies: unknown key (did you mean 'sides'?)",
    ]


def test_missing_part() -> None:
    assert bad(document({"7,7": "start", "7,8": {"sides": "---u"}})) == [
        's.toml: tiles."7,8".part: required key is missing'
    ]


def test_unknown_board() -> None:
    [line] = bad(document({"7,7": "start"}, "XII"))
    assert line.startswith("s.toml: board: unknown board 'XII' (did you mean 'II'?)")


def test_holes_are_required_on_iiib_and_only_there() -> None:
    assert bad(document({"7,7": "start"}, "IIIB")) == [
        "s.toml: holes: required on board IIIB: the two dice rolled when building started"
    ]
    assert bad(document({"7,7": "start"}, "III", holes=[3, 4])) == [
        "s.toml: holes: board III has no die-marked holes (only IIIB does)"
    ]
    ship = ship_from_document(document({"7,7": "start"}, "IIIB", holes=[3, 4]), "s.toml")
    assert ship.holes == (3, 4)


@pytest.mark.parametrize("insured", [True, False])
def test_insured_only_where_insurance_is_optional(insured: bool) -> None:
    assert bad(document({"7,7": "start"}, "II", insured=insured)) == [
        "s.toml: insured: board II has no optional insurance (only Class IV does)"
    ]
    ship = ship_from_document(document({"11,7": "start"}, "IV", insured=insured), "s.toml")
    assert ship.insured is insured


def test_rulings_in_a_file_are_checked() -> None:
    doc = document({"7,7": "start"}, rulings={"thruster_clearence": "one-square"})
    assert bad(doc) == [
        "s.toml: rulings.thruster_clearence: unknown ruling (did you mean 'thruster_clearance'?)"
    ]
    [line] = bad(document({"7,7": "start"}, rulings={"thruster_clearance": "two-squares"}))
    assert line.startswith("s.toml: rulings.thruster_clearance: ")


def test_launch_loadout_defaults() -> None:
    """The spec's Loadout: 2 humans per cabin without crew or alien, full batteries, empty holds,
    inactive robots, a passenger in each luxury cabin."""
    tiles = {
        "7,7": "start",
        "7,8": "battery ---u capacity=3",
        "8,7": "cargo u--- capacity=2",
        "7,6": "robot-center -u--",
        "6,7": "luxury-cabin --u-",
        "8,8": "cabin ---- alien=cyan",
    }
    ship = ship_from_document(document(tiles), "s.toml")
    t = {str(c): held for c, held in ship.contents.items()}
    assert t["7,7"].crew == 2
    assert t["7,8"].charge == 3
    assert t["8,7"].goods == ""
    assert not t["7,6"].active
    assert t["6,7"].passenger
    assert t["8,8"].alien is AlienColor.CYAN and t["8,8"].crew == 0
    empty = ship_from_document(document(tiles, loadout="empty"), "s.toml")
    e = {str(c): held for c, held in empty.contents.items()}
    assert (e["7,7"].crew, e["7,8"].charge, e["6,7"].passenger) == (0, 0, False)


def test_goods_are_kept_most_valuable_first() -> None:
    ship = ship_from_document(
        document({"7,7": "start", "7,8": "cargo ---u capacity=3 red=false goods=byg"}), "s"
    )
    assert ship.contents[Cell(7, 8)].goods == "YGB"


def test_board_file_beside_the_ship(tmp_path: Path) -> None:
    """A layout may point to a board file of its own, relative to the layout."""
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "mine.toml").write_text(
        'format = "trucker-board/1"\nid = "mine"\nname = "Mine"\nlevel = 1\n'
        'start = "2,2"\n[squares]\n1 = "2"\n2 = "1-3"\n',
        encoding="utf-8",
    )
    (tmp_path / "ship.toml").write_text(
        'format = "trucker-ship/1"\nboard = "boards/mine.toml"\n[tiles]\n'
        '"2,2" = { part = "cabin", start = true }\n',
        encoding="utf-8",
    )
    ship = load_ship(tmp_path / "ship.toml")
    assert ship.board.id == "mine"
    assert ship.board.source == "custom"
    assert ship.board.squares == {Cell(1, 2), Cell(2, 1), Cell(2, 2), Cell(2, 3)}


def test_bad_board_file_is_reported_under_the_board_key(tmp_path: Path) -> None:
    (tmp_path / "b.toml").write_text('format = "trucker-board/1"\n', encoding="utf-8")
    (tmp_path / "ship.toml").write_text(
        'format = "trucker-ship/1"\nboard = "b.toml"\n[tiles]\n'
        '"2,2" = { part = "cabin", start = true }\n',
        encoding="utf-8",
    )
    with pytest.raises(BadInput) as info:
        load_ship(tmp_path / "ship.toml", display="ship.toml")
    assert lines(info.value)
    assert all(line.startswith("ship.toml: board: b.toml: ") for line in lines(info.value))


def test_every_scenario_loads() -> None:
    for path in sorted((SCENARIOS / "ships").iterdir()):
        assert load_ship(path).tiles, path.name


def test_parts_are_parts() -> None:
    ship = ship_from_document(document({"7,7": "start", "7,8": "turret ---u"}), "s")
    assert ship.tiles[Cell(7, 8)].part is Part.TURRET


# --- hostile files (issue 13 B): refused in one line, read within bounds --------------------


def one_problem(path: Path, name: str) -> str:
    with pytest.raises(BadInput) as info:
        read_document(path, display=name)
    [line] = lines(info.value)
    return line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "ship.toml"
    os.mkfifo(fifo)
    assert one_problem(fifo, "ship.toml") == (
        "ship.toml: is a named pipe, not a file: give a .toml or .json file"
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_behind_a_ship_name_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "ship.toml"
    link.symlink_to("/dev/zero")
    assert one_problem(link, "ship.toml") == (
        "ship.toml: is a device, not a file: give a .toml or .json file"
    )


def test_a_directory_says_what_to_give(tmp_path: Path) -> None:
    (tmp_path / "dir.toml").mkdir()
    assert one_problem(tmp_path / "dir.toml", "dir.toml") == (
        "dir.toml: is a directory, not a file: give a .toml or .json file"
    )


def test_a_symlink_loop_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "a.toml").symlink_to(tmp_path / "b.toml")
    (tmp_path / "b.toml").symlink_to(tmp_path / "a.toml")
    assert one_problem(tmp_path / "a.toml", "a.toml").startswith("a.toml: cannot read: ")


def test_a_path_with_a_nul_character(tmp_path: Path) -> None:
    assert one_problem(tmp_path / "a\x00.toml", "a.toml") == (
        "a.toml: the path holds a NUL character; give a file name"
    )


def test_a_file_that_grows_after_its_size_was_read_is_cut_at_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never more than the limit and one byte is read, whatever the size said."""
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (3 * MAX_BYTES))
    real = os.fstat

    def small(fd: int) -> os.stat_result:
        info = real(fd)
        return os.stat_result((info.st_mode, *info[1:6], 10, *info[7:]))

    monkeypatch.setattr(os, "fstat", small)
    assert one_problem(path, "big.toml") == (
        f"big.toml: file is {MAX_BYTES + 1} bytes, over the 1 MiB limit"
    )


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    for suffix, text in ((".toml", SHIP_TOML), (".json", json.dumps({"format": "x"}))):
        path = tmp_path / f"bom{suffix}"
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
        plain = tmp_path / f"plain{suffix}"
        plain.write_text(text, encoding="utf-8")
        assert read_document(path) == read_document(plain)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("deep.toml", b"x = " + b"[" * 5000 + b"]" * 5000),
        ("deep.json", b'{"x": ' + b"[" * 5000 + b"]" * 5000 + b"}"),
        ("deep.json", b'{"x": ' + b'{"x": ' * 40 + b"1" + b"}" * 41),
        ("dotted.toml", b".".join([b"x"] * 5000) + b" = 1"),
        ("tables.toml", b"[" + b".".join([b"x"] * 40) + b"]\na = 1"),
    ],
)
def test_deep_nesting_is_bad_input(tmp_path: Path, name: str, content: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    kind = "JSON" if name.endswith(".json") else "TOML"
    assert one_problem(path, name) == (
        f"{name}: malformed {kind}: nested more than {MAX_DEPTH} levels deep; "
        "no trucker file needs more"
    )


def test_nesting_up_to_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"x": ' * (MAX_DEPTH - 1) + b"{}" + b"}" * (MAX_DEPTH - 1))
    assert read_document(path)


@pytest.mark.parametrize("name", ["n.toml", "n.json"])
def test_a_number_of_thousands_of_digits(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    digits = "9" * 5000
    path.write_text(f"x = {digits}" if name.endswith(".toml") else f'{{"x": {digits}}}', "utf-8")
    kind = "JSON" if name.endswith(".json") else "TOML"
    assert one_problem(path, name) == f"{name}: malformed {kind}: a number longer than 4300 digits"


@pytest.mark.parametrize(
    ("content", "line"),
    [
        (
            SHIP_TOML + '"7,7" = { part = "structure", sides = "uuuu" }\n',
            's.toml: tiles."7,7": given twice (line 8); keep one of them',
        ),
        (
            SHIP_TOML.replace("start = true", "start = true, start = false"),
            's.toml: tiles."7,7".start: given twice (line 6); keep one of them',
        ),
        ('name = "a"\nname = "b"\n', "s.toml: name: given twice (line 2); keep one of them"),
        (
            "[tiles]\n[tiles]\n",
            "s.toml: malformed TOML: a table given twice (line 2); write each table once",
        ),
    ],
)
def test_a_key_given_twice_is_named(tmp_path: Path, content: str, line: str) -> None:
    path = tmp_path / "s.toml"
    path.write_text(content, encoding="utf-8")
    assert one_problem(path, "s.toml") == line


def test_a_json_key_given_twice_is_named_by_its_path(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"tiles": {"7,7": {"part": "cabin"}, "7,7": {}}}', encoding="utf-8")
    assert one_problem(path, "s.json") == 's.json: tiles."7,7": given twice; keep one of them'


def test_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """``-`` reads standard input, TOML or JSON by its first character, named ``stdin``."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(SHIP_TOML.encode())))
    assert load_ship("-").name == "Tiny"
    with pytest.raises(BadInput, match=r"^stdin: standard input can be read once"):
        load_ship("-")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"format": 1}')))
    with pytest.raises(BadInput) as info:
        load_ship("-")
    assert lines(info.value)[0].startswith("stdin: format: ")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"#" * (MAX_BYTES + 9))))
    with pytest.raises(BadInput, match=r"^stdin: input is over the 1 MiB limit$"):
        read_document("-")
