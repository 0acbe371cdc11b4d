"""Signals that stop a run as Ctrl-C does: SIGTERM (``kill``, a batch system's time limit) and
SIGHUP (the terminal closed). Each is raised in the main thread as :class:`Stopped`, a
:class:`KeyboardInterrupt`, so every run that stops early on Ctrl-C (``odds``, ``weigh``,
``rulings --impact``) stops the same way: its worker processes ended, nothing leaked, what was
flown reported and marked partial, and the exit code the shell gives that signal (143 for
SIGTERM, 129 for SIGHUP; 130 for Ctrl-C)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType

__all__ = ["Stopped", "stopping_as_ctrl_c", "stop_code"]

_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
_STOPPED: list[int] = []
"""The signal that stopped this run, once one has."""


class Stopped(KeyboardInterrupt):
    """The run was asked to stop by ``signum`` (not Ctrl-C)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise(signum: int, frame: FrameType | None) -> None:
    _STOPPED.append(signum)
    raise Stopped(signum)


@contextlib.contextmanager
def stopping_as_ctrl_c() -> Iterator[None]:
    """Within this block, SIGTERM and SIGHUP raise :class:`Stopped` in the main thread; the
    handlers before it are put back after it."""
    _STOPPED.clear()
    try:
        saved = {signum: signal.signal(signum, _raise) for signum in _SIGNALS}
    except ValueError:  # not the main thread: leave the signals as they are
        yield
        return
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


def stop_code() -> int:
    """The exit code of a run stopped early: 128 and the signal's number (130 for Ctrl-C)."""
    return 128 + (_STOPPED[-1] if _STOPPED else signal.SIGINT)
