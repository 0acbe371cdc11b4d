"""Running the studio: the app on uvicorn, on a socket bound before anything is said, so that a
port in use is one clear line and not a traceback."""

from __future__ import annotations

import socket
from collections.abc import Callable
from types import FrameType

from trucker.core.errors import TruckerError
from trucker.web.studio import Settings

__all__ = ["Refused", "serve", "bind"]


class Refused(TruckerError):
    """The studio cannot listen where it was asked to."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``; :class:`Refused` saying why not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno in (98, 48, 10048):  # in use: Linux, macOS, Windows
            raise Refused(f"port {port} is in use: try --port {port + 1}") from None
        raise Refused(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(128)
    return sock


def serve(settings: Settings, started: Callable[[], None] | None = None) -> None:
    """Serve the studio until Ctrl-C; ``started`` is called once the socket listens."""
    import uvicorn

    from trucker.web.app import create_app

    app = create_app(settings)
    hub = app.state.studio.hub
    sock = bind(settings.host, settings.port)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=5
    )

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            # open pages hold a connection for what is pushed to them: let them go first
            hub.close()
            super().handle_exit(sig, frame)

    server = Server(config)
    if started is not None:
        started()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
