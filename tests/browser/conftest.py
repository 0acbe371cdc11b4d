"""Say why the browser test did not run: a skip reason is otherwise hidden under ``-q``."""

from __future__ import annotations

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for report in terminalreporter.stats.get("skipped", []):
        if "tests/browser/" in report.nodeid.replace("\\", "/"):
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
            terminalreporter.write_line(f"browser test skipped: {reason}", yellow=True)
