"""What every page of the studio shares: the settings (the folder, where it listens, the token),
the state each route reaches (``request.app.state.studio``), and a page's place in the menu."""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from starlette.templating import Jinja2Templates

from trucker.formats.folder import Folder
from trucker.web.push import Hub

__all__ = ["LOOPBACK", "DEFAULT_PORT", "Page", "Settings", "Studio", "new_token"]

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8765


class Page(NamedTuple):
    """A page of the menu: its title and where it lives."""

    title: str
    path: str


@dataclass(frozen=True)
class Settings:
    """How a studio runs: the folder it serves, where it listens, and the token a browser must
    show when it listens beyond this machine (None: loopback only, no token)."""

    folder: Path
    host: str = LOOPBACK
    port: int = DEFAULT_PORT
    token: str | None = None
    workers: int = 2
    """Processes a run in the background flies in (at most the CPUs this process may use)."""

    @property
    def url(self) -> str:
        """The address to open: with the token, when there is one."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host
        host = f"[{host}]" if ":" in host else host
        query = f"?token={self.token}" if self.token else ""
        return f"http://{host}:{self.port}/{query}"


def new_token() -> str:
    """A random token for a studio that listens beyond this machine (as Jupyter's)."""
    return secrets.token_urlsafe(24)


@dataclass
class Studio:
    """What every route of one app reaches: the settings, the folder, the templates, the
    pushes to open pages, the runs in the background, and the lock that makes a save's check
    and write one step."""

    settings: Settings
    folder: Folder
    templates: Jinja2Templates
    hub: Hub
    saving: threading.Lock = field(default_factory=threading.Lock)
    extras: dict[str, Any] = field(default_factory=dict)
    """Each page's own state (``runs`` for the background runs), by name."""
