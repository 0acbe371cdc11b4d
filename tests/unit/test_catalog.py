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
    assert (scenarios_root() / "ships-expected.toml").is_file()
    assert (scenarios_root() / "ships" / "spec-example.json").is_file()
    assert len(builtin_boards()) == 7


def test_the_catalogue_travels_to_a_worker_whole() -> None:
    """Worker processes take the catalogue their parent read (pickled), not the files: the
    same cards, deal and rewards, and the same cards of each level."""
    import pickle

    from trucker.formats.catalogue import cards, catalogue, deal_rules, rewards

    shipped = pickle.loads(pickle.dumps(catalogue()))
    assert shipped is not catalogue()
    assert shipped.cards == cards()
    assert shipped.deal == deal_rules()
    assert shipped.rewards == rewards()
    assert shipped.of_level(3) == tuple(c for c in cards().values() if c.level == 3)
    assert shipped.of_level(1, ("ABE",)) == tuple(
        c for c in cards().values() if c.level == 1 and c.expansion == "ABE"
    )


def test_the_rewards_are_the_printed_ones() -> None:
    """RULES §9.1: 4/3/2/1 and 2 in round I, doubling each round to 16/12/8/4 and 8 in IV."""
    from trucker.core.cards import Level
    from trucker.formats.catalogue import rewards

    found = rewards()
    assert found.arrival == {
        Level.I: (4, 3, 2, 1), Level.II: (8, 6, 4, 2), Level.III: (12, 9, 6, 3),
        Level.IV: (16, 12, 8, 4),
    }  # fmt: skip
    assert found.best_looking == {Level.I: 2, Level.II: 4, Level.III: 6, Level.IV: 8}
