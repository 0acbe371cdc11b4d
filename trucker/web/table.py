"""The table: a flight played in the browser, every ship in view, the table's own dice, and
players who answer from their phones.

A table is a :class:`~trucker.play.room.TableRoom` (the flight and who may answer what); this
module only reads requests, makes one call on the room and answers with the table's view
(:func:`~trucker.render.pages.table.table_view`). Every change is saved at once to the table's
log in the folder (``flights/flight-SEED.json``, claimed when the table opens, as ``trucker
play`` claims its save) and pushed to the open pages as the table's new version (server-sent
events, :mod:`trucker.web.push`): a page that hears of a version it has not drawn asks for the
view, so a phone that drops and reconnects finds the flight where it stands. The server only
ever pushes a number; every answer is an ordinary POST that the room accepts once.

Routes: ``GET /table`` (open a table: ships of the folder, a deck, a seed or the table's dice,
the captains; or resume a saved flight), ``POST /table/new``, ``POST /table/resume``,
``GET /table/{id}`` (the table; ``?seat=SHIP`` a player's phone), ``GET /table/{id}/view``,
``POST /table/{id}/answer``, ``POST /table/{id}/throw``, ``POST /table/{id}/hints``,
``GET /table/{id}/log``, ``GET /table/{id}/join`` (a link and a QR code per ship),
``GET /table/replay?file=LOG&step=N`` (a saved flight read back card by card, one step at a
time: the page asks for the step it goes to, as JSON).
"""

from __future__ import annotations

import json
import random
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from trucker.core.errors import BadInput
from trucker.formats.documents import read_document
from trucker.formats.saving import write_new
from trucker.formats.write import write_atomic
from trucker.play.room import AnswerRefused, TableRoom, table_session
from trucker.play.session import GIVE_UP_SETTINGS, TABLE_CAPTAINS, Session
from trucker.render.pages.replay import replay_view
from trucker.render.pages.table import table_view
from trucker.web.answers import field, json_answer, page, read_json
from trucker.web.studio import Page, Studio

__all__ = ["PAGE", "routes", "Tables", "HINT_EFFORT"]

PAGE = Page("Table", "/table")
HINT_EFFORT = 60
"""Rollouts per option when a player asks for hints (``trucker advise``'s are 200): an answer
within seconds on a shared machine."""
DECKS = ("random:I", "random:II", "random:III", "random:IV")
SAVES = "flights"
"""The folder (inside the studio's) where tables save their logs."""
_SEEDS = random.SystemRandom()


@dataclass
class Open:
    """One open table: its room, where it saves, and the name it has in the folder."""

    id: str
    room: TableRoom
    save: Path
    name: str


class Tables:
    """The tables open in one studio, by id (``1``, ``2``...)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, Open] = {}
        self._next = 1

    def add(self, studio: Studio, session: Session, save: Path) -> Open:
        with self._lock:
            table_id = str(self._next)
            self._next += 1
        topic = f"table-{table_id}"
        name = studio.folder.name_of(save)
        saving = threading.Lock()
        written = [0]

        def changed(version: int) -> None:
            # one save at a time, never an older state over a newer one
            with saving:
                if version > written[0]:
                    shown, document = room.read(lambda session: session.document())
                    write_atomic(save, json.dumps(document, indent=2) + "\n")
                    written[0] = shown
            studio.hub.publish(topic, {"version": version})

        room = TableRoom(session, on_change=changed)
        opened = Open(table_id, room, save, name)
        with self._lock:
            self._tables[table_id] = opened
        return opened

    def get(self, table_id: str) -> Open:
        with self._lock:
            found = self._tables.get(table_id)
        if found is None:
            raise BadInput.one("table", table_id, "no such table: open one at /table")
        return found

    def all(self) -> list[Open]:
        with self._lock:
            return list(self._tables.values())


def _tables(studio: Studio) -> Tables:
    found = studio.extras.get("tables")
    if found is None:
        found = studio.extras["tables"] = Tables()
    assert isinstance(found, Tables)
    return found


def routes() -> list[Route]:
    return [
        Route("/table", choose, methods=["GET"]),
        Route("/table/new", new, methods=["POST"]),
        Route("/table/resume", resume, methods=["POST"]),
        Route("/table/replay", replay, methods=["GET"]),
        Route("/table/{id}", table, methods=["GET"]),
        Route("/table/{id}/view", view, methods=["GET"]),
        Route("/table/{id}/answer", answer, methods=["POST"]),
        Route("/table/{id}/throw", throw, methods=["POST"]),
        Route("/table/{id}/hints", hints, methods=["POST"]),
        Route("/table/{id}/log", log, methods=["GET"]),
        Route("/table/{id}/join", join, methods=["GET"]),
    ]


# -- opening a table ----------------------------------------------------------------------------


async def choose(request: Request) -> Response:
    """Open a table: the ships and decks of the folder, the shipped decks, the captains."""
    studio: Studio = request.app.state.studio
    files = studio.folder.files()
    data = {
        "ships": [f.name for f in files if f.format == "trucker-ship/1"],
        "decks": [*DECKS, *(f.name for f in files if f.format == "trucker-deck/1")],
        "logs": [f.name for f in files if f.format == "trucker-flight/1"],
        "captains": list(TABLE_CAPTAINS),
        "give_up": list(GIVE_UP_SETTINGS),
        "open": [{"id": t.id, "save": t.name} for t in _tables(studio).all()],
    }
    return page(request, "table-new.html", data, title="Table")


def _claim(studio: Studio, session: Session) -> Path:
    """The table's log in the folder, claimed exclusively as it opens."""
    folder = studio.folder.root / SAVES
    folder.mkdir(exist_ok=True)
    seed = session.plan.seed or 0
    text = json.dumps(session.document(), indent=2) + "\n"
    for n in range(1, 10_000):
        path = folder / (f"flight-{seed}.json" if n == 1 else f"flight-{seed}-{n}.json")
        try:
            write_new(path, text)
        except FileExistsError:
            continue
        except OSError as exc:
            raise BadInput.one("save", str(path.name), exc.strerror or str(exc)) from None
        return path
    raise BadInput.one("save", SAVES, "no free name for the table's log")


