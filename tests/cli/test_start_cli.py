"""The commands for starting a ship (issue 13 A.2): `trucker parts`, every part with its keys
and a line to copy, read off the format's own models; `trucker new`, a legal ship to fill in;
`trucker examples`, the bundled files copied out of the package."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from tests.cli.invoke import run_main
from tests.conftest import SCENARIOS
from trucker.core.parts import Part
from trucker.formats.catalogue import builtin_boards
from trucker.formats.catalogue import parts as part_facts
from trucker.formats.load import load_ship, ship_from_document
from trucker.formats.ship_file import TILE_MODELS, TileEntry
from trucker.formats.skeleton import start_square
from trucker.rules.validate import validate


def test_parts_lists_every_part_and_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "parts")
    assert run.code == 0, run.stderr
    blocks = run.stdout.split("\n\n")[1:-1]
    assert [block.split(" ", 1)[0].rstrip(",") for block in blocks] == [p.value for p in Part]
    for block, part in zip(blocks, Part, strict=True):
        model = TILE_MODELS[part.value]
        assert part_facts()[part].description in block
        named = {line.split()[0] for line in block.splitlines()[1:] if line.startswith("  ")}
        own = set(model.model_fields) - {"part", "sides", "armor"}
        assert own <= named, part
        assert f"  example: {model.example}" in block


def test_parts_json_gives_each_models_keys_and_a_valid_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = run_main(capsys, "parts", "--json")
    assert run.code == 0
    found = json.loads(run.stdout)
    assert [p["part"] for p in found] == [p.value for p in Part]
    adapter = TypeAdapter(TileEntry)
    for entry in found:
        model = TILE_MODELS[entry["part"]]
        assert {k["name"] for k in entry["keys"]} == set(model.model_fields) - {"part"}
        required = {k["name"] for k in entry["keys"] if k["required"]}
        assert required == {n for n, f in model.model_fields.items() if f.is_required()} - {"part"}
        square, tile = next(iter(tomllib.loads(entry["example"]).items()))
        assert adapter.validate_python(tile).part == entry["part"]
        assert "," in square


def test_parts_of_one_part(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "parts", "Battery")
    assert run.code == 0
    assert "\nbattery (base game): " in run.stdout
    assert "capacity" in run.stdout and "cargo" not in run.stdout


def test_an_unknown_part_is_bad_input_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "parts", "batery")
    assert run.code == 2
    assert run.err_lines == [
        "part: batery: unknown part (did you mean 'battery'?); see trucker parts"
    ]


# --- trucker new ----------------------------------------------------------------------------

NEW_CASES = [*(["--board", b] for b in builtin_boards() if b != "IIIB")]
NEW_CASES += [["--board", "IIIB", "--holes", "3,4"], ["--board", "IIIB", "--holes", "5,5"]]


@pytest.mark.parametrize("args", NEW_CASES, ids=lambda a: "-".join(a[1::2]))
def test_new_is_legal_as_written_and_with_its_examples(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The skeleton validates as legal with nothing added, and still does with the example
    lines under the starting cabin uncommented (each is a tile next to it)."""
    run = run_main(capsys, "new", *args)
    assert run.code == 0, run.stderr
    ship = ship_from_document(tomllib.loads(run.stdout), "new.toml")
    assert ship.board.id == args[1]
    assert [c for c, t in ship.tiles.items() if t.start] == [start_square(ship.board, ship.holes)]
    assert validate(ship).legal
    body = run.stdout.split("\n[tiles]\n", 1)[1]
    examples = [line.removeprefix("# ") for line in body.splitlines() if line.startswith('# "')]
    assert examples, "the skeleton shows tiles to copy"
    both = run.stdout + "\n".join(examples) + "\n"
    filled = ship_from_document(tomllib.loads(both), "new.toml")
    assert len(filled.tiles) == 1 + len(examples)
    assert validate(filled).legal, [str(v) for v in validate(filled).violations]


def test_new_after_a_double_puts_the_cabin_off_the_holed_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = run_main(capsys, "new", "--board", "IIIB", "--holes", "5,5")
    assert "The double made the start square 7,7 a hole" in run.stdout
    assert '"7,7" = ' not in run.stdout.split("[tiles]")[1]


