"""A person's session in the shipyard, in a real browser (the system's chromium, driven by
selenium, as the teaching pages are): choose board II, place the starting cabin's four
neighbours and six more tiles by clicking (one of them turned with the R key until it fits as
held, one with its sides set by clicking them), watch a violation appear and go (undo), set the
crew and the batteries, and save. ``trucker validate`` then finds the saved file legal, holding
the ship that was built.

Skipped, with the reason printed, only where no chromium is installed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import chromium, studio_serving
from tests.cli.invoke import run_subprocess
from trucker.core.geometry import Cell
from trucker.formats.load import load_ship


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``trucker studio`` on a free port over an empty folder: its address and the folder."""
    folder = tmp_path_factory.mktemp("yard")
    with studio_serving(folder) as address:
        yield address, folder


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with chromium(tmp_path_factory, (1400, 1000)) as driver:
        yield driver


class Yard:
    """The shipyard's page, as a person uses it."""

    def __init__(self, driver: Any) -> None:
        from selenium.webdriver.common.by import By

        self.driver = driver
        self.by = By

    def settle(self) -> None:
        """Wait until every click has its answer."""
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, 30).until(
            lambda d: d.execute_script("return document.body.dataset.pending || '0'") == "0"
        )

    def find(self, css: str) -> Any:
        return self.driver.find_element(self.by.CSS_SELECTOR, css)

    def finds(self, css: str) -> list[Any]:
        return self.driver.find_elements(self.by.CSS_SELECTOR, css)

    def click(self, css: str) -> None:
        self.find(css).click()
        self.settle()

    def take(self, part: str) -> None:
        self.click(f'#palette [data-part="{part}"]')

    def spot(self, square: str) -> str:
        """How the square is marked for the tile in hand: fit, fit turned, nofit."""
        found = self.finds(f'#hand-layer g.spot[data-square="{square}"]')
        return found[0].get_attribute("class").replace("spot ", "") if found else ""

    def drop(self, square: str) -> None:
        self.click(f'#hand-layer rect[data-square="{square}"]')

    def key(self, keys: str) -> None:
        self.find("body").send_keys(keys)
        self.settle()

    def verdict(self) -> str:
        return self.find("#verdict").text

    def tiles(self) -> list[str]:
        return sorted(
            e.get_attribute("data-square") for e in self.finds("#picture svg g.tile[data-square]")
        )


def test_a_whole_build_session(browser: Any, studio: tuple[str, Path]) -> None:
    from selenium.webdriver.common.keys import Keys

    address, folder = studio
    yard = Yard(browser)
    browser.get(f"{address}/?board=I")
    yard.settle()
    # choose board II
    yard.click("#new")
    from selenium.webdriver.support.ui import Select

    Select(yard.find("#new-board")).select_by_value("II")
    yard.click('#new-form button[value="ok"]')
    assert yard.find("#board-name").text.startswith("board II")
    assert "null" not in yard.find("main").text and "undefined" not in yard.find("main").text
    assert yard.verdict() == "✓ legal" and yard.tiles() == ["7,7"]

    # the starting cabin's four neighbours, each part taken and dropped on a green square; the
    # hold's rear side opened first by clicking it (smooth to single)
    for part, square in (
        ("cabin", "6,7"),
        ("battery", "7,6"),
        ("cargo", "7,8"),
        ("double-engine", "8,7"),
    ):
        yard.take(part)
        if part == "cargo":
            yard.click('#hand button[data-side="rear"]')
            assert yard.find('#hand button[data-side="rear"]').text == "S"
        assert yard.spot(square) == "fit", (part, square)
        yard.drop(square)
        assert yard.verdict() == "✓ legal", (part, square)
    # a structural module whose rear side is made smooth by clicking it twice (d, u, smooth)
    yard.take("structure")
    assert "null" not in yard.find("#hand").text and "undefined" not in yard.find("#hand").text
    assert yard.spot("6,8") == "nofit"
    yard.click('#hand button[data-side="rear"]')
    yard.click('#hand button[data-side="rear"]')
    assert yard.find('#hand button[data-side="rear"]').text == "·"
    assert yard.spot("6,8") == "fit"
    yard.drop("6,8")
    for part, square in (("engine", "8,6"), ("cannon", "5,8")):
        yard.take(part)
        assert yard.spot(square) == "fit", (part, square)
        yard.drop(square)
    # a shield that fits on 6,9 only turned, turned with the R key until it fits as held
    yard.take("shield")
    assert yard.spot("6,9") == "fit turned"
    for _ in range(3):
        yard.key("r")
    assert yard.spot("6,9") == "fit"
    yard.drop("6,9")
    # a life support and a battery dropped where they fit only turned: they turn as they drop
    for part, square in (("life-support", "7,5"), ("battery", "8,8")):
        yard.take(part)
        assert yard.spot(square) == "fit turned", (part, square)
        yard.drop(square)
    assert yard.verdict() == "✓ legal"
    assert len(yard.tiles()) == 11

    assert "null" not in yard.find("main").text and "undefined" not in yard.find("main").text

    # a violation appears (a cannon where nothing joins it) and goes (undo)
    yard.take("cannon")
    assert yard.spot("9,4") == "nofit"
    yard.drop("9,4")
    assert yard.verdict().startswith("✗ illegal")
    assert "disconnected 9,4" in yard.find("#report-list").text
    yard.key(Keys.CONTROL + "z")
    assert yard.verdict() == "✓ legal" and "9,4" not in yard.tiles()

    # the crew and the batteries, set by clicking the tiles
    yard.click("#picture #tile-6-7")
    yard.click('#inspect [aria-label="Humans"] button:nth-of-type(2)')  # 1 human
    yard.click("#picture #tile-7-6")
    yard.click('#inspect [aria-label="Tokens"] button:nth-of-type(2)')  # 1 token
    stats = yard.find("#numbers").text
    assert "Crew\n3" in stats and "Batteries\n3" in stats

    # save as a new file of the folder
    yard.click("#save")
    name = yard.find("#save-as-name")
    name.clear()
    name.send_keys("built.toml")
    yard.click('#save-as-form button[value="ok"]')
    assert yard.find("#file-name").text == "built.toml"
    assert yard.find("#file-state").text == "saved"

    saved = folder / "built.toml"
    run = run_subprocess("validate", str(saved))
    assert run.code == 0, run.stdout + run.stderr
    ship = load_ship(saved)
    assert sorted(map(str, ship.tiles)) == yard.tiles()
    assert ship.contents[Cell(6, 7)].crew == 1 and ship.contents[Cell(7, 6)].charge == 1
    assert ship.tiles[Cell(6, 8)].sides[2].char == "-"


def test_the_board_without_a_mouse(browser: Any, studio: tuple[str, Path]) -> None:
    """The arrow keys walk a cursor over the squares, saying whether the tile in hand fits
    there, and Enter puts it down."""
    from selenium.webdriver.common.keys import Keys

    address, _folder = studio
    yard = Yard(browser)
    browser.get(f"{address}/?board=I")
    yard.settle()
    yard.take("engine")
    yard.key(Keys.ARROW_UP)
    assert yard.find("#help").text.startswith("6,7: it does not fit: connector-mismatch 6,7 7,7")
    yard.key(Keys.ARROW_DOWN)
    yard.key(Keys.ARROW_DOWN)
    assert yard.find("#help").text == "8,7: it fits here (Enter drops it)"
    yard.key(Keys.ENTER)
    assert yard.tiles() == ["7,7", "8,7"] and yard.verdict() == "✓ legal"
