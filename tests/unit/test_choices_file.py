"""The choices file of ``trucker fly --choices`` (trucker/formats/choices_file.py): each ship's
labels, and one error line per problem."""

from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS
from trucker.core.errors import BadInput
from trucker.formats.choices_file import choices_from_document, read_choices


def test_the_bundled_file_reads() -> None:
    path = SCENARIOS / "flights" / "choices" / "combat-zone.toml"
    assert read_choices(path, ["A", "B", "C"], display="combat-zone.toml") == {
        "B": ["lose-crew: a human from 7,8", "lose-crew: a human from 7,8"]
    }


def test_every_problem_is_one_line() -> None:
    doc = {"format": "x", "zz": 1, "ships": {"Nobody": ["a"], "Red": [1], "Green": ["take"]}}
    with pytest.raises(BadInput) as caught:
        choices_from_document(doc, ["Red", "Green"], "c.toml")
    assert [str(e) for e in caught.value.errors] == [
        'c.toml: format: expected "trucker-choices/1"',
        "c.toml: ships.Nobody: no such ship (Red, Green)",
        "c.toml: ships.Red: expected a list of choice labels",
        "c.toml: zz: unknown key",
    ]


def test_ships_must_be_a_table() -> None:
    with pytest.raises(BadInput) as caught:
        choices_from_document({"format": "trucker-choices/1", "ships": 3}, ["Red"], "c.toml")
    assert [str(e) for e in caught.value.errors] == [
        "c.toml: ships: expected a table of ship names"
    ]
