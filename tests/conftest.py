"""Shared fixtures (paths to the bundled scenarios), the hypothesis profiles, and ``--rules``.

- Hypothesis runs its ``ci`` profile (the same examples every run, no example database) when
  the environment says ``CI`` or ``HYPOTHESIS_PROFILE=ci``: a failure there reproduces, and a
  run takes the same time each time. Elsewhere it draws new examples each run.
- ``pytest --rules 7.2`` runs the tests marked ``@pytest.mark.rules("7.2")`` (``--rules 7``:
  every section of §7); ``pytest --rules 7.2 --collect-only -q`` lists them. A marker names a
  heading of docs/rules.md (tests/docs/test_own_docs.py checks that it does).
- A test that starts a process (a ``trucker`` subprocess, directly or through a helper of its
  module) is ``slow`` without saying so: a new interpreter costs more than most tests.
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
SHARED = ROOT.parent / "shared"

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "default")
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--rules",
        action="append",
        default=[],
        metavar="SECTION",
        help="only the tests of a docs/rules.md section (7.2; 7 takes 7.1, 7.2...), as "
        "@pytest.mark.rules names them; may be given more than once",
    )


def _within(section: str, wanted: str) -> bool:
    """``7.2`` is within ``7`` and ``7.2``, not within ``7.20`` or ``1``."""
    return section == wanted or section.startswith(wanted.rstrip(".") + ".")


_PROCESS = re.compile(r"\b(?:subprocess\.\w+|Popen|trucker|run_subprocess|LocalCluster)\(")
"""A call that starts a process: the subprocess module, tests/cli/invoke.py's helpers, or a
Dask cluster of worker processes."""


def _source(function: Callable[..., object]) -> str:
    """A function's source, or nothing for one made at run time (no source file to read)."""
    try:
        return inspect.getsource(function)
    except (OSError, TypeError):
        return ""


def _calls(source: str, names: Iterable[str]) -> bool:
    return any(re.search(rf"\b{name}\(", source) for name in names)


@cache
def _process_helpers(module: ModuleType) -> frozenset[str]:
    """The module's own functions that start a process, directly or through one another."""
    sources = {
        name: _source(value)
        for name, value in vars(module).items()
        if inspect.isfunction(value)
        and value.__module__ == module.__name__
        and not name.startswith("test_")
    }
    found = {name for name, source in sources.items() if _PROCESS.search(source)}
    while more := {n for n, s in sources.items() if n not in found and _calls(s, found)}:
        found |= more
    return frozenset(found)


def _starts_a_process(item: pytest.Item) -> bool:
    """Does the test start a process: itself, through a helper of its module, or in a fixture
    it uses (a cluster the module's tests share)."""
    function = getattr(item, "function", None)
    module = getattr(item, "module", None)
    if function is None or module is None:
        return False
    helpers = _process_helpers(module)
    info = getattr(item, "_fixtureinfo", None)
    fixtures = [d.func for defs in info.name2fixturedefs.values() for d in defs] if info else []
    return any(
        _PROCESS.search(source) or _calls(source, helpers)
        for source in map(_source, [function, *fixtures])
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("slow") is None and _starts_a_process(item):
            item.add_marker(pytest.mark.slow)
    wanted: list[str] = config.getoption("--rules")
    if not wanted:
        return
    keep, drop = [], []
    for item in items:
        sections = [str(s) for mark in item.iter_markers("rules") for s in mark.args]
        chosen = any(_within(s, w) for s in sections for w in wanted)
        (keep if chosen else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture
def scenarios() -> Path:
    return SCENARIOS
