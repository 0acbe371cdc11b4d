"""Screenshots of the teaching pages at 1920×1080, as a projector shows them, into
docs/screenshots/ (PNG), and one through a deuteranopia and one through a protanopia filter;
and of the shipyard (`trucker studio`, served from a temporary folder) at 1280×720, 1920×1080
and a phone's 390×844.

    python docs/screenshots.py               # needs chromium and chromedriver
    python docs/generate.py                  # runs this too, where chromium is installed

Screenshots need a browser, and the docs test (tests/docs/test_docs_current.py) must pass where
none is installed, so the PNGs are committed: docs/generate.py remakes them when it rewrites
docs/ and chromium is found (``available()``), and says so when it is not. The pages are
written by `trucker` from scenarios/ into a temporary folder, opened from there, stepped with
the keyboard and photographed.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
INTRUDERS = "scenarios/intruders/"
SHIPS = "scenarios/ships/"
YELLOW = [INTRUDERS + "yellow-predator.toml", "--card", INTRUDERS + "small-predator.toml"]
COMMANDO = [INTRUDERS + "commando.toml", "--card", INTRUDERS + "commando-card.toml"]
TWO = [SHIPS + "class-iii-cruiser.toml", SHIPS + "class-i-starter.toml"]
FIVE = [SHIPS + f"class-iv-{name}.toml" for name in ("liner", "leviathan") * 2 + ("liner",)]

# Colour-blindness simulation matrices (Machado, Oliveira and Fernandes 2009, severity 1.0),
# applied to the whole page by an SVG feColorMatrix filter.
_MATRICES = {
    "deuteranopia": "0.367 0.861 -0.228 0 0 0.280 0.673 0.047 0 0 -0.012 0.043 0.969 0 0 0 0 0 1 0",
    "protanopia": "0.152 1.053 -0.205 0 0 0.115 0.786 0.099 0 0 -0.004 -0.048 1.052 0 0 0 0 0 1 0",
}
_FILTER = """
const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
svg.setAttribute("width", "0"); svg.setAttribute("height", "0");
svg.innerHTML = '<filter id="cvd"><feColorMatrix type="matrix" values="%s"/></filter>';
document.body.appendChild(svg);
document.documentElement.style.filter = "url(#cvd)";
"""


def _trucker(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "trucker", *args], cwd=ROOT, check=True,
                   capture_output=True)  # fmt: skip


def _browser() -> tuple[str, str] | None:
    binary = shutil.which("chromium") or "/usr/bin/chromium"
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return (binary, driver) if Path(binary).is_file() and Path(driver).is_file() else None


def available() -> bool:
    """Whether this machine can take the screenshots (chromium, its driver and selenium)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return False
    return _browser() is not None


def _studio(driver: object, work: Path) -> None:
    """The shipyard, photographed while the Cruiser of the README is built: the first tile in
    hand on board III, a tile that does not fit and why, the finished Cruiser, and a phone."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    from trucker.core.geometry import Cell
    from trucker.formats.load import load_ship
    from trucker.formats.write import dumps_ship

    folder = work / "my-ships"
    folder.mkdir()
    cruiser = load_ship(ROOT / SHIPS / "class-iii-cruiser.toml")
    shutil.copy(ROOT / SHIPS / "class-iii-cruiser.toml", folder / "cruiser.toml")
    half = cruiser.without(c for c in cruiser.tiles if c.row >= 8 or c in (Cell(7, 10), Cell(4, 7)))
    (folder / "half-built.toml").write_text(dumps_ship(half), encoding="utf-8")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "trucker", "studio", str(folder), "--port", str(port)]
    server = subprocess.Popen([*command, "--no-browser"], cwd=ROOT, stdout=subprocess.DEVNULL)
    address = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            with socket.socket() as knock:
                if knock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)

        def settle() -> None:
            for _ in range(400):
                busy = driver.execute_script("return document.body.dataset.pending || '0'")
                if busy == "0":
                    break
                time.sleep(0.05)
            time.sleep(0.3)

        def show(url: str, width: int, height: int, mobile: bool = False) -> None:
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
            )
            driver.get(address + url)
            settle()

        def click(css: str) -> None:
            driver.execute_script("document.querySelector(arguments[0]).click()", css)
            settle()

        def shoot(name: str) -> None:
            driver.save_screenshot(str(OUT / f"{name}.png"))
            sys.stdout.write(f"docs/screenshots/{name}.png\n")

        show("/?board=III", 1280, 720)
        click('#palette [data-part="cabin"]')
        shoot("studio-first-tile")
        show("/?file=half-built.toml", 1280, 720)
        click('#palette [data-part="double-engine"]')
        spot = driver.find_element(By.CSS_SELECTOR, '#hand-layer rect[data-square="8,8"]')
        ActionChains(driver).move_to_element(spot).perform()
        time.sleep(0.3)
        shoot("studio-why-not")
        show("/?file=cruiser.toml", 1920, 1080)
        driver.find_element(By.CSS_SELECTOR, "#picture #tile-7-8").click()
        settle()
        shoot("studio-cruiser")
        show("/?file=cruiser.toml", 390, 844, mobile=True)
        click('#palette [data-part="shield"]')
        driver.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.3)
        shoot("studio-phone")
    finally:
        server.terminate()
        server.wait(timeout=20)


def main() -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    found = _browser()
    if found is None:
        raise SystemExit("screenshots need chromium and chromedriver")
    binary, driver_path = found
    work = Path(tempfile.mkdtemp())
    walk, commando = work / "walk.html", work / "commando.html"
    flight, five = work / "flight.html", work / "five.html"
    _trucker("intruder", *YELLOW, "--roll", "9", "--html", str(walk))
    _trucker("intruder", *COMMANDO, "--roll", "7", "--html", str(commando))
    _trucker("fly", *TWO, "--deck", "random:III", "--seed", "6", "-q", "--html", str(flight))
    _trucker("fly", *FIVE, "--deck", "random:IV", "--seed", "3", "-q", "--html", str(five))
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"):  # fmt: skip
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={work / 'profile'}")
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    OUT.mkdir(parents=True, exist_ok=True)
    shots = [
        ("walk-landing", walk, 0, None),
        ("walk-step-2", walk, 2, None),
        ("walk-step-3", walk, 3, None),
        ("walk-step-4", walk, 4, None),
        ("walk-outcome", walk, 5, None),
        ("commando-step-6", commando, 6, None),
        ("commando-outcome", commando, 13, None),
        ("flight-meteors", flight, 8, None),
        ("flight-five-intruder", five, 14, None),
        ("flight-five-settlement", five, 23, None),
        ("walk-step-3-deuteranopia", walk, 3, "deuteranopia"),
        ("walk-step-3-protanopia", walk, 3, "protanopia"),
    ]
    try:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False},
        )
        for name, page, frame, vision in shots:
            driver.get(page.as_uri())
            body = driver.find_element(By.TAG_NAME, "body")
            for _ in range(frame):
                body.send_keys(Keys.ARROW_RIGHT)
            if vision is not None:
                driver.execute_script(_FILTER % _MATRICES[vision])
            driver.save_screenshot(str(OUT / f"{name}.png"))
            sys.stdout.write(f"docs/screenshots/{name}.png\n")
        _studio(driver, work)
    finally:
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
