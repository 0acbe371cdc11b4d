"""How long does ``trucker weigh`` take, and how many flights does staged culling save? (issue
16's benchmark)

Weighs every change to the bundled Class III cruiser (every legal removal, and the default part
list added wherever it may go) on random:III decks, to the default precision (each contender's
change in mean credits known to ±0.25), on two worker processes, and reports the wall time
(target: under 3 minutes), the flights staged culling flew, and the flights flying every
candidate to the final number of flights would take, measured in the same run (target: at
least 5x more), then the five best additions.

    python benchmarks/bench_weigh.py [--workers 2] [--seed 1] [--smoke]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from trucker.formats.load import load_ship
from trucker.play.changes import DEFAULT_PARTS
from trucker.play.montecarlo import Precision
from trucker.play.weigh import PRECISION, weigh

SHIPS = Path(__file__).resolve().parent.parent / "scenarios" / "ships"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="a quick run (CI)")
    args = parser.parse_args()
    ship = load_ship(SHIPS / "class-iii-cruiser.toml")
    parts, precision, most = DEFAULT_PARTS, PRECISION, 20_000
    if args.smoke:
        parts, precision, most = "shield", Precision(2.0), 250
    print(f"{os.cpu_count()} cores seen, {args.workers} workers, seed {args.seed}")
    started = time.perf_counter()
    result = weigh(
        ship,
        "random:III",
        parts=parts,
        seed=args.seed,
        precision=precision,
        most=most,
        workers=args.workers,
    )
    seconds = time.perf_counter() - started
    stages = ", ".join(f"{s.candidates}x{s.flights}" for s in result.stages)
    print(f"candidates: {len(result.additions)} additions, {len(result.removals)} removals")
    print(f"stages (candidates x flights each): {stages}")
    print(f"wall time: {seconds:.1f} s ({result.flown / seconds:.0f} flights/s)")
    print(f"flights flown with staged culling: {result.flown:,}")
    print(
        f"flights to fly every candidate to {result.final_flights:,}: "
        f"{result.without_culling:,} ({result.without_culling / result.flown:.1f}x more)"
    )
    print(f"precision {precision.words()} met: {result.met}")
    base = result.base
    print(f"as it is: mean credits {base.credits.value:.2f}, home {100 * base.finish.value:.1f}%")
    print("five best additions (change in mean credits, 95% interval; in coming home, points):")
    for weighed in result.additions[:5]:
        c, f = weighed.difference.credits, weighed.difference.finish
        print(
            f"  {weighed.rank:>3}. {weighed.change.words()}: {c.value:+.2f} ({c.low:+.2f} to "
            f"{c.high:+.2f}); {100 * f.value:+.1f} pts; {weighed.difference.flights} flights"
            + ("; ties the best" if weighed.ties_leader else "")
        )


if __name__ == "__main__":
    main()
