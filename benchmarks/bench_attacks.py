"""How fast are threats resolved? (issue 3's benchmark)

Resolves a six-threat meteor swarm against a Class III ship, again and again: once with rolls
where nothing is destroyed (bounces, shots, shields), once with heavy fire that destroys a tile
each time and splits the ship. The baseline, measured in the same run, is copying the ship's
state (what every swarm starts with).

    python benchmarks/bench_attacks.py [--seconds 2] [--smoke]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench_validate import rate

from trucker.core.threats import Threat
from trucker.formats.load import load_ship
from trucker.sim.attacks import attack
from trucker.sim.state import ShipState
from trucker.sim.table import Table

ROOT = Path(__file__).resolve().parent.parent
SWARM = [
    ("small-meteor front", 7),
    ("small-meteor left", 7),
    ("large-meteor front", 6),
    ("small-meteor right", 7),
    ("large-meteor left", 8),
    ("small-meteor rear", 7),
]
FIRE = [("heavy-fire front", r) for r in (7, 6, 8, 7, 5, 9)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args()
    seconds = 0.2 if args.smoke else args.seconds
    ship = ShipState.from_ship(load_ship(ROOT / "scenarios" / "ships" / "class-iii-cruiser.toml"))

    def swarm(volley: list) -> ShipState:
        state = ship.copy()
        table = Table(log=[])
        for text, roll in volley:
            attack(table, state, Threat.parse(text), roll)
        return state

    assert not swarm(SWARM).lost and len(swarm(FIRE).lost) >= 6
    base = rate(ship.copy, seconds)
    quiet = rate(lambda: swarm(SWARM), seconds) * len(SWARM)
    broken = rate(lambda: swarm(FIRE), seconds) * len(FIRE)
    print(f"copying the ship state     {base:9.0f} copies/s (baseline)")
    print(f"threats, nothing destroyed {quiet:9.0f} threats/s (target 20,000)")
    print(f"threats, each destroying   {broken:9.0f} threats/s (target 2,000)")


if __name__ == "__main__":
    main()
