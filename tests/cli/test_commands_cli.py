"""The other issue-2 commands: fix, schema, rulings, boards, demo, and --help everywhere."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from tests.cli.invoke import run_main, run_subprocess
from tests.conftest import SCENARIOS
from trucker.cli.app import app
from trucker.core.rulings import DEFAULT_RULINGS, RULING_NAMES, RulingSource, resolve_rulings
from trucker.formats.load import load_ship, ship_from_document
from trucker.rules.validate import validate

SHIPS = SCENARIOS / "ships"
runner = CliRunner()
COMMANDS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_of_every_command(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage" in result.output


def test_top_level_help_lists_the_issue_2_commands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("validate", "show", "fix", "boards", "schema", "rulings", "demo"):
        assert command in result.output


def test_demo_needs_no_arguments(tmp_path: Path) -> None:
    run = run_subprocess("demo", cwd=tmp_path)
    assert run.code == 0, run.stderr
    # it shows `trucker fix ... -o fixed.toml` and says that it wrote nothing (issue 13 A.4)
    assert "-o fixed.toml\n(the demo writes no file: run that command to write fixed.toml)" in (
        run.stdout
    )
    assert list(tmp_path.iterdir()) == []
    assert "`trucker examples scenarios` copies them" in run.stdout
    assert "broken-hauler.toml" in run.stdout
    assert "Traceback" not in run.stderr
    for job in ("validate a ship", "repair it", "one threat", "an intruder's walk", "a flight",
                "the odds"):  # fmt: skip
        assert job in run.stdout
    assert "it eats 2 astronauts on 9,8" in run.stdout
    assert "comes home in" in run.stdout and "end of the flight" in run.stdout


# --- fix -----------------------------------------------------------------------------------


def test_fix_writes_a_legal_ship(tmp_path: Path) -> None:
    source = SHIPS / "broken-hauler.toml"
    before = source.read_bytes()
    out = tmp_path / "fixed.toml"
    result = runner.invoke(app, ["fix", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert source.read_bytes() == before
    fixed = load_ship(out)
    assert validate(fixed).legal
    assert "4 tiles lost, the fewest any repair loses" in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fixed.toml"]  # no temporary left


def test_fix_json(tmp_path: Path) -> None:
    out = tmp_path / "fixed.json"
    result = runner.invoke(
        app, ["fix", str(SHIPS / "iib-seam-errors.toml"), "-o", str(out), "--json"]
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["tiles_lost"], data["legal"], data["output"]) == (2, True, str(out))
    assert validate(load_ship(out)).legal


def test_fix_removes_the_sideways_engine_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES §3.2: one removal clears both problems (scenarios/ships/sideways-engine.toml has
    the hand check); the stepwise repair loses two tiles."""
    source = str(SHIPS / "sideways-engine.toml")
    run = run_main(capsys, "fix", source, "-o", "-")
    assert run.code == 0
    assert run.err_lines[:2] == [
        "removed 8,7 engine (engine-facing), which also clears engine-blocked 8,7 8,6",
        "1 tile lost, the fewest any repair loses; each costs a credit at the end of the flight",
    ]
    stepwise = run_main(capsys, "fix", source, "-o", "-", "--method", "stepwise")
    assert stepwise.code == 0
    assert stepwise.err_lines[:2] == [
        "removed 8,6 structure (engine-blocked)",
        "removed 8,7 engine (engine-facing)",
    ]
    assert stepwise.err_lines[2].startswith("2 tiles lost (the stepwise repair")


