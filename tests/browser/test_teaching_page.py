"""The teaching pages in a real browser (an intruder walk, a flight): the system's chromium,
driven by selenium through the system's chromedriver (explicit paths: nothing is downloaded at
run time).

The page is opened from a file, stepped through with the keyboard, and checked: the highlighted
step, the narration, the step list and the hidden future steps follow the keys, and a
screenshot is not blank. Skipped, with the reason printed, only where no chromium is installed
(`.ci/run` installs the Debian packages chromium and chromium-driver).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.harness import chromium
from tests.cli.invoke import run_subprocess
from tests.conftest import SCENARIOS

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    with chromium(tmp_path_factory) as driver:
        yield driver


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

    def token() -> str:
        return driver.find_element(By.CSS_SELECTOR, "#picture #token-left").get_attribute(
            "data-square"
        )

    def routes() -> list[str]:
        found = driver.find_elements(By.CSS_SELECTOR, "#picture .route")
        return [e.get_attribute("data-step") for e in found if e.is_displayed()]

    assert driver.find_element(By.ID, "player").is_displayed()
    assert title() == "The landing" and current() == ["line"]
    assert "lands on the cannon on 3,7" in narration()
    assert routes() == [] and not driver.find_elements(By.CSS_SELECTOR, "#picture #token-left")

    body.send_keys(Keys.ARROW_RIGHT)
    assert title() == "Step 1 of 12 (left-hand)"
    assert current() == ["token-left"] and token() == "3,7"
    assert narration().startswith("step 1 (left-hand): lands on the cannon on 3,7")
    assert listed() == "Step 1 of 12 (left-hand)"

    for _ in range(5):
        body.send_keys(Keys.ARROW_RIGHT)
    assert title().startswith("Step 6 ") and current() == ["token-left"]
    assert "it places a fuse on 5,6 at step 6" in narration()
    assert routes() == ["1", "2", "3", "4", "5", "6"] and token() == "5,6"
    assert driver.find_elements(By.CSS_SELECTOR, '#picture .fuse-mark[data-square="5,6"]')

    body.send_keys(Keys.ARROW_LEFT)
    assert title().startswith("Step 5 ") and routes() == ["1", "2", "3", "4", "5"]
    assert not driver.find_elements(By.CSS_SELECTOR, "#picture .fuse-mark")

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
        found = driver.find_elements(By.CSS_SELECTOR, "#picture .ship-card svg > title")
        return [e.get_attribute("textContent") for e in found]

    def settlement() -> list[str]:
        found = driver.find_elements(By.CSS_SELECTOR, "#picture table.settlement caption")
        return [e.text for e in found if e.is_displayed()]

    assert title() == "Launch"
    assert pictures() == ["Cruiser: 24 tiles", "Little Yellow: 10 tiles"]
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    assert title() == "Card 2: I-meteor-swarm-1"
    assert pictures()[0] == "Cruiser: 3 threats, 1 tile lost"
    assert driver.find_element(By.CSS_SELECTOR, '#picture [data-square="6,5"]').is_displayed()
    assert "loses the battery on 6,5" in driver.find_element(By.ID, "frame-lines").text
    body.send_keys(Keys.END)
    assert title() == "The end of the flight (RULES §9)"
    assert settlement() == ["The end of the flight (RULES §9): credits"]
    body.send_keys(Keys.ARROW_LEFT)
    assert title() == "Card 8: I-abandoned-station-1" and len(pictures()) == 2


def test_on_a_phone_the_flight_page_never_scrolls_sideways(browser, tmp_path: Path) -> None:
    """At 390×844 the two ships are drawn one under the other, each as wide as the page, and
    the scoreboard scrolls in its own box: the page itself is no wider than the phone (the
    ships side by side were thumbnails, and the scoreboard and buttons ran off the screen)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    target = tmp_path / "flight.html"
    ships = [
        str(SCENARIOS / "ships" / f) for f in ("class-iii-cruiser.toml", "class-i-starter.toml")
    ]
    run = run_subprocess(
        "fly", *ships, "--deck", "random:III", "--seed", "6", "-q", "--html", str(target)
    )
    assert run.code == 0, run.stderr
    driver = browser
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
    )
    try:
        driver.get(target.as_uri())
        body = driver.find_element(By.TAG_NAME, "body")
        for _ in range(8):
            body.send_keys(Keys.ARROW_RIGHT)
        found = driver.execute_script(
            """
            const cards = Array.from(document.querySelectorAll("#picture .ship-card"),
              (e) => e.getBoundingClientRect());
            const controls = document.querySelector(".controls").getBoundingClientRect();
            return {page: document.documentElement.scrollWidth, cards: cards.map(
              (r) => [r.left, r.right, r.top, r.bottom]), controls: controls.right};
            """
        )
        assert found["page"] <= 390, found
        (first, second) = found["cards"]
        assert second[2] >= first[3], "the second ship is drawn under the first"
        assert all(card[1] - card[0] > 300 for card in (first, second)), found
        assert found["controls"] <= 390, found
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# -- the walk as it happens (issue 14) ---------------------------------------------------------