async def new(request: Request) -> Response:
    """``{"ships": [FILE...], "deck": "random:II"|FILE, "seed": N|null, "dice": "seeded"|
    "table", "captains": {SHIP: NAME}, "give_up": "matters"}`` -> the table's address."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    names = field(data, "ships", list)
    if not all(isinstance(n, str) for n in names):
        raise BadInput.one("request", "ships", "expected the names of ship files")
    deck = field(data, "deck", str)
    seed = data.get("seed")
    if seed is None:
        seed = _SEEDS.randrange(1, 10**6)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise BadInput.one("request", "seed", "expected a whole number")
    dice = data.get("dice", "seeded")
    if dice not in ("seeded", "table"):
        raise BadInput.one("request", "dice", "use seeded or table")
    captains = data.get("captains", {})
    if not isinstance(captains, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in captains.items()
    ):
        raise BadInput.one("request", "captains", "expected each ship's captain by name")
    give_up = data.get("give_up", "matters")
    if not isinstance(give_up, str):
        raise BadInput.one("request", "give_up", "expected never, matters or always")
    paths = [studio.folder.path(n) for n in names]
    if not deck.startswith("random:"):
        deck = str(studio.folder.path(deck))
    session = await run_in_threadpool(
        table_session,
        paths,
        deck,
        seed=seed,
        captains=captains,
        table_dice=dice == "table",
        give_up=give_up,
        names=names,
    )
    return _opened(studio, session, _claim(studio, session))


async def resume(request: Request) -> Response:
    """``{"file": LOG}``: the saved flight goes on at a new table, saving to the same file."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    name = field(data, "file", str)
    path = studio.folder.path(name, suffixes=(".json",))
    document = read_document(path, display=name)
    session = await run_in_threadpool(Session.resume, document, name)
    return _opened(studio, session, path)


MAX_STEP = 10_000
"""No flight has more steps than this (a deck of cards, the launch and the settlement)."""


async def replay(request: Request) -> Response:
    """``?file=LOG&step=N``: step N of a saved flight of the folder (0 the launch), with every
    ship as it left them; the log is flown again and checked first, as ``trucker replay``
    does, and a step past the end is the last one."""
    studio: Studio = request.app.state.studio
    name = request.query_params.get("file", "")
    if not name:
        raise BadInput.one("request", "file", "name a flight log of the folder")
    raw = request.query_params.get("step", "0")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= len(str(MAX_STEP))):
        raise BadInput.one("request", "step", f"expected a step number, 0 to {MAX_STEP}")
    path = studio.folder.path(name, suffixes=(".json",))
    document = read_document(path, display=name)
    drawn = await run_in_threadpool(replay_view, document, name, int(raw))
    return page(request, "table-replay.html", drawn, title="Replay", heading=f"Replay · {name}")


def _opened(studio: Studio, session: Session, save: Path) -> Response:
    opened = _tables(studio).add(studio, session, save)
    return json_answer({"id": opened.id, "url": f"/table/{opened.id}", "save": opened.name})


# -- the table ------------------------------------------------------------------------------------


