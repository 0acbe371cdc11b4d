"""The tutorials never go stale: running ``python docs/generate.py`` into a temporary folder
must give exactly the committed pages (one per docs/source/*.md) and docs/pictures/.

When this fails, a change to the program changed what the docs show: look at the diff below,
and if the new output is right, run ``python docs/generate.py`` and commit the result.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS = ROOT / "docs"
PAGES = tuple(sorted(p.name for p in (DOCS / "source").glob("*.md")))


def _diff(name: str, committed: str, fresh: str) -> str:
    lines = difflib.unified_diff(
        committed.splitlines(),
        fresh.splitlines(),
        f"docs/{name} (committed)",
        f"docs/{name} (generated now)",
        lineterm="",
        n=1,
    )
    return "\n".join(list(lines)[:40])


def test_generated_docs_match_the_committed_ones(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "CLICOLOR_FORCE")}
    done = subprocess.run(
        [sys.executable, str(DOCS / "generate.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    fresh = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    committed = {f"pictures/{p.name}" for p in (DOCS / "pictures").iterdir()} | set(PAGES)
    assert fresh == committed, (
        f"only generated now: {sorted(fresh - committed)}; "
        f"only committed: {sorted(committed - fresh)} (run python docs/generate.py)"
    )
    stale = []
    for name in sorted(fresh):
        now = (tmp_path / name).read_text(encoding="utf-8")
        before = (DOCS / name).read_text(encoding="utf-8")
        if now != before:
            stale.append(_diff(name, before, now))
    assert not stale, "the docs are stale (run python docs/generate.py):\n" + "\n".join(stale)


def test_the_readme_pictures_are_generated_ones() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pictures = [line for line in readme.splitlines() if line.startswith("![")]
    assert len(pictures) == 2
    for line in pictures:
        path = line.split("](", 1)[1].rstrip(")")
        assert path.startswith("docs/pictures/") and (ROOT / path).is_file(), path
    assert readme.split("## ", 2)[1].startswith("Quick start")
