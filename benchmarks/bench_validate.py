"""How fast are ship files read and checked? (issue 2's benchmark)

Loads and validates the bundled ships many times and prints ships per second, next to plain
TOML parsing of the same files in the same run (the standard library's tomllib, and tomli, the
compiled build of the same parser that trucker uses), so the ratio says what the checks cost.
Then times `trucker validate FILE` as a whole command, start-up included (the package
byte-compiled first, as an installed one is).

    python benchmarks/bench_validate.py [--seconds 2] [--smoke]
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

import tomli

from trucker.formats.documents import parse_document
from trucker.formats.load import ship_from_document
from trucker.rules.validate import validate

ROOT = Path(__file__).resolve().parent.parent
SHIPS = ROOT / "scenarios" / "ships"


def rate(work: Callable[[], object], seconds: float) -> float:
    """Calls per CPU second of ``work`` (this process's CPU time, so other programs on the
    machine do not count): the best of three timed runs of about ``seconds / 3``."""
    best = 0.0
    for _ in range(3):
        count, start = 0, time.process_time()
        while time.process_time() - start < seconds / 3:
            work()
            count += 1
        best = max(best, count / max(time.process_time() - start, 1e-9))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--smoke", action="store_true", help="a quick run (CI)")
    args = parser.parse_args()
    seconds = 0.2 if args.smoke else args.seconds

    everything = sorted(
        p for p in SHIPS.iterdir() if p.suffix in (".toml", ".json") and p.stem != "expected"
    )
    files = {
        "Class III ship (class-iii-cruiser.toml, 24 tiles)": SHIPS / "class-iii-cruiser.toml",
        f"all bundled ships ({len(everything)} files, one pass)": None,
    }
    for label, path in files.items():
        paths = [path] if path else everything
        raw = [(p, p.read_bytes()) for p in paths]

        def full(raw: list = raw) -> None:
            for p, data in raw:
                validate(ship_from_document(parse_document(data, p.name, p.suffix), p.name))

        def stdlib(raw: list = raw) -> None:
            for p, data in raw:
                if p.suffix == ".toml":
                    tomllib.loads(data.decode())

        def compiled(raw: list = raw) -> None:
            for p, data in raw:
                if p.suffix == ".toml":
                    tomli.loads(data.decode())

        ships = rate(full, seconds) * len(paths)
        base_std = rate(stdlib, seconds) * len(paths)
        base_fast = rate(compiled, seconds) * len(paths)
        print(label)
        print(f"  parse + validate        {ships:8.0f} ships/s")
        print(f"  tomllib parse only      {base_std:8.0f} files/s   ratio {ships / base_std:.2f}")
        print(f"  tomli parse only        {base_fast:8.0f} files/s   ratio {ships / base_fast:.2f}")

    ship = SHIPS / "class-iii-cruiser.toml"
    runs = 3 if args.smoke else 9
    # As after `pip install`, which byte-compiles the package: a user's second run finds the
    # bytecode cached (unless PYTHONDONTWRITEBYTECODE is set, as on some CI machines).
    compileall.compile_dir(ROOT / "trucker", quiet=1)
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        command = [sys.executable, "-m", "trucker", "validate", str(ship)]
        subprocess.run(command, capture_output=True, check=False)
        walls.append(time.perf_counter() - start)
    print(
        f"trucker validate {ship.name}: median {statistics.median(walls):.3f} s wall "
        f"(min {min(walls):.3f} s, {runs} runs, start-up included)"
    )


if __name__ == "__main__":
    main()
