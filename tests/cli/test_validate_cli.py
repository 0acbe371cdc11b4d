"""`trucker validate` and `trucker show` from the command line: exit codes 0/1/2, the maximum
over several files, and --json equal to the library's report (frictionless's pattern)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.invoke import run_main, run_subprocess
from tests.conftest import SCENARIOS
from trucker.cli.app import app
from trucker.core.rulings import Rulings, RulingSource, resolve_rulings
from trucker.formats.load import load_ship
from trucker.rules.validate import validate

SHIPS = SCENARIOS / "ships"
EXPECTED = tomllib.loads((SCENARIOS / "ships-expected.toml").read_text(encoding="utf-8"))
LEGAL = str(SHIPS / "class-iii-cruiser.toml")
ILLEGAL = str(SHIPS / "broken-hauler.toml")
BAD = str(Path(__file__).parents[1] / "data" / "bad_input" / "unknown-part.toml")

runner = CliRunner()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_exit_code_of_each_scenario(name: str) -> None:
    result = runner.invoke(app, ["validate", str(SHIPS / name)])
    assert result.exit_code == (0 if EXPECTED[name]["legal"] else 1), result.output


@pytest.mark.parametrize(
    ("files", "code"),
    [
        ([LEGAL], 0),
        ([ILLEGAL], 1),
        ([BAD], 2),
        ([LEGAL, ILLEGAL], 1),
        ([ILLEGAL, LEGAL], 1),
        ([LEGAL, BAD], 2),
        ([BAD, ILLEGAL], 2),
        ([LEGAL, ILLEGAL, BAD, LEGAL], 2),
    ],
)
def test_exit_code_is_the_largest_of_the_files(
    files: list[str], code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    run = run_main(capsys, "validate", *files)
    assert run.code == code
    assert "Traceback" not in run.stderr


def test_every_readable_file_is_still_reported_beside_a_bad_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = run_main(capsys, "validate", "--json", LEGAL, BAD, ILLEGAL)
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [d["file"] for d in lines] == [LEGAL, BAD, ILLEGAL]
    assert [d.get("legal") for d in lines] == [True, None, False]
    assert "error" in lines[1]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_json_equals_the_library_report(name: str) -> None:
    """--json prints exactly validate(...).to_dict(), one object per line."""
    path = str(SHIPS / name)
    result = runner.invoke(app, ["validate", path, "--json"])
    ship = load_ship(path, display=path)
    expect = validate(ship, resolve_rulings([RulingSource(path, ship.rulings)])).to_dict()
    [line] = result.stdout.splitlines()
    assert json.loads(line) == json.loads(json.dumps(expect))


def test_json_lines_for_several_files() -> None:
    files = [str(SHIPS / n) for n in ("class-i-starter.toml", "odd-shield.toml")]
    result = runner.invoke(app, ["validate", "--json", *files])
    assert result.exit_code == 1
    assert [json.loads(line)["file"] for line in result.stdout.splitlines()] == files


def test_ruling_on_the_command_line_changes_the_verdict() -> None:
    """thruster-tight.toml is legal with thruster_clearance = one-square (its comment)."""
    path = str(SHIPS / "thruster-tight.toml")
    assert runner.invoke(app, ["validate", path]).exit_code == 1
    result = runner.invoke(
        app, ["validate", path, "--json", "--ruling", "thruster_clearance=one-square"]
    )
    assert result.exit_code == 0
    assert json.loads(result.stdout)["rulings"] == {"thruster_clearance": "one-square"}
    ship = load_ship(path, display=path)
    expect = validate(ship, Rulings(thruster_clearance="one-square")).to_dict()
    assert json.loads(result.stdout) == json.loads(json.dumps(expect))


def test_unknown_ruling_is_bad_input_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "validate", LEGAL, "--ruling", "thruster_clearence=one-square")
    assert run.code == 2
    assert run.err_lines == [
        "--ruling: thruster_clearence: unknown ruling (did you mean 'thruster_clearance'?)"
    ]
    assert "Traceback" not in run.stderr


def test_bad_ruling_value_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "validate", LEGAL, "--ruling", "armory_reach=everywhere")
    assert run.code == 2
    [line] = run.err_lines
    assert line.startswith("--ruling: armory_reach: ")


def _ship_with_rulings(folder: Path, name: str, rulings: str) -> str:
    path = folder / name
    path.write_text(
        f'format = "trucker-ship/1"\nboard = "II"\nrulings = {{ {rulings} }}\n'
        '[tiles]\n"7,7" = { part = "cabin", start = true }\n',
        encoding="utf-8",
    )
    return name


def test_a_later_file_with_other_rulings_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The spec's Rulings: the command line and the first file decide; a later file whose
    rulings differ is bad input unless --ruling settles that name."""
    a = _ship_with_rulings(tmp_path, "a.toml", 'armory_reach = "adjacent"')
    b = _ship_with_rulings(tmp_path, "b.toml", 'armory_reach = "connected"')
    run = run_main(capsys, "validate", a, b, "--json", cwd=tmp_path)
    assert run.code == 2
    [first, second] = [json.loads(line) for line in run.stdout.splitlines()]
    assert first["legal"] is True
    assert first["rulings"] == {"armory_reach": "adjacent"}
    assert second["file"] == "b.toml"
    assert second["error"].startswith("b.toml: rulings.armory_reach: ")
    settled = run_main(
        capsys, "validate", a, b, "--json", "--ruling", "armory_reach=connected", cwd=tmp_path
    )
    assert settled.code == 0
    assert [json.loads(line)["rulings"] for line in settled.stdout.splitlines()] == [{}, {}]


