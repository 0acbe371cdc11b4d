"""The intruder lab: a teacher picks a ship of the folder, an intruder card, the side it comes
from, the roll and the hand, and the class steps through the walk, forward and back, each step
a link (``#step=N``); in predict mode the class clicks the tile the intruder enters next before
the step is shown, and the page says why that was right or wrong in the rule's words.

Stateless: the walk is the engine's, made again from the query at every request
(:func:`~trucker.play.lab.lab_walk`); the pictures are the walk's frames (``trucker intruder
--frames``) and the verdict :func:`~trucker.play.lab.predict` in
:func:`~trucker.render.pages.lab.verdict_lines`' words.

Routes: ``GET /lab`` (``?ship=FILE&card=ID&from=SIDE&roll=N&hand=left``), ``POST /lab/predict``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from trucker.core.cards import CardType, Hand, Intruder
from trucker.core.errors import BadInput
from trucker.core.geometry import Cell, Direction
from trucker.core.rulings import RulingSource, resolve_rulings
from trucker.formats.catalogue import cards
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.lab import lab_walk, predict, steps_of
from trucker.render.pages.lab import RULE, verdict_lines
from trucker.render.pictures import walk_frames
from trucker.web.answers import field, json_answer, page, read_json
from trucker.web.studio import Page, Studio

__all__ = ["PAGE", "routes"]

PAGE = Page("Intruder lab", "/lab")
SIDES = ("front", "left", "right", "rear")


def routes() -> list[Route]:
    return [
        Route("/lab", lab, methods=["GET"]),
        Route("/lab/predict", check, methods=["POST"]),
    ]


def _intruders() -> dict[str, Intruder]:
    return {
        card_id: card
        for card_id, card in cards().items()
        if card.type is CardType.INTRUDER and isinstance(card, Intruder)
    }


def _card(studio: Studio, name: str) -> Intruder:
    """An intruder card: a catalogue id, or a deck file of the folder whose first card is one."""
    found = _intruders().get(name)
    if found is not None:
        return found
    if not name.endswith(".toml"):
        raise BadInput.one("card", name, "not an intruder card of the catalogue, nor a deck file")
    deck = load_deck(studio.folder.path(name), display=name)
    first = deck.cards[0] if deck.cards else None
    if not isinstance(first, Intruder):
        raise BadInput.one("card", name, "the deck's first card is not an intruder")
    return first


def _setup(studio: Studio, query: Mapping[str, Any]) -> dict[str, Any]:
    """The lab's choices from a query or a request body, each checked (one line naming it)."""
    files = studio.folder.files()
    ships = [f.name for f in files if f.format == "trucker-ship/1"]
    decks = [f.name for f in files if f.format == "trucker-deck/1"]
    ship = query.get("ship") or (ships[0] if ships else None)
    if not isinstance(ship, str):
        raise BadInput.one("ship", "", "put a ship file in the folder, then choose it")
    card = query.get("card") or next(iter(_intruders()))
    if not isinstance(card, str):
        raise BadInput.one("card", "", "name an intruder card")
    chosen = _card(studio, card)
    side = query.get("from") or str(chosen.direction)
    if side not in SIDES:
        raise BadInput.one("from", str(side), f"use {', '.join(SIDES)}")
    roll = query.get("roll", 7)
    try:
        roll = int(roll)
    except (TypeError, ValueError):
        raise BadInput.one("roll", str(roll), "a 2d6 total, 2 to 12") from None
    if not 2 <= roll <= 12:
        raise BadInput.one("roll", str(roll), "a 2d6 total, 2 to 12")
    hand = query.get("hand") or str(chosen.hand or "left")
    if hand not in ("left", "right"):
        raise BadInput.one("hand", str(hand), "use left or right")
    return {"ship": ship, "card": card, "from": side, "roll": roll, "hand": hand,
            "ships": ships, "cards": [*_intruders(), *decks], "sides": list(SIDES)}  # fmt: skip


def _walk(studio: Studio, setup: Mapping[str, Any]) -> Any:
    ship = load_ship(studio.folder.path(setup["ship"]), display=setup["ship"])
    card = _card(studio, setup["card"])
    return lab_walk(
        ship,
        card,
        setup["roll"],
        direction=Direction.parse(setup["from"]),
        hand=Hand(setup["hand"]),
        rulings=resolve_rulings([RulingSource(setup["ship"], ship.rulings)]),
    )


def _lab_data(studio: Studio, setup: dict[str, Any]) -> dict[str, Any]:
    found = _walk(studio, setup)
    frames = walk_frames(found.before, found.result, found.log)
    walkers = [
        {
            "hand": str(walk.hand),
            "steps": [str(s.square) for s in steps_of(found.result, str(walk.hand))],
            "outcome": walk.outcome,
        }
        for walk in found.result.walks
    ]
    return {
        **setup,
        "frames": [{"name": name, "picture": svg} for name, svg in frames],
        "walkers": walkers,
        "outcome": found.result.outcome,
        "rule": RULE,
    }


async def lab(request: Request) -> Response:
    studio: Studio = request.app.state.studio
    setup = _setup(studio, request.query_params)
    data = await run_in_threadpool(_lab_data, studio, setup)
    return page(request, "lab.html", data, title="Intruder lab")


async def check(request: Request) -> Response:
    """``{ship, card, from, roll, hand, walker: "left", step: N, square: "7,8"}``: right or
    wrong, and why."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    setup = _setup(studio, data)
    walker = field(data, "walker", str)
    step = field(data, "step", int)
    square = field(data, "square", str)
    try:
        guess = Cell.parse(square)
    except ValueError:
        raise BadInput.one("request", "square", f"not a square: {square!r}") from None

    def verdict() -> dict[str, Any]:
        found = _walk(studio, setup)
        try:
            said = predict(found, walker, step, guess)
        except ValueError as exc:
            raise BadInput.one("request", "step", str(exc)) from None
        return {"right": said.right, "went": str(said.went), "lines": verdict_lines(said)}

    return json_answer(await run_in_threadpool(verdict))
