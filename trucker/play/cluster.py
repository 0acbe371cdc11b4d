"""A Dask cluster, met with suspicion: the only network connection the program opens, and only
to the address the user gave.

Before a run: the address is read without the network (a garbage address or an unknown scheme
is one line at once); the scheduler must answer as one within :data:`CONNECT_SECONDS` (something
else listening there, silent or talking another protocol, is one line, not a hang); it must have
workers, and each must run this version of trucker (another version would fly other rules).
During a run: a worker that dies has its pieces flown again by Dask; a cluster that loses its
scheduler, that has had no worker for :data:`WORKERLESS_SECONDS`, or whose piece killed worker
after worker, is :class:`ClusterLost`, and the run reports what was flown, marked partial.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import queue
import re
import time
from collections.abc import Iterable, Iterator
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from trucker.core.errors import BadInput, WorkersLost, one_line

__all__ = [
    "CONNECT_SECONDS",
    "WORKERLESS_SECONDS",
    "ClusterLost",
    "OtherVersion",
    "check_address",
    "check_version",
    "connect",
    "result",
    "results",
    "release",
    "trucker_version",
]

CONNECT_SECONDS = 10
"""How long a scheduler has to answer before the run gives up on its address."""

WORKERLESS_SECONDS = 30
"""How long a run waits for a cluster that has no worker left (one may join) before it ends."""

_POLL = 1.0
"""How often a run waiting for a piece looks at the cluster."""


class ClusterLost(WorkersLost):
    """The cluster can no longer fly the run's pieces: the run ends with what was flown."""


class OtherVersion(Exception):
    """Raised on a worker that runs another trucker than the run's (its address, its
    version); told by the run as :class:`ClusterLost`."""


@functools.cache
def trucker_version() -> str:
    """This installation's trucker version (run on each worker, too)."""
    try:
        return version("trucker")
    except PackageNotFoundError:
        return "unknown"


def connect(address: str) -> Any:
    """A client of the Dask scheduler at ``address``, its workers checked; :class:`BadInput`
    (``--dask``, one line) when the address is not one, nothing answers as a scheduler within
    :data:`CONNECT_SECONDS`, the cluster has no worker, or a worker runs another trucker."""
    try:
        from distributed import Client
    except ImportError:
        raise BadInput.one(
            "--dask", address, "needs the optional Dask extra: pip install -e '.[dask]'"
        ) from None
    check_address(address)
    _check_address(address)
    _probe(address)
    try:
        client = Client(address, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise BadInput.one("--dask", address, f"cannot reach the scheduler: {exc}") from None
    try:
        _check_workers(client, address)
    except BaseException:
        client.close()
        raise
    return client


_ADDRESS = re.compile(r"(?:(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://)?(?P<location>.*)")
_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx", "inproc")
"""The schemes of Dask's own address parser (``distributed.comm.registry``)."""


def check_address(address: str) -> None:
    """The common slips in a scheduler's address (an unknown scheme, no port), found without
    importing Dask (two seconds) or the network: before a run reads its inputs."""
    found = _ADDRESS.fullmatch(address)
    scheme = (found.group("scheme") if found else None) or "tcp"
    location = found.group("location") if found else address
    if scheme not in _SCHEMES:
        problem = f"unknown scheme {scheme!r}: use {', '.join(_SCHEMES)}"
    elif scheme != "inproc" and not re.fullmatch(r".+:\d{1,5}", location):
        problem = "no port"
    else:
        return
    raise BadInput.one(
        "--dask", address, f"not a scheduler's address ({problem}): give one like tcp://host:8786"
    )


def _check_address(address: str) -> None:
    """``scheme://host:port`` (or ``host:port``, tcp) as Dask's own parser reads it."""
    from distributed.comm.addressing import parse_address
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address)
        get_backend(scheme).get_address_host_port(location)
    except (ValueError, TypeError) as exc:
        raise BadInput.one(
            "--dask", address, f"not a scheduler's address ({one_line(str(exc), 200)}): "
            "give one like tcp://host:8786"
        ) from None  # fmt: skip


def _probe(address: str) -> None:
    """Ask the address who it is, within :data:`CONNECT_SECONDS` in all (a listener that never
    answers, or answers in another protocol, would hold a Dask client much longer)."""
    from distributed.core import rpc

    async def identity() -> Any:
        # Dask's own connect gives up a second before the bound, so that an address where
        # nothing listens is told as such (its connect retries until its timeout) rather than
        # lost in a race with the bound
        remote = rpc(address, timeout=CONNECT_SECONDS - 1)
        try:
            return await asyncio.wait_for(remote.identity(), CONNECT_SECONDS)
        finally:
            await remote.close_rpc()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), CONNECT_SECONDS))
    except TimeoutError:
        raise BadInput.one(
            "--dask", address, f"no Dask scheduler answered within {CONNECT_SECONDS} s"
        ) from None
    except (OSError, MemoryError, ValueError, EOFError) as exc:
        problem = one_line(str(exc) or type(exc).__name__, 200)
        raise BadInput.one(
            "--dask", address, f"no Dask scheduler answers there ({problem})"
        ) from None
    except Exception as exc:  # whatever else a stranger's bytes make of Dask's protocol
        raise BadInput.one(
            "--dask", address, f"did not answer as a Dask scheduler ({type(exc).__name__})"
        ) from None
    kind = answer.get("type") if isinstance(answer, dict) else None
    if kind != "Scheduler":
        raise BadInput.one("--dask", address, f"answers as a Dask {kind}, not a scheduler")


