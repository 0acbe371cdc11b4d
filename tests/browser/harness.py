"""What the browser tests share: a headless chromium driven through the system's chromedriver,
and ``trucker studio`` served on a free port."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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


@contextlib.contextmanager
def chromium(
    tmp_path_factory: pytest.TempPathFactory, size: tuple[int, int] | None = None
) -> Iterator[Any]:
    """A headless chromium in its own profile (``size`` its window, else the flags' 1280x900);
    the test is skipped where no chromium is installed."""
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
    if size is not None:
        driver.set_window_size(*size)
    try:
        yield driver
    finally:
        driver.quit()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def studio_serving(folder: Path, *, knocks: int = 200) -> Iterator[str]:
    """``trucker studio FOLDER`` on a free port, its address once it answers (up to ``knocks``
    tries 50 ms apart); stopped by Ctrl-C as a person stops it."""
    port = free_port()
    command = [sys.executable, "-m", "trucker", "studio", str(folder), "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        for _ in range(knocks):
            with socket.socket() as knock:
                if knock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
