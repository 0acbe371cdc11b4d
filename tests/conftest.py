"""Shared fixtures: paths to the bundled scenarios and a small text-grid ship builder."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
SHARED = ROOT.parent / "shared"


@pytest.fixture
def scenarios() -> Path:
    return SCENARIOS
