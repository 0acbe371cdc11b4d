"""Which rulings change a ship's odds (trucker.play.impact): an alternative's difference is
exactly the difference of two odds runs on the same seeds, one under each ruling."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from trucker.core.rulings import Rulings, ruling_alternatives
from trucker.formats.load import load_ship
from trucker.play.flights import Crew
from trucker.play.impact import ruling_impact, variants
from trucker.play.montecarlo import OddsSpec, run_chunk, summarise

pytestmark = pytest.mark.slow

CRUISER = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
NAMES = ["radiation_explodes_at", "hazardous_top_level", "fifth_place_reward"]


def _mean_credits(rulings: Rulings, flights: int, seed: int) -> tuple[float, float]:
    spec = OddsSpec(((Crew("c", CRUISER),),), "random:III", rulings, seed, flights)
    (ship,) = summarise(spec, run_chunk(spec, 0, flights)).lineups[0]
    return ship.credits.value, ship.finish.value


def test_each_difference_is_that_of_two_runs_on_the_same_seeds() -> None:
    found = ruling_impact(CRUISER, "random:III", seed=3, flights=120, names=NAMES)
    base_credits, base_home = _mean_credits(Rulings(), 120, 3)
    assert found.base.credits.value == base_credits and found.flights == 120
    assert {(i.name, i.alternative) for i in found.impacts} == {
        ("radiation_explodes_at", 3),
        ("radiation_explodes_at", 5),
        ("hazardous_top_level", "III"),
        ("fifth_place_reward", 1),
    }
    for impact in found.impacts:
        changed: dict[str, Any] = {impact.name: impact.alternative}
        credits, home = _mean_credits(replace(Rulings(), **changed), 120, 3)
        assert abs(impact.difference.credits.value - (credits - base_credits)) < 1e-9
        assert abs(impact.difference.finish.value - (home - base_home)) < 1e-9
        assert impact.legal


def test_a_ruling_no_card_of_a_solo_flight_reaches_ends_no_flight_differently() -> None:
    found = ruling_impact(CRUISER, "random:III", seed=3, flights=60, names=["fifth_place_reward"])
    (impact,) = found.impacts
    assert impact.difference.unchanged and impact.zero


def test_the_alternatives_tried_are_every_other_value_a_ruling_names() -> None:
    tried, untried = variants(Rulings())
    names = {name for name, _, _ in tried}
    assert "track_length" in untried and "track_length" not in names
    for name, alternative, changed in tried:
        assert alternative in ruling_alternatives(name, getattr(Rulings(), name))
        assert getattr(changed, name) == alternative
        assert changed.non_default() == {name: alternative}
