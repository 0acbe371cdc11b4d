"""The shipyard: build a ship by placing tiles, validated as you go.

Stateless: the page holds the ship (a layout document, as a file writes it) and its history;
each click posts the document with what to do, and the answer is the new document with the
validator's report, the ship's picture, its numbers as ``trucker show`` gives them, the repair
``trucker fix`` would make, and, for the tile in hand, where it may go (:mod:`trucker.rules.
placement`). Every request is read by the ship format's own rules, so a problem comes back as
the one line a file would get.

Routes: ``GET /`` (the page: ``?board=III``, ``?file=NAME`` to open a file of the folder),
``GET /s/CODE`` (a shared ship), ``POST /shipyard/answer``, ``POST /shipyard/hand``,
``POST /shipyard/share``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from typing import Any

import tomli
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from trucker.core.boards import MAX_BOARD_NUMBER
from trucker.core.errors import BadInput
from trucker.core.geometry import DIRECTIONS, Cell, Connector, Direction
from trucker.core.rulings import Rulings, RulingSource, resolve_rulings
from trucker.core.ship import Contents, Ship, Tile
from trucker.formats.catalogue import builtin_boards, find_board
from trucker.formats.folder import FolderFile
from trucker.formats.load import read_tile_entry, ship_from_document
from trucker.formats.save import open_layout
from trucker.formats.share import read_share_code, share_code
from trucker.formats.ship_keys import part_keys
from trucker.formats.skeleton import start_square
from trucker.formats.write import ship_to_document, tile_entry
from trucker.render.pictures import ship_svg
from trucker.render.pictures.hand import tile_svg
from trucker.render.terminal.reports import extra_lines, repair_lines, stats_line
from trucker.rules.checks.connectors import fixed_side
from trucker.rules.placement import fitting_turn, needs_reference, placements
from trucker.rules.repair import CannotRepair, repair
from trucker.rules.validate import validate
from trucker.web.answers import bad_input, field, json_answer, page, read_json, wants_json
from trucker.web.studio import Page, Studio

__all__ = ["PAGE", "routes", "DEFAULT_BOARD"]

PAGE = Page("Shipyard", "/")
DEFAULT_BOARD = "II"
SHIP = "ship"
"""How a ship that is no file yet is named in its problems."""
HAND = "hand"
"""How the tile in hand is named in its problems."""
_ROLL = random.SystemRandom()
"""The dice a new IIIB ship is rolled with when the user does not say (never the rules')."""


def routes() -> list[Route]:
    return [
        Route("/", shipyard, methods=["GET"]),
        Route("/shipyard", shipyard, methods=["GET"]),
        Route("/s/{code}", shared, methods=["GET"]),
        Route("/shipyard/answer", answer, methods=["POST"]),
        Route("/shipyard/hand", hand, methods=["POST"]),
        Route("/shipyard/share", share, methods=["POST"]),
    ]


# -- pages --------------------------------------------------------------------------------------


async def shipyard(request: Request) -> Response:
    """The shipyard with a new ship (``?board=``, ``?holes=``) or a file of the folder
    (``?file=``)."""
    studio: Studio = request.app.state.studio
    opened: dict[str, Any] | None = None
    name = request.query_params.get("file")
    try:
        if name is not None:
            path = studio.folder.path(name)
            found = open_layout(path, name, confine=studio.folder.root)
            ship = found.ship
            opened = {"path": name, "version": found.version}
        else:
            ship = new_ship(
                studio,
                request.query_params.get("board", DEFAULT_BOARD),
                request.query_params.get("holes"),
            )
        data = _page_data(studio, ship, name or SHIP, opened)
    except BadInput as exc:
        return _bad_page(request, exc)
    return page(request, "shipyard.html", data, title="Shipyard")


async def shared(request: Request) -> Response:
    """The shipyard with the ship a share link holds."""
    studio: Studio = request.app.state.studio
    try:
        ship = read_share_code(
            request.path_params["code"], base=studio.folder.root, confine=studio.folder.root
        )
        data = _page_data(studio, ship, SHIP, None)
    except BadInput as exc:
        return _bad_page(request, exc)
    return page(request, "shipyard.html", data, title="Shipyard")


def _bad_page(request: Request, exc: BadInput) -> Response:
    if wants_json(request):
        return bad_input(exc)
    studio: Studio = request.app.state.studio
    lines = [str(e) for e in exc.errors]
    return studio.templates.TemplateResponse(
        request, "problem.html", {"title": "Shipyard", "lines": lines}, status_code=400
    )


def _page_data(
    studio: Studio, ship: Ship, name: str, opened: dict[str, Any] | None
) -> dict[str, Any]:
    files = studio.folder.files()
    return {
        "boards": boards(files),
        "palette": palette(),
        "decks": decks(files),
        "file": opened,
        "answer": ship_answer(studio, ship, name),
    }


def decks(files: list[FolderFile]) -> list[str]:
    """The decks a run may fly: a new random deck of each level every flight, or a deck file
    of the folder (the same cards every flight)."""
    levels = [f"random:{level}" for level in ("I", "II", "III", "IV")]
    return levels + [f.name for f in files if f.kind == "deck"]


def boards(files: list[FolderFile]) -> list[dict[str, Any]]:
    """The boards a new ship may be built on: every built-in board, then the board files of
    the folder."""
    found = [
        {"id": b.id, "name": b.name, "holes": b.has_holes, "file": None}
        for b in builtin_boards().values()
    ]
    found += [
        {"id": f.name, "name": f.name, "holes": False, "file": f.name}
        for f in files
        if f.kind == "board"
    ]
    return found


@cache
def palette() -> list[dict[str, Any]]:
    """Every part a ship file may name (what ``trucker parts`` lists), each with the tile it
    is taken as (its example line's entry), that tile drawn, and its keys; the starting cabin
    first."""
    start = {"part": "cabin", "start": True}
    found = [_palette_item("starting cabin", "the one tile every ship starts from", start, [])]
    for info in part_keys():
        (entry,) = tomli.loads(info.example).values()
        item = _palette_item(info.name, info.description, entry, [k.to_dict() for k in info.keys])
        found.append({**item, "expansion": info.expansion, "part": str(info.part)})
    return found


def _palette_item(
    name: str, description: str, entry: dict[str, Any], keys: list[dict[str, Any]]
) -> dict[str, Any]:
    tile, held = read_tile_entry(entry, HAND)
    return {
        "name": name,
        "part": str(tile.part),
        "description": description,
        "entry": tile_entry(tile, held),
        "picture": tile_svg(tile, held),
        "keys": keys,
    }


# -- the answer to a click ----------------------------------------------------------------------


async def answer(request: Request) -> Response:
    """``{"ship": DOC, "do": ACTION?, "hand": ENTRY?, "name": FILE?}`` -> the ship after the
    action, with its report, picture, numbers, repair and the hand's squares."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    try:
        name = ship_name(data)
        action = data.get("do")
        if isinstance(action, dict) and action.get("do") == "new":
            ship = new_ship(studio, action.get("board"), action.get("holes"))
        else:
            ship = read_ship(studio, field(data, "ship", dict), name)
            if action is not None:
                ship = act(ship, field(data, "do", dict), ship_rulings(ship, name))
        held = data.get("hand")
        return json_answer(ship_answer(studio, ship, name, held))
    except BadInput as exc:
        return bad_input(exc)


async def hand(request: Request) -> Response:
    """``{"ship": DOC, "hand": ENTRY, "do": {"turn": N} | {"side": DIRECTION}}`` -> the tile in
    hand after the action, drawn, and where it may go on the ship."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    try:
        name = ship_name(data)
        ship = read_ship(studio, field(data, "ship", dict), name)
        launch = ship.loadout == "launch"
        tile, held = read_tile_entry(data.get("hand"), HAND, launch=launch)
        action = data.get("do")
        if action is not None:
            tile = _hand_action(tile, field(data, "do", dict))
        return json_answer(hand_answer(ship, ship_rulings(ship, name), tile, held))
    except BadInput as exc:
        return bad_input(exc)


async def share(request: Request) -> Response:
    """``{"ship": DOC}`` -> the code and address of a link that holds the ship."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    try:
        ship = read_ship(studio, field(data, "ship", dict), ship_name(data))
    except BadInput as exc:
        return bad_input(exc)
    code = share_code(ship, relative_to=studio.folder.root)
    return json_answer({"code": code, "path": f"/s/{code}"})


def ship_name(data: dict[str, Any]) -> str:
    """How a request names its ship in problems: the file it came from, or ``ship``."""
    name = data.get("name")
    if name is None:
        return SHIP
    if not isinstance(name, str) or not name or len(name) > 300:
        raise BadInput.one("request", "name", "expected the file's name, or nothing")
    return name


def read_ship(studio: Studio, doc: dict[str, Any], name: str) -> Ship:
    """The page's layout document as a ship, read by the file format's rules; a board file is
    read from inside the folder only."""
    root = studio.folder.root
    return ship_from_document(doc, name, base=root, confine=root)


def ship_rulings(ship: Ship, name: str) -> Rulings:
    """The rulings a ship of the page is checked under: its own, over the defaults."""
    return resolve_rulings([RulingSource(name, ship.rulings)])


def new_ship(studio: Studio, board: object, holes: object) -> Ship:
    """A new ship: the starting cabin alone on its square of ``board`` (a built-in board's id
    or a board file of the folder); on IIIB the two dice rolled when building started,
    ``holes`` (``"3,4"``, ``[3, 4]``, or rolled here when not given)."""
    if not isinstance(board, str) or not board:
        raise BadInput.one("new ship", "board", "choose a board")
    text = board
    if board.lower().endswith((".toml", ".json")):
        text = studio.folder.name_of(studio.folder.path(board))
        from trucker.formats.load import board_from_path

        found = board_from_path(studio.folder.path(board), board)
    else:
        try:
            found = find_board(board)
        except KeyError as exc:
            raise BadInput.one("new ship", "board", str(exc.args[0])) from None
    dice: list[int] | None = None
    if found.has_holes:
        dice = (
            _dice(holes) if holes not in (None, "", "roll") else [_ROLL.randint(1, 6) for _ in "ab"]
        )
    start = start_square(found, (dice[0], dice[1]) if dice else None)
    doc: dict[str, Any] = {"format": "trucker-ship/1", "board": text}
    if dice is not None:
        doc["holes"] = dice
    doc["tiles"] = {str(start): {"part": "cabin", "start": True}}
    return read_ship(studio, doc, SHIP)


def _dice(holes: object) -> list[int]:
    faces = holes.split(",") if isinstance(holes, str) else holes
    if not isinstance(faces, list) or len(faces) != 2:
        raise BadInput.one("new ship", "holes", "the two dice rolled, e.g. 3,4")
    out = []
    for face in faces:
        value = int(face) if isinstance(face, str) and face.strip().isdigit() else face
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise BadInput.one("new ship", "holes", f"{face} is not a die's face (1 to 6)")
        out.append(value)
    return out


# -- actions ------------------------------------------------------------------------------------


def _square(action: dict[str, Any], key: str) -> Cell:
    text = field(action, key, str, "do")
    try:
        cell = Cell.parse(text)
    except ValueError as exc:
        raise BadInput.one("do", key, str(exc)) from None
    if not (0 <= cell.row <= MAX_BOARD_NUMBER and 0 <= cell.col <= MAX_BOARD_NUMBER):
        raise BadInput.one("do", key, f"rows and columns are 0 to {MAX_BOARD_NUMBER}")
    return cell


def _tile_at(ship: Ship, cell: Cell, key: str) -> Tile:
    tile = ship.tiles.get(cell)
    if tile is None:
        raise BadInput.one("do", key, f"no tile on {cell}")
    return tile


def _free(ship: Ship, cell: Cell, key: str) -> None:
    if cell in ship.tiles:
        raise BadInput.one(
            "do", key, f"{cell} holds a {ship.tiles[cell].part}: move it or remove it first"
        )


def act(ship: Ship, action: dict[str, Any], rulings: Rulings) -> Ship:
    """The ship after one action of the page: ``place`` the tile in hand on a square (turned
    to fit unless ``turn`` says how), ``remove`` a tile, ``move`` one to a free square, ``turn``
    one in place."""
    do = field(action, "do", str, "do")
    if do == "place":
        cell = _square(action, "square")
        _free(ship, cell, "square")
        tile, held = read_tile_entry(action.get("entry"), HAND, launch=ship.loadout == "launch")
        turn = action.get("turn")
        if turn is None:
            turn = fitting_turn(ship, cell, tile, held, rulings)
        elif not isinstance(turn, int) or isinstance(turn, bool):
            raise BadInput.one("do", "turn", "a number of quarter turns, 0 to 3")
        return ship.placed(cell, tile.turned(turn), held)
    if do == "remove":
        cell = _square(action, "square")
        _tile_at(ship, cell, "square")
        return ship.without([cell])
    if do == "move":
        origin, target = _square(action, "from"), _square(action, "to")
        _tile_at(ship, origin, "from")
        if target != origin:
            _free(ship, target, "to")
        return ship.moved(origin, target)
    if do == "turn":
        cell = _square(action, "square")
        tile = _tile_at(ship, cell, "square")
        by = action.get("by", 1)
        if not isinstance(by, int) or isinstance(by, bool):
            raise BadInput.one("do", "by", "a number of quarter turns")
        return ship.placed(cell, tile.turned(by), ship.contents[cell])
    raise BadInput.one("do", "do", f"unknown action {do!r}: place, remove, move, turn or new")


def _hand_action(tile: Tile, action: dict[str, Any]) -> Tile:
    """The tile in hand turned (``{"turn": N}``), or one side set to its next connector,
    smooth, single, double, universal and round again (``{"side": "front"}``); a side that
    carries a barrel, an exhaust, a nozzle or armor stays smooth."""
    if "turn" in action:
        by = action["turn"]
        if not isinstance(by, int) or isinstance(by, bool):
            raise BadInput.one(HAND, "turn", "a number of quarter turns")
        return tile.turned(by)
    text = field(action, "side", str, HAND)
    try:
        side = Direction.parse(text)
    except ValueError as exc:
        raise BadInput.one(HAND, "side", str(exc)) from None
    why = fixed_side(tile, side)
    if why is not None:
        raise BadInput.one(HAND, "side", f"the {side} side carries {why}: it stays smooth")
    sides = list(tile.sides)
    sides[side.index] = Connector((sides[side.index] + 1) % 4)
    a, b, c, d = sides
    return replace(tile, sides=(a, b, c, d))


# -- what an answer holds -----------------------------------------------------------------------


def ship_answer(studio: Studio, ship: Ship, name: str, held_entry: object = None) -> dict[str, Any]:
    """The ship as the page shows it: its document, the validator's report (``trucker validate
    --json``'s), its picture (``trucker show --svg``'s), its numbers (``trucker show``'s lines),
    the repair ``trucker fix`` would make, and, given the tile in hand, where it may go."""
    rulings = ship_rulings(ship, name)
    report = validate(ship, rulings)
    mended: dict[str, Any] = {"needed": False, "lines": [], "lost": 0, "error": None}
    if not report.legal:  # a legal ship's repair changes nothing (the repair's own property)
        try:
            fixed = repair(ship, rulings)
            mended.update(needed=fixed.changed, lines=repair_lines(fixed), lost=fixed.tiles_lost)
        except CannotRepair as exc:
            mended.update(needed=True, error=f"cannot repair: {exc}")
    count = len(report.violations)
    data: dict[str, Any] = {
        "ship": ship_to_document(ship, relative_to=studio.folder.root),
        "name": name,
        "board": {
            "id": ship.board.id,
            "squares": [str(c) for c in sorted(ship.board.squares)],
            "holes": [str(c) for c in sorted(ship.hole_squares)],
            "start": str(ship.board.start),
        },
        "verdict": "legal" if report.legal else f"illegal, {count} violation{'s' * (count != 1)}",
        "report": report.to_dict(),
        "lines": [str(v) for v in report.violations],
        "numbers": [stats_line(report), *extra_lines(report)],
        "picture": ship_svg(ship, report),
        "repair": mended,
    }
    if held_entry is not None:
        tile, held = read_tile_entry(held_entry, HAND, launch=ship.loadout == "launch")
        data["hand"] = hand_answer(ship, rulings, tile, held)
    return data


MOST_CHECKED = 300_000
"""Tiles the validator may look at for one answer's highlight (squares x turns x tiles), when
the tile in hand goes to the whole validator (a starting cabin, an alien's cabin): a Class IV
ship takes a few thousand; a ship of a thousand tiles on a board file's 1,600 squares would
take millions, and is answered without its highlight."""


def hand_answer(ship: Ship, rulings: Rulings, tile: Tile, held: Contents) -> dict[str, Any]:
    """The tile in hand: its entry, its picture, its sides that stay smooth, and for each free
    square the turns that fit (best first) and, for each turn that does not, why not in the
    validator's words (for a tile the fast path leaves to the whole validator on a ship too
    big for one answer, no squares, and a ``note`` saying so)."""
    squares: dict[str, Any] = {}
    answer: dict[str, Any] = {
        "entry": tile_entry(tile, held, ship.loadout == "launch"),
        "picture": tile_svg(tile, held, ship.part_facts),
        "fixed": {str(d): why for d in DIRECTIONS if (why := fixed_side(tile, d)) is not None},
        "squares": squares,
        "note": None,
    }
    free = len(ship.board.squares) - len(ship.tiles)
    if needs_reference(tile, held, ship) and free * 4 * (len(ship.tiles) + 1) > MOST_CHECKED:
        answer["note"] = (
            f"{free} free squares and {len(ship.tiles)} tiles: too many to show where this tile "
            "fits at each click; drop it, and the report says what it breaks"
        )
        return answer
    for choice in placements(ship, tile, held, rulings):
        squares[str(choice.cell)] = {
            "fit": [w.turn for w in choice.ways if w.fits],
            "why": {str(w.turn): [str(v) for v in w.violations] for w in choice.ways if not w.fits},
        }
    return answer
