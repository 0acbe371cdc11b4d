"""``trucker fly --html`` and ``trucker replay --html``: the page of a flight is written (with
--json and --quiet too) while stdout stays what it was, and a bad page path is one line and
exit 2 before anything is flown."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.cli.invoke import run_main
from tests.conftest import SCENARIOS
from tests.unit.test_render_flight_page import html_table
from tests.unit.test_render_html import page_data

CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")
STARTER = str(SCENARIOS / "ships" / "class-i-starter.toml")
ROUND_1 = str(SCENARIOS / "decks" / "round-1.toml")
DICE = "1,4,4,4,4,6,3,4,5,6" + ",1" * 20
"""Round I's rolls, scripted: the large meteor takes the Cruiser's battery 6,5 (card 2)."""
FLY = ("fly", CRUISER, STARTER, "--deck", ROUND_1, "--dice", DICE)
CARDS = [
    "I-planets-1",
    "I-meteor-swarm-1",
    "I-open-space-2",
    "I-smugglers-1",
    "I-abandoned-ship-2",
    "I-stardust-1",
    "I-combat-zone-1",
    "I-abandoned-station-1",
]
"""scenarios/decks/round-1.toml, in order."""
NS = "{http://www.w3.org/2000/svg}"


def table_rows(data: dict) -> list[list[str]]:
    """The settlement table of the page's last frame, cell by cell."""
    return html_table(data["pictures"][data["frames"][-1]["picture"]])


def test_the_page_plays_the_flight_and_stdout_is_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = run_main(capsys, *FLY)
    target = tmp_path / "flight.html"
    paged = run_main(capsys, *FLY, "--html", str(target))
    assert paged.code == plain.code == 0, paged.stderr
    assert paged.stdout == plain.stdout
    assert paged.err_lines == [f"wrote {target}"]
    assert [p.name for p in tmp_path.iterdir()] == ["flight.html"]
    data = page_data(target.read_text(encoding="utf-8"))
    titles = [f["title"] for f in data["frames"]]
    cards = [f"Card {i}: {c}" for i, c in enumerate(CARDS, 1)]
    assert titles == ["Launch", *cards, "The end of the flight (RULES §9)"]
    for frame in data["frames"][:-1]:
        names = [
            ET.fromstring(data["pictures"][i]).find(f"{NS}title").text for i in frame["picture"]
        ]
        assert [n.split(":")[0] for n in names] == ["Cruiser", "Little Yellow"]
    meteors = data["frames"][2]
    lost = "Cruiser loses the battery on 6,5 (large-meteor from the front), with 3 battery tokens"
    assert lost in meteors["lines"]
    assert 'data-square="6,5"' in data["pictures"][meteors["picture"][0]]


def test_json_stays_alone_on_stdout_and_the_page_agrees_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alone = run_main(capsys, *FLY, "--json")
    target = tmp_path / "flight.html"
    run = run_main(capsys, *FLY, "--json", "--html", str(target))
    assert run.code == 0 and run.stdout == alone.stdout
    assert run.err_lines == [f"wrote {target}"]
    ships = json.loads(run.stdout)["ships"]
    headers, *rows = table_rows(page_data(target.read_text(encoding="utf-8")))
    assert headers[0] == "ship" and headers[-1] == "credits"
    finals = {r[0]: r[-1] for r in rows}
    assert finals == {s["name"]: str(s["final_credits"]) for s in ships}
    assert list(finals) == ["Cruiser", "Little Yellow"] and len(set(finals.values())) == 2


def test_quiet_still_writes_the_whole_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "quiet.html"
    run = run_main(capsys, *FLY, "--quiet", "--html", str(target))
    assert run.code == 0 and "card 1:" not in run.stdout
    assert "end of the flight" in run.stdout
    loud = tmp_path / "loud.html"
    assert run_main(capsys, *FLY, "--html", str(loud)).code == 0
    assert target.read_bytes() == loud.read_bytes()


def test_a_replay_writes_the_same_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    flown = tmp_path / "flown.html"
    log = tmp_path / "log.json"
    run = run_main(capsys, *FLY, "--json", "--html", str(flown))
    log.write_text(run.stdout, encoding="utf-8")
    replayed = tmp_path / "replayed.html"
    again = run_main(capsys, "replay", str(log), "--quiet", "--html", str(replayed))
    assert again.code == 0, again.stderr
    assert again.err_lines == [f"wrote {replayed}"]
    assert replayed.read_text(encoding="utf-8") == flown.read_text(encoding="utf-8")
    refused = run_main(capsys, "replay", str(log), "--html", str(log))
    assert refused.code == 2 and len(refused.err_lines) == 1
    assert json.loads(log.read_text(encoding="utf-8"))["ships"]


@pytest.mark.parametrize(
    ("where", "problem"),
    [
        ("missing/flight.html", "no such folder: {tmp}/missing"),
        ("", "is a folder; give a file name"),
    ],
)
def test_a_bad_page_path_is_one_line_and_exit_2_before_any_work(
    where: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / where if where else tmp_path
    run = run_main(capsys, *FLY, "--html", str(target))
    assert run.code == 2 and run.stdout == ""
    assert run.err_lines == [f"--html: {target}: {problem.format(tmp=tmp_path)}"]
    broken = run_main(capsys, "fly", CRUISER, "--deck", "random:IX", "--html", str(target))
    assert broken.err_lines == run.err_lines  # checked before the deck is even read


@pytest.mark.parametrize("given", [CRUISER, ROUND_1])
def test_no_input_is_ever_overwritten(given: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = Path(given).read_bytes()
    run = run_main(capsys, *FLY, "--html", given)
    assert run.code == 2
    assert run.err_lines == [
        f"--html: {given}: refusing to overwrite an input file; choose another name"
    ]
    assert Path(given).read_bytes() == before
