"""Labels in a real browser (issue 14): on every bundled ship with its violations and on every
frame of every intruder case, no two label boxes overlap and none lies over a tile's icon or
part label, as chromium lays them out (``getBoundingClientRect``)."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from tests.browser.test_teaching_page import browser  # noqa: F401  (the shared fixture)
from tests.conftest import SCENARIOS
from trucker.cli.captains import CommandLineCaptain
from trucker.core.geometry import Direction
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.render.pictures import ship_svg, walk_frames
from trucker.rules.validate import validate
from trucker.sim.intruders import intrude
from trucker.sim.state import ShipState
from trucker.sim.table import Table

pytestmark = pytest.mark.slow

INTRUDERS = SCENARIOS / "intruders"


def _ships() -> list[tuple[str, str]]:
    out = []
    for path in sorted((SCENARIOS / "ships").glob("*.toml")):
        if path.name == "expected.toml":
            continue
        built = load_ship(path)
        out.append((path.name, ship_svg(built, validate(built))))
    return out


def _walks() -> list[tuple[str, str]]:
    cases = tomllib.loads((INTRUDERS / "cases.toml").read_text(encoding="utf-8"))["case"]
    out = []
    for case in cases:
        built = load_ship(INTRUDERS / case["ship"])
        card = load_deck(INTRUDERS / case["card"]).cards[0]
        if case.get("double"):
            card = dataclasses.replace(card, double=True, hand=None)
        shift = Direction.parse(case["shift"]) if "shift" in case else None
        log: list = []
        table = Table(policies=CommandLineCaptain(shift=shift), log=log)
        result = intrude(table, ShipState.from_ship(built), card, case["roll"])
        for name, svg in walk_frames(built, result, log):
            out.append((f"{case['name']} {name}", svg))
    return out


def _leaks() -> list[tuple[str, str]]:
    from trucker.render.pictures.leak import radiation_svg
    from trucker.sim import encounters

    out = []
    for path in sorted((SCENARIOS / "radiation").glob("network-*.toml")):
        found = encounters.radiation(load_ship(path))
        plan = found.result.plan
        out.append((path.name, radiation_svg(found.before, found.after, plan, found.lost_here, "")))
    return out


_CHECK = """
const found = [];
for (const figure of document.querySelectorAll("figure")) {
  const name = figure.getAttribute("data-name");
  const rect = (e) => e.getBoundingClientRect();
  const boxes = Array.from(figure.querySelectorAll(".label-box"), rect);
  const keep = Array.from(figure.querySelectorAll(".icon, .part-label"), rect)
    .filter((r) => r.width > 0 && r.height > 0);
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (over(boxes[i], boxes[j])) found.push(name + ": two labels overlap");
    }
    for (const k of keep) if (over(boxes[i], k)) found.push(name + ": a label covers a tile");
  }
}
return [document.querySelectorAll(".label-box").length, found];
"""


@pytest.mark.parametrize("which", ["ships", "walks", "leaks"])
def test_no_two_label_boxes_overlap(browser, which: str, tmp_path: Path) -> None:  # noqa: F811
    pictures = {"ships": _ships, "walks": _walks, "leaks": _leaks}[which]()
    figures = "".join(
        f'<figure data-name="{name}" style="width:900px">{svg}</figure>' for name, svg in pictures
    )
    page = tmp_path / "labels.html"
    page.write_text(f"<!DOCTYPE html><html><body>{figures}</body></html>", encoding="utf-8")
    browser.get(page.as_uri())
    count, problems = browser.execute_script(_CHECK)
    assert count > (2 if which == "leaks" else 20), "the pictures carry labels to check"
    assert problems == [], problems[:10]
