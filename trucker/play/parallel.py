"""Flying a run's chunks here, in local worker processes, or on a Dask cluster.

Every chunk is a fixed range of flight numbers (:func:`trucker.play.montecarlo.chunks`) and its
counts merge by addition, so the result does not depend on where or in which order the chunks
were flown. A stop (Ctrl-C) returns the chunks finished so far, marked partial. Nothing here
prints: progress goes to a callback.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable
from dataclasses import dataclass

from trucker.core.catalogue import Catalogue
from trucker.core.errors import BadInput
from trucker.formats.catalogue import catalogue
from trucker.play.montecarlo import CHUNK, OddsSpec, Tally, chunks, run_chunk

__all__ = ["RunOutcome", "fly_chunks", "chunk_size", "worker_count", "Progress"]

Progress = Callable[[int], None]
"""Called after each chunk with the number of flights it added."""


@dataclass
class RunOutcome:
    """The merged counts, and whether the run stopped before every flight was flown."""

    tally: Tally
    partial: bool


def fly_chunks(
    spec: OddsSpec,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: Progress | None = None,
) -> RunOutcome:
    """Fly every chunk of ``spec``: in this process (``workers`` 1), in ``workers`` local
    processes (at most :func:`worker_count`), or on the Dask scheduler at ``dask``."""
    if dask is not None:
        return _on_dask(spec, chunks(spec.flights), dask, progress)
    workers = worker_count(workers)
    if workers <= 1:
        return _here(spec, chunks(spec.flights), progress)
    return _in_processes(spec, chunks(spec.flights, chunk_size(spec.flights, workers)), workers,
                         progress)  # fmt: skip


def worker_count(asked: int) -> int:
    """The local processes a run starts: as many as asked, but no more than the CPUs this
    process may use (more would only wait their turn, each with its own memory)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(asked, cpus))


def chunk_size(flights: int, workers: int) -> int:
    """Small enough that every worker gets several chunks (so none waits long for the last
    one), at most :data:`CHUNK`. The numbers do not depend on it: counts just add up.

    >>> chunk_size(1_000_000, 2), chunk_size(1200, 2), chunk_size(50, 4)
    (250, 75, 20)
    """
    return max(20, min(CHUNK, -(-flights // (8 * workers))))


def _here(spec: OddsSpec, ranges: list[tuple[int, int]], progress: Progress | None) -> RunOutcome:
    total = Tally.empty(spec)
    try:
        for start, stop in ranges:
            total.merge(run_chunk(spec, start, stop))
            if progress is not None:
                progress(stop - start)
    except KeyboardInterrupt:
        return RunOutcome(total, partial=True)
    return RunOutcome(total, partial=False)


_SPEC: OddsSpec | None = None
_CATALOGUE: Catalogue | None = None
"""In a worker: its parent's catalogue, once the first chunk has brought it."""


def _start_worker(spec: OddsSpec) -> None:
    """Each worker receives the spec once; Ctrl-C is the parent's to handle."""
    global _SPEC
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _SPEC = spec


def _worker_chunk(piece: tuple[int, int, bytes]) -> tuple[int, Tally]:
    """One chunk; the first one a worker gets also brings it the parent's catalogue, which it
    hands to every flight it flies."""
    global _CATALOGUE
    if _SPEC is None:
        raise RuntimeError("a worker was given a chunk before its spec")
    start, stop, shipped = piece
    if _CATALOGUE is None:
        _CATALOGUE = pickle.loads(shipped)
    return stop - start, run_chunk(_SPEC, start, stop, _CATALOGUE)


def _in_processes(
    spec: OddsSpec, ranges: list[tuple[int, int]], workers: int, progress: Progress | None
) -> RunOutcome:
    """Chunks in ``workers`` fresh processes (spawned: nothing inherited but the spec); on a
    stop, or an error, the workers are ended at once, not after their current chunk."""
    total = Tally.empty(spec)
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(workers, initializer=_start_worker, initargs=(spec,))
    finished = False
    try:
        # Read (or taken from memory) while the workers start, and pickled once: about 11 KB
        # with every chunk, unpickled once by each worker, instead of every worker reading and
        # checking the catalogue files (a quarter of a second each).
        shipped = pickle.dumps(catalogue(), protocol=pickle.HIGHEST_PROTOCOL)
        pieces = [(start, stop, shipped) for start, stop in ranges]
        for size, tally in pool.imap_unordered(_worker_chunk, pieces):
            total.merge(tally)
            if progress is not None:
                progress(size)
        finished = True
    except KeyboardInterrupt:
        return RunOutcome(total, partial=True)
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()
    return RunOutcome(total, partial=False)


def _on_dask(
    spec: OddsSpec, ranges: list[tuple[int, int]], address: str, progress: Progress | None
) -> RunOutcome:
    """The same chunks as Dask tasks on an existing cluster: the only network connection the
    program opens, and only to the address the user gave."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise BadInput.one(
            "--dask", address, "needs the optional Dask extra: pip install -e '.[dask]'"
        ) from None
    try:
        client = Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise BadInput.one("--dask", address, f"cannot reach the scheduler: {exc}") from None
    total = Tally.empty(spec)
    futures = []
    try:
        shared = client.scatter(spec, broadcast=True)
        book = client.scatter(catalogue(), broadcast=True)
        futures = [
            client.submit(run_chunk, shared, start, stop, book, pure=False)
            for start, stop in ranges
        ]
        sizes = {f.key: stop - start for f, (start, stop) in zip(futures, ranges, strict=True)}
        for future in as_completed(futures, loop=client.loop):
            total.merge(future.result())
            if progress is not None:
                progress(sizes[future.key])
    except KeyboardInterrupt:
        client.cancel(futures)
        return RunOutcome(total, partial=True)
    finally:
        client.close()
    return RunOutcome(total, partial=False)
