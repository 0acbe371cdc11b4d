"""The packaged data (trucker/formats/catalogue.py): parts and boards, found through
importlib.resources."""

from __future__ import annotations

from trucker.core.parts import Part
from trucker.formats.catalogue import builtin_boards, data_root, part_info, parts, scenarios_root


def test_every_part_has_data() -> None:
    assert set(parts()) == set(Part)


def test_part_numbers_from_rules_section_2() -> None:
    """RULES §2.2-§2.4: a cabin holds 2, a cannon fires 1 facing front, a double 2 when
    powered, an engine 1 and a double engine 2, robot centers hold 4, stasis chambers 4."""
    assert part_info(Part.CABIN).crew == 2
    assert (part_info(Part.CANNON).power, part_info(Part.CANNON).powered) == (1, False)
    assert (part_info(Part.DOUBLE_CANNON).power, part_info(Part.DOUBLE_CANNON).powered) == (2, True)
    assert part_info(Part.ENGINE).power == 1
    assert part_info(Part.DOUBLE_ENGINE).power == 2
    assert part_info(Part.ROBOT_CENTER).robots == 4
    assert part_info(Part.STASIS_CHAMBER).sleepers == 4
    assert part_info(Part.TURRET).pair_power == 1
    assert part_info(Part.THRUSTER).power == 0


def test_expansions() -> None:
    abe = {p for p, info in parts().items() if info.expansion == "ABE"}
    assert abe == {
        Part.SOLAR_PANEL, Part.THRUSTER, Part.ROUTER, Part.HYBRID_LIFE_SUPPORT,
        Part.ROBOT_CENTER, Part.TURRET, Part.ARMORY,
    }  # fmt: skip
    assert {p for p, i in parts().items() if i.expansion == "TBE"} == {
        Part.LUXURY_CABIN,
        Part.STASIS_CHAMBER,
    }


def test_data_and_scenarios_are_packaged_resources() -> None:
    assert (data_root() / "parts.toml").is_file()
    assert (scenarios_root() / "ships" / "expected.toml").is_file()
    assert len(builtin_boards()) == 7


def test_a_worker_adopts_its_parent_s_catalogue() -> None:
    """Worker processes take the catalogue their parent read (pickled), not the files."""
    import pickle

    from trucker.formats.catalogue import (
        adopt_catalogue,
        cards,
        cards_of_level,
        catalogue,
        deal_rules,
    )

    before_cards, before_rules = cards(), deal_rules()
    shipped = pickle.loads(pickle.dumps(catalogue()))
    try:
        adopt_catalogue(shipped)
        assert cards() == before_cards
        assert deal_rules() == before_rules
        assert len(cards_of_level(3)) == len([c for c in before_cards.values() if c.level == 3])
    finally:
        adopt_catalogue(None)
    assert cards() == before_cards
