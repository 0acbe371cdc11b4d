"""How fast does a flight copy and search? (issue 15's benchmark)

Two measurements on the Class III cruiser against dealt random:III decks, each with the ratio
to a plain flight (sensible captain, no log) measured in the same run:

- clone and finish: a flight stopped halfway through its deck is cloned and the clone flown to
  its end by the sensible captain (what every look ahead does);
- the expert: whole flights with the expert captain at its default effort.

    python benchmarks/bench_stepping.py [--seconds 3] [--smoke]
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path

from bench_validate import rate

from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for, fly, start
from trucker.sim.expert import DEFAULT_EFFORT, ExpertCaptain

SHIP = Path(__file__).resolve().parent.parent / "scenarios" / "ships" / "class-iii-cruiser.toml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--smoke", action="store_true", help="a quick run (CI)")
    args = parser.parse_args()
    seconds = 0.3 if args.smoke else args.seconds
    crews = (Crew("cruiser", load_ship(SHIP)),)
    rulings = Rulings()
    plans = [FlightPlan(crews, deck_for("random:III", s), rulings, seed=s) for s in range(200)]
    halfway = []
    for plan in plans:
        state = start(plan, keep_log=False)
        state.advance(cards=len(plan.deck.cards) // 2)
        halfway.append(state)
    flights = itertools.cycle(plans)
    states = itertools.cycle(halfway)
    experts = itertools.cycle(plans)

    def plain() -> object:
        return fly(next(flights), keep_log=False)

    def clone_and_finish() -> object:
        return next(states).clone().finish()

    def expert() -> object:
        return fly(next(experts), keep_log=False, captains={"cruiser": ExpertCaptain()})

    base = rate(plain, seconds)
    print(f"{'':44} {'per second':>11} {'ratio':>7}")
    print(f"{'plain flight (sensible, no log)':44} {base:11.0f} {1:7.3f}")
    cloned = rate(clone_and_finish, seconds)
    print(f"{'clone halfway, finish with sensible':44} {cloned:11.0f} {cloned / base:7.3f}")
    searched = rate(expert, max(seconds, 2.0) if not args.smoke else seconds)
    label = f"expert flight (effort {DEFAULT_EFFORT})"
    print(f"{label:44} {searched:11.1f} {searched / base:7.4f}")
    print("Class III cruiser on random:III decks, per CPU second of one core")


if __name__ == "__main__":
    main()
