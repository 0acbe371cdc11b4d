"""The teaching pages in a real browser (an intruder walk, a flight): the system's chromium,
driven by selenium through the system's chromedriver (explicit paths: nothing is downloaded at
run time).

The page is opened from a file, stepped through with the keyboard, and checked: the highlighted
step, the narration, the step list and the hidden future steps follow the keys, and a
screenshot is not blank. Skipped, with the reason printed, only where no chromium is installed
(`.ci/run` installs the Debian packages chromium and chromium-driver).
"""

from __future__ import annotations

import shutil
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.invoke import run_subprocess
from tests.conftest import SCENARIOS

BROWSERS = ("/usr/bin/chromium", "chromium", "chromium-browser")
DRIVERS = ("/usr/bin/chromedriver", "chromedriver")
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,900",
)


def _find(candidates: tuple[str, ...]) -> str | None:
    for name in candidates:
        found = name if Path(name).is_file() else shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    binary = _find(BROWSERS)
    if binary is None:
        pytest.skip("no chromium binary found (/usr/bin/chromium, or chromium on PATH)")
    driver_path = _find(DRIVERS)
    assert driver_path is not None, "chromium is installed but chromedriver is not"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The commando walkthrough's page, written by ``trucker intruder ... --html``."""
    target = tmp_path_factory.mktemp("page") / "commando.html"
    run = run_subprocess(
        "intruder",
        str(SCENARIOS / "intruders" / "commando.toml"),
        "--card",
        str(SCENARIOS / "intruders" / "commando-card.toml"),
        "--roll",
        "7",
        "--html",
        str(target),
    )
    assert run.code == 0, run.stderr
    return target


def png_pixels(data: bytes) -> set[bytes]:
    """The distinct pixel values of an 8-bit RGB or RGBA PNG (what chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    channels = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, _height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    pixels: set[bytes] = set()
    for start in range(0, len(raw), stride + 1):
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + best) & 0xFF
        pixels.update(bytes(line[i : i + channels]) for i in range(0, stride, channels))
        previous = line
    return pixels


def test_png_pixels_reads_a_tiny_image() -> None:
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body)
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    rows = b"\x00" + bytes([255, 0, 0, 0, 0, 255]) + b"\x02" + bytes([0, 255, 0, 0, 0, 0])
    image = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )
    assert png_pixels(image) == {bytes([255, 0, 0]), bytes([0, 0, 255]), bytes([255, 255, 0])}


def test_the_walk_plays_from_the_keyboard(browser, page: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = browser
    driver.get(page.as_uri())
    body = driver.find_element(By.TAG_NAME, "body")

    def title() -> str:
        return driver.find_element(By.ID, "frame-title").text

    def narration() -> str:
        return driver.find_element(By.ID, "frame-lines").text

    def current() -> list[str]:
        return [e.get_attribute("id") for e in driver.find_elements(By.CSS_SELECTOR, ".current")]

    def listed() -> str:
        return driver.find_element(By.CSS_SELECTOR, '#frame-list [aria-current="step"]').text

    assert driver.find_element(By.ID, "player").is_displayed()
    assert title() == "The landing" and current() == ["line"]
    assert "lands on the cannon on 3,7" in narration()
    assert not driver.find_element(By.ID, "step-left-1").is_displayed()

    body.send_keys(Keys.ARROW_RIGHT)
    assert title() == "Step 1 of 12 (left-hand)"
    assert current() == ["step-left-1"]
    assert narration().startswith("step 1 (left-hand): lands on the cannon on 3,7")
    assert listed() == "Step 1 of 12 (left-hand)"

    for _ in range(5):
        body.send_keys(Keys.ARROW_RIGHT)
    assert title().startswith("Step 6 ") and current() == ["step-left-6"]
    assert "it places a fuse on 5,6 at step 6" in narration()
    assert driver.find_element(By.ID, "step-left-5").is_displayed()
    assert not driver.find_element(By.ID, "step-left-7").is_displayed()

    body.send_keys(Keys.ARROW_LEFT)
    assert title().startswith("Step 5 ") and current() == ["step-left-5"]
    assert not driver.find_element(By.ID, "step-left-6").is_displayed()

    body.send_keys(Keys.END)
    assert title() == "The outcome" and current() == []
    assert "the fuses explode" in narration()
    body.send_keys(Keys.HOME)
    assert title() == "The landing"

    play = driver.find_element(By.ID, "play")
    body.send_keys(Keys.SPACE)
    assert play.get_attribute("aria-pressed") == "true"
    body.send_keys(Keys.SPACE)
    assert play.get_attribute("aria-pressed") == "false"

    driver.find_element(By.ID, "forward").click()
    assert title().startswith("Step 1 ")
    assert driver.find_element(By.ID, "narration").get_attribute("aria-live") == "polite"

    pixels = png_pixels(driver.get_screenshot_as_png())
    assert len(pixels) > 16, "the screenshot is blank"


def test_the_flight_page_steps_card_by_card(browser, tmp_path: Path) -> None:
    """The flight page: two ships side by side on each card, the table at the end."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    target = tmp_path / "flight.html"
    ships = [
        str(SCENARIOS / "ships" / f) for f in ("class-iii-cruiser.toml", "class-i-starter.toml")
    ]
    deck = str(SCENARIOS / "decks" / "round-1.toml")
    dice = "1,4,4,4,4,6,3,4,5,6" + ",1" * 20  # the large meteor takes the Cruiser's 6,5
    run = run_subprocess("fly", *ships, "--deck", deck, "--dice", dice, "-q", "--html", str(target))
    assert run.code == 0, run.stderr
    driver = browser
    driver.get(target.as_uri())
    body = driver.find_element(By.TAG_NAME, "body")

    def title() -> str:
        return driver.find_element(By.ID, "frame-title").text

    def pictures() -> list[str]:
        found = driver.find_elements(By.CSS_SELECTOR, "#picture svg > title")
        return [e.get_attribute("textContent") for e in found]

    assert title() == "Launch"
    assert pictures() == ["Cruiser: 24 tiles", "Little Yellow: 10 tiles"]
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    assert title() == "Card 2: I-meteor-swarm-1"
    assert pictures()[0] == "Cruiser: 23 tiles"
    assert driver.find_element(By.CSS_SELECTOR, '#picture [data-square="6,5"]').is_displayed()
    assert "loses the battery on 6,5" in driver.find_element(By.ID, "frame-lines").text
    body.send_keys(Keys.END)
    assert title() == "The end of the flight (RULES §9)"
    assert pictures() == ["The end of the flight (RULES §9): credits"]
    body.send_keys(Keys.ARROW_LEFT)
    assert title() == "Card 8: I-abandoned-station-1" and len(pictures()) == 2
