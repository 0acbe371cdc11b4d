"""What a small change is worth (trucker.play.changes, paired, weigh): the changes tried are
legal ones, paired flights count differences that add up wherever they are flown, and the
study's numbers match the exact odds of the dice table on a ship built to be worked out by hand
(scenarios/odds/front-guard.toml: one exposed connector, on the board's front edge)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.conftest import SCENARIOS
from trucker.core.errors import BadInput
from trucker.core.geometry import Cell, Connector, Direction
from trucker.core.parts import Part
from trucker.core.rulings import Rulings
from trucker.core.ship import Ship
from trucker.core.threats import ThreatKind
from trucker.formats.catalogue import catalogue
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.changes import changes, parse_parts
from trucker.play.flights import Crew
from trucker.play.montecarlo import Precision
from trucker.play.paired import PairedJob, PairedSpec, PairedTally, Variant, pieces
from trucker.play.weigh import Schedule, WeighResult, weigh_changes
from trucker.rules.validate import is_legal
from trucker.sim.encounters import exposure

ODDS = SCENARIOS / "odds"
GUARD = load_ship(ODDS / "front-guard.toml")
METEOR = load_deck(ODDS / "one-small-meteor.toml")


def test_every_change_tried_leaves_a_legal_ship() -> None:
    found = changes(GUARD, parse_parts("shield,battery,cannon"))
    assert found.additions and found.removals
    assert all(is_legal(c.ship, Rulings()) for c in found.all)
    # the battery feeds the cabin's front; the cabin is the start: neither may go
    assert found.illegal_removals == (Cell(6, 7), Cell(7, 7))
    assert {c.cell for c in found.removals} == {Cell(5, 7), Cell(7, 6), Cell(7, 8), Cell(8, 7)}


def test_an_added_tile_joins_with_universal_connectors_and_is_smooth_elsewhere() -> None:
    found = changes(GUARD, parse_parts("shield"), join="open")
    # only 5,7's front is open, and it faces off the board: no open join anywhere
    assert found.additions == ()
    opened = changes(GUARD, parse_parts("shield"))
    on_7_9 = [c for c in opened.additions if c.cell == Cell(7, 9)]
    assert len(on_7_9) == 4  # the four ways a shield lies
    for change in on_7_9:
        assert change.tile.sides == (
            Connector.SMOOTH,
            Connector.SMOOTH,
            Connector.SMOOTH,
            Connector.UNIVERSAL,
        )
        assert change.opened == ((Cell(7, 8), Direction.RIGHT),)


def test_a_cannon_never_points_its_barrel_at_a_neighbour() -> None:
    found = changes(GUARD, parse_parts("cannon"))
    for change in found.additions:
        assert change.tile.part is Part.CANNON
        assert change.tile.facing is not None
        assert change.tile.side(change.tile.facing) is Connector.SMOOTH


@pytest.mark.parametrize(
    ("text", "problem"),
    [("shield,wing", "not a part"), ("battery:7", "battery varieties"), ("", "not a part")],
)
def test_a_bad_parts_list_is_one_line(text: str, problem: str) -> None:
    with pytest.raises(BadInput, match=problem):
        parse_parts(text)


@pytest.mark.slow
def test_paired_counts_do_not_depend_on_how_the_flights_are_cut() -> None:
    found = changes(GUARD, parse_parts("shield"))
    base = Variant((Crew("guard", GUARD),), Rulings())
    variants = tuple(Variant((Crew("guard", c.ship),), Rulings()) for c in found.all[:5])
    job = PairedJob(PairedSpec(base, variants, METEOR, 11))
    book = catalogue()
    whole, cut = PairedTally(), PairedTally()
    for piece in pieces(range(5), 0, 300):
        whole.merge(job.fly(piece, book))
    for piece in reversed(pieces(range(5), 0, 300, group=2)):
        cut.merge(job.fly(piece, book))
    assert whole.base == cut.base
    assert whole.pairs == cut.pairs
    assert whole.base[0] == 300


def _study(parts: str = "shield,battery", seed: int = 5) -> WeighResult:
    found = changes(GUARD, parse_parts(parts))
    schedule = Schedule(Precision(0.03))
    return weigh_changes([Crew("guard", GUARD)], METEOR, Rulings(), seed, found, schedule)


def _exact_loss(ship: Ship) -> Fraction:
    """Credits lost to the meteor, from the dice table: 1 per tile lost (RULES §9.1), the
    captain powering shields (the 'with batteries' column: the ship has tokens to spare)."""
    (side,) = exposure(ship, ThreatKind.parse("small-meteor"), sides=[Direction.FRONT])
    return sum((t.lost_powered for t in side.tiles.values()), Fraction(0))


@pytest.mark.slow
def test_a_shield_covering_the_exposed_side_comes_first_worth_the_exact_odds() -> None:
    result = _study()
    best = result.weighed[0]
    assert best.change.tile.part is Part.SHIELD
    assert Direction.FRONT in best.change.tile.covers
    exact = _exact_loss(GUARD) - _exact_loss(best.change.ship)
    assert exact == Fraction(1, 6)
    assert best.difference.credits.contains(float(exact))
    assert best.difference.finish.value == 0
    # every shield covering the front ties the leader; nothing else is worth anything
    for weighed in result.weighed:
        guards = weighed.change.tile.part is Part.SHIELD and (
            Direction.FRONT in weighed.change.tile.covers
        )
        assert weighed.ties_leader == guards, weighed.change.key
        assert weighed.zero != guards, weighed.change.key


@pytest.mark.slow
def test_removing_a_tile_no_card_reaches_is_a_tie_with_zero() -> None:
    result = _study()
    (engine,) = [w for w in result.removals if w.change.cell == Cell(8, 7)]
    assert engine.zero and engine.difference.unchanged
    assert engine.difference.credits.value == 0 and not engine.ties_leader


@pytest.mark.slow
def test_staged_culling_flies_only_the_contenders_on() -> None:
    result = _study()
    first, *later = result.stages
    assert first.candidates == len(result.weighed)
    assert later and all(s.candidates < first.candidates for s in later)
    assert result.met and result.flown < result.without_culling
    for weighed in result.weighed:
        if weighed.culled_after is not None:
            assert weighed.difference.flights == first.flights


@pytest.mark.slow
def test_the_same_numbers_with_two_worker_processes() -> None:
    here = _study(seed=9)
    found = changes(GUARD, parse_parts("shield,battery"))
    there = weigh_changes(
        [Crew("guard", GUARD)], METEOR, Rulings(), 9, found, Schedule(Precision(0.03)), workers=2
    )
    assert here.to_dict() == there.to_dict()
