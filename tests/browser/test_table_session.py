"""The table in a real browser (the system's chromium, driven by selenium, as the shipyard is):
a whole two-ship flight played by clicking (a battery and a crew member picked on the picture,
one roll of the table's own dice entered), saved halfway and resumed in a new page to the log of
the flight played without a break; two phones, one per ship, each answering its own questions,
a phone that drops and reconnects, an answer to an answered question refused; the layout at
1280x720 and 390x844 with no label under 12 px and none overlapping, the track's order as the
order of flight.

Skipped, with the reason printed, only where no chromium is installed."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import chromium, studio_serving
from tests.conftest import SCENARIOS


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``trucker studio`` over a folder holding the Cruiser and Red."""
    folder = tmp_path_factory.mktemp("table")
    shutil.copy(SCENARIOS / "ships" / "class-iii-cruiser.toml", folder / "cruiser.toml")
    shutil.copy(SCENARIOS / "flights" / "red.toml", folder / "red.toml")
    with studio_serving(folder, knocks=400) as address:
        yield address, folder


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with chromium(tmp_path_factory, (1280, 900)) as driver:
        yield driver


class TablePage:
    """A table's page, as a person at it uses it."""

    def __init__(self, driver: Any) -> None:
        from selenium.webdriver.common.by import By

        self.driver = driver
        self.by = By

    def find(self, css: str) -> Any:
        return self.driver.find_element(self.by.CSS_SELECTOR, css)

    def finds(self, css: str) -> list[Any]:
        return self.driver.find_elements(self.by.CSS_SELECTOR, css)

    def text(self, css: str) -> str | None:
        """The text of the first element ``css`` finds, read at once (the page may redraw)."""
        found: str | None = self.driver.execute_script(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : null", css
        )
        return found

    def press(self, css: str) -> None:
        """Click the first element ``css`` finds, found and clicked at once (a redraw between
        finding and clicking would leave a stale element)."""
        self.driver.execute_script("document.querySelector(arguments[0]).click()", css)

    def tap(self, css: str) -> None:
        """Click a tile of a picture (an SVG element has no click() of its own), at once."""
        self.driver.execute_script(
            "document.querySelector(arguments[0])"
            ".dispatchEvent(new MouseEvent('click', {bubbles: true}))",
            css,
        )

    def version(self) -> int:
        return int(self.find("#table").get_attribute("data-version") or 0)

    def wait(self, condition: Any, seconds: float = 60) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, seconds, poll_frequency=0.05).until(lambda d: condition())

    def after(self, act: Any) -> None:
        """Do ``act`` and wait until the table has drawn what it changed."""
        before = self.version()
        act()
        self.wait(lambda: self.version() > before)

    def question(self) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.driver.execute_script("return Table.data.question")
        return found

    def finished(self) -> bool:
        return self.find("#table").get_attribute("data-finished") == "1"

    def open_table(self, address: str, *, dice: str, resume: str | None = None) -> None:
        from selenium.webdriver.support.ui import Select

        self.driver.get(f"{address}/table")
        if resume is not None:
            Select(self.find("#resume-table select[name=file]")).select_by_value(resume)
            self.find("#resume-open").click()
        else:
            Select(self.find('select[name=ship][data-seat="0"]')).select_by_value("cruiser.toml")
            Select(self.find('select[name=ship][data-seat="1"]')).select_by_value("red.toml")
            Select(self.find('select[name=captain][data-seat="1"]')).select_by_value("sensible")
            Select(self.find("select[name=deck]")).select_by_value("random:II")
            self.find("input[name=seed]").send_keys("1")
            Select(self.find("select[name=dice]")).select_by_value(dice)
            self.find("#open-table").click()
        self.wait(lambda: "/table/" in self.driver.current_url and self.finds("#table"))
        self.wait(lambda: self.version() > 0)


