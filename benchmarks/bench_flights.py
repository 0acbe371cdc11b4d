"""How fast are whole flights? (issues 5, 6 and 22's benchmark)

Flies dealt decks (a new seed each flight) against bundled ships with the sensible captain, as
``trucker odds`` does: a Class III ship on random:III decks, four Class III ships together, and
the Class IV Leviathan (62 tiles) on random:IV decks (20 cards, intruders, radiation, hazardous
business); with no event log, and the Class III ship again with its log kept and written out as
``trucker fly --json`` writes it. Each line gives flights per CPU second, CPU microseconds per
flight, and the flight's cost in plain TOML parses of the Class III ship measured in the same
run (the standard library's tomllib, as bench_validate.py's baseline), so the figure survives a
busy machine; and what every flight pays before its first card (dealing the deck and setting up
the ships), per CPU second.

    python benchmarks/bench_flights.py [--seconds 3] [--smoke]

Instructions per flight, steadier still, by the same cases under valgrind (tool: callgrind or
cachegrind): ``valgrind --tool=cachegrind --cache-sim=no python benchmarks/bench_flights.py
--count 200 --case 0`` and the same with ``--count 0``; the difference over 200 is one flight.
"""

from __future__ import annotations

import argparse
import itertools
import tomllib
from pathlib import Path

from bench_validate import rate

from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for, fly, log_text
from trucker.sim.state import ShipState

SHIPS = Path(__file__).resolve().parent.parent / "scenarios" / "ships"

CASES = {
    "Class III, 1 ship (cruiser), random:III": (["class-iii-cruiser.toml"], "III", False),
    "Class III, 4 ships, random:III": (
        [
            "class-iii-cruiser.toml",
            "class-iiia-longship.toml",
            "abe-gadgets.toml",
            "iiib-double.toml",
        ],
        "III",
        False,
    ),
    "Class IV, 1 ship (Leviathan), random:IV": (["class-iv-leviathan.toml"], "IV", False),
    "Class III, 1 ship (cruiser), logged": (["class-iii-cruiser.toml"], "III", True),
}


def flights(names: list[str], level: str, logged: bool = False):
    """A callable flying one new flight per call (``logged``: its log kept and written as the
    JSON ``trucker fly --json`` prints), and one that only sets a flight up."""
    ships = [load_ship(SHIPS / name) for name in names]
    crews = tuple(Crew(f"{i}", ship) for i, ship in enumerate(ships))
    rulings = Rulings()
    seeds = itertools.count()

    def one() -> object:
        seed = next(seeds)
        plan = FlightPlan(crews, deck_for(f"random:{level}", seed), rulings, seed=seed)
        if logged:
            return log_text(plan, fly(plan))
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
    parser.add_argument("--count", type=int, help="fly this many flights of --case and stop")
    parser.add_argument("--case", type=int, default=0, help="the case --count flies (from 0)")
    args = parser.parse_args()
    if args.count is not None:
        one, _ = flights(*list(CASES.values())[args.case])
        for _ in range(3):  # warm: the catalogue read, the ships' structure worked out
            one()
        for _ in range(args.count):
            one()
        return
    seconds = 0.3 if args.smoke else args.seconds
    text = (SHIPS / "class-iii-cruiser.toml").read_text()
    parses = rate(lambda: tomllib.loads(text), seconds)
    print(f"plain TOML parse of the Class III ship: {parses:.0f} per CPU second (the baseline)")
    header = f"{'':42} {'flights/s':>10} {'us/flight':>10} {'in parses':>10} {'setup/s':>10}"
    print(header)
    for label, (names, level, logged) in CASES.items():
        one, setup = flights(names, level, logged)
        flown = rate(one, seconds)
        base = rate(setup, seconds)
        cost = 1e6 / flown
        print(f"{label:42} {flown:10.0f} {cost:10.0f} {parses / flown:10.1f} {base:10.0f}")
    print("per CPU second of one core; in parses: one flight costs as many TOML parses of the ship")


if __name__ == "__main__":
    main()
