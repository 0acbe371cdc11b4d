"""What the studio pushes to open pages: events on named topics, as server-sent events.

A page listens to a topic (``GET /events/TOPIC``: a run's progress, a file saved by another tab)
with the browser's ``EventSource``; the server publishes to it from any thread with
:meth:`Hub.publish`. A listener that falls behind by more than :data:`BACKLOG` events loses the
oldest: a topic carries states, not a log, so the latest is what matters. Topics are names the
server makes up (``run-3``, ``file:ships/a.toml``); a listener can only listen.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Any

from starlette.requests import Request
from starlette.responses import StreamingResponse
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
        self._listeners: dict[str, list[tuple[asyncio.AbstractEventLoop, asyncio.Queue[str]]]] = {}

    @property
    def listening(self) -> int:
        with self._lock:
            return sum(len(v) for v in self._listeners.values())

    def publish(self, topic: str, data: Any) -> None:
        """Send ``data`` (as JSON) to everyone listening to ``topic``."""
        text = json.dumps(data)
        with self._lock:
            listeners = list(self._listeners.get(topic, ()))
        for loop, queue in listeners:
            loop.call_soon_threadsafe(_offer, queue, text)

    async def listen(self, topic: str) -> AsyncGenerator[str, None]:
        """The events of ``topic`` as they come, each JSON text; endless, until closed."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue(BACKLOG)
        entry = (loop, queue)
        with self._lock:
            if sum(len(v) for v in self._listeners.values()) >= MAX_LISTENERS:
                raise OverflowError(f"at most {MAX_LISTENERS} pages listen at once")
            self._listeners.setdefault(topic, []).append(entry)
        try:
            while True:
                yield await queue.get()
        finally:
            with self._lock:
                found = self._listeners.get(topic, [])
                if entry in found:
                    found.remove(entry)
                if not found:
                    self._listeners.pop(topic, None)


def _offer(queue: asyncio.Queue[str], text: str) -> None:
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(text)


async def _events(request: Request) -> StreamingResponse:
    hub: Hub = request.app.state.studio.hub
    topic = request.path_params["topic"]

    async def stream() -> AsyncIterator[str]:
        yield ": listening\n\n"
        events = hub.listen(topic)
        try:
            while not await request.is_disconnected():
                try:
                    text = await asyncio.wait_for(anext(events), _KEEPALIVE)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                yield f"data: {text}\n\n"
        finally:
            await events.aclose()

    return StreamingResponse(
        stream(), media_type="text/event-stream", headers={"cache-control": "no-store"}
    )


def routes() -> list[Route]:
    return [Route("/events/{topic:path}", _events)]
