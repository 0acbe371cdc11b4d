"""How fast are whole flights? (issues 5 and 6's benchmark)

Flies dealt decks (a new seed each flight) against bundled ships with the sensible captain and
no event log, as ``trucker odds`` does: a Class III ship on random:III decks, four Class III
ships together, and the Class IV Leviathan (62 tiles) on random:IV decks (20 cards, intruders,
radiation, hazardous business). The baseline, measured in the same run, is what every flight
pays before its first card: dealing the deck and setting up the ships.

    python benchmarks/bench_flights.py [--seconds 3] [--smoke]
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path

from bench_validate import rate

from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for, fly
from trucker.sim.state import ShipState

SHIPS = Path(__file__).resolve().parent.parent / "scenarios" / "ships"

CASES = {
    "Class III, 1 ship (cruiser), random:III": (["class-iii-cruiser.toml"], "III"),
    "Class III, 4 ships, random:III": (
        [
            "class-iii-cruiser.toml",
            "class-iiia-longship.toml",
            "abe-gadgets.toml",
            "iiib-double.toml",
        ],
        "III",
    ),
    "Class IV, 1 ship (Leviathan), random:IV": (["class-iv-leviathan.toml"], "IV"),
}


def flights(names: list[str], level: str):
    """A callable flying one new flight per call, and one that only sets a flight up."""
    ships = [load_ship(SHIPS / name) for name in names]
    crews = tuple(Crew(f"{i}", ship) for i, ship in enumerate(ships))
    rulings = Rulings()
    seeds = itertools.count()

    def one() -> object:
        seed = next(seeds)
        plan = FlightPlan(crews, deck_for(f"random:{level}", seed), rulings, seed=seed)
        return fly(plan, keep_log=False)

    def setup() -> object:
        seed = next(seeds)
        deck_for(f"random:{level}", seed)
        return [ShipState.from_ship(ship) for ship in ships]

    return one, setup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--smoke", action="store_true", help="a quick run (CI)")
    args = parser.parse_args()
    seconds = 0.3 if args.smoke else args.seconds
    print(f"{'':42} {'flights/s':>10} {'setup/s':>10} {'ratio':>7}")
    for label, (names, level) in CASES.items():
        one, setup = flights(names, level)
        flown = rate(one, seconds)
        base = rate(setup, seconds)
        print(f"{label:42} {flown:10.0f} {base:10.0f} {flown / base:7.3f}")
    print("flights per CPU second of one core; setup = dealing the deck and setting up the ships")


if __name__ == "__main__":
    main()
