"""What the ship is worth, from the shipyard: ``odds`` and ``weigh`` run in the background,
through the library calls the command line makes (:func:`trucker.play.parallel.fly_chunks`,
:func:`trucker.play.weigh.weigh`), in worker processes, with their progress pushed to the page
(``/events/run-N``) and a cancel that ends them as Ctrl-C ends the commands: what was flown is
kept and reported, marked partial.

One run at a time per studio; a run flies at most :data:`MOST_FLIGHTS` flights (weigh: each
change at most :data:`MOST_WEIGHED`). Routes: ``POST /runs`` (start), ``GET /runs/N`` (how it
stands, and its result when done), ``POST /runs/N/cancel``.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from trucker.core.errors import BadInput
from trucker.core.rulings import Rulings
from trucker.core.ship import Ship
from trucker.formats.decks import Deck, load_deck, random_deck_level
from trucker.play.flights import Crew
from trucker.play.montecarlo import OddsSpec, summarise
from trucker.play.parallel import fly_chunks, worker_count
from trucker.play.weigh import Stage, weigh
from trucker.render.pictures.value import value_svg
from trucker.render.terminal.odds import odds_lines
from trucker.render.terminal.weigh import weigh_lines
from trucker.rules.validate import validate
from trucker.web.answers import bad_input, json_answer, read_json
from trucker.web.answers import field as read_field
from trucker.web.shipyard import read_ship, ship_name, ship_rulings
from trucker.web.studio import Studio

__all__ = ["routes", "Run", "Runs", "MOST_FLIGHTS", "MOST_WEIGHED"]

MOST_FLIGHTS = 100_000
"""Flights one ``odds`` run of the studio may fly."""
MOST_WEIGHED = 20_000
"""Flights a ``weigh`` run of the studio may give one change (its own default)."""
_KEPT = 20
"""Finished runs remembered (for a page that asks after its run ended)."""


class Cancelled(KeyboardInterrupt):
    """Raised in a run's progress when the user cancels: the library stops a run on Ctrl-C
    (KeyboardInterrupt), keeping what was flown, and so it stops this one."""


@dataclass
class Run:
    """One run: what it is, how far it has come, and its result once done."""

    number: int
    kind: str
    total: int
    done: int = 0
    stage: str = ""
    state: str = "running"
    """running, done, cancelled (done early, partial) or failed."""
    lines: list[str] = field(default_factory=list)
    picture: str | None = None
    result: dict[str, Any] | None = None
    error: str | None = None
    seed: int = 0
    stop: threading.Event = field(default_factory=threading.Event)

    @property
    def topic(self) -> str:
        return f"run-{self.number}"

    def progress(self) -> dict[str, Any]:
        return {
            "run": self.number,
            "kind": self.kind,
            "state": self.state,
            "done": self.done,
            "total": self.total,
            "stage": self.stage,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.progress(),
            "topic": self.topic,
            "seed": self.seed,
            "lines": self.lines,
            "picture": self.picture,
            "result": self.result,
            "error": self.error,
        }


class Runs:
    """The runs of one studio: at most one going, the last few remembered."""

    def __init__(self, workers: int) -> None:
        self.workers = worker_count(workers)
        self.lock = threading.Lock()
        self.runs: dict[int, Run] = {}
        self.counter = 0

    def going(self) -> Run | None:
        with self.lock:
            return next((r for r in self.runs.values() if r.state == "running"), None)

    def start(
        self, kind: str, total: int, work: Callable[[Run], None], publish: Callable[[Run], None]
    ) -> Run:
        with self.lock:
            if any(r.state == "running" for r in self.runs.values()):
                raise BadInput.one("run", "", "a run is going: cancel it or wait for it")
            self.counter += 1
            run = Run(self.counter, kind, total)
            self.runs[run.number] = run
            for old in sorted(self.runs)[:-_KEPT]:
                del self.runs[old]

        def body() -> None:
            try:
                work(run)
                run.state = "cancelled" if run.stop.is_set() else "done"
            except Cancelled:
                run.state = "cancelled"
            except Exception as exc:  # a run's failure is reported on its page, not lost
                run.state, run.error = "failed", f"{type(exc).__name__}: {exc}"
            publish(run)

        threading.Thread(target=body, name=f"trucker-{run.topic}", daemon=True).start()
        return run


def routes() -> list[Route]:
    return [
        Route("/runs", start, methods=["POST"]),
        Route("/runs/{number:int}", status, methods=["GET"]),
        Route("/runs/{number:int}/cancel", cancel, methods=["POST"]),
    ]


def runs_of(studio: Studio) -> Runs:
    found = studio.extras.get("runs")
    if found is None:
        found = studio.extras["runs"] = Runs(studio.settings.workers)
    assert isinstance(found, Runs)
    return found


async def start(request: Request) -> Response:
    """``{"kind": "odds" | "weigh", "ship": DOC, "deck": "random:III" | FILE, "flights": N,
    "parts": "shield,battery"}`` -> the run, going."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    try:
        kind = read_field(data, "kind", str)
        if kind not in ("odds", "weigh"):
            raise BadInput.one("request", "kind", "odds or weigh")
        name = ship_name(data)
        ship = read_ship(studio, read_field(data, "ship", dict), name)
        rulings = ship_rulings(ship, name)
        report = validate(ship, rulings)
        if not report.legal:
            raise BadInput.one(name, "", "the ship is illegal: make it legal before it flies")
        deck = _deck(studio, data.get("deck"))
        most = MOST_FLIGHTS if kind == "odds" else MOST_WEIGHED
        flights = data.get("flights", 1000 if kind == "odds" else MOST_WEIGHED)
        if not isinstance(flights, int) or isinstance(flights, bool) or not 1 <= flights <= most:
            raise BadInput.one("request", "flights", f"a number of flights, 1 to {most:,}")
        parts = data.get("parts", "shield,battery,cannon,engine")
        if kind == "weigh" and not isinstance(parts, str):
            raise BadInput.one("request", "parts", "the parts to try, e.g. shield,battery:3")
        if kind == "weigh":
            from trucker.play.changes import parse_parts

            parse_parts(parts, "parts")
    except BadInput as exc:
        return bad_input(exc)
    runs = runs_of(studio)
    seed = random.SystemRandom().randrange(1, 10**6)

    def publish(run: Run) -> None:
        studio.hub.publish(run.topic, run.progress())

    def work(run: Run) -> None:
        run.seed = seed
        if kind == "odds":
            _odds(run, ship, deck, rulings, seed, flights, runs.workers, publish)
        else:
            _weigh(run, ship, deck, rulings, seed, flights, parts, runs.workers, publish)

    try:
        run = runs.start(kind, flights, work, publish)
    except BadInput as exc:
        return bad_input(exc, status=409)
    return json_answer(run.to_dict())


