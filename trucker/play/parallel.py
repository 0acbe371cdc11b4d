"""Flying a run's pieces here, in local worker processes, or on a Dask cluster.

A run is a :class:`Job` cut into pieces (a range of flight numbers, and for a study of changes
the candidates to fly on it) whose counts merge by addition, so the result does not depend on
where or in which order the pieces were flown. :class:`Runner` flies the pieces of one job: in
this process, in worker processes that each receive the job once, or as Dask tasks; the
catalogue goes to every worker once. A run that stops early on its own (precision reached) or
is stopped (Ctrl-C) ends the pieces still being flown at once; a run whose worker process ended
from outside (killed, out of memory) stops with :class:`~trucker.core.errors.WorkersLost`, as a
run on a lost cluster does, its callers reporting what was flown. Nothing here prints: progress
goes to a callback.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import pickle
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from trucker.core.catalogue import Catalogue
from trucker.core.errors import WorkersLost
from trucker.formats.catalogue import catalogue
from trucker.play.cluster import (
    check_version,
    connect,
    release,
    result,
    results,
    trucker_version,
)
from trucker.play.montecarlo import (
    CHUNK,
    OddsSpec,
    Precision,
    PrecisionNote,
    Tally,
    chunks,
    precision_note,
    run_chunk,
)

__all__ = [
    "Job",
    "Runner",
    "RunOutcome",
    "fly_chunks",
    "fly_until",
    "chunk_size",
    "worker_count",
    "Progress",
    "PrecisionProgress",
]

Progress = Callable[[int], None]
"""Called after each chunk with the number of flights it added."""

PieceT = TypeVar("PieceT", contravariant=True)
ResultT = TypeVar("ResultT", covariant=True)
P = TypeVar("P")
R = TypeVar("R")


class PrecisionProgress(Protocol):
    """Called after each chunk of a run to a precision: the flights it added, and the
    half-width of the interval that decides when to stop, as it stands now."""

    def __call__(self, flights: int, half_width: float, /) -> None: ...


class Job(Protocol[PieceT, ResultT]):
    """Work cut into pieces: picklable (it travels to every worker once), and able to fly one
    piece with the catalogue it is given."""

    def fly(self, piece: PieceT, book: Catalogue, /) -> ResultT: ...


@dataclass
class RunOutcome:
    """The merged counts, and whether the run stopped before every flight was flown; a run to a
    precision also says where it stopped and why."""

    tally: Tally
    partial: bool
    precision: PrecisionNote | None = None
    stopped: str | None = None
    """Why the run stopped early when not by a signal: a worker process ended from outside, or
    the Dask cluster was lost."""


@dataclass(frozen=True)
class _Odds:
    """The job of ``trucker odds``: a piece is a range of flight numbers."""

    spec: OddsSpec

    def fly(self, piece: tuple[int, int], book: Catalogue) -> Tally:
        return run_chunk(self.spec, piece[0], piece[1], book)


class Runner(Generic[P, R]):
    """Where the pieces of one job are flown: here (``workers`` 1), in ``workers`` local
    processes, or on the Dask scheduler at ``dask``. Use it as a context manager; leaving it
    with pieces still out (a stop, an error, or a caller that had enough) ends them at once."""

    def __init__(self, job: Job[P, R], *, workers: int = 1, dask: str | None = None) -> None:
        self.job = job
        self.workers = worker_count(workers)
        """As many processes as asked, at most the CPUs this process may use."""
        self.dask = dask
        self._pool: Any = None
        self._client: Any = None
        self._shared: tuple[Any, Any] | None = None
        self._shipped: bytes | None = None
        self._out = 0
        """Pieces handed out and not yet collected."""
        self._futures: list[Any] = []

    @property
    def width(self) -> int:
        """How many pieces are worth keeping out at once."""
        if self._client is not None:
            threads = sum(self._client.nthreads().values()) or 1
            return 2 * threads
        return 2 * self.workers if self._pool is not None else 1

    def __enter__(self) -> Runner[P, R]:
        if self.dask is not None:
            self._client = connect(self.dask)
            # as tasks that give them back, not as scattered data: Dask keeps one copy of
            # scattered data, lost with its worker; a task's result it can make again
            self._shared = (
                self._client.submit(_given, self.job, pure=False),
                self._client.submit(_given, catalogue(), pure=False),
            )
        elif self.workers > 1:
            # An executor, not multiprocessing's Pool: a worker that dies (kill -9, the kernel
            # out of memory) breaks the executor and fails every piece out, where a Pool lost
            # the piece and waited for it for good.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(self.job,),
            )
        return self

    def __exit__(self, *exc: object) -> None:
        stopped = self._out > 0 or exc[0] is not None
        if self._pool is not None:
            if stopped:
                _end_workers(self._pool)
            self._pool.shutdown(wait=True, cancel_futures=stopped)
        if self._client is not None:
            release(self._client, self._futures if stopped else [])

    def results(self, pieces: Iterable[P], *, ordered: bool = False) -> Iterator[R]:
        """Each piece's result: as they finish, or in the pieces' order (``ordered``, with only
        a few pieces out at a time, taken from ``pieces`` as they are needed: a caller that
        stops reading early wastes little)."""
        if self._client is not None:
            yield from self._on_dask(pieces, ordered)
        elif self._pool is not None:
            yield from self._in_processes(pieces, ordered)
        else:
            book = catalogue()
            for piece in pieces:
                yield self.job.fly(piece, book)

    def _ship(self) -> bytes:
        if self._shipped is None:
            # Read (or taken from memory) while the workers start, and pickled once: about
            # 11 KB with every piece, unpickled once by each worker, instead of every worker
            # reading and checking the catalogue files (a quarter of a second each).
            self._shipped = pickle.dumps(catalogue(), protocol=pickle.HIGHEST_PROTOCOL)
        return self._shipped

    def _in_processes(self, pieces: Iterable[P], ordered: bool) -> Iterator[R]:
        shipped = self._ship()
        pool = self._pool
        if not ordered:
            futures = [_submit(pool, piece, shipped) for piece in pieces]
            self._out += len(futures)
            for future in concurrent.futures.as_completed(futures):
                self._out -= 1
                yield _result_of(future)
            return
        waiting: deque[Any] = deque()
        for piece in pieces:
            waiting.append(_submit(pool, piece, shipped))
            self._out += 1
            if len(waiting) < self.width:
                continue
            self._out -= 1
            yield _result_of(waiting.popleft())
        while waiting:
            self._out -= 1
            yield _result_of(waiting.popleft())

    def _on_dask(self, pieces: Iterable[P], ordered: bool) -> Iterator[R]:
        assert self._shared is not None
        job, book = self._shared
        client = self._client
        version = trucker_version()

        def submit(piece: P) -> Any:
            future = client.submit(_fly_piece, job, piece, book, version, pure=False)
            self._futures.append(future)
            self._out += 1
            return future

        if not ordered:
            for found in results(client, [submit(p) for p in pieces], ordered=False):
                self._out -= 1
                yield found
            return
        waiting: deque[Any] = deque()
        for piece in pieces:
            waiting.append(submit(piece))
            if len(waiting) < self.width:
                continue
            self._out -= 1
            yield result(client, waiting.popleft())
        while waiting:
            self._out -= 1
            yield result(client, waiting.popleft())


_LOST = "a worker process ended from outside (killed, or out of memory), with flights still to fly"


def _submit(
    pool: concurrent.futures.ProcessPoolExecutor, piece: Any, shipped: bytes
) -> concurrent.futures.Future[Any]:
    """Hand a piece to the local workers (:class:`~trucker.core.errors.WorkersLost` once one of
    them has ended from outside)."""
    try:
        return pool.submit(_worker_piece, (piece, shipped))
    except BrokenProcessPool:
        raise WorkersLost(_LOST) from None


def _result_of(future: concurrent.futures.Future[Any]) -> Any:
    """A local piece's result; :class:`~trucker.core.errors.WorkersLost` when a worker process
    ended from outside (a bug in the piece itself stays the bug it is)."""
    try:
        return future.result()
    except BrokenProcessPool:
        raise WorkersLost(_LOST) from None


def _end_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """End a stopped run's worker processes now, with the pieces they are flying (a piece may
    take minutes): each takes SIGTERM by :func:`_leave`. Python 3.14 says so in public
    (``terminate_workers``); before it, the executor's processes are read where it keeps them."""
    end = getattr(pool, "terminate_workers", None)
    if end is not None:
        end()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.exitcode is None:
            process.terminate()


