"""``--svg`` and ``--html`` on show, hit, exposure and intruder: the files are written (well
formed, atomically, never over an input), stdout is unchanged, and bad paths are one line and
exit 2."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.cli.invoke import run_main
from tests.conftest import SCENARIOS

HAULER = str(SCENARIOS / "ships" / "broken-hauler.toml")
CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")
YELLOW = str(SCENARIOS / "intruders" / "yellow-predator.toml")
PREDATOR = str(SCENARIOS / "intruders" / "small-predator.toml")
NS = "{http://www.w3.org/2000/svg}"

COMMANDS = {
    "show": ("show", HAULER),
    "hit": ("hit", CRUISER, "-t", "heavy-fire", "-f", "rear", "--roll", "6"),
    "exposure": ("exposure", CRUISER, "-t", "small-meteor", "-f", "left"),
    "intruder": ("intruder", YELLOW, "--card", PREDATOR, "--roll", "9"),
    "boards": ("boards", "IIIB", "--holes", "3,4"),
}


def svg_title(path: Path) -> str:
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    assert root.tag == f"{NS}svg"
    title = root.find(f"{NS}title")
    assert title is not None and title.text
    return title.text


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_svg_is_written_and_the_text_output_stays_the_same(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = COMMANDS[name]
    plain = run_main(capsys, *args)
    target = tmp_path / "picture.svg"
    drawn = run_main(capsys, *args, "--svg", str(target))
    assert drawn.code == plain.code == 0, drawn.stderr
    assert drawn.stdout == plain.stdout
    assert drawn.err_lines == [f"wrote {target}"]
    assert svg_title(target)
    assert [p.name for p in tmp_path.iterdir()] == ["picture.svg"]  # no temporary file left


def test_json_stays_alone_on_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "walk.svg"
    run = run_main(capsys, *COMMANDS["intruder"], "--json", "--svg", str(target))
    assert run.code == 0
    assert json.loads(run.stdout)["outcome"] == "escaped"
    assert "roll 9" in svg_title(target)


def test_the_show_svg_marks_the_violations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "hauler.svg"
    run = run_main(capsys, "show", HAULER, "--svg", str(target))
    assert run.code == 0
    assert "illegal, 9 violations" in svg_title(target)
    assert 'class="violation cannon-blocked"' in target.read_text(encoding="utf-8")


def test_intruder_html_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "walk.html"
    picture = tmp_path / "walk.svg"
    run = run_main(capsys, *COMMANDS["intruder"], "--html", str(page), "--svg", str(picture))
    assert run.code == 0, run.stderr
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "Step 4 of 4" in text
    assert "it eats 3 battery tokens on 9,7" in text
    assert svg_title(picture)


@pytest.mark.parametrize("name", sorted(set(COMMANDS) - {"boards"}))  # boards reads no file
def test_an_input_file_is_never_overwritten(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = COMMANDS[name]
    target = Path(args[1])
    before = target.read_bytes()
    run = run_main(capsys, *args, "--svg", str(target))
    assert run.code == 2
    assert run.err_lines == [
        f"--svg: {target}: refusing to overwrite an input file; choose another name"
    ]
    assert target.read_bytes() == before


def test_the_card_file_is_an_input_too(capsys: pytest.CaptureFixture[str]) -> None:
    before = Path(PREDATOR).read_bytes()
    run = run_main(capsys, *COMMANDS["intruder"], "--html", PREDATOR)
    assert run.code == 2 and len(run.err_lines) == 1
    assert Path(PREDATOR).read_bytes() == before


@pytest.mark.parametrize(
    ("where", "problem"),
    [
        ("missing/out.svg", "no such folder: {tmp}/missing"),
        ("", "is a folder; give a file name"),
    ],
)
def test_bad_output_paths_are_one_line_and_exit_2(
    where: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / where if where else tmp_path
    for option in ("--svg", "--html"):
        args = [*COMMANDS["intruder"], option, str(target)]
        run = run_main(capsys, *args)
        assert run.code == 2
        assert run.err_lines == [f"{option}: {target}: {problem.format(tmp=tmp_path)}"]
        assert "Traceback" not in run.stderr
    run = run_main(capsys, "show", HAULER, "--svg", str(target))
    assert run.code == 2 and len(run.err_lines) == 1


def test_a_failed_write_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / ("x" * 300 + ".svg")  # longer than any file system allows a name
    run = run_main(capsys, "show", HAULER, "--svg", str(target))
    assert run.code == 2
    assert len(run.err_lines) == 1 and run.err_lines[0].startswith(f"--svg: {target}: ")
    assert "Traceback" not in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_write_that_fails_midway_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(path: object, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("trucker.formats.write.write_atomic", full_disk)
    target = tmp_path / "ship.svg"
    run = run_main(capsys, "show", HAULER, "--svg", str(target))
    assert run.code == 2
    assert run.err_lines == [f"--svg: {target}: No space left on device"]


def test_frames_writes_one_svg_per_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, *COMMANDS["intruder"], "--frames", str(tmp_path))
    assert run.code == 0, run.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "00-landing.svg",
        "01-step-1.svg",
        "02-step-2.svg",
        "03-step-3.svg",
        "04-step-4.svg",
        "05-outcome.svg",
    ]
    titles = [svg_title(tmp_path / name) for name in names]
    assert titles[1].endswith("step 1 of 4") and titles[-1].endswith("the outcome")
    made = run_main(capsys, *COMMANDS["intruder"], "--frames", str(tmp_path / "new" / "walk"))
    assert made.code == 0, made.stderr  # the folder is made when it does not exist
    assert sorted(p.name for p in (tmp_path / "new" / "walk").iterdir()) == names
    failed = run_main(capsys, "intruder", str(tmp_path / "missing.toml"), *COMMANDS["intruder"][2:],
                      "--frames", str(tmp_path / "later" / "walk"))  # fmt: skip
    assert failed.code == 2 and not (tmp_path / "later").exists()  # nothing made for a failure
    (tmp_path / "file").write_text("mine\n")
    taken = run_main(capsys, *COMMANDS["intruder"], "--frames", str(tmp_path / "file"))
    assert taken.code == 2 and taken.err_lines == [
        f"--frames: {tmp_path / 'file'}: is a file, not a folder"
    ]
    assert (tmp_path / "file").read_text() == "mine\n"


def test_boards_svg_draws_one_board_or_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, every = tmp_path / "iiib.svg", tmp_path / "all.svg"
    assert run_main(capsys, "boards", "IIIB", "--holes", "3,4", "--svg", str(one)).code == 0
    assert svg_title(one).startswith("Board IIIB")
    assert "holes 3,9, 4,5" in one.read_text(encoding="utf-8")
    assert run_main(capsys, "boards", "--svg", str(every)).code == 0
    headings = re.findall(r'class="panel-heading"[^>]*>([^<]+)<', every.read_text(encoding="utf-8"))
    assert len(headings) >= 7 and "IIB: Class IIB (cylinder)" in headings
    folder = run_main(capsys, "boards", "--svg", str(tmp_path))
    assert folder.code == 2 and len(folder.err_lines) == 1 and "--svg" in folder.err_lines[0]