def _deck(studio: Studio, text: object) -> str | Deck:
    """``random:<LEVEL>``, or a deck file of the folder."""
    if not isinstance(text, str) or not text:
        raise BadInput.one("request", "deck", "random:I to random:IV, or a deck file")
    if random_deck_level(text) is not None:
        return text
    path: Path = studio.folder.path(text)
    return load_deck(path, display=text)


def _ticker(run: Run, publish: Callable[[Run], None]) -> Callable[[int], None]:
    """The library's progress callback: counts, pushes, and stops the run when cancelled."""

    def advance(count: int, *_: object) -> None:
        run.done += count
        publish(run)
        if run.stop.is_set():
            raise Cancelled

    return advance


def _odds(
    run: Run,
    ship: Ship,
    deck: str | Deck,
    rulings: Rulings,
    seed: int,
    flights: int,
    workers: int,
    publish: Callable[[Run], None],
) -> None:
    insured = None if ship.board.insurance.optional else False
    crew = Crew(ship.name or "ship", ship, "sensible", insured)
    spec = OddsSpec(((crew,),), deck, rulings, seed, flights)
    outcome = fly_chunks(spec, workers=workers, progress=_ticker(run, publish))
    result = summarise(spec, outcome.tally, partial=outcome.partial)
    run.result = result.to_dict()
    run.lines = [line.plain for line in odds_lines(result, spec)]


def _weigh(
    run: Run,
    ship: Ship,
    deck: str | Deck,
    rulings: Rulings,
    seed: int,
    flights: int,
    parts: str,
    workers: int,
    publish: Callable[[Run], None],
) -> None:
    def stage_started(stage: Stage, cost: int) -> None:
        run.stage = f"stage {stage.number}: {stage.candidates} changes"
        run.done, run.total = 0, cost
        publish(run)

    result = weigh(
        ship,
        deck,
        parts=parts,
        rulings=rulings,
        seed=seed,
        most=flights,
        workers=workers,
        progress=_ticker(run, publish),
        stage_started=stage_started,
    )
    run.result = result.to_dict()
    run.lines = [line.plain for line in weigh_lines(result, ship)]
    run.picture = value_svg(result, ship)


async def status(request: Request) -> Response:
    run = runs_of(request.app.state.studio).runs.get(request.path_params["number"])
    if run is None:
        return bad_input(
            BadInput.one("run", str(request.path_params["number"]), "no such run"), 404
        )
    return json_answer(run.to_dict())


async def cancel(request: Request) -> Response:
    run = runs_of(request.app.state.studio).runs.get(request.path_params["number"])
    if run is None:
        return bad_input(
            BadInput.one("run", str(request.path_params["number"]), "no such run"), 404
        )
    run.stop.set()
    return json_answer(run.progress())