def _given(value: Any) -> Any:
    """A value, as a Dask task's result (the job and catalogue every piece reads)."""
    return value


def _fly_piece(job: Job[Any, Any], piece: Any, book: Catalogue, version: str) -> Any:
    """One piece as a Dask task, on a worker of the trucker ``version`` that sent it (one that
    joined the cluster after the run began is checked here)."""
    check_version(version)
    return job.fly(piece, book)


_JOB: Job[Any, Any] | None = None
_CATALOGUE: Catalogue | None = None
"""In a worker: its job, and its parent's catalogue once the first piece has brought it."""


def _start_worker(job: Job[Any, Any]) -> None:
    """Each worker receives the job once. Stopping is the parent's to do: Ctrl-C is ignored,
    and the worker leaves its parent's process group, so a signal sent to the whole group
    (``kill -TERM -PGID``, a batch system's time limit, a closed terminal) reaches the parent
    alone, which ends its workers (:func:`_end_workers`). SIGTERM ends a worker at once
    (:func:`_leave`)."""
    global _JOB
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _leave)
    if hasattr(os, "setpgid"):
        os.setpgid(0, 0)
    _JOB = job


def _leave(signum: int, frame: object) -> None:
    """A worker told to stop leaves at once, whatever it holds: the executor would take an
    exception raised in a piece for the piece's answer and go on to the next, and the parent
    never waits for a lock a worker holds (the queue it reads from has no other reader), so a
    worker that dies holding one stops nothing but the workers being ended with it."""
    os._exit(128 + signum)


