"""Run the `trucker` entry point (trucker.cli.app:main) in this process or in a subprocess.

In-process runs go through ``main()`` itself, so the exit codes and the one-line error output
are exactly those of the console script, without paying for a new interpreter per call.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from trucker.cli.app import main

__all__ = ["Run", "run_main", "run_subprocess", "trucker"]


@dataclass(frozen=True)
class Run:
    code: int
    stdout: str
    stderr: str

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.strip()]


@contextmanager
def _cwd(path: Path | None) -> Iterator[None]:
    before = Path.cwd()
    if path is not None:
        os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def run_main(capsys: pytest.CaptureFixture[str], *args: str, cwd: Path | None = None) -> Run:
    """``trucker ARGS`` through ``main()``; returns the exit code and what it printed."""
    capsys.readouterr()
    saved = sys.argv
    sys.argv = ["trucker", *args]
    try:
        with _cwd(cwd):
            main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = saved
    out = capsys.readouterr()
    return Run(code, out.out, out.err)


def run_subprocess(*args: str, cwd: Path | None = None) -> Run:
    """``trucker ARGS`` as its own process, through the installed console script's code."""
    done = subprocess.run(
        [sys.executable, "-c", "from trucker.cli.app import main; main()", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )
    return Run(done.returncode, done.stdout, done.stderr)


def trucker(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m trucker ARGS`` as its own process (stdout, stderr, returncode)."""
    return subprocess.run(
        [sys.executable, "-m", "trucker", *args], capture_output=True, text=True, check=False
    )
