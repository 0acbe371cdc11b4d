"""A shown command that fails where its page did not say so stops the docs build, instead of
its error being written into the page for a reader to take as the program's answer."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def generate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_generate", ROOT / "docs" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("docs_generate", module)
    spec.loader.exec_module(module)
    return module


SHIP = "scenarios/ships/class-i-starter.toml"


def test_a_mistyped_option_stops_the_build(generate: ModuleType, tmp_path: Path) -> None:
    builder = generate.Builder(tmp_path)
    with pytest.raises(SystemExit, match=r"exit code 2 \(add '\| exit 2' if shown on purpose\)"):
        builder._run(f"validate {SHIP} --no-such-option")


def test_a_failure_shown_on_purpose_is_written(generate: ModuleType, tmp_path: Path) -> None:
    block = generate.Builder(tmp_path)._run(f"validate {SHIP} --no-such-option | exit 2")
    assert block.startswith(f"```\n$ trucker validate {SHIP} --no-such-option\n")
    assert block.endswith("\n(exit code 2)\n```")


def test_a_failure_that_does_not_come_stops_the_build(generate: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="exit code 0, not 2"):
        generate.Builder(tmp_path)._run(f"validate {SHIP} | exit 2")


def test_an_illegal_ship_is_an_answer_not_a_failure(generate: ModuleType, tmp_path: Path) -> None:
    block = generate.Builder(tmp_path)._run("validate scenarios/ships/broken-hauler.toml")
    assert block.endswith("(exit code 1)\n```")
