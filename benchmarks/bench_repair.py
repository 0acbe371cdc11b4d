"""What does the cheapest repair cost? (issue 24's benchmark)

Repairs the bundled broken ships again and again, the cheapest repair (the default) next to the
stepwise one (the baseline, measured in the same run), and prints repairs per CPU second and
their ratio. Then the worst case the search is bounded for: a Class IV board filled with side
cannons pointing every way (about a hundred problems), repaired once, with the positions weighed,
whether the answer is proven, the CPU time it took, and what the search's limit would take at
that pace.

    python benchmarks/bench_repair.py [--seconds 2] [--smoke]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from bench_validate import rate

from trucker.core.ship import Ship
from trucker.formats.catalogue import find_board
from trucker.formats.load import load_ship, ship_from_document
from trucker.rules.repair import repair

ROOT = Path(__file__).resolve().parent.parent
BROKEN = (
    "broken-hauler.toml",
    "iib-seam-errors.toml",
    "sideways-engine.toml",
    "thruster-tight.toml",
)
SIDES = ("front", "right", "rear", "left")


def cannons_everywhere(seed: int) -> Ship:
    """Every square of the Class IV board but the start holds a cannon with three universal
    sides, its barrel turned at random: each barrel blocked by a neighbour is a problem."""
    board, rng = find_board("IV"), random.Random(seed)
    tiles: dict[str, dict[str, object]] = {}
    for cell in sorted(board.squares):
        if cell == board.start:
            tiles[str(cell)] = {"part": "cabin", "start": True}
            continue
        facing = rng.choice(SIDES)
        sides = "".join("-" if side == facing else "u" for side in SIDES)
        tiles[str(cell)] = {"part": "cannon", "sides": sides, "facing": facing}
    return ship_from_document({"format": "trucker-ship/1", "board": "IV", "tiles": tiles}, "x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--smoke", action="store_true", help="a quick run (CI)")
    args = parser.parse_args()
    seconds = 0.2 if args.smoke else args.seconds

    ships = [load_ship(ROOT / "scenarios" / "ships" / name) for name in BROKEN]
    cheapest = rate(lambda: [repair(s) for s in ships], seconds) * len(ships)
    stepwise = rate(lambda: [repair(s, method="stepwise") for s in ships], seconds) * len(ships)
    print(f"bundled broken ships ({len(ships)})")
    print(f"  stepwise repair   {stepwise:8.0f} repairs/s (baseline)")
    print(f"  cheapest repair   {cheapest:8.0f} repairs/s   ratio {cheapest / stepwise:.2f}")

    for seed in (0, 3) if not args.smoke else (0,):
        ship = cannons_everywhere(seed)
        start = time.process_time()
        result = repair(ship)
        spent = time.process_time() - start
        search = result.search
        assert search is not None and result.report.legal
        proven = "proven the fewest" if search.exact else "the fewest found (limit reached)"
        print(
            f"Class IV, cannons everywhere (seed {seed}, {len(ship.tiles)} tiles): "
            f"{result.tiles_lost} lost, {proven}, {search.positions:,} positions, "
            f"{spent:.2f} s CPU ({search.positions / max(spent, 1e-9):,.0f} positions/s: "
            f"the limit of {search.limit:,} in {search.limit / search.positions * spent:.2f} s)"
        )


if __name__ == "__main__":
    main()