def _worker_piece(work: tuple[Any, bytes]) -> Any:
    """One piece; the first one a worker gets also brings it the parent's catalogue, which it
    hands to every flight it flies."""
    global _CATALOGUE
    if _JOB is None:
        raise RuntimeError("a worker was given a piece before its job")
    piece, shipped = work
    if _CATALOGUE is None:
        _CATALOGUE = pickle.loads(shipped)
    return _JOB.fly(piece, _CATALOGUE)


def fly_chunks(
    spec: OddsSpec,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: Progress | None = None,
) -> RunOutcome:
    """Fly every chunk of ``spec``: in this process (``workers`` 1), in ``workers`` local
    processes (at most :func:`worker_count`), or on the Dask scheduler at ``dask``."""
    size = chunk_size(spec.flights, workers) if dask is None and workers > 1 else CHUNK
    total = Tally.empty(spec)
    with Runner(_Odds(spec), workers=workers, dask=dask) as runner:
        try:
            for tally in runner.results(chunks(spec.flights, size)):
                total.merge(tally)
                if progress is not None:
                    progress(tally.flights)
        except KeyboardInterrupt:
            return RunOutcome(total, partial=True)
        except WorkersLost as exc:
            return RunOutcome(total, partial=True, stopped=str(exc))
    return RunOutcome(total, partial=False)


def fly_until(
    spec: OddsSpec,
    precision: Precision,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: PrecisionProgress | None = None,
) -> RunOutcome:
    """Fly chunks of :data:`CHUNK` flights, merged in the order of their flight numbers, until
    the interval ``precision`` names is narrow enough or ``spec.flights`` are flown. The same
    chunks decide in the same order wherever they are flown, so the run stops at the same
    flight for a seed whatever the workers (chunks flown beyond it are not counted)."""
    total = Tally.empty(spec)
    note = precision_note(spec, total, precision)
    with Runner(_Odds(spec), workers=workers, dask=dask) as runner:
        try:
            for tally in runner.results(chunks(spec.flights), ordered=True):
                total.merge(tally)
                note = precision_note(spec, total, precision)
                if progress is not None:
                    progress(tally.flights, note.half_width)
                if note.met:
                    break
        except KeyboardInterrupt:
            return RunOutcome(total, partial=True, precision=note)
        except WorkersLost as exc:
            return RunOutcome(total, partial=True, precision=note, stopped=str(exc))
    return RunOutcome(total, partial=False, precision=note)


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
