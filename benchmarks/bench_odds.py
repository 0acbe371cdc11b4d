"""How fast is ``trucker odds``, and how well does it scale? (issue 7's benchmark)

Runs the same seeded chunks of flights (the sensible captain, no event log) in one process and
in two worker processes, for a Class III ship on random:III decks and the Class IV Leviathan
on random:IV decks, and reports flights per second of wall time for each and the scaling ratio.
The one-process run is the baseline, measured in the same run. Targets: at least 1,000 Class
III flights/s per core, and at least 1.8x from one worker to two.

The default run is the size of the issue's own example (``trucker odds ... -n 20000``): the
two workers' start-up (spawning, imports, the catalogue handed over) is paid once per run and
is printed on its own line, so a smaller run's ratio can be read against it.

    python benchmarks/bench_odds.py [--flights 20000] [--smoke]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.play.flights import Crew
from trucker.play.montecarlo import OddsSpec, summarise
from trucker.play.parallel import fly_chunks

SHIPS = Path(__file__).resolve().parent.parent / "scenarios" / "ships"
CASES = {
    "Class III cruiser, random:III": ("class-iii-cruiser.toml", "III", 1.0),
    "Class IV Leviathan, random:IV": ("class-iv-leviathan.toml", "IV", 0.15),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flights", type=int, default=20000, help="Class III flights per run")
    parser.add_argument("--smoke", action="store_true", help="a quick run (CI)")
    args = parser.parse_args()
    flights = 300 if args.smoke else args.flights
    print(f"{os.cpu_count()} cores seen")
    print(f"{'':32} {'flights':>8} {'1 worker/s':>11} {'2 workers/s':>12} {'scaling':>8}")
    for label, (name, level, share) in CASES.items():
        ship = load_ship(SHIPS / name)
        n = max(250, int(flights * share))
        spec = OddsSpec(((Crew(name, ship),),), f"random:{level}", Rulings(), 1, n)
        rates, results = [], []
        for workers in (1, 2):
            started = time.perf_counter()
            outcome = fly_chunks(spec, workers=workers)
            rates.append(n / (time.perf_counter() - started))
            results.append(summarise(spec, outcome.tally).to_dict())
        assert results[0] == results[1], "the numbers must not depend on the workers"
        print(f"{label:32} {n:8} {rates[0]:11.0f} {rates[1]:12.0f} {rates[1] / rates[0]:7.2f}x")
    tiny = OddsSpec(((Crew("cruiser", load_ship(SHIPS / "class-iii-cruiser.toml")),),),
                    "random:III", Rulings(), 1, 2)  # fmt: skip
    started = time.perf_counter()
    fly_chunks(tiny, workers=2)
    print(f"worker start-up: {time.perf_counter() - started:.2f} s for two workers to fly one "
          "flight each")  # fmt: skip
    print("wall time, worker start-up included; the same numbers from both runs (checked)")


if __name__ == "__main__":
    main()
