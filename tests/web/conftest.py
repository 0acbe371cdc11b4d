"""A studio over a folder of its own, driven through Starlette's test client (no server)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.conftest import SCENARIOS
from trucker.web.app import create_app
from trucker.web.studio import Settings

SHIPS = ("class-iii-cruiser.toml", "broken-hauler.toml", "class-i-starter.toml")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with three of the bundled ships, one in a subfolder."""
    root = tmp_path / "yard"
    (root / "old").mkdir(parents=True)
    for name in SHIPS[:2]:
        shutil.copy(SCENARIOS / "ships" / name, root / name)
    shutil.copy(SCENARIOS / "ships" / SHIPS[2], root / "old" / SHIPS[2])
    return root


@pytest.fixture
def client(folder: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(folder)), base_url="http://127.0.0.1:8765") as test:
        yield test


def json_of(client: TestClient, url: str) -> Any:
    answer = client.get(url, headers={"accept": "application/json"})
    assert answer.status_code == 200, answer.text
    return answer.json()