def _answer(page: TablePage, picked: dict[str, int]) -> None:
    """One answer, by clicking: the table's dice (the first roll entered, 3 and 4; the rest
    thrown by the program), a tile of the picture for a battery or a crew member, else the
    option marked as the sensible one."""
    question = page.question()
    assert question is not None
    if question["kind"] == "dice":
        if not picked.get("dice"):
            # typed and entered at once: a redraw in between would clear the boxes
            page.after(lambda: page.driver.execute_script(
                "document.getElementById('dice-a').value = '3';"
                "document.getElementById('dice-b').value = '4';"
                "document.getElementById('dice-enter').click();"))  # fmt: skip
            picked["dice"] = 1
        else:
            page.after(lambda: page.press("#dice-program"))
        return
    if question["on_picture"]:
        square = question["options"][-1]["squares"][0]
        page.after(lambda: page.tap(f'.ship-card.large g.tile.pickable[data-square="{square}"]'))
        picked[question["decision"]] = picked.get(question["decision"], 0) + 1
        return
    page.after(lambda: page.press(".option.suggested"))


def _log(address: str, table: str) -> dict[str, Any]:
    from urllib.request import urlopen

    with urlopen(f"{address}/table/{table}/log") as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def test_a_whole_flight_by_clicking_saved_halfway_and_resumed(
    browser: Any, studio: tuple[str, Path]
) -> None:
    address, folder = studio
    page = TablePage(browser)
    # the flight played through: the Cruiser by a person, Red by the sensible captain
    page.open_table(address, dice="table")
    whole = browser.current_url.rsplit("/", 1)[1]
    picked: dict[str, int] = {}
    answers = 0
    while not page.finished():
        _answer(page, picked)
        answers += 1
    assert picked.get("pay") and picked.get("lose-crew") and picked.get("dice")
    unbroken = _log(address, whole)
    assert any(e.get("entered") for e in unbroken["events"] if e["kind"] == "rolled")
    # the same flight, stopped halfway: the save is the log so far
    page.open_table(address, dice="table")
    saved_as = browser.execute_script("return Table.data.save")
    picked = {}
    for _ in range(answers // 2):
        _answer(page, picked)
    save = json.loads((folder / saved_as).read_text())
    assert save["finished"] is False
    # resumed in a new page, from the table's setup page, then played on the same way
    browser.switch_to.new_window("tab")
    page.open_table(address, dice="table", resume=saved_as)
    while not page.finished():
        _answer(page, picked)
    resumed = browser.current_url.rsplit("/", 1)[1]
    assert _log(address, resumed) == unbroken
    assert len(browser.find_elements("css selector", "#settlement table")) == 1


def _open_by_request(address: str, **body: Any) -> str:
    from urllib.request import Request, urlopen

    request = {"ships": ["cruiser.toml", "red.toml"], "deck": "random:II", "seed": 1, **body}
    sent = Request(
        f"{address}/table/new",
        data=json.dumps(request).encode(),
        headers={"content-type": "application/json"},
    )
    with urlopen(sent) as answer:
        table: str = json.load(answer)["id"]
    return table


def test_two_phones_each_answer_their_own_ship(browser: Any, studio: tuple[str, Path]) -> None:
    address, _ = studio
    table = _open_by_request(address, captains={}, give_up="always")  # two people, many questions
    page = TablePage(browser)
    browser.get(f"{address}/table/{table}?seat=Cruiser")
    page.wait(lambda: page.version() > 0)
    cruiser = browser.current_window_handle
    browser.switch_to.new_window("window")
    browser.get(f"{address}/table/{table}?seat=Red")
    page.wait(lambda: page.version() > 0)
    red = browser.current_window_handle
    phones = {"Cruiser": cruiser, "Red": red}
    answered = {"Cruiser": 0, "Red": 0}
    stale = None
    for _ in range(6):
        browser.switch_to.window(cruiser)
        question = page.question()
        if question is None:
            break
        ship = question["ship"]
        other = "Red" if ship == "Cruiser" else "Cruiser"
        # the other phone shows the question as someone else's, with nothing to click
        browser.switch_to.window(phones[other])
        page.wait(lambda q=question: (page.question() or {}).get("key") == q["key"])
        page.wait(lambda s=ship: page.text(".waiting") == f"Waiting for {s} to answer.")
        assert page.driver.execute_script("return document.querySelectorAll('.option').length") == 0
        seen = page.version()
        # the phone of the ship asked answers; the other one is pushed the news
        browser.switch_to.window(phones[ship])
        page.wait(lambda q=question: (page.question() or {}).get("key") == q["key"])
        page.after(lambda: page.press(".option.suggested"))
        answered[ship] += 1
        stale = question
        browser.switch_to.window(phones[other])
        page.wait(lambda v=seen: page.version() > v)  # pushed, not reloaded
    assert answered["Cruiser"] and answered["Red"]
    # an answer to a question already answered does not count
    assert stale is not None
    refused = browser.execute_script(
        "const q = arguments[0]; return Studio.post(arguments[1], "
        "{key: q.key, option: q.options[0].label, seat: q.ship});",
        stale,
        f"/table/{table}/answer",
    )
    assert refused["status"] == 409 and "not asked any more" in refused["data"]["error"]
    # a phone that drops off the network and comes back finds the flight where it stands
    browser.switch_to.window(red)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    dropped = page.version()
    browser.switch_to.window(cruiser)
    for _ in range(2):  # the table's own screen answers meanwhile (any ship's question)
        question = page.question()
        assert question is not None
        page.after(
            lambda q=question: browser.execute_script(
                "const q = arguments[0]; Studio.post(arguments[1], "
                "{key: q.key, option: q.options[0].label, seat: null});",
                q,
                f"/table/{table}/answer",
            )
        )
    now = page.version()
    browser.switch_to.window(red)
    assert page.version() == dropped
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    page.wait(lambda: page.version() >= now, seconds=30)
    browser.close()
    browser.switch_to.window(cruiser)


LABELS = """
const clipped = (el, rect) => {
  let box = {left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom};
  for (let up = el; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll|hidden)/.test(style.overflow + style.overflowX + style.overflowY)) {
      const r = up.getBoundingClientRect();
      box = {left: Math.max(box.left, r.left), top: Math.max(box.top, r.top),
             right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom)};
    }
  }
  return box.right - box.left > 1 && box.bottom - box.top > 1 ? box : null;
};
const out = [];
const svgTexts = document.querySelectorAll("main svg text");
for (const t of svgTexts) {
  if (!t.textContent.trim() || t.closest("title, desc, defs")) continue;
  const style = getComputedStyle(t);
  if (style.display === "none" || style.visibility === "hidden") continue;
  const rect = t.getBoundingClientRect();
  if (!rect.width || !rect.height) continue;
  const box = clipped(t, rect);
  if (!box) continue;
  const scale = t.getScreenCTM() ? Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b) : 1;
  out.push({text: t.textContent.trim().slice(0, 30), size: parseFloat(style.fontSize) * scale,
            box, svg: true});
}
const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const parent = node.parentElement;
  if (!node.textContent.trim() || !parent || parent.closest("svg, script, style")) continue;
  const style = getComputedStyle(parent);
  if (style.display === "none" || style.visibility === "hidden") continue;
  const range = document.createRange();
  range.selectNodeContents(node);
  for (const rect of range.getClientRects()) {
    if (!rect.width || !rect.height) continue;
    const box = clipped(parent, rect);
    if (!box) continue;
    out.push({text: node.textContent.trim().slice(0, 30), size: parseFloat(style.fontSize), box,
              svg: false});
  }
}
return out;
"""


def _overlaps(labels: list[dict[str, Any]]) -> list[tuple[str, str]]:
    found = []
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            x = min(a["box"]["right"], b["box"]["right"]) - max(a["box"]["left"], b["box"]["left"])
            y = min(a["box"]["bottom"], b["box"]["bottom"]) - max(a["box"]["top"], b["box"]["top"])
            if x > 1.5 and y > 1.5:
                found.append((a["text"], b["text"]))
    return found


@pytest.mark.parametrize(("width", "height", "seat"), [(1280, 720, ""), (390, 844, "Cruiser")])
def test_no_label_is_small_or_overlaps(
    browser: Any, studio: tuple[str, Path], width: int, height: int, seat: str
) -> None:
    address, _ = studio
    table = _open_by_request(address, captains={"red": "sensible"})
    page = TablePage(browser)
    browser.set_window_size(width, height)
    try:
        url = f"{address}/table/{table}" + (f"?seat={seat}" if seat else "")
        browser.get(url)
        page.wait(lambda: page.version() > 0)
        for _ in range(3):  # a few questions in: a story, a track with ships apart
            page.after(lambda: page.press(".option.suggested"))
        labels = browser.execute_script(LABELS)
        assert len(labels) > 30
        small = [
            (label["text"], round(label["size"], 1)) for label in labels if label["size"] < 11.95
        ]
        assert small == []
        assert _overlaps(labels) == []
        # the track reads left to right in the order of flight, as the list beside it does
        tokens = browser.execute_script(
            "return [...document.querySelectorAll('#track g.ship-token:not(.gave-up)')]"
            ".sort((a, b) => a.getBoundingClientRect().x - b.getBoundingClientRect().x)"
            ".map(g => g.dataset.ship)"
        )
        order = browser.execute_script(
            "return [...document.querySelectorAll('#order li:not(.out)')]"
            ".map(li => li.dataset.ship)"
        )
        assert tokens == list(reversed(order))
    finally:
        browser.set_window_size(1280, 900)


def test_a_saved_flight_replays_card_by_card_back_and_forward(
    browser: Any, studio: tuple[str, Path]
) -> None:
    from urllib.request import urlopen

    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    address, folder = studio
    table = _open_by_request(address, captains={"cruiser": "sensible", "red": "sensible"})
    with urlopen(f"{address}/table/{table}/view") as answer:
        save = json.load(answer)["save"]
    with urlopen(f"{address}/table/replay?file={save}&format=json") as answer:
        launch = json.load(answer)
    titles, steps = launch["titles"], launch["steps"]
    assert launch["finished"] is True and steps >= 4
    page = TablePage(browser)

    def step() -> int:
        return int(page.find("#replay").get_attribute("data-step") or -1)

    def shown(number: int) -> None:
        page.wait(lambda: step() == number)
        assert browser.current_url.endswith(f"#step={number}") or number == 0
        assert page.text("#replay-link") and page.find("#replay-link").get_attribute(
            "href"
        ).endswith(f"#step={number}")
        assert page.find("#replay-step").get_attribute("value") == str(number)
        card = page.text("#card") or ""
        if 0 < number < steps - 1:
            assert titles[number].split(": ", 1)[1] in card
            assert (page.text("#story li") or "").startswith(f"card {number}:")

    # a link to a step opens at that step
    browser.get(f"{address}/table/replay?file={save}#step=2")
    shown(2)
    page.press("#replay-forward")
    shown(3)
    page.press("#replay-back")
    shown(2)
    page.press("#replay-back")
    shown(1)
    page.find("body").send_keys(Keys.ARROW_LEFT)
    shown(0)
    assert page.find("#replay-back").get_attribute("disabled") is not None
    assert page.text("#story li") == launch["story"][0]
    page.find("body").send_keys(Keys.ARROW_RIGHT)
    shown(1)
    Select(page.find("#replay-step")).select_by_value(str(steps - 1))
    shown(steps - 1)
    assert page.find("#replay-forward").get_attribute("disabled") is not None
    assert len(page.finds("#settlement table")) == 1
    # every ship drawn at every step, one of them large
    assert len(page.finds(".ship-card")) == 2 and len(page.finds(".ship-card.large")) == 1
    # the table's setup page opens the replay of a log of the folder
    browser.get(f"{address}/table")
    Select(page.find("#resume-table select[name=file]")).select_by_value(save)
    page.press("#replay-open")
    page.wait(lambda: "/table/replay" in browser.current_url and page.finds("#replay"))
    shown(0)
    assert folder.joinpath(save).is_file()
