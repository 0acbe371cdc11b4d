"""The intruder lab's predict mode in a real browser, against the walks worked out by hand in
scenarios/intruders/cases.toml: before each step the class clicks the tile the intruder enters
next; the hand-worked path's tile is right, another is wrong, and the page says why in the
rule's words, then shows the step. A step has its own link (``#step=N``)."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.browser.test_table_session import TablePage, browser, studio  # noqa: F401 - fixtures
from tests.conftest import SCENARIOS

CASES = tomllib.loads((SCENARIOS / "intruders" / "cases.toml").read_text(encoding="utf-8"))
CARDS = {"small-predator.toml": "from-the-card", "commando-card.toml": "from-the-card"}
WALKS = [
    c
    for c in CASES["case"]
    if c["card"] in CARDS
    and "shift" not in c
    and "rulings" not in c
    and not c.get("double")
    and len(c["expect"]["walkers"]) == 1
    and len(c["expect"]["walkers"][0]["path"]) > 2
]


@pytest.fixture(scope="module")
def lab_folder(studio: tuple[str, Path]) -> Iterator[tuple[str, Path]]:  # noqa: F811
    address, folder = studio
    for name in {c["ship"] for c in WALKS} | set(CARDS):
        shutil.copy(SCENARIOS / "intruders" / name, folder / name)
    yield address, folder


def test_there_are_walks_to_predict() -> None:
    assert len(WALKS) >= 3


@pytest.mark.parametrize("case", WALKS, ids=[c["name"] for c in WALKS])
def test_predict_mode_follows_the_hand_worked_walk(
    browser: Any,  # noqa: F811
    lab_folder: tuple[str, Path],
    case: dict[str, Any],
) -> None:
    address, _ = lab_folder
    walker = case["expect"]["walkers"][0]
    path = walker["path"]
    query = {"ship": case["ship"], "card": case["card"], "roll": case["roll"],
             "hand": walker["hand"]}  # fmt: skip
    if "from" in case:
        query["from"] = case["from"]
    page = TablePage(browser)
    browser.get(f"{address}/lab?{urlencode(query)}")
    page.wait(lambda: page.finds("#lab-frame svg"))
    page.find("#lab-predict").click()
    page.find("#lab-forward").click()  # the landing frame, then step 1
    page.wait(lambda: page.find("#lab-frame").get_attribute("data-frame") == "01-step-1")
    for step in range(2, len(path) + 1):
        page.find("#lab-forward").click()
        page.wait(lambda: page.finds("#lab-frame g.tile.pickable"))
        if step == 2:
            # a wrong guess first: the tile it stands on
            _click(page, path[0])
            page.wait(lambda: page.find("#lab-verdict").get_attribute("data-right") == "0")
            verdict = page.find("#lab-verdict").text
            assert verdict.startswith(f"Not {path[0]}: at step 2 the intruder enters {path[1]}.")
            assert "RULES §7.2" in verdict
            page.wait(lambda: page.find("#lab-frame").get_attribute("data-frame") == "02-step-2")
            page.find("#lab-back").click()
            page.find("#lab-forward").click()
            page.wait(lambda: page.finds("#lab-frame g.tile.pickable"))
        _click(page, path[step - 1])
        frame = f"{step:02d}-step-{step}"
        page.wait(lambda f=frame: page.find("#lab-frame").get_attribute("data-frame") == f)
        assert page.find("#lab-verdict").get_attribute("data-right") == "1"
        assert page.find("#lab-verdict").text.startswith(f"Right: step {step} is {path[step - 1]}.")
        assert browser.current_url.endswith(f"#step={step}")
    # a link to a step opens at that step
    browser.get(f"{address}/lab?{urlencode(query)}#step=2")
    page.wait(lambda: page.find("#lab-frame").get_attribute("data-frame") == "02-step-2")


def _click(page: TablePage, square: str) -> None:
    page.tap(f'#lab-frame g.tile.pickable[data-square="{square}"]')
