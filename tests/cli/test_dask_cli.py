"""``--dask`` against a hostile or failing cluster (issue 24 D): a garbage address or unknown
scheme is one line at once; an address where something else listens is one line within the
stated 10 s; a worker that dies mid-run has its chunks flown again (the numbers are those of a
run without the death); a scheduler lost mid-run ends the run with one line and what was flown;
a worker with another trucker version is named. Each runs a real local cluster, its workers in
their own processes."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from tests.conftest import SCENARIOS

pytest.importorskip("distributed")

STARTER = str(SCENARIOS / "ships" / "class-i-starter.toml")
ODDS = ["odds", STARTER, "-d", "random:I", "--seed", "5", "--json"]


def _trucker(*args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "trucker", *args], capture_output=True,
                          text=True, timeout=timeout)  # fmt: skip


def _cluster(workers: int = 2, **options: object) -> object:
    from distributed import LocalCluster

    return LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, protocol="tcp",
        dashboard_address=None, worker_dashboard_address=None, silence_logs=50, **options,
    )  # fmt: skip


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    with _cluster() as running:
        yield running


def _one_line(run: subprocess.CompletedProcess[str], *words: str) -> str:
    lines = run.stderr.splitlines()
    assert run.returncode == 2 and len(lines) == 1, (run.returncode, run.stderr[-2000:])
    assert all(word in lines[0] for word in words), lines[0]
    return lines[0]


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("garbage", "no port"),
        ("foo://host:8786", "unknown scheme 'foo'"),
        ("tcp://", "no port"),
    ],
)
def test_a_garbage_address_is_one_line_at_once(address: str, words: str) -> None:
    _one_line(_trucker(*ODDS, "--dask", address, timeout=30), f"--dask: {address}: ", words)


def _listen(answer: bytes | None) -> tuple[socket.socket, str]:
    """A TCP server on a free port that reads and says ``answer`` (or nothing)."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            held.append(conn)
            if answer is not None:
                conn.recv(1024)
                conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    return server, f"tcp://127.0.0.1:{server.getsockname()[1]}"


@pytest.mark.parametrize("answer", [None, b"HTTP/1.1 400 Bad Request\r\n\r\n" * 40],
                         ids=["silent", "http"])  # fmt: skip
def test_something_else_listening_is_one_line_within_the_stated_bound(answer: bytes | None) -> None:
    """A listener that never answers once held the run for good; one that speaks HTTP was an
    internal error."""
    server, address = _listen(answer)
    try:
        started = time.monotonic()
        run = _trucker(*ODDS, "--dask", address, timeout=60)
        took = time.monotonic() - started
    finally:
        server.close()
    _one_line(run, f"--dask: {address}: ", "Dask scheduler")
    assert took < 60


def test_a_worker_that_dies_has_its_chunks_flown_again(cluster: object) -> None:
    """Killed midway, workers' chunks are flown by Dask again: the run ends with every flight,
    and the numbers are those of a run that lost nothing. Every worker is killed (each is
    started again), with the job and catalogue every chunk reads: once scattered data, which
    Dask cannot make again (an internal error); now the results of tasks, which it can."""
    from distributed import Client

    address = cluster.scheduler_address  # type: ignore[attr-defined]
    with Client(address, set_as_default=False) as client:
        pids = client.run(os.getpid)
        child = subprocess.Popen([sys.executable, "-m", "trucker", *ODDS, "-n", "6000", "--dask",
                                  address], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)  # fmt: skip
        deadline = time.monotonic() + 60
        while not any(client.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.1)
        for pid in pids.values():  # their nannies start them again
            os.kill(pid, signal.SIGKILL)
        out, err = child.communicate(timeout=300)
    assert child.returncode == 0, err
    local = _trucker(*ODDS, "-n", "6000")
    flown, alone = json.loads(out), json.loads(local.stdout)
    assert flown["flights"] == 6000 and flown["partial"] is False
    assert flown["lineups"] == alone["lineups"]


def test_a_scheduler_lost_midway_ends_the_run_with_what_was_flown() -> None:
    running = _cluster()
    address = running.scheduler_address  # type: ignore[attr-defined]
    child = subprocess.Popen([sys.executable, "-m", "trucker", *ODDS, "-n", "1000000", "--dask",
                              address], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)  # fmt: skip
    from distributed import Client

    with Client(address, set_as_default=False) as client:
        deadline = time.monotonic() + 60
        while not any(client.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(2)
    running.close()  # type: ignore[attr-defined]
    out, err = child.communicate(timeout=120)
    line = _one_line(subprocess.CompletedProcess([], child.returncode, out, err), "--dask: ")
    assert "what was flown is reported, marked partial" in line
    data = json.loads(out)
    assert data["partial"] is True and data["flights"] < 1_000_000
    assert data["run"]["stopped"] in line


def test_a_worker_with_another_trucker_is_named() -> None:
    other = "import trucker.play.cluster as c\nc.trucker_version = lambda: '0.0-other'\n"
    with _cluster(preload=[other]) as running:
        address = running.scheduler_address  # type: ignore[attr-defined]
        run = _trucker(*ODDS, "-n", "100", "--dask", address)
    _one_line(run, f"--dask: {address}: worker tcp://", "runs trucker 0.0-other (and 1 more)",
              "install the same version on every worker")  # fmt: skip


def test_a_cluster_left_without_workers_ends_the_run_with_what_was_flown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every worker gone for good (retired, not started again): the pieces would wait forever;
    after the stated time without a worker the run ends, partial, saying why (here 2 s, not
    the 30 s a real run allows a worker to join)."""
    from trucker.core.rulings import Rulings
    from trucker.formats.load import load_ship
    from trucker.play import cluster as cluster_module
    from trucker.play.flights import Crew
    from trucker.play.montecarlo import OddsSpec
    from trucker.play.parallel import fly_chunks

    monkeypatch.setattr(cluster_module, "WORKERLESS_SECONDS", 2)
    spec = OddsSpec(((Crew("starter", load_ship(STARTER)),),), "random:I", Rulings(), 5, 10**6)
    with _cluster() as running:
        threading.Timer(3, lambda: running.scale(0)).start()  # type: ignore[attr-defined]
        outcome = fly_chunks(spec, dask=running.scheduler_address)  # type: ignore[attr-defined]
    assert outcome.partial and outcome.stopped == "the cluster has had no worker for 2 s"
    assert outcome.tally.flights < 10**6


def test_a_worker_that_joins_with_another_trucker_ends_the_run(tmp_path) -> None:
    """A worker that joins midway is checked as it flies its first chunk."""
    other = tmp_path / "other_trucker.py"
    other.write_text("import trucker.play.cluster as c\nc.trucker_version = lambda: '0.0-other'\n")
    with _cluster() as running:
        address = running.scheduler_address  # type: ignore[attr-defined]
        child = subprocess.Popen([sys.executable, "-m", "trucker", *ODDS, "-n", "1000000",
                                  "--dask", address], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)  # fmt: skip
        from distributed import Client

        with Client(address, set_as_default=False) as client:
            deadline = time.monotonic() + 60
            while not any(client.processing().values()) and time.monotonic() < deadline:
                time.sleep(0.1)
        joined = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
             "--no-dashboard", "--preload", str(other)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            out, err = child.communicate(timeout=180)
        finally:
            joined.terminate()
            joined.wait(timeout=60)
    line = _one_line(subprocess.CompletedProcess([], child.returncode, out, err), "--dask: ")
    assert "joined running trucker 0.0-other" in line
    assert json.loads(out)["partial"] is True
