"""A local worker told to stop leaves at once, at work or on its way out, and says nothing; a
worker that ends from outside stops the run with what was flown, never a hang."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from trucker.core.catalogue import Catalogue
from trucker.core.errors import WorkersLost
from trucker.play.parallel import Runner

ROOT = Path(__file__).resolve().parents[2]

# A worker set up as the executor sets it up, then told to stop: in the middle of a piece (which
# the executor runs under "except BaseException", taking what it catches for the piece's
# answer), and while its interpreter runs the exit callbacks (the logging module flushing its
# handlers).
_AT_WORK = """
from trucker.play import parallel
parallel._start_worker(None)
import os, signal, time
try:
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(30)
except BaseException:
    print("taken for the piece's answer")
"""

_WAY_OUT = """
import atexit, logging, os, signal
from trucker.play import parallel
logging.getLogger("x").addHandler(logging.StreamHandler())
parallel._start_worker(None)
atexit.register(lambda: os.kill(os.getpid(), signal.SIGTERM))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("script", [_AT_WORK, _WAY_OUT], ids=["at work", "on its way out"])
def test_a_worker_told_to_stop_leaves_at_once_and_says_nothing(script: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 128 + signal.SIGTERM
    assert done.stdout == "" and done.stderr == ""


@dataclass(frozen=True)
class _Dies:
    """A job whose piece ``fatal`` kills the worker flying it, as the kernel's out-of-memory
    killer or ``kill -9`` would; every other piece answers its number."""

    fatal: int

    def fly(self, piece: int, book: Catalogue) -> int:
        if piece == self.fatal:
            os.kill(os.getpid(), signal.SIGKILL)
            time.sleep(30)
        return piece


def flown_until_lost(ordered: bool) -> list[int]:
    """The pieces a run got back before a worker was killed under it (run in a child process
    by the test below, so that a run that waits for good fails the test instead of hanging it)."""
    got: list[int] = []
    try:
        with Runner(_Dies(fatal=6), workers=2) as runner:
            got.extend(runner.results(range(12), ordered=ordered))
    except WorkersLost as exc:
        assert "worker process ended from outside" in str(exc)
        return got
    raise AssertionError("the run went on as if no worker had been lost")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("ordered", [False, True], ids=["as they finish", "in order"])
def test_a_worker_killed_from_outside_stops_the_run_with_what_was_flown(ordered: bool) -> None:
    script = (
        "from tests.unit.test_worker_leaving import flown_until_lost\n"
        f"print(flown_until_lost({ordered}))"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
            check=False, cwd=ROOT,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail("the run waited for good for the piece of a worker killed under it")
    assert done.returncode == 0, done.stderr
    got = ast.literal_eval(done.stdout)
    assert 6 not in got
    if ordered:
        assert got == list(range(len(got)))  # what came back came in order, up to the loss


def test_a_run_without_losses_gets_every_piece_once() -> None:
    with Runner(_Dies(fatal=-1), workers=2) as runner:
        assert sorted(runner.results(range(12))) == list(range(12))
        assert list(runner.results(range(12), ordered=True)) == list(range(12))
