"""``trucker cards``: the catalogue as a table or JSON; a bad level is one line and exit 2."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from trucker.cli.app import app
from trucker.formats.catalogue import cards, cards_of_level

runner = CliRunner()


def test_cards_lists_the_whole_catalogue() -> None:
    result = runner.invoke(app, ["cards"])
    assert result.exit_code == 0, result.output
    for card_id in cards():
        assert card_id in result.stdout
    representative = sum(1 for card in cards().values() if card.representative)
    assert f"{len(cards())} cards; {representative} with representative values" in result.stdout


def test_cards_by_level_marks_representative_cards() -> None:
    result = runner.invoke(app, ["cards", "--level", "ii"])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if "II-" in line or "I-" in line]
    assert len(rows) == len(cards_of_level(2))
    assert all(" II-" in row or row.startswith("* II-") for row in rows)
    starred = [row.split()[1] for row in rows if row.startswith("*")]
    assert set(starred) == {"II-intruder-2", "II-intruder-3"}, "ABE's, numbers not known"
    assert "strength 7 · loser -4 crew · winner 8 credits, -2 days" in result.stdout


def test_cards_json_is_the_librarys_to_dict() -> None:
    result = runner.invoke(app, ["cards", "--level", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [card.to_dict() for card in cards_of_level(3)]


def test_cards_json_for_every_level() -> None:
    result = runner.invoke(app, ["cards", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [entry["id"] for entry in data] == list(cards())
    assert {entry["level"] for entry in data} == {"I", "II", "III", "IV"}


def test_a_bad_level_is_one_line_and_exit_2() -> None:
    result = runner.invoke(app, ["cards", "--level", "V"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "--level: V: 'V' is not a level: use 1-4 or I, II, III, IV"
    ]
    assert "Traceback" not in result.output


def test_level_iv_cards_are_listed() -> None:
    result = runner.invoke(app, ["cards", "--level", "IV", "--json"])
    assert [entry["id"] for entry in json.loads(result.stdout)] == [
        card.id for card in cards_of_level(4)
    ]


def test_cards_help_runs() -> None:
    result = runner.invoke(app, ["cards", "--help"])
    assert result.exit_code == 0
    assert "--level" in result.stdout and "--json" in result.stdout
