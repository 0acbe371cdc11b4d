"""The bad-input corpus (tests/data/bad_input/): every unreadable file exits 2 with exactly one
line per problem naming the file and the key, no traceback, and the file left untouched (the
spec's "Checking a layout"; STYLE §6.13 item 3).

Each NAME.expected holds the expected stderr lines; a line ending in " ..." matches any line
that starts with what comes before (for messages quoted from the TOML parser)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.cli.invoke import run_main, run_subprocess
from tests.conftest import ROOT
from tests.helpers import document
from trucker.formats.documents import MAX_BYTES

BAD = ROOT / "tests" / "data" / "bad_input"
FILES = sorted(p for p in BAD.iterdir() if p.suffix != ".expected")


def expected_lines(path: Path) -> list[str]:
    return path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()


def matches(line: str, expected: str) -> bool:
    if expected.endswith(" ..."):
        return line.startswith(expected[:-3])
    return line == expected


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_every_file_has_its_expected_lines() -> None:
    names = {p.stem for p in FILES}
    assert names == {p.stem for p in BAD.glob("*.expected")}
    assert len(FILES) >= 25


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_bad_input_exits_2_with_one_line_per_problem(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = digest(path)
    run = run_main(capsys, "validate", path.name, cwd=BAD)
    assert run.code == 2
    assert "Traceback" not in run.stderr + run.stdout
    expected = expected_lines(path)
    assert len(run.err_lines) == len(expected), run.err_lines
    for line, want in zip(run.err_lines, expected, strict=True):
        assert matches(line, want), (line, want)
        assert line.startswith(f"{path.name}: ")
    assert run.stdout == ""
    assert digest(path) == before


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_json_mode_reports_the_file_and_its_error(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = run_main(capsys, "validate", path.name, "--json", cwd=BAD)
    assert run.code == 2
    [line] = run.stdout.splitlines()
    data = json.loads(line)
    assert set(data) == {"file", "error"}
    assert data["file"] == path.name
    assert matches(data["error"], expected_lines(path)[0])
    assert len(run.err_lines) == len(expected_lines(path))


def test_a_file_over_one_mebibyte(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b'format = "trucker-ship/1"\n' + b"#" * MAX_BYTES + b"\n")
    size = big.stat().st_size
    run = run_main(capsys, "validate", "big.toml", cwd=tmp_path)
    assert run.code == 2
    assert run.err_lines == [f"big.toml: file is {size} bytes, over the 1 MiB limit"]


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "validate", "nowhere.toml", cwd=tmp_path)
    assert (run.code, run.err_lines) == (2, ["nowhere.toml: no such file"])


def test_through_the_real_entry_point() -> None:
    """One corpus file end to end in a fresh interpreter: exit 2, the lines, no traceback."""
    path = BAD / "several-problems.toml"
    run = run_subprocess("validate", path.name, cwd=BAD)
    assert run.code == 2
    assert "Traceback" not in run.stderr
    assert run.err_lines == expected_lines(path)


OVERLOADED = {
    "three-crew": "cabin ---u crew=3",
    "charge-4-in-3": "battery ---u capacity=3 charge=4",
    "five-sleepers": "stasis-chamber ---u sleepers=5",
    "four-goods-in-3": "cargo ---u capacity=3 goods=YGBB",
    "red-in-plain-hold": "cargo ---u capacity=2 goods=R",
}


@pytest.mark.parametrize("name", sorted(OVERLOADED))
def test_out_of_range_contents_are_a_violation_not_bad_input(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The spec's Values: exceeding a capacity is `overloaded` (exit 1)."""
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(document({"7,7": "start", "7,8": OVERLOADED[name]})), "utf-8")
    run = run_main(capsys, "validate", path.name, "--json", cwd=tmp_path)
    assert run.code == 1
    data = json.loads(run.stdout)
    assert [v["rule"] for v in data["violations"]] == ["overloaded"]
    assert data["violations"][0]["squares"] == ["7,8"]
