"""One import gives what a notebook needs (python-chess's habit): every public name of
``trucker`` is the object of its home module, imported only when first used, with an example in
its help that runs as a doctest; the names of the first release still work, with a warning."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import warnings
from importlib import import_module
from pathlib import Path

import pytest

import trucker

INIT = Path(trucker.__file__)


def _home(name: str) -> object:
    module, _, attribute = trucker._WHERE[name].partition(":")
    return getattr(import_module(module), attribute)


@pytest.mark.parametrize("name", trucker.__all__)
def test_each_name_is_its_home_s_object_with_an_example(name: str) -> None:
    value = getattr(trucker, name)
    assert value is _home(name)
    assert ">>> " in (value.__doc__ or ""), f"trucker.{name} has no example in its help"


def test_the_groups_are_the_api_and_the_module_help_lists_each_name_in_its_group() -> None:
    assert trucker.__all__ == [n for names in trucker.GROUPS.values() for n in names]
    assert len(set(trucker.__all__)) == len(trucker.__all__)
    doc = trucker.__doc__ or ""
    for group, names in trucker.GROUPS.items():
        listed = doc.split(f"\n{group}\n", 1)[1].split("\n\n")[0].split("\n")
        words = [w.strip() for line in listed if line.startswith("    ") for w in line.split(",")]
        words = [w for w in words if w]
        assert words[: len(names)] == list(names), group


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'validat'"):
        trucker.validat  # noqa: B018


@pytest.mark.parametrize("name", sorted(trucker.OLD_NAMES))
def test_an_old_name_still_works_for_one_release_and_says_what_to_use(name: str) -> None:
    home, instead = trucker.OLD_NAMES[name]
    module, _, attribute = home.partition(":")
    with pytest.warns(DeprecationWarning, match=f"trucker.{name} goes .* use {re.escape(instead)}"):
        value = getattr(trucker, name)
    assert value is getattr(import_module(module), attribute)
    assert name not in trucker.__all__ and name not in dir(trucker)


def test_type_checkers_see_the_same_names() -> None:
    """The ``TYPE_CHECKING`` imports list exactly the public names, from the same homes."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    seen = {
        alias.asname or alias.name: f"{node.module}:{alias.name}"
        for block in tree.body
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert seen == trucker._WHERE


PROBE = """
import json, sys
import trucker
before = sorted(m for m in sys.modules if m.startswith("trucker"))
ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
print(json.dumps([before, str(trucker.validate(ship)), "trucker.sim.flight" in sys.modules]))
"""


@pytest.mark.slow
def test_import_trucker_is_light_and_the_readme_line_works() -> None:
    """``import trucker`` loads none of its layers; validating loads no flight engine."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    before, verdict, flight = json.loads(done.stdout)
    assert before == ["trucker"]
    assert verdict.endswith("class-iii-cruiser.toml on board III: legal")
    assert flight is False


@pytest.mark.slow
def test_help_lists_the_api() -> None:
    """``python -c "import trucker; help(trucker)"``: the groups, and each name's help."""
    done = subprocess.run(
        [sys.executable, "-c", "import trucker; help(trucker)"],
        capture_output=True,
        text=True,
        check=True,
        env={"PAGER": "cat", "TERM": "dumb", "PATH": ""},
    )
    for group, names in trucker.GROUPS.items():
        assert group in done.stdout
        for name in names:
            assert name in done.stdout
    assert "DeprecationWarning" not in done.stderr


def test_exposure_takes_a_loaded_ship() -> None:
    """It took the engine's flying state before, and failed on a ship from ``trucker.load``."""
    ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    sides = trucker.exposure(ship, trucker.ThreatKind.SMALL_METEOR)
    assert [str(side.direction) for side in sides] == ["front", "right", "rear", "left"]


def test_a_notebook_weighs_a_ship_and_its_rulings_in_one_call_each() -> None:
    """``trucker.weigh`` and ``trucker.ruling_impact`` take a ship and a deck's name or path."""
    odds = trucker.scenarios_root() / "odds"
    ship = trucker.load(odds / "front-guard.toml")
    deck = str(odds / "one-small-meteor.toml")
    found = trucker.weigh(ship, deck, parts="shield", seed=2, precision=trucker.Precision(0.1))
    assert found.weighed[0].change.tile.covers
    impact = trucker.ruling_impact(ship, deck, flights=30, names=["thruster_clearance"])
    assert impact.impacts[0].difference.unchanged


def test_no_public_example_warns() -> None:
    """The examples use the names of this release only."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        for name in trucker.__all__:
            getattr(trucker, name)
