"""How fast does a flight copy and search? (issue 15's benchmark)

Measurements on the Class III cruiser against dealt random:III decks, each with the ratio to a
plain flight (sensible captain, no log) measured in the same run, and that flight beside plain
TOML parsing of the ship (the baseline of bench_validate.py):

- clone and finish: a flight stopped halfway through its deck is cloned and the clone flown to
  its end by the sensible captain (what every look ahead does);
- the expert: whole flights with the expert captain at its default effort;
- advise: ``trucker advise`` on typical decisions (the first open decision of seeded flights)
  at its default effort, in CPU seconds per answer in-process and for the whole command
  (start-up included), with the ratio as the plain flights the same CPU time would fly.

    python benchmarks/bench_stepping.py [--seconds 3] [--smoke]
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from bench_validate import rate

from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.play.advice import ADVICE_EFFORT, advise_log
from trucker.play.flights import Crew, FlightPlan, deck_for, flight_log, fly, start
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

    text = SHIP.read_text()
    parses = rate(lambda: tomllib.loads(text), seconds)
    base = rate(plain, seconds)
    print(f"{'':44} {'per second':>11} {'ratio':>7}")
    print(f"{'plain TOML parse of the ship (tomllib)':44} {parses:11.0f} {parses / base:7.3f}")
    print(f"{'plain flight (sensible, no log)':44} {base:11.0f} {1:7.3f}")
    cloned = rate(clone_and_finish, seconds)
    print(f"{'clone halfway, finish with sensible':44} {cloned:11.0f} {cloned / base:7.3f}")
    searched = rate(expert, max(seconds, 2.0) if not args.smoke else seconds)
    label = f"expert flight (effort {DEFAULT_EFFORT})"
    print(f"{label:44} {searched:11.1f} {searched / base:7.4f}")
    per = "  CPU seconds per expert flight"
    print(f"{per:44} {1 / searched:11.3f} {base / searched:7.0f} flights")
    print("Class III cruiser on random:III decks, per CPU second of one core")
    typical = _typical(plans[: 3 if args.smoke else 12])
    effort = 10 if args.smoke else ADVICE_EFFORT
    spent = []
    for document, at in typical:
        began = time.process_time()
        advise_log(document, at, effort=effort)
        spent.append(time.process_time() - began)
    middle, worst = statistics.median(spent), max(spent)
    print(f"\nadvise at effort {effort}, {len(typical)} typical decisions (CPU seconds)")
    print(f"{'in-process, median':44} {middle:11.3f} {middle * base:7.0f} flights")
    print(f"{'in-process, slowest':44} {worst:11.3f} {worst * base:7.0f} flights")
    command = _command(*typical[0], effort)
    label = "trucker advise LOG --at N (whole command)"
    print(f"{label:44} {command:11.3f} {command * base:7.0f} flights")


def _typical(plans: list[FlightPlan]) -> list[tuple[dict[str, object], int]]:
    """Each flight's log and its first decision with a real choice (not whether to give up)."""
    out = []
    for plan in plans:
        document = json.loads(json.dumps(flight_log(plan, fly(plan))))
        decided = [e for e in document["events"] if e["kind"] == "decided"]
        for number, event in enumerate(decided, 1):
            if not event["forced"] and event["decision"] != "give-up":
                out.append((document, number))
                break
    return out


def _command(document: dict[str, object], at: int, effort: int) -> float:
    """CPU seconds of one ``trucker advise`` run, start-up included."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "log.json"
        log.write_text(json.dumps(document))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [sys.executable, "-m", "trucker", "advise", str(log), "--at", str(at),
             "--effort", str(effort)],
            check=True, capture_output=True,
        )  # fmt: skip
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


if __name__ == "__main__":
    main()
