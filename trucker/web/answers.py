"""How routes read requests and answer: a JSON body read within bounds, bad input as one line
(the same lines the command line prints, ``FILE: KEY: PROBLEM``), and a page that is also data.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from trucker.core.errors import BadInput, one_line
from trucker.formats.documents import MAX_DEPTH

__all__ = ["read_json", "bad_input", "wants_json", "page", "json_answer", "field"]


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object; :class:`BadInput` (one line, naming ``request``) for a body
    that is not one, or that nests deeper than any file may."""
    raw = await request.body()
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadInput.one("request", "", "not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise BadInput.one("request", "", f"malformed JSON: {exc.msg}") from None
    except RecursionError:
        raise BadInput.one("request", "", f"nested more than {MAX_DEPTH} levels deep") from None
    if not isinstance(data, dict):
        raise BadInput.one("request", "", "expected a JSON object")
    return data


def field(
    data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str = "request"
) -> Any:
    """``data[key]`` when it is of ``kind``, else one line naming the key."""
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        names = " or ".join(k.__name__ for k in _kinds(kind))
        wanted = {"dict": "an object", "str": "text", "int": "a whole number", "list": "a list"}
        said = " or ".join(wanted.get(n, n) for n in names.split(" or "))
        raise BadInput.one(where, key, f"expected {said}")
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def bad_input(exc: BadInput, status: int = 400, **extra: Any) -> JSONResponse:
    """Bad input as the command line prints it: the first line in ``error``, every line in
    ``errors``."""
    lines = [one_line(str(e)) for e in exc.errors] or ["bad input"]
    return JSONResponse({"error": lines[0], "errors": lines, **extra}, status_code=status)


def wants_json(request: Request) -> bool:
    """Is the page asked for as data (``Accept: application/json`` or ``?format=json``)?"""
    if request.query_params.get("format") == "json":
        return True
    accept = request.headers.get("accept", "")
    return "application/json" in accept and "text/html" not in accept


def json_answer(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def page(request: Request, template: str, data: dict[str, Any], **context: Any) -> Response:
    """A page drawn from ``data``, or ``data`` itself when asked as JSON; the template gets
    ``data`` (also as JSON for the page's script, ``data_json``) and ``context``."""
    if wants_json(request):
        return JSONResponse(data)
    studio = request.app.state.studio
    text = json.dumps(data).replace("</", "<\\/")
    return studio.templates.TemplateResponse(
        request, template, {"data": data, "data_json": text, **context}
    )