@pytest.fixture(scope="module")
def predator_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The predator's roll-9 walk: it eats 3 battery tokens at step 2, 2 humans at step 3."""
    target = tmp_path_factory.mktemp("predator") / "walk.html"
    run = run_subprocess(
        "intruder",
        str(SCENARIOS / "intruders" / "yellow-predator.toml"),
        "--card",
        str(SCENARIOS / "intruders" / "small-predator.toml"),
        "--roll",
        "9",
        "--html",
        str(target),
    )
    assert run.code == 0, run.stderr
    return target


def _viewport(driver, width: int, height: int) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )


def test_a_frame_after_an_eating_step_has_fewer_crew_drawn(browser, predator_page: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = browser
    driver.get(predator_page.as_uri())
    body = driver.find_element(By.TAG_NAME, "body")

    def drawn(selector: str) -> int:
        found = driver.find_elements(By.CSS_SELECTOR, f"#picture {selector}")
        return sum(1 for e in found if e.is_displayed())

    counts = []
    for _ in range(6):
        counts.append((drawn(".human"), drawn(".token")))
        body.send_keys(Keys.ARROW_RIGHT)
    humans = [h for h, _ in counts]
    tokens = [t for _, t in counts]
    assert humans[3] == humans[2] - 2, humans  # step 3 ate the two humans on 9,8
    assert tokens[2] == tokens[1] - 3, tokens  # step 2 ate the battery's three tokens
    assert humans[:3] == [humans[0]] * 3 and humans[3:] == [humans[3]] * 3


def test_the_landing_frame_does_not_name_the_outcome(browser, predator_page: Path) -> None:
    from selenium.webdriver.common.by import By

    driver = browser
    driver.get(predator_page.as_uri())
    shown = " ".join(
        driver.find_element(By.ID, name).get_attribute("textContent")
        for name in ("picture", "narration")
    )
    assert "lands on the engine on 9,6" in shown
    for told in ("escape", "leaves the ship", "eats", "ate ", "astronaut", "outcome", "reward:"):
        assert told not in shown, told


def test_labels_are_at_least_16_px_at_1920_by_1080(browser, predator_page: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = browser
    _viewport(driver, 1920, 1080)
    try:
        driver.get(predator_page.as_uri())
        body = driver.find_element(By.TAG_NAME, "body")
        smallest = []
        for _ in range(6):
            smallest.append(
                driver.execute_script(
                    """
                    const texts = document.querySelectorAll(
                      "#picture .part-label, #picture .label-text");
                    let least = Infinity;
                    for (const t of texts) {
                      const size = parseFloat(getComputedStyle(t).fontSize);
                      least = Math.min(least, size * t.getScreenCTM().a);
                    }
                    return least;
                    """
                )
            )
            body.send_keys(Keys.ARROW_RIGHT)
        assert min(smallest) >= 16, smallest
        box = driver.execute_script(
            "const r = document.querySelector('#picture svg').getBoundingClientRect();"
            "return [r.bottom, r.right, document.documentElement.scrollHeight > 1080];"
        )
        assert box[0] <= 1080 and box[1] <= 1920, box  # the picture fits the screen
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_printing_the_walk_gives_one_picture_per_step(browser, predator_page: Path) -> None:
    from selenium.webdriver.common.by import By

    driver = browser
    driver.get(predator_page.as_uri())
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        frames = driver.find_elements(By.CSS_SELECTOR, "#handout .handout-frame")
        assert [f.is_displayed() for f in frames] == [True] * 6  # landing, 4 steps, outcome
        for frame in frames:
            assert len(frame.find_elements(By.TAG_NAME, "svg")) == 1
            assert frame.find_elements(By.TAG_NAME, "li")  # the narration, expanded
        assert not driver.find_element(By.CSS_SELECTOR, ".player").is_displayed()
        ids = driver.execute_script(
            "return Array.from(document.querySelectorAll('[id]'), (e) => e.id);"
        )
        assert len(ids) == len(set(ids)), "two elements share an id"
        titles = [f.find_element(By.TAG_NAME, "h2").text for f in frames]
        assert titles[0] == "1. The landing" and titles[-1] == "6. The outcome"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_flight_page_draws_every_meteor_shot_and_intruder(browser, tmp_path: Path) -> None:
    """A level III flight with meteor swarms, fire and intruders: each card that aimed a
    threat or an intruder at a ship shows that ship with the line drawn on it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    target = tmp_path / "flight.html"
    ships = [
        str(SCENARIOS / "ships" / f) for f in ("class-iii-cruiser.toml", "class-i-starter.toml")
    ]
    run = run_subprocess(
        "fly", *ships, "--deck", "random:III", "--seed", "6", "-q", "--html", str(target)
    )
    assert run.code == 0, run.stderr
    driver = browser
    driver.get(target.as_uri())
    body = driver.find_element(By.TAG_NAME, "body")
    count = len(driver.find_elements(By.CSS_SELECTOR, "#frame-list button"))
    aimed = 0
    for _ in range(count):
        told = driver.find_element(By.ID, "frame-lines").text
        lines = driver.find_elements(By.CSS_SELECTOR, "#picture .threat-line")
        if " along " in told:  # a meteor, a shot or an intruder's line, as narrated
            aimed += 1
            assert lines, driver.find_element(By.ID, "frame-title").text
        body.send_keys(Keys.ARROW_RIGHT)
    assert aimed >= 5


# -- the flight page for players ---------------------------------------------------------------


@pytest.fixture(scope="module")
def five_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Five Class IV ships through a random level IV deck (seed 3): two give up on the way."""
    target = tmp_path_factory.mktemp("five") / "five.html"
    ships = ["class-iv-liner.toml", "class-iv-leviathan.toml"] * 2 + ["class-iv-liner.toml"]
    run = run_subprocess(
        "fly",
        *(str(SCENARIOS / "ships" / s) for s in ships),
        "--deck",
        "random:IV",
        "--seed",
        "3",
        "-q",
        "--html",
        str(target),
    )
    assert run.code == 0, run.stderr
    return target


def test_five_ships_a_track_a_scoreboard_and_thumbnails_that_expand(browser, five_page) -> None:
    """At 1920×1080 every frame shows the track with a token per flying ship, one scoreboard
    row per ship, one ship large and four thumbnails, all inside the screen; a thumbnail
    clicked is drawn large from then on; the end is an HTML table."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = browser
    _viewport(driver, 1920, 1080)
    try:
        driver.get(five_page.as_uri())
        body = driver.find_element(By.TAG_NAME, "body")
        count = len(driver.find_elements(By.CSS_SELECTOR, "#frame-list button"))
        panel = driver.execute_script(
            "const p = document.querySelector('.panel'); return [p.scrollWidth, p.clientWidth];"
        )
        assert panel[0] <= panel[1], "the controls fit their panel (nothing cut off)"
        gave_up_seen = False
        for _ in range(count - 1):
            found = driver.execute_script(
                """
                const q = (s) => document.querySelectorAll(
                  s.split(", ").map((one) => "#picture " + one).join(", "));
                const inside = Array.from(q(".flight > .board, .fleet > .ship-card"), (e) => {
                  const r = e.getBoundingClientRect();
                  return r.width > 40 && r.height > 40 && r.bottom <= 1080 && r.right <= 1920;
                });
                const big = document.querySelector("#picture .ship-card.big");
                return {tokens: q(".track .ship-token").length,
                  rows: q(".scoreboard tbody tr").length,
                  big: q(".ship-card.big").length, thumbs: q(".ship-card:not(.big)").length,
                  inside: inside, gaveUp: q(".scoreboard td.gave-up").length,
                  bigger: big && big.getBoundingClientRect().width
                    > 3 * q(".ship-card:not(.big)")[0].getBoundingClientRect().width};
                """
            )
            assert found["rows"] == 5 and found["tokens"] == 5, found
            assert found["big"] == 1 and found["thumbs"] == 4 and found["bigger"], found
            assert all(found["inside"]) and len(found["inside"]) == 6, found
            gave_up_seen = gave_up_seen or found["gaveUp"] > 0
            body.send_keys(Keys.ARROW_RIGHT)
        assert gave_up_seen, "a ship that gave up says why in the scoreboard"
        rows = driver.find_elements(By.CSS_SELECTOR, "#picture table.settlement tbody tr")
        assert len(rows) == 5

        body.send_keys(Keys.HOME)
        thumb = driver.find_element(By.CSS_SELECTOR, '#picture .ship-card[data-card="3"]')
        assert "big" not in thumb.get_attribute("class")
        thumb.click()
        big = driver.find_element(By.CSS_SELECTOR, "#picture .ship-card.big")
        assert big.get_attribute("data-card") == "3" and big.get_attribute("aria-pressed") == "true"
        body.send_keys(Keys.ARROW_RIGHT)
        big = driver.find_element(By.CSS_SELECTOR, "#picture .ship-card.big")
        assert big.get_attribute("data-card") == "3", "the chosen ship stays large"
        big.click()
        big = driver.find_element(By.CSS_SELECTOR, "#picture .ship-card.big")
        assert big.get_attribute("data-card") == "1"  # card 1's own choice: the ship it hit
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_printing_a_flight_gives_every_card_with_its_track_and_scoreboard(
    browser, five_page
) -> None:
    """Printed on A4 (794 px wide), every frame of the five-ship flight is one box: its track,
    its scoreboard and its five pictures inside it, nothing wider than the page."""
    from selenium.webdriver.common.by import By

    driver = browser
    _viewport(driver, 794, 1123)
    driver.get(five_page.as_uri())
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        count = len(driver.find_elements(By.CSS_SELECTOR, "#frame-list button"))
        found = driver.execute_script(
            """
            const out = [];
            for (const frame of document.querySelectorAll("#handout .handout-frame")) {
              const box = frame.getBoundingClientRect();
              const parts = frame.querySelectorAll("svg.track, table, .ship-card");
              const wide = Array.from(parts).filter(
                (e) => e.getBoundingClientRect().right > box.right + 1);
              out.push([frame.querySelectorAll(".ship-card").length,
                frame.querySelectorAll("table").length, wide.length, box.right <= 794]);
            }
            return out;
            """
        )
        assert len(found) == count
        assert all(f[2] == 0 and f[3] for f in found), found
        assert [f[0] for f in found[:-1]] == [5] * (count - 1)  # every card: the five ships
        assert all(f[1] >= 1 for f in found)  # a scoreboard, or the settlement at the end
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
