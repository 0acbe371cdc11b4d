"""Part kinds (trucker/core/parts.py) and their rows (components_data/parts.toml)."""

from __future__ import annotations

import pickle
import tomllib
from typing import Any

import pytest

from trucker.core.errors import BadInput
from trucker.core.parts import GOODS_VALUE, Part, PartFacts, Reach
from trucker.core.threats import ThreatKind
from trucker.formats.catalogue import data_root, parts
from trucker.formats.parts_file import read_parts

pytestmark = pytest.mark.rules("2.2", "2.3", "2.4")


def _table() -> dict[str, Any]:
    return tomllib.loads((data_root() / "parts.toml").read_text(encoding="utf-8"))


def test_groups() -> None:
    assert {p for p in Part if p.is_engine} == {Part.ENGINE, Part.DOUBLE_ENGINE}
    assert {p for p in Part if p.is_cannon} == {Part.CANNON, Part.DOUBLE_CANNON}
    assert {p for p in Part if p.is_life_support} == {
        Part.LIFE_SUPPORT,
        Part.HYBRID_LIFE_SUPPORT,
    }


@pytest.mark.rules("6.1")
def test_goods_values_from_rules_section_6() -> None:
    """RULES §6.1: red 4, yellow 3, green 2, blue 1."""
    assert GOODS_VALUE == {"R": 4, "Y": 3, "G": 2, "B": 1}


def test_every_part_has_one_row_and_every_row_is_a_part() -> None:
    facts = parts()
    assert isinstance(facts, PartFacts) and list(facts) == list(Part)
    assert all(row.part is part for part, row in facts.items())


@pytest.mark.rules("5.2")
def test_the_defences_are_the_rows_of_rules_section_5_2() -> None:
    """A single cannon aimed at a large meteor stops it at once, a double one when paid for; a
    shield covering the side stops small meteors and light fire when paid for; nothing stops
    heavy fire."""
    guards = parts().guards
    large = [(g.part, g.reach, g.paid, g.name) for g in guards[ThreatKind.LARGE_METEOR]]
    assert large == [
        (Part.CANNON, Reach.AIM, False, "cannon"),
        (Part.DOUBLE_CANNON, Reach.AIM, True, "cannon"),
    ]
    for kind in (ThreatKind.SMALL_METEOR, ThreatKind.LIGHT_FIRE):
        assert [(g.part, g.reach, g.paid) for g in guards[kind]] == [
            (Part.SHIELD, Reach.COVERS, True)
        ]
    assert guards[ThreatKind.HEAVY_FIRE] == ()


def test_the_facts_travel_to_worker_processes() -> None:
    facts = parts()
    again = pickle.loads(pickle.dumps(facts))
    assert again == facts and again.guards == facts.guards and again.cannons == facts.cannons


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        (lambda t: t["cabin"].update(crew="two"), "cabin", "Expected `int`, got `str`"),
        (lambda t: t["shield"]["draw"].update(icon="badge"), "shield", "Invalid enum value"),
        (lambda t: t["cannon"].update(colour="red"), "cannon", "unknown field `colour`"),
        (lambda t: t.pop("router"), "router", "a part without a row"),
        (lambda t: t.update(laser={}), "laser", "not a part"),
        (lambda t: t["battery"]["weigh"].update(first="4"), "battery", "'4' is not one of its"),
    ],
)
def test_a_wrong_row_names_the_part_and_the_key(change: Any, where: str, problem: str) -> None:
    table = _table()
    change(table)
    with pytest.raises(BadInput) as raised:
        read_parts(table, "parts.toml")
    (error,) = raised.value.errors
    assert error.file == "parts.toml" and error.where == where and problem in error.problem
