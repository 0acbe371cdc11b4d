"""What stands in front of every route: who may ask, and how much.

- Listening on loopback (the default), only requests addressed to this machine's own names are
  answered (``Host: 127.0.0.1``, ``localhost`` or ``[::1]``), so a web page elsewhere cannot
  reach the studio through a name of its own that points here (DNS rebinding).
- Listening beyond this machine (``--host``), every request shows the studio's random token: in
  the address the studio printed (``?token=``), after which the browser keeps it in a cookie
  that only this site sends, or in an ``X-Trucker-Token`` header.
- A request that changes something (any method but GET and HEAD) from a page of another site
  (its ``Origin`` is not this host) is refused.
- A request body is at most :data:`MAX_BODY` bytes: checked against ``Content-Length`` and
  counted as it arrives.

Each refusal is one line of JSON, ``{"error": ...}``, with the status that says why.
"""

from __future__ import annotations

import json
import secrets
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["Guard", "MAX_BODY", "COOKIE", "HEADER", "LOOPBACK_NAMES"]

MAX_BODY = 2 << 20
"""Bytes a request body may hold: a ship file (at most 1 MiB) and its history, with room."""
COOKIE = "trucker_token"
HEADER = "x-trucker-token"
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
_LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "0:0:0:0:0:0:0:1"})
_SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


class Guard:
    """ASGI middleware: the host, token, origin and size checks above, then the app."""

    def __init__(self, app: ASGIApp, *, host: str, token: str | None) -> None:
        self.app = app
        self.loopback = host in _LOOPBACK_HOSTS
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if self.loopback and _hostname(host) not in LOOPBACK_NAMES:
            await _refuse(send, 403, f"this studio answers at 127.0.0.1 only, not at {host!r}")
            return
        given = self._token_given(scope, headers)
        if self.token is not None and not (
            given and secrets.compare_digest(given.encode(), self.token.encode())
        ):
            await _refuse(
                send,
                403,
                "a token is needed: open the address the studio printed when it started "
                "(it ends in ?token=...)",
            )
            return
        origin = headers.get("origin")
        if scope["method"] not in _SAFE and origin and urlsplit(origin).netloc != host:
            await _refuse(send, 403, f"a page of {origin} may not change anything here")
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _refuse(send, 413, f"a request body is at most {MAX_BODY} bytes")
            return
        remember = self.token is not None and _query_token(scope) is not None
        await self.app(
            scope, _bounded(receive), _with_cookie(send, self.token) if remember else send
        )

    def _token_given(self, scope: Scope, headers: dict[str, str]) -> str | None:
        if self.token is None:
            return None
        found = _query_token(scope) or headers.get(HEADER)
        if found:
            return found
        cookie: SimpleCookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed cookie header is no token
            return None
        morsel = cookie.get(COOKIE)
        return morsel.value if morsel is not None else None


class BodyTooLarge(Exception):
    """A body that grew past :data:`MAX_BODY` while it was read."""


def _bounded(receive: Receive) -> Receive:
    seen = 0

    async def bounded() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge(f"a request body is at most {MAX_BODY} bytes")
        return message

    return bounded


def _with_cookie(send: Send, token: str | None) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start" and token is not None:
            value = f"{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict"
            message = {**message, "headers": [*message["headers"], (b"set-cookie", value.encode())]}
        await send(message)

    return sending


def _query_token(scope: Scope) -> str | None:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    values = query.get("token")
    return values[0] if values else None


def _hostname(host: str) -> str:
    """``127.0.0.1:8765`` -> ``127.0.0.1``; ``[::1]:8765`` -> ``::1``."""
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