def _seat(request: Request, opened: Open) -> str | None:
    seat = request.query_params.get("seat")
    if seat is None:
        return None
    names = [c.name for c in opened.room.session.plan.crews]
    if seat not in names:
        raise BadInput.one("seat", seat, f"no ship of this table is named so ({', '.join(names)})")
    return seat


async def _view(request: Request) -> tuple[Open, dict[str, Any]]:
    studio: Studio = request.app.state.studio
    opened = _tables(studio).get(request.path_params["id"])
    seat = _seat(request, opened)
    await run_in_threadpool(opened.room.start)
    version, drawn = await run_in_threadpool(
        opened.room.read, lambda session: table_view(session, seat=seat)
    )
    drawn.update(version=version, id=opened.id, save=opened.name)
    return opened, drawn


async def table(request: Request) -> Response:
    """The table, as the table's own screen or a player's phone (``?seat=SHIP``) draws it."""
    _, drawn = await _view(request)
    title = "Table" if drawn["seat"] is None else f"Table · {drawn['seat']}"
    return page(request, "table.html", drawn, title="Table", heading=title)


async def view(request: Request) -> Response:
    """The table now, as JSON (what a page redraws from)."""
    _, drawn = await _view(request)
    return JSONResponse(drawn)


def _refused(exc: AnswerRefused, room: TableRoom) -> Response:
    return JSONResponse({"error": exc.reason, "version": room.version}, status_code=409)


async def answer(request: Request) -> Response:
    """``{"key": "decision-7", "option": LABEL, "seat": SHIP|null}``: counted once (409 for a
    question no longer asked, another ship's, or an option not offered)."""
    studio: Studio = request.app.state.studio
    opened = _tables(studio).get(request.path_params["id"])
    data = await read_json(request)
    key, option = field(data, "key", str), field(data, "option", str)
    seat = data.get("seat")
    if seat is not None and not isinstance(seat, str):
        raise BadInput.one("request", "seat", "expected a ship's name")
    try:
        done = await run_in_threadpool(opened.room.answer, key, option, seat=seat)
    except AnswerRefused as exc:
        return _refused(exc, opened.room)
    return json_answer({"answered": done.key, "version": done.version})


async def throw(request: Request) -> Response:
    """``{"key": "roll-3", "faces": [A, B]}`` (or ``null``: the program throws)."""
    studio: Studio = request.app.state.studio
    opened = _tables(studio).get(request.path_params["id"])
    data = await read_json(request)
    key = field(data, "key", str)
    faces = data.get("faces")
    if faces is not None and not (
        isinstance(faces, list)
        and len(faces) == 2
        and all(isinstance(f, int) and not isinstance(f, bool) for f in faces)
    ):
        raise BadInput.one("request", "faces", "expected two die faces, or null")
    given = (faces[0], faces[1]) if faces is not None else None
    try:
        done = await run_in_threadpool(opened.room.throw, key, given)
    except AnswerRefused as exc:
        return _refused(exc, opened.room)
    return json_answer({"answered": done.key, "version": done.version})


async def hints(request: Request) -> Response:
    """The expert's value of each option of the question asked now (``trucker advise``)."""
    studio: Studio = request.app.state.studio
    opened = _tables(studio).get(request.path_params["id"])
    data = await read_json(request)
    key = field(data, "key", str)

    def appraise(session: Session) -> Any:
        if opened.room.key != key:
            return None
        return [h.to_dict() for h in session.hints(effort=HINT_EFFORT)]

    _, found = await run_in_threadpool(opened.room.read, appraise)
    if found is None:
        return JSONResponse({"error": f"{key} is not asked any more"}, status_code=409)
    return json_answer({"key": key, "effort": HINT_EFFORT, "options": found})


async def log(request: Request) -> Response:
    """The table's log so far: the save, as ``trucker fly --json`` writes it."""
    studio: Studio = request.app.state.studio
    opened = _tables(studio).get(request.path_params["id"])
    document = await run_in_threadpool(opened.room.document)
    filename = Path(opened.name).name
    return JSONResponse(
        document, headers={"content-disposition": f'attachment; filename="{filename}"'}
    )


async def join(request: Request) -> Response:
    """Each ship's link for a phone (with the studio's token when it has one), and its QR
    code as SVG."""
    from trucker.web.qr import qr_svg

    studio: Studio = request.app.state.studio
    opened = _tables(studio).get(request.path_params["id"])
    base = str(request.base_url).rstrip("/")
    token = studio.settings.token
    links = []
    for crew in opened.room.session.plan.crews:
        url = f"{base}/table/{opened.id}?seat={quote(crew.name)}"
        if token:
            url += f"&token={quote(token)}"
        links.append({"ship": crew.name, "captain": crew.captain, "url": url, "qr": qr_svg(url)})
    return json_answer({"id": opened.id, "links": links})
