"""What the studio pushes to open pages: events on named topics, as server-sent events.

A page listens to a topic (``GET /events/TOPIC``: a run's progress, a file saved by another tab)
with the browser's ``EventSource``; the server publishes to it from any thread with
:meth:`Hub.publish`, and a route of its own listens with :meth:`Hub.listen`. A listener that
falls behind by more than :data:`BACKLOG` events loses the oldest: a topic carries states, not a
log, so the latest is what matters. Topics are names the server makes up (``run-3``,
``file:ships/a.toml``); a page can only listen.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

__all__ = ["Hub", "BACKLOG", "MAX_LISTENERS", "routes"]

BACKLOG = 64
"""Events kept for a listener that has not read them yet."""
MAX_LISTENERS = 64
"""Pages listening at once, all topics together."""
_KEEPALIVE = 15.0
"""Seconds between the comments that keep a quiet connection open."""


class Hub:
    """Topics and their listeners; publish from the server's loop or from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[str, list[Listener]] = {}
        self._closed = False

    @property
    def listening(self) -> int:
        with self._lock:
            return sum(len(v) for v in self._listeners.values())

    def publish(self, topic: str, data: Any) -> None:
        """Send ``data`` (as JSON) to everyone listening to ``topic``."""
        text = json.dumps(data)
        with self._lock:
            listeners = list(self._listeners.get(topic, ()))
        for listener in listeners:
            listener.loop.call_soon_threadsafe(_offer, listener.queue, text)

    def listen(self, topic: str) -> Listener:
        """A listener to ``topic``, from the running loop; close it when done (or use it as
        a context manager). :class:`OverflowError` when too many pages listen already."""
        listener = Listener(self, topic, asyncio.get_running_loop())
        with self._lock:
            if self._closed:
                raise OverflowError("the studio is stopping")
            if sum(len(v) for v in self._listeners.values()) >= MAX_LISTENERS:
                raise OverflowError(f"at most {MAX_LISTENERS} pages listen at once")
            self._listeners.setdefault(topic, []).append(listener)
        return listener

    def close(self) -> None:
        """End every listener (the server is stopping: open pages let go at once)."""
        with self._lock:
            self._closed = True
            listeners = [x for found in self._listeners.values() for x in found]
        for listener in listeners:
            listener.loop.call_soon_threadsafe(_offer, listener.queue, None)

    def _drop(self, listener: Listener) -> None:
        with self._lock:
            found = self._listeners.get(listener.topic, [])
            if listener in found:
                found.remove(listener)
            if not found:
                self._listeners.pop(listener.topic, None)


class Listener:
    """One page's ear on a topic: the events published to it, in order, as JSON text."""

    def __init__(self, hub: Hub, topic: str, loop: asyncio.AbstractEventLoop) -> None:
        self.hub = hub
        self.topic = topic
        self.loop = loop
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(BACKLOG)

    async def next(self, timeout: float | None = None) -> str | None:
        """The next event, or None when ``timeout`` seconds pass without one;
        :class:`EOFError` once the hub is closed."""
        try:
            text = await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None
        if text is None:
            raise EOFError("the studio is stopping")
        return text

    def close(self) -> None:
        self.hub._drop(self)

    def __enter__(self) -> Listener:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _offer(queue: asyncio.Queue[str | None], text: str | None) -> None:
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(text)


async def _events(request: Request) -> Response:
    hub: Hub = request.app.state.studio.hub
    topic = request.path_params["topic"]

    try:
        listener = hub.listen(topic)
    except OverflowError as exc:
        return JSONResponse({"error": str(exc)}, status_code=503)

    async def stream() -> AsyncIterator[str]:
        with listener:
            yield ": listening\n\n"
            while not await request.is_disconnected():
                try:
                    text = await listener.next(_KEEPALIVE)
                except EOFError:
                    return
                yield ": still here\n\n" if text is None else f"data: {text}\n\n"

    return StreamingResponse(
        stream(), media_type="text/event-stream", headers={"cache-control": "no-store"}
    )


def routes() -> list[Route]:
    return [Route("/events/{topic:path}", _events)]