def test_show_draws_the_ship_and_its_numbers() -> None:
    result = runner.invoke(app, ["show", str(SHIPS / "class-i-starter.toml")])
    assert result.exit_code == 0
    assert "SC2" in result.stdout
    assert "firepower 3-3" in result.stdout


def test_show_json() -> None:
    result = runner.invoke(app, ["show", str(SHIPS / "iib-cylinder.toml"), "--json"])
    data = json.loads(result.stdout)
    assert data["board"] == "IIB"
    assert data["legal"] is True
    assert data["stats"]["armed_crew"] == 2


def test_human_report_marks_violations() -> None:
    result = runner.invoke(app, ["validate", ILLEGAL])
    assert result.exit_code == 1
    assert "ILLEGAL (9 violations)" in result.stdout
    assert "cannon-blocked" in result.stdout


def test_validate_through_the_console_script_code() -> None:
    assert run_subprocess("validate", LEGAL, "--no-board").code == 0
    assert run_subprocess("validate", ILLEGAL, "--no-board").code == 1


def test_the_tours_glob_reads_only_ships(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's `trucker validate scenarios/ships/*.toml`: every file it names is a ship,
    so the answer is legal or illegal (0 or 1), never unreadable input (2)."""
    files = sorted(str(p) for p in SHIPS.glob("*.toml"))
    run = run_main(capsys, "validate", "--no-board", *files)
    assert run.code == 1, run.stderr
    assert run.stderr == ""


# --- the legend and the count of verdicts (issue 13 A.3) -------------------------------------


def test_the_legend_names_the_marks_of_the_drawing_and_only_those(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = run_main(capsys, "validate", str(SHIPS / "class-i-starter.toml"))
    assert run.code == 0
    report, legend = run.stdout.split("\n\nlegend: ")
    assert "SC2" in report
    for shown in ("s d u single, double, universal connector", "SC starting cabin", "En engine",
                  "Bt battery (tokens)", ". an empty square"):  # fmt: skip
        assert shown in legend.replace("\n  ", " ")
    for absent in ("Th thruster", "( ) a hole", ": the seam", "!--! a tile with a violation"):
        assert absent not in legend.replace("\n  ", " ")
    assert all(len(line) <= 100 for line in legend.splitlines())


def test_an_illegal_ship_s_legend_names_the_violation_mark(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = run_main(capsys, "validate", ILLEGAL)
    assert "!--! a tile with a violation" in run.stdout.split("\nlegend: ")[1]


def test_no_legend_without_a_board_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert "legend:" not in run_main(capsys, "validate", LEGAL, "--no-board").stdout
    assert "legend:" not in run_main(capsys, "validate", LEGAL, "--no-legend").stdout
    assert "\nlegend: " in run_main(capsys, "validate", LEGAL, "--no-board", "--legend").stdout


def test_many_files_end_with_a_count_of_the_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "validate", "--no-board", LEGAL, ILLEGAL, BAD, LEGAL)
    assert run.code == 2
    assert run.stdout.splitlines()[-1] == "4 files: 2 legal, 1 illegal, 1 unreadable (exit code 2)"
    one = run_main(capsys, "validate", "--no-board", LEGAL)
    assert "file" not in one.stdout.splitlines()[-1]


def test_json_has_neither_legend_nor_count(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "validate", "--json", LEGAL, ILLEGAL, "--legend")
    assert [json.loads(line)["file"] for line in run.stdout.splitlines()] == [LEGAL, ILLEGAL]


def test_notes_on_idle_parts_in_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    """abe-gadgets.toml is legal, but its solar panel powers nothing (the router network it is
    joined to holds only a cabin, the starting cabin and a life support) and its thruster has
    no crew connected (only the turret below it): notes, exit code 0 (RULES §2.4)."""
    gadgets = str(SHIPS / "abe-gadgets.toml")
    run = run_main(capsys, "validate", gadgets, "--no-board", "--no-legend")
    assert run.code == 0
    notes = [line for line in run.stdout.splitlines() if line.startswith("note: ")]
    assert notes[0].startswith("note: solar-panel-idle 8,6: solar panel powers nothing")
    assert notes[1].startswith("note: thruster-no-crew 5,7: thruster works against meteors")
    assert notes[0].endswith("(RULES §2.4)")
    run = run_main(capsys, "validate", gadgets, "--json")
    data = json.loads(run.stdout)
    assert [(n["note"], n["squares"], n["section"]) for n in data["part_notes"]] == [
        ("solar-panel-idle", ["8,6"], "§2.4"),
        ("thruster-no-crew", ["5,7"], "§2.4"),
    ]
    shown = json.loads(run_main(capsys, "show", gadgets, "--json").stdout)
    assert shown["part_notes"] == data["part_notes"]


def test_a_disconnected_tile_says_where_it_could_join(capsys: pytest.CaptureFixture[str]) -> None:
    """broken-hauler.toml: 7,9's double left side meets 7,8's single right side."""
    data = json.loads(run_main(capsys, "validate", ILLEGAL, "--json").stdout)
    [hauler] = [
        v for v in data["violations"] if v["squares"] == ["7,9"] and v["rule"] == "disconnected"
    ]
    assert hauler["could_join"] == {"how": "touching", "squares": ["7,8"]}
    assert hauler["message"].endswith(
        "its left side, double, does not join 7,8's right side, single"
    )