def _check_workers(client: Any, address: str) -> None:
    """At least one worker, and every worker on this trucker version."""
    ours = trucker_version()
    if not client.nthreads():
        raise BadInput.one("--dask", address, "the cluster has no workers; start some first")
    try:
        theirs = client.run(trucker_version)
    except Exception as exc:
        raise BadInput.one(
            "--dask", address, f"a worker cannot run trucker ({type(exc).__name__}: "
            f"{one_line(str(exc), 200)}); install trucker {ours} on every worker"
        ) from None  # fmt: skip
    others = {worker: found for worker, found in sorted(theirs.items()) if found != ours}
    if others:
        worker, found = next(iter(others.items()))
        more = f" (and {len(others) - 1} more)" if len(others) > 1 else ""
        raise BadInput.one(
            "--dask", address, f"worker {worker} runs trucker {found}{more}, this is trucker "
            f"{ours}: install the same version on every worker"
        )  # fmt: skip


def results(client: Any, futures: Iterable[Any], *, ordered: bool) -> Iterator[Any]:
    """Each of ``futures``'s results, as they finish or in their order; :class:`ClusterLost`
    when the cluster cannot finish one (see the module's docstring)."""
    if ordered:
        for future in futures:
            yield result(client, future)
        return
    done: queue.Queue[Any] = queue.Queue()
    pending = 0
    for future in futures:
        future.add_done_callback(done.put)
        pending += 1
    alone_since: float | None = None
    while pending:
        try:
            finished = done.get(timeout=_POLL)
        except queue.Empty:
            alone_since = _still_working(client, alone_since)
            continue
        pending -= 1
        yield result(client, finished)  # told done, it may still wait (a piece lost, again)


def result(client: Any, future: Any) -> Any:
    """One future's result, waited for while the cluster can still give it.

    The value is taken from the wait that returned it: asked for again, a piece whose result
    lived on a worker that has since left would wait, with no worker, for good."""
    alone_since: float | None = None
    while True:
        try:
            return future.result(timeout=_POLL)
        except TimeoutError:
            alone_since = _still_working(client, alone_since)
        except Exception as exc:
            told = _told(exc)
            if told is exc:
                raise
            raise told from None


def check_version(version: str) -> None:
    """On a worker: :class:`OtherVersion` unless it runs trucker ``version``."""
    theirs = trucker_version()
    if theirs != version:
        from distributed import get_worker

        raise OtherVersion(get_worker().address, theirs)


def _still_working(client: Any, alone_since: float | None) -> float | None:
    """When the cluster has had no worker since ``alone_since``; :class:`ClusterLost` once
    that is :data:`WORKERLESS_SECONDS` ago, or when the scheduler is gone."""
    try:
        workers = client.nthreads()
    except Exception as exc:
        raise ClusterLost(f"the scheduler went away ({type(exc).__name__})") from None
    if workers:
        return None
    now = time.monotonic()
    if alone_since is not None and now - alone_since >= WORKERLESS_SECONDS:
        raise ClusterLost(f"the cluster has had no worker for {WORKERLESS_SECONDS} s")
    return now if alone_since is None else alone_since


def _told(exc: Exception) -> Exception:
    """A piece's failure as the run tells it: what the cluster's failures look like is
    :class:`ClusterLost`; a bug in the piece itself stays the bug it is."""
    from distributed import KilledWorker

    if isinstance(exc, OtherVersion):
        worker, theirs = exc.args
        return ClusterLost(
            f"worker {worker} joined running trucker {theirs}, this is trucker "
            f"{trucker_version()}: install the same version on every worker"
        )
    if isinstance(exc, KilledWorker):
        return ClusterLost(
            f"a piece was lost with every worker that flew it ({one_line(str(exc), 200)})"
        )
    if isinstance(exc, concurrent.futures.CancelledError | asyncio.CancelledError | OSError):
        return ClusterLost(
            f"the cluster dropped a piece ({type(exc).__name__}: {one_line(str(exc), 200)})"
        )
    return exc


def release(client: Any, futures: list[Any]) -> None:
    """Cancel the pieces still out and close the client, within :data:`CONNECT_SECONDS` each,
    whatever state the cluster is in (a lost scheduler must not hold the run's report)."""
    with contextlib.suppress(Exception):
        if futures:
            client.cancel(futures, asynchronous=False)
    try:
        client.close(timeout=CONNECT_SECONDS)
    except Exception:
        # a close that timed out (no scheduler to say goodbye to) is not tried again when the
        # client is collected, where it printed a traceback after the run's report
        client.status = "closed"