def test_fix_json_says_what_each_removal_clears(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = str(tmp_path / "fixed.toml")
    run = run_main(capsys, "fix", str(SHIPS / "sideways-engine.toml"), "-o", out, "--json")
    data = json.loads(run.stdout)
    assert data["method"] == "cheapest" and data["search"]["exact"] is True
    assert data["removed"] == [
        {
            "square": "8,7",
            "part": "engine",
            "reason": "engine-facing",
            "clears": ["engine-facing 8,7", "engine-blocked 8,7 8,6"],
        }
    ]


def test_fix_refuses_an_unknown_method(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "never.toml"
    run = run_main(
        capsys, "fix", str(SHIPS / "sideways-engine.toml"), "-o", str(out), "--method", "greedy"
    )
    assert run.code == 2
    assert run.err_lines == ["--method: greedy: use cheapest or stepwise"]
    assert not out.exists()


def test_fix_to_stdout() -> None:
    result = runner.invoke(app, ["fix", str(SHIPS / "odd-shield.toml"), "-o", "-"])
    assert result.exit_code == 0
    ship = ship_from_document(tomllib.loads(result.stdout), "stdout")
    assert validate(ship).legal
    assert len(ship.tiles) == 2


def test_fix_a_legal_ship_changes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "same.toml"
    result = runner.invoke(app, ["fix", str(SHIPS / "class-i-starter.toml"), "-o", str(out)])
    assert result.exit_code == 0
    assert "already legal" in result.stdout
    assert dict(load_ship(out).tiles) == dict(load_ship(SHIPS / "class-i-starter.toml").tiles)


def test_fix_cannot_repair(tmp_path: Path) -> None:
    out = tmp_path / "never.toml"
    result = runner.invoke(app, ["fix", str(SHIPS / "start-cabin-errors.toml"), "-o", str(out)])
    assert result.exit_code == 1
    assert "cannot repair" in result.stderr
    assert not out.exists()


def test_fix_refuses_to_overwrite_its_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "ship.toml"
    source.write_bytes((SHIPS / "broken-hauler.toml").read_bytes())
    before = source.read_bytes()
    for target in ("ship.toml", "./ship.toml", str(source)):
        run = run_main(capsys, "fix", "ship.toml", "-o", target, cwd=tmp_path)
        assert run.code == 2
        assert "refusing to overwrite an input file" in run.stderr
    assert source.read_bytes() == before


def test_fix_keep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = str(SHIPS / "broken-hauler.toml")
    ok = run_main(capsys, "fix", source, "-o", str(tmp_path / "a.toml"), "--keep", "7,7")
    assert ok.code == 0
    lost = run_main(capsys, "fix", source, "-o", str(tmp_path / "b.toml"), "--keep", "10,7")
    assert lost.code == 1
    assert "cannot repair" in lost.stderr
    bad = run_main(capsys, "fix", source, "-o", str(tmp_path / "c.toml"), "--keep", "7;7")
    assert bad.code == 2
    assert bad.err_lines[0].startswith("--keep: 7;7: ")


def test_fix_writes_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the final move fails, the old output stays whole and no temporary file is left."""
    out = tmp_path / "fixed.toml"
    out.write_text("old\n", encoding="utf-8")

    def fail(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    result = runner.invoke(app, ["fix", str(SHIPS / "odd-shield.toml"), "-o", str(out)])
    assert result.exit_code != 0
    assert out.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["fixed.toml"]


# --- schema, rulings, boards --------------------------------------------------------------


def _refs(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def test_schema_prints_a_json_schema() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["type"] == "object"
    assert set(schema["required"]) == {"format", "board", "tiles"}
    assert schema["properties"]["format"]["const"] == "trucker-ship/1"
    for ref in _refs(schema):
        assert ref.startswith("#/$defs/")
        assert ref.removeprefix("#/$defs/") in schema["$defs"]


def test_schema_is_valid_by_the_meta_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(runner.invoke(app, ["schema"]).stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    example = json.loads((SHIPS / "spec-example.json").read_text(encoding="utf-8"))
    jsonschema.validate(example, schema)


def test_board_schema_and_unknown_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert json.loads(runner.invoke(app, ["schema", "board"]).stdout)["type"] == "object"
    assert run_main(capsys, "schema", "deck-of-cards").code == 2


def test_rulings_defaults_round_trip(tmp_path: Path) -> None:
    """The printed defaults load back as a ship file's rulings (STYLE §5.7)."""
    result = runner.invoke(app, ["rulings", "--defaults"])
    assert result.exit_code == 0
    ship_file = tmp_path / "ship.toml"
    ship_file.write_text(
        'format = "trucker-ship/1"\nboard = "II"\n'
        + result.stdout
        + '\n[tiles]\n"7,7" = { part = "cabin", start = true }\n',
        encoding="utf-8",
    )
    ship = load_ship(ship_file)
    assert set(ship.rulings) == set(RULING_NAMES)
    assert resolve_rulings([RulingSource("ship.toml", ship.rulings)]) == DEFAULT_RULINGS


def test_rulings_list_and_json() -> None:
    text = runner.invoke(app, ["rulings"]).stdout
    assert 'thruster_clearance = "each-nozzle"' in text
    data = json.loads(runner.invoke(app, ["rulings", "--json"]).stdout)
    assert {d["name"] for d in data} == set(RULING_NAMES)
    assert all(d["source"].startswith("RULES §") for d in data)


def test_boards_json() -> None:
    result = runner.invoke(app, ["boards", "--json"])
    assert result.exit_code == 0
    boards = {b["id"]: b for b in json.loads(result.stdout)}
    assert list(boards) == ["I", "II", "III", "IIIa", "IIB", "IIIB", "IV"]
    assert len(boards["I"]["squares"]) == 18
    assert boards["IIB"]["wrap"] is True
    assert boards["IIB"]["columns"]["1"] == ["16", "22", "44", "45"]
    assert boards["IV"]["start"] == "11,7"
    assert boards["IIIB"]["hole_marks"]["7,8"] == 2
    assert boards["I"]["insurance"]["cap"] == 5


def test_boards_drawing_with_holes(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "boards", "IIIB", "--holes", "3,4")
    assert run.code == 0
    assert run.stdout.count("( )") == 10
    assert run_main(capsys, "boards", "IIIB", "--holes", "3,9").code == 2
    unknown = run_main(capsys, "boards", "XIV")
    assert unknown.code == 2
    assert "unknown board 'XIV'" in unknown.stderr


# --- usage errors and fix outputs -------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [("validate",), ("fix", str(SHIPS / "odd-shield.toml")), ("validate", "--bogus", "x.toml")],
    ids=["no-files", "fix-without-output", "unknown-option"],
)
def test_usage_errors_exit_2_without_a_traceback(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    run = run_main(capsys, *args)
    assert run.code == 2
    assert "Traceback" not in run.stderr


def test_fix_refuses_an_output_suffix_it_cannot_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "fixed.yaml"
    run = run_main(capsys, "fix", str(SHIPS / "odd-shield.toml"), "-o", str(out))
    assert run.code == 2
    assert not out.exists()


def test_debug_works_before_or_after_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``--debug`` was refused after the command ("No such option", exit 2; issue 13 A.4)."""
    starter = str(SCENARIOS / "ships" / "class-i-starter.toml")
    before = run_main(capsys, "--debug", "validate", starter)
    after = run_main(capsys, "validate", starter, "--debug")
    assert (before.code, after.code) == (0, 0), after.stderr
    assert after.stdout == before.stdout
    # after a "--" it is a word like any other: here, a file name that does not exist
    assert run_main(capsys, "validate", starter, "--", "--debug").code == 2
