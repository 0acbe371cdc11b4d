"""One import gives the whole library (python-chess's habit): every public name of ``trucker``
is the object of its home module, imported only when first used."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import trucker

INIT = Path(trucker.__file__)


@pytest.mark.parametrize("name", trucker.__all__)
def test_each_name_is_its_home_s_object(name: str) -> None:
    home = trucker._WHERE[name]
    assert getattr(trucker, name) is getattr(import_module(home), name)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'validat'"):
        trucker.validat  # noqa: B018


def test_type_checkers_see_the_same_names() -> None:
    """The ``TYPE_CHECKING`` imports list exactly the lazy names, from the same homes."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    seen = {
        alias.name: node.module
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
ship = trucker.load_ship(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
print(json.dumps([before, str(trucker.validate(ship)), "trucker.sim.flight" in sys.modules]))
"""


def test_import_trucker_is_light_and_the_readme_line_works() -> None:
    """``import trucker`` loads none of its layers; validating loads no flight engine."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    before, verdict, flight = json.loads(done.stdout)
    assert before == ["trucker"]
    assert verdict.endswith("class-iii-cruiser.toml on board III: legal")
    assert flight is False


def test_a_notebook_weighs_a_ship_and_its_rulings_in_one_call_each() -> None:
    """``trucker.weigh`` and ``trucker.ruling_impact`` take a ship and a deck's name or path."""
    odds = trucker.scenarios_root() / "odds"
    ship = trucker.load_ship(odds / "front-guard.toml")
    deck = str(odds / "one-small-meteor.toml")
    found = trucker.weigh(ship, deck, parts="shield", seed=2, precision=trucker.Precision(0.1))
    assert isinstance(found, trucker.WeighResult) and found.weighed[0].change.tile.covers
    impact = trucker.ruling_impact(ship, deck, flights=30, names=["thruster_clearance"])
    assert isinstance(impact, trucker.ImpactResult) and impact.impacts[0].difference.unchanged
