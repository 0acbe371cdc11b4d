"""Statistics over many flights (trucker.play.montecarlo, trucker.play.parallel): exact answers from
the dice table, the same numbers whatever runs the chunks, partial runs, paired comparisons."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from trucker.core.rulings import Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.flights import Crew
from trucker.play.montecarlo import (
    CHUNK,
    OddsSpec,
    chunks,
    flight_seed,
    fly_all,
    percentile,
    run_chunk,
    summarise,
    wilson,
)
from trucker.play.parallel import fly_chunks

ODDS = SCENARIOS / "odds"
SHIPS = SCENARIOS / "ships"


def _spec(names=("class-iii-cruiser.toml",), deck="random:III", n=40, seed=3, vs=None):
    crews = tuple(Crew(f"{i}", load_ship(SHIPS / name)) for i, name in enumerate(names))
    lineups = [crews]
    if vs is not None:
        lineups.append((Crew("vs", load_ship(SHIPS / vs)), *crews[1:]))
    return OddsSpec(tuple(lineups), deck, Rulings(), seed, n)


@pytest.mark.slow
def test_the_lone_cabin_matches_the_dice_table() -> None:
    """scenarios/odds/lone-cabin.toml: home with probability 30/36, mean credits 6 x 5/6 = 5,
    the cabin 7,7 lost in 6/36 of the flights (worked out in the ship file's header)."""
    ship = load_ship(ODDS / "lone-cabin.toml")
    deck = load_deck(ODDS / "one-small-meteor.toml")
    spec = OddsSpec(((Crew("cabin", ship),),), deck, Rulings(), 11, 4000)
    (odds,) = summarise(spec, fly_all(spec)).lineups[0]
    assert odds.flights == 4000
    sigma = (30 / 36 * 6 / 36 / 4000) ** 0.5
    assert abs(odds.finish.value - 30 / 36) < 4 * sigma
    assert abs(odds.credits.value - 5.0) < 4 * 6 * sigma
    p = odds.finish.value
    half = (odds.finish.high - odds.finish.low) / 2
    assert 1.9 < half / (p * (1 - p) / 4000) ** 0.5 < 2.0
    assert set(odds.credit_counts) == {0, 6}
    assert abs(odds.squares["7,7"] - 6 / 36) < 4 * sigma
    assert odds.credit_percentiles["median"] == 6 and odds.credit_percentiles["p10"] == 0


@pytest.mark.slow
def test_the_intervals_cover_the_dice_table_about_19_times_in_20() -> None:
    """40 independent runs of 300 flights: the 95% intervals of coming home and of the mean
    credits each contain the exact answers (30/36 and 5) in about 38 runs; fewer than 32
    would happen by chance less than once in a thousand."""
    ship = load_ship(ODDS / "lone-cabin.toml")
    deck = load_deck(ODDS / "one-small-meteor.toml")
    home = credits = 0
    for seed in range(40):
        spec = OddsSpec(((Crew("cabin", ship),),), deck, Rulings(), 1000 + seed, 300)
        (odds,) = summarise(spec, fly_all(spec)).lineups[0]
        home += odds.finish.contains(30 / 36)
        credits += odds.credits.contains(5.0)
    assert home >= 32 and credits >= 32


def test_wilson_interval() -> None:
    interval = wilson(50, 100)
    assert interval.value == 0.5
    assert round(interval.low, 4) == 0.4038 and round(interval.high, 4) == 0.5962
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    assert 0 < wilson(0, 10).high < 0.35


@given(st.dictionaries(st.integers(-5, 40), st.integers(1, 9), min_size=1), st.integers(1, 100))
def test_percentile_is_exact(counts: dict[int, int], percent: int) -> None:
    """The q-th percentile of the values written out, for q a percentage as a user writes it
    (0.9 of 10 values is the 9th; binary floating point would make it the 10th)."""
    values = sorted(v for v, c in counts.items() for _ in range(c))
    q = percent / 100
    rank = Fraction(percent, 100) * len(values)
    expected = values[max(0, -(-rank.numerator // rank.denominator) - 1)]
    assert percentile(Counter(counts), q) == expected


def test_chunks_cover_every_flight_once() -> None:
    assert chunks(CHUNK * 2 + 3) == [(0, CHUNK), (CHUNK, 2 * CHUNK), (2 * CHUNK, 2 * CHUNK + 3)]
    assert flight_seed(7, 1) != flight_seed(7, 2) and flight_seed(7, 1) == flight_seed(7, 1)


def test_chunks_merge_to_the_whole_in_any_order() -> None:
    spec = _spec(n=30)
    whole = summarise(spec, run_chunk(spec, 0, 30)).to_dict()
    parts = [(0, 7), (7, 19), (19, 30)]
    random.Random(1).shuffle(parts)
    assert summarise(spec, fly_all(spec, parts)).to_dict() == whole


@pytest.mark.slow
def test_same_numbers_with_two_worker_processes() -> None:
    spec = _spec(n=CHUNK + 20, seed=5)
    here = fly_chunks(spec)
    there = fly_chunks(spec, workers=2)
    assert not here.partial and not there.partial
    assert summarise(spec, here.tally).to_dict() == summarise(spec, there.tally).to_dict()


@pytest.mark.slow
def test_a_stop_returns_the_chunks_flown_marked_partial() -> None:
    spec = _spec(n=CHUNK * 3)
    seen = []

    def progress(count: int) -> None:
        seen.append(count)
        if len(seen) == 1:
            raise KeyboardInterrupt

    outcome = fly_chunks(spec, progress=progress)
    assert outcome.partial and outcome.tally.flights == CHUNK
    result = summarise(spec, outcome.tally, partial=True)
    assert result.partial and result.flights == CHUNK and result.requested == CHUNK * 3


def test_a_design_against_itself_differs_by_nothing() -> None:
    spec = _spec(n=25, vs="class-iii-cruiser.toml")
    comparison = summarise(spec, fly_all(spec)).comparison
    assert comparison is not None
    assert comparison.credits.value == comparison.credits.low == comparison.credits.high == 0
    assert comparison.finish.value == 0


def test_common_random_numbers_make_the_difference_sharper() -> None:
    """Paired by seed, the difference's interval is narrower than two independent runs'."""
    spec = _spec(n=150, vs="iiib-double.toml")
    result = summarise(spec, fly_all(spec))
    a, b = result.lineups[0][0], result.lineups[1][0]
    independent = (a.credits.high - a.credits.low) ** 2 + (b.credits.high - b.credits.low) ** 2
    paired = result.comparison.credits.high - result.comparison.credits.low
    assert paired**2 < independent


def test_several_ships_each_get_their_numbers() -> None:
    spec = _spec(names=("class-iii-cruiser.toml", "abe-gadgets.toml"), deck="random:II", n=30)
    lineup = summarise(spec, fly_all(spec)).lineups[0]
    assert [s.name for s in lineup] == ["0", "1"]
    assert all(s.flights == 30 for s in lineup)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10**6))
def test_tallies_add_up(seed: int) -> None:
    spec = _spec(n=12, seed=seed)
    tally = fly_all(spec)
    (ship,) = tally.ships[0]
    assert sum(ship.credits.values()) == sum(ship.tiles_lost.values()) == 12
    assert 0 <= ship.finished <= 12
    assert all(numbers[0] > 0 for numbers in ship.cards.values())


@pytest.mark.slow
def test_dask_on_a_local_cluster() -> None:
    """The same chunks as Dask tasks on a scheduler this test starts on the loopback address."""
    distributed = pytest.importorskip("distributed", reason="the optional Dask extra")
    spec = _spec(n=CHUNK + 10, seed=9)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        remote = fly_chunks(spec, dask=cluster.scheduler_address)
    assert not remote.partial
    local = fly_chunks(spec)
    assert summarise(spec, remote.tally).to_dict() == summarise(spec, local.tally).to_dict()


@pytest.mark.slow
def test_the_expert_on_dask_flies_as_at_home() -> None:
    """The expert captain travels to Dask workers by its name and options, and searches there
    as it does here (its rollouts seeded by the flight, not by the process)."""
    distributed = pytest.importorskip("distributed", reason="the optional Dask extra")
    ship = load_ship(SHIPS / "class-iii-cruiser.toml")
    expert = Crew("0", ship, "expert", captain_options=(("effort", 1),))
    spec = OddsSpec(((Crew("0", ship),), (expert,)), "random:III", Rulings(), 5, 3)
    with distributed.LocalCluster(
        n_workers=1, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
    ) as cluster:
        remote = fly_chunks(spec, dask=cluster.scheduler_address)
    assert summarise(spec, remote.tally).to_dict() == summarise(spec, fly_all(spec)).to_dict()


@pytest.mark.slow
def test_dask_address_that_answers_nothing_is_bad_input() -> None:
    pytest.importorskip("distributed", reason="the optional Dask extra")
    from trucker.core.errors import BadInput

    with pytest.raises(BadInput, match="no Dask scheduler answers there"):
        fly_chunks(_spec(n=1), dask="tcp://127.0.0.1:9")
