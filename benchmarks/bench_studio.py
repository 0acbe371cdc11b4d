"""How fast does the shipyard answer a click? (issue 20's benchmark)

A Class IV ship of 40 tiles (the 40 tiles of the bundled Leviathan nearest its starting cabin,
a legal ship) is built on in a real studio: each click drops a tile from the hand on a square
where it fits, or takes one off again, with a tile in hand, so that every answer holds what the
page draws after a click: the validator's report, the ship's picture, its numbers, the repair
preview and where the tile in hand may go. The clicks go over HTTP to the app on uvicorn in
this process (a keep-alive connection, as a browser's); each answer is timed on the wall clock
and in CPU time (this process: server and client). Printed: the median and the 95th
percentile of both, and, measured in the same run, reading and validating the same ship alone,
the baseline a click is a multiple of.

    python benchmarks/bench_studio.py [--clicks 200] [--smoke]
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

from trucker.core.geometry import Cell
from trucker.core.ship import Ship
from trucker.formats.load import load_ship, ship_from_document
from trucker.formats.write import ship_to_document
from trucker.rules.graph import distances, joined_adjacency
from trucker.rules.validate import validate
from trucker.web.app import create_app
from trucker.web.studio import Settings

ROOT = Path(__file__).resolve().parent.parent
LEVIATHAN = ROOT / "scenarios" / "ships" / "class-iv-leviathan.toml"
HAND = {"part": "structure", "sides": "uuuu"}
TILES = 40


def forty_tiles() -> Ship:
    """The Leviathan's 40 tiles nearest its starting cabin (by joined steps, then square)."""
    ship = load_ship(LEVIATHAN)
    steps = distances(joined_adjacency(ship.board, ship.tiles), ship.starting_cabins()[0])
    kept = sorted(steps, key=lambda c: (steps[c], c))[:TILES]
    return ship.without([c for c in ship.tiles if c not in kept])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def serve(folder: Path) -> tuple[uvicorn.Server, int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    config = uvicorn.Config(
        create_app(Settings(folder, port=port)),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
    )
    server = uvicorn.Server(config)
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    return server, port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=200, help="clicks to time")
    parser.add_argument("--smoke", action="store_true", help="a quick run (CI)")
    args = parser.parse_args()
    clicks = 10 if args.smoke else args.clicks

    ship = forty_tiles()
    assert len(ship.tiles) == TILES and validate(ship).legal
    doc = ship_to_document(ship)
    with tempfile.TemporaryDirectory() as folder:
        server, port = serve(Path(folder))
        connection = http.client.HTTPConnection("127.0.0.1", port)

        def answer(body: dict[str, Any]) -> dict[str, Any]:
            payload = json.dumps(body).encode()
            headers = {"content-type": "application/json", "host": f"127.0.0.1:{port}"}
            connection.request("POST", "/shipyard/answer", payload, headers)
            reply = connection.getresponse()
            data = json.loads(reply.read())
            assert reply.status == 200, data
            return data

        current = answer({"ship": doc, "hand": HAND})
        walls, cpus, sizes = [], [], []
        placed: Cell | None = None
        for _ in range(clicks + 5):
            if placed is None:
                free = [sq for sq, info in current["hand"]["squares"].items() if info["fit"]]
                action = {"do": "place", "square": free[len(walls) % len(free)], "entry": HAND}
            else:
                action = {"do": "remove", "square": str(placed)}
            body = {"ship": current["ship"], "hand": HAND, "do": action}
            wall, cpu = time.perf_counter(), time.process_time()
            current = answer(body)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            sizes.append(len(json.dumps(current)))
            placed = Cell.parse(action["square"]) if action["do"] == "place" else None
        connection.close()
        server.should_exit = True
    walls, cpus = walls[5:], cpus[5:]  # the first answers warm the caches

    raw = ship_to_document(ship)
    base, count, start = [], 0, time.process_time()
    while count < 3 or time.process_time() - start < (0.3 if args.smoke else 2.0):
        one = time.process_time()
        validate(ship_from_document(raw, "ship"))
        base.append(time.process_time() - one)
        count += 1
    baseline = statistics.median(base)

    ms = 1000.0
    print(f"Class IV ship of {TILES} tiles, a tile in hand; {len(walls)} clicks over HTTP:")
    print(
        f"  wall  median {statistics.median(walls) * ms:6.1f} ms   "
        f"95th percentile {percentile(walls, 0.95) * ms:6.1f} ms   (target: under 50 ms)"
    )
    print(
        f"  CPU   median {statistics.median(cpus) * ms:6.1f} ms   "
        f"95th percentile {percentile(cpus, 0.95) * ms:6.1f} ms"
    )
    print(f"  answer size median {statistics.median(sizes) / 1024:.0f} KiB")
    print(
        f"read + validate the same ship alone: {baseline * ms:.2f} ms CPU; a click costs "
        f"{statistics.median(cpus) / baseline:.0f} times that"
    )


if __name__ == "__main__":
    main()
