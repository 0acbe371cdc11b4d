"""The house's layers hold (pyproject.toml's import contract, checked by import-linter): each
layer imports only those below it, files and the engine never meet, and no two modules import
each other, however lazily. The contract is shown to catch what it forbids: each kind of break,
planted in a copy of the package, fails it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
LINT = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed")


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT), "--no-cache", "--config", str(root / "pyproject.toml")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_layer_contract_holds() -> None:
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " BROKEN" not in done.stdout


PLANTED = [
    # (module, code added at its end, the contract that must break)
    ("core/dice.py", "from trucker.sim import state\n", "the engine's layers"),
    ("rules/stats.py", "from trucker.formats import load\n", "the engine never reads a file"),
    ("formats/load.py", "from trucker.rules import stats\n", "files become values"),
    ("core/ship.py", "import pydantic\n", "the values know no library"),
    ("play/flights.py", "from trucker.render import text\n", "the engine's layers"),
    ("render/text.py", "from trucker.web import app\n", "the engine's layers"),
    ("web/answers.py", "from trucker.cli import output\n", "the engine's layers"),
    ("rules/placement.py", "import starlette\n", "the web stays in web"),
    (
        "sim/goods.py",
        "def _later() -> None:\n    from trucker.sim import actions\n",
        "no circles",
    ),
    (
        "rules/graph.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from trucker.rules import view\n",
        "no circles",
    ),
]


@pytest.mark.parametrize(("module", "code", "contract"), PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_break_fails_the_contract(
    tmp_path: Path, module: str, code: str, contract: str
) -> None:
    shutil.copytree(
        ROOT / "trucker", tmp_path / "trucker", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "trucker" / module
    target.write_text(target.read_text(encoding="utf-8") + "\n" + code, encoding="utf-8")
    done = _lint(tmp_path)
    assert done.returncode != 0
    broken = [line for line in done.stdout.splitlines() if " BROKEN" in line]
    assert any(line.startswith(contract) for line in broken), done.stdout[-3000:]
