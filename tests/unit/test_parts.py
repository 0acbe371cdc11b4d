"""Part kinds (trucker/core/parts.py)."""

from __future__ import annotations

from trucker.core.parts import CREW_PARTS, GOODS_VALUE, Part


def test_groups() -> None:
    assert {p for p in Part if p.is_engine} == {Part.ENGINE, Part.DOUBLE_ENGINE}
    assert {p for p in Part if p.is_cannon} == {Part.CANNON, Part.DOUBLE_CANNON}
    assert {p for p in Part if p.is_life_support} == {
        Part.LIFE_SUPPORT,
        Part.HYBRID_LIFE_SUPPORT,
    }
    assert Part.CABIN in CREW_PARTS and Part.STRUCTURE not in CREW_PARTS


def test_goods_values_from_rules_section_6() -> None:
    """RULES §6.1: red 4, yellow 3, green 2, blue 1."""
    assert GOODS_VALUE == {"R": 4, "Y": 3, "G": 2, "B": 1}
