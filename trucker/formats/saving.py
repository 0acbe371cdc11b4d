"""Where a save goes: a new file claimed so that no other run can claim it too, and a folder
tried before any work is done.

Two tables started in one folder at the same moment pick the same free name; only one of them
may have it. :func:`write_new` writes the whole file under a temporary name and then links it to
its name, which fails when the name is taken (an exclusive create that is also atomic: nobody
ever reads half a save). :func:`check_writable` makes and removes a file where a save will go,
so a read-only folder or file system is found before a flight is played, not after.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["write_new", "check_writable"]

_PREFIX = ".trucker-"
"""Temporary files get short names of their own: a save's name may be as long as the file
system allows, and the temporary name must not be longer."""


def _new_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_new(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path``, which must not exist: :class:`FileExistsError` if it does
    (another run took it first), nothing written then."""
    target = Path(path)
    handle, temp = tempfile.mkstemp(prefix=_PREFIX, suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temp, _new_mode())
        try:
            os.link(temp, target)
        except FileExistsError:
            raise
        except OSError:  # no hard links on this file system: an exclusive create instead
            with open(target, "x", encoding="utf-8") as out:
                out.write(text)
    finally:
        Path(temp).unlink(missing_ok=True)


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise :class:`OSError` when a file cannot be written at ``path`` the way saves are
    written (a temporary file beside it, moved into place)."""
    folder = Path(path).parent or Path(".")
    handle, temp = tempfile.mkstemp(prefix=_PREFIX, suffix=".tmp", dir=folder)
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(temp)
