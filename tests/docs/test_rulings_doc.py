"""docs/rulings.md is what `trucker rulings --markdown` prints, and every ruling is tested
with a value other than its default somewhere (a flip test), so each one is known to matter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trucker.core.rulings import RULING_NAMES
from trucker.render.rulings import rulings_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_rulings_doc_is_current() -> None:
    committed = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert committed == rulings_markdown(), "run: trucker rulings --markdown > docs/rulings.md"


def _sources() -> str:
    files = [*(ROOT / "tests").rglob("*.py"), *(ROOT / "scenarios").rglob("*.toml")]
    return "\n".join(p.read_text(encoding="utf-8") for p in files if p.name != Path(__file__).name)


@pytest.mark.parametrize("name", sorted(RULING_NAMES))
def test_every_ruling_is_flipped_in_a_test(name: str) -> None:
    assert re.search(rf"\b{name}\s*=", _sources()), f"no test sets {name} (rulings, RULES §10)"
