"""Who may ask the studio, and how much (trucker/web/guard.py): on loopback only this machine's
own names; beyond it, the token; never another site's page changing anything; bodies bounded."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from trucker.web.app import create_app
from trucker.web.studio import Settings

TOKEN = "t0k3n-long-enough-to-guess-never"


def test_loopback_answers_its_own_names_only(folder: Path) -> None:
    app = create_app(Settings(folder))
    for base in ("http://127.0.0.1:8765", "http://localhost:8765", "http://[::1]:8765"):
        assert TestClient(app, base_url=base).get("/files?format=json").status_code == 200
    stranger = TestClient(app, base_url="http://attacker.example:8765").get("/")
    assert stranger.status_code == 403
    assert stranger.json()["error"].startswith("this studio answers at 127.0.0.1 only")


def test_beyond_loopback_the_token_is_needed(folder: Path) -> None:
    app = create_app(Settings(folder, host="0.0.0.0", token=TOKEN))
    client = TestClient(app, base_url="http://192.168.1.20:8765")
    missing = client.get("/")
    assert missing.status_code == 403
    assert missing.json()["error"].startswith("a token is needed: open the address")
    assert client.get("/?token=wrong").status_code == 403
    assert client.post("/shipyard/answer", json={}).status_code == 403
    first = client.get(f"/?token={TOKEN}")
    assert first.status_code == 200
    assert "trucker_token" in first.headers["set-cookie"]
    assert (
        "HttpOnly" in first.headers["set-cookie"]
        and "SameSite=Strict" in first.headers["set-cookie"]
    )
    # the cookie now goes with every request of this browser
    assert client.get("/files?format=json").status_code == 200
    other = TestClient(app, base_url="http://192.168.1.20:8765")
    assert other.get("/files", headers={"x-trucker-token": TOKEN}).status_code == 200


def test_another_sites_page_changes_nothing(client: TestClient) -> None:
    answer = client.post(
        "/files/save",
        json={"path": "x.toml", "ship": {}, "version": None},
        headers={"origin": "http://evil.example"},
    )
    assert answer.status_code == 403
    assert answer.json()["error"] == "a page of http://evil.example may not change anything here"
    same = client.post(
        "/shipyard/share", json={"ship": 1}, headers={"origin": "http://127.0.0.1:8765"}
    )
    assert same.status_code == 400  # through the guard, to the route


def test_a_declared_length_over_the_bound_is_refused_before_reading(client: TestClient) -> None:
    answer = client.post(
        "/shipyard/answer", content=b"{}", headers={"content-length": str(10 << 20)}
    )
    assert answer.status_code == 413
