"""A local worker told to stop leaves: by an exception at work, at once on its way out."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

# A worker set up as the pool sets it up, its work over (the pool's bootstrap runs the
# finalizers), then told to stop while its interpreter runs the exit callbacks (the logging
# module flushing its handlers, where the parent's SIGTERM once landed).
_WAY_OUT = """
import atexit, logging, os, signal
import multiprocessing.util
from trucker.play import parallel
logging.getLogger("x").addHandler(logging.StreamHandler())
parallel._start_worker(None)
multiprocessing.util._exit_function()
atexit.register(lambda: os.kill(os.getpid(), signal.SIGTERM))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_worker_stopped_on_its_way_out_says_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _WAY_OUT], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 128 + signal.SIGTERM
    assert done.stderr == ""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_worker_stopped_at_work_leaves_by_an_exception() -> None:
    """At work, the signal is an exception, so the queues' locks are let go on the way out."""
    from trucker.play import parallel

    with pytest.raises(SystemExit) as stopped:
        parallel._leave(signal.SIGTERM, None)
    assert stopped.value.code == 128 + signal.SIGTERM