def test_new_writes_a_file_and_never_replaces_one_unasked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = run_main(
        capsys, "new", "--board", "II", "--name", "Kestrel", "-o", "ship.toml", cwd=tmp_path
    )
    assert run.code == 0, run.stderr
    assert run.stdout.endswith("then run trucker validate ship.toml\n")
    assert run.err_lines == ["wrote ship.toml"]
    written = (tmp_path / "ship.toml").read_text(encoding="utf-8")
    assert 'name = "Kestrel"' in written
    assert validate(load_ship(tmp_path / "ship.toml")).legal
    (tmp_path / "ship.toml").write_text("mine", encoding="utf-8")
    again = run_main(capsys, "new", "--board", "III", "-o", "ship.toml", cwd=tmp_path)
    assert again.code == 2
    assert again.err_lines == ["-o: ship.toml: already exists; choose another name or add --force"]
    assert (tmp_path / "ship.toml").read_text(encoding="utf-8") == "mine"
    forced = run_main(capsys, "new", "--board", "III", "-o", "ship.toml", "--force", cwd=tmp_path)
    assert forced.code == 0
    assert load_ship(tmp_path / "ship.toml").board.id == "III"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ship.toml"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--board", "IIIB"], "--holes: board IIIB needs the two dice rolled when building: "
         "--holes 3,4"),
        (["--board", "II", "--holes", "3,4"], "--holes: 3,4: board II has no die-marked holes"),
        (["--board", "IIIB", "--holes", "3,7"], "--holes: 3,7: each die face is 1 to 6"),
        (["--board", "II", "-o", "ship.json"], "-o: ship.json: a new ship is TOML, which keeps "
         "its comments: end it .toml"),
        (["--board", "IX"], "--board: IX: unknown board 'IX' (did you mean 'I'?); built-in "
         "boards: I, II, III, IIIa, IIB, IIIB, IV"),
    ],
)  # fmt: skip
def test_new_refuses_what_it_cannot_make(
    args: list[str], line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = run_main(capsys, "new", *args, cwd=tmp_path)
    assert (run.code, run.err_lines, run.stdout) == (2, [line], "")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("board_id", [b for b in builtin_boards() if b != "IIIB"])
def test_new_draws_the_board_as_the_format_page_does(
    board_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.docs.test_own_docs import board_map

    run = run_main(capsys, "new", "--board", board_id)
    after = run.stdout.split("# The board's squares", 1)[1].split("\n\n", 1)[0]
    drawn = [line.removeprefix("# ") for line in after.splitlines()[1:]]
    assert "\n".join(drawn) + "\n" == board_map(board_id)


# --- trucker examples -----------------------------------------------------------------------


def _bundled() -> dict[str, bytes]:
    return {
        p.relative_to(SCENARIOS).as_posix(): p.read_bytes()
        for p in SCENARIOS.rglob("*")
        if p.is_file() and p.suffix in (".toml", ".json", ".md")
    }


def test_examples_copies_every_bundled_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = run_main(capsys, "examples", "scenarios", cwd=tmp_path)
    assert run.code == 0, run.stderr
    assert run.stdout.startswith(f"copied {len(_bundled())} files into scenarios/: ")
    assert "trucker validate scenarios/ships/*.toml" in run.stdout
    copied = {
        p.relative_to(tmp_path / "scenarios").as_posix(): p.read_bytes()
        for p in (tmp_path / "scenarios").rglob("*")
        if p.is_file()
    }
    assert copied == _bundled()
    assert {"ships/class-iii-cruiser.toml", "decks/round-1.toml",
            "intruders/small-predator.toml"} <= set(copied)  # fmt: skip


def test_examples_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "examples", "mine", "--json", cwd=tmp_path)
    assert run.code == 0
    data = json.loads(run.stdout)
    assert data["folder"] == "mine"
    assert sorted(data["files"]) == sorted(_bundled())


def test_examples_never_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One file of the same name in the way: nothing is copied, that file is untouched."""
    mine = tmp_path / "scenarios" / "ships" / "class-i-starter.toml"
    mine.parent.mkdir(parents=True)
    mine.write_text("my own ship", encoding="utf-8")
    run = run_main(capsys, "examples", "scenarios", cwd=tmp_path)
    assert run.code == 2
    assert run.err_lines == [
        "scenarios: ships/class-i-starter.toml: already there (1 of the example files are); "
        "nothing copied: choose a new or empty folder"
    ]
    assert mine.read_text(encoding="utf-8") == "my own ship"
    assert [p for p in (tmp_path / "scenarios").rglob("*") if p.is_file()] == [mine]


def test_examples_into_a_file_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "afile").write_text("", encoding="utf-8")
    run = run_main(capsys, "examples", "afile", cwd=tmp_path)
    assert (run.code, run.err_lines) == (2, ["afile: is a file; give a folder"])
