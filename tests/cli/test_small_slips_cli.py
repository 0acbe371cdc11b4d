"""Small slips of the command line (issue 13, A.7): each answered where it was made."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.cli.invoke import run_main
from tests.conftest import SCENARIOS

HAULER = str(SCENARIOS / "ships" / "broken-hauler.toml")
CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")
YELLOW = str(SCENARIOS / "intruders" / "yellow-predator.toml")
PREDATOR = str(SCENARIOS / "intruders" / "small-predator.toml")


def test_rulings_print_their_defaults_as_a_file_writes_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = run_main(capsys, "rulings")
    assert run.code == 0
    defaults = [line for line in run.stdout.splitlines() if " = " in line and "(RULES" in line]
    assert defaults
    for line in defaults:
        assignment = line.split("   (")[0]
        assert not any(word in assignment for word in ("False", "True", "'")), assignment
        assert tomllib.loads(assignment)  # each default reads back as TOML


@pytest.mark.parametrize(
    "args",
    [("show", CRUISER), ("hit", CRUISER, "-t", "heavy-fire", "-f", "rear", "--roll", "6")],
)
def test_a_report_names_a_ruling_as_the_command_line_takes_it(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    run = run_main(capsys, *args, "-r", "radiation_solar_counts=true")
    assert run.code == 0, run.stderr
    assert "rulings not at their defaults: radiation_solar_counts = true" in run.stdout
    assert "True" not in run.stdout


@pytest.mark.parametrize(
    ("args", "option", "name", "kind"),
    [
        (("show", HAULER), "--svg", "ship.png", "an SVG picture goes in a .svg file"),
        (("hit", CRUISER, "-t", "heavy-fire", "-f", "rear", "--roll", "6"), "--svg", "hit.pdf",
         "an SVG picture goes in a .svg file"),
        (("intruder", YELLOW, "--card", PREDATOR, "--roll", "9"), "--html", "walk.svg",
         "an HTML page goes in a .html or .htm file"),
    ],
)  # fmt: skip
def test_a_picture_or_page_named_as_another_format_is_refused(
    args: tuple[str, ...],
    option: str,
    name: str,
    kind: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    target = tmp_path / name
    run = run_main(capsys, *args, option, str(target))
    assert run.code == 2
    assert run.err_lines == [f"{option}: {target}: {kind}"]
    assert not target.exists()


def test_holes_on_a_board_without_holes_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "boards", "II", "--holes", "3,4")
    assert run.code == 2
    assert run.err_lines == [
        "--holes: 3,4: board II has no holes to roll (holes are rolled on IIIB)"
    ]
    assert run_main(capsys, "boards", "IIIB", "--holes", "3,4").code == 0
    assert run_main(capsys, "boards", "--holes", "3,4").code == 0


def test_fix_keep_on_an_empty_square_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "fixed.toml"
    run = run_main(capsys, "fix", HAULER, "-o", str(target), "--keep", "99,99")
    assert run.code == 2
    assert run.err_lines == [f"--keep: 99,99: no tile on 99,99 in {HAULER}"]
    assert not target.exists()
