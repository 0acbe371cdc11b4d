"""Every benchmark still runs (``--smoke``: a few tenths of a second per measurement). Their
numbers are not checked here: speed is measured by running them, never asserted in tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

BENCHMARKS = sorted((Path(__file__).resolve().parents[2] / "benchmarks").glob("bench_*.py"))


def test_there_are_benchmarks() -> None:
    assert len(BENCHMARKS) >= 4


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda p: p.stem)
def test_a_benchmark_runs(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script), "--smoke"],
        capture_output=True,
        text=True,
        cwd=script.parent,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip()
