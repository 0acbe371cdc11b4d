"""The files of the folder: list them, open a layout, save it back (its comments and key order
kept), save it as a new file, read an upload, write a download.

A save names the version the file was opened at (:mod:`trucker.formats.save`); when the file
changed on disk since, nothing is written and the answer (409) holds what the file holds now,
drawn, so that the page can show both and let the user choose: keep theirs (a save at the new
version), take the file's, or save theirs under another name. Saves by two tabs of one studio
are one at a time, and each one is pushed to the pages that have the file open.

Routes: ``GET /files``, ``POST /files/save``, ``POST /files/read``, ``POST /files/text``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from trucker.core.errors import BadInput
from trucker.core.ship import Ship
from trucker.formats.documents import parse_document
from trucker.formats.save import FileChanged, Saved, save_layout
from trucker.formats.write import dumps_ship
from trucker.web.answers import bad_input, field, json_answer, page, read_json
from trucker.web.shipyard import SHIP, read_ship, ship_answer
from trucker.web.studio import Page, Studio

__all__ = ["PAGE", "routes", "file_topic"]

PAGE = Page("Files", "/files")


def routes() -> list[Route]:
    return [
        Route("/files", listing, methods=["GET"]),
        Route("/files/save", save, methods=["POST"]),
        Route("/files/read", read, methods=["POST"]),
        Route("/files/text", text, methods=["POST"]),
    ]


def file_topic(name: str) -> str:
    """The topic a file's saves are pushed on."""
    return f"file:{name}"


async def listing(request: Request) -> Response:
    """The TOML and JSON files of the folder, each with the format it declares."""
    studio: Studio = request.app.state.studio
    found = await run_in_threadpool(studio.folder.files)
    data = {"folder": str(studio.folder.root), "files": [f.to_dict() for f in found]}
    return page(request, "files.html", data, title="Files")


async def save(request: Request) -> Response:
    """``{"path": NAME, "ship": DOC, "version": V | null}`` -> ``{"version", "note"}``; 409
    with ``conflict`` (the file as it is now) when the file is no longer version ``V``."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    try:
        name = field(data, "path", str)
        version = data.get("version")
        if version is not None and not isinstance(version, str):
            raise BadInput.one("request", "version", "the version the file was opened at")
        path = studio.folder.path(name)
        ship = read_ship(studio, field(data, "ship", dict), name)
        saved = await run_in_threadpool(_save_one_at_a_time, studio, path, ship, name, version)
    except FileChanged as changed:
        return json_answer(_conflict(studio, changed), status=409)
    except BadInput as exc:
        return bad_input(exc)
    studio.hub.publish(file_topic(name), {"path": name, "version": saved.version})
    return json_answer({"path": name, "version": saved.version, "note": saved.note})


def _save_one_at_a_time(
    studio: Studio, path: Path, ship: Ship, name: str, version: str | None
) -> Saved:
    """A save's check and write as one step against the studio's other saves (in a worker
    thread: the lock is never held by the server's loop)."""
    with studio.saving:
        return save_layout(path, ship, name, version=version, confine=studio.folder.root)


def _conflict(studio: Studio, changed: FileChanged) -> dict[str, Any]:
    """What the file holds now, for the page to show beside the user's ship."""
    now: dict[str, Any] = {"version": changed.version, "text": changed.text}
    if changed.ship is not None:
        now["answer"] = ship_answer(studio, changed.ship, changed.name)
    if changed.problem is not None:
        now["problem"] = changed.problem
    return {"error": str(changed), "errors": [str(changed)], "conflict": now}


async def read(request: Request) -> Response:
    """An uploaded layout: ``{"name": FILE, "text": TEXT}`` -> the ship's answer."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    try:
        name = field(data, "name", str)
        suffix = "." + name.rsplit(".", 1)[-1].lower() if "." in name else ""
        if suffix not in (".toml", ".json"):
            raise BadInput.one(name, "", "upload a .toml or .json layout file")
        raw = field(data, "text", str).encode("utf-8")
        doc = parse_document(raw, name, suffix)
        ship = read_ship(studio, doc, name)
        return json_answer(ship_answer(studio, ship, name))
    except BadInput as exc:
        return bad_input(exc)


async def text(request: Request) -> Response:
    """A layout to download: ``{"ship": DOC, "suffix": ".toml" | ".json"}`` -> its text, in
    the canonical form (``trucker fix`` writes JSON so too)."""
    studio: Studio = request.app.state.studio
    data = await read_json(request)
    try:
        suffix = data.get("suffix", ".toml")
        if suffix not in (".toml", ".json"):
            raise BadInput.one("request", "suffix", "a layout file is .toml or .json")
        ship = read_ship(studio, field(data, "ship", dict), SHIP)
    except BadInput as exc:
        return bad_input(exc)
    return json_answer({"text": dumps_ship(ship, suffix=suffix, relative_to=studio.folder.root)})
