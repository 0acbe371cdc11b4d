"""Teaching pages (trucker/render/pages/): one self-contained file whose frames carry the
narration of each step, generic enough for pictures other than intruder walks."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from trucker.cli.captains import CommandLineCaptain
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.render.narrate import narrate
from trucker.render.pages.player import Frame, Show, compose, pack_pictures, page
from trucker.render.pages.walk import walk_narration, walk_page, walk_show
from trucker.sim.intruders import intrude
from trucker.sim.state import ShipState
from trucker.sim.table import Table

INTRUDERS = SCENARIOS / "intruders"


def commando() -> tuple[object, object, list, object]:
    built = load_ship(INTRUDERS / "commando.toml")
    card = load_deck(INTRUDERS / "commando-card.toml").cards[0]
    state = ShipState.from_ship(built)
    log: list = []
    result = intrude(Table(policies=CommandLineCaptain(), log=log), state, card, 7)
    return built, result, log, state.to_ship()


def page_data(text: str) -> dict:
    """The page's data, its pictures unpacked from the shared pool of lines."""
    found = re.search(r'<script type="application/json" id="show-data">(.*?)</script>', text, re.S)
    assert found is not None
    data = json.loads(found.group(1))
    pool = data.pop("pool")
    data["pictures"] = [
        "\n".join(pool[runs[k] + j] for k in range(0, len(runs), 2) for j in range(runs[k + 1]))
        for runs in data["pictures"]
    ]
    return data


def test_a_walk_show_has_the_landing_each_step_and_the_outcome() -> None:
    built, result, log, _ = commando()
    show = walk_show(built, result, log)
    assert show.frames[0].title == "The landing"
    assert show.frames[-1].title == "The outcome"
    assert len(show.frames) == 12 + 2
    for number, frame in enumerate(show.frames[1:-1], 1):
        assert frame.upto == number and frame.picture == number
        assert frame.focus == ("token-left",)
        assert frame.lines[0].startswith(f"step {number} (left-hand)")
    assert "it places a fuse on 5,6 at step 6" in show.frames[6].lines
    outcome = show.frames[-1]
    assert outcome.picture == len(show.pictures) - 1 == 13  # a picture per frame
    assert "exploded-mark" in show.pictures[-1]  # the lost tiles crossed out
    assert any("fuses explode" in line for line in outcome.lines)


def test_every_event_is_narrated_exactly_once() -> None:
    *_, log, _ = commando()
    before, steps, later = walk_narration(log)
    told = before + [line for n in sorted(steps) for line in steps[n]] + later
    assert sorted(told) == sorted(narrate(e).strip() for e in log)


def test_a_double_intruder_frame_names_both_walkers() -> None:
    built = load_ship(INTRUDERS / "commando.toml")
    card = load_deck(INTRUDERS / "commando-card.toml").cards[0]
    card = dataclasses.replace(card, double=True, hand=None)
    log: list = []
    result = intrude(Table(log=log), ShipState.from_ship(built), card, 7)
    show = walk_show(built, result, log)
    assert show.frames[3].focus == ("token-left", "token-right")
    assert any("(right-hand)" in line for line in show.frames[3].lines)


def test_the_page_is_self_contained_and_carries_its_frames() -> None:
    built, result, log, _ = commando()
    text = walk_page(built, result, log)
    assert text.startswith("<!DOCTYPE html>")
    for outside in ('src="http', "src='http", 'href="http', "<link", "@import", "url("):
        assert outside not in text
    data = page_data(text)
    assert len(data["frames"]) == 14 and len(data["pictures"]) == 14
    for frame in data["frames"]:
        picture = data["pictures"][frame["picture"]]
        ET.fromstring(picture)
        for element_id in frame["focus"]:
            assert f'id="{element_id}"' in picture
    assert 'aria-live="polite"' in text
    assert text.count("<button") >= 5 + len(data["frames"])


def test_the_first_frame_reads_without_javascript() -> None:
    built, result, log, _ = commando()
    text = walk_page(built, result, log)
    assert '<h2 id="frame-title">The landing</h2>' in text
    assert "<svg" in text.split('<div id="picture">', 1)[1][:200]
    transcript = text.split('<details class="transcript">', 1)[1]
    assert "step 12 (left-hand)" in transcript


def test_a_generic_show_for_other_pictures() -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>card 1</title></svg>'
    show = Show(
        "A flight",
        (svg, svg),
        (Frame("Card 1", ("open space",), 0), Frame("Card 2", ("meteors </script>",), 1)),
    )
    text = page(show)
    assert text.count("</script>") == 2  # a line cannot close the data early
    assert page_data(text)["frames"][1]["lines"] == ["meteors </script>"]


def test_a_frame_must_name_a_picture_that_exists() -> None:
    with pytest.raises(ValueError, match="picture 2"):
        Show("x", ("<svg/>",), (Frame("one", (), 2),))
    with pytest.raises(ValueError, match="at least one frame"):
        Show("x", ("<svg/>",), ())


_PAGE = """
import hashlib
from tests.unit.test_render_html import commando
from trucker.render.pages.walk import walk_page
print(hashlib.sha256(walk_page(*commando()[:3]).encode()).hexdigest())
"""


@pytest.mark.slow
def test_pages_are_the_same_in_every_run() -> None:
    """Walked and drawn from scratch in fresh interpreters with different string hashing, the
    page is byte for byte the same (no set order, id or clock leaks into it)."""
    root = Path(__file__).resolve().parents[2]
    digests = {
        subprocess.run(
            [sys.executable, "-c", _PAGE],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1 and len(digests.pop().strip()) == 64


def test_pictures_are_packed_into_a_pool_of_lines_and_back() -> None:
    pictures = [
        "<svg>\n <g>\n  <rect/>\n </g>\n <g>\n  <circle/>\n </g>\n</svg>\n",
        "<svg>\n <g>\n  <rect/>\n </g>\n <g>\n  <line/>\n </g>\n</svg>\n",
        "",
        "no newline at all",
    ]
    pool, packed = pack_pictures(pictures)
    unpacked = [
        "\n".join(pool[runs[k] + j] for k in range(0, len(runs), 2) for j in range(runs[k + 1]))
        for runs in packed
    ]
    assert unpacked == pictures
    assert len(pool) < sum(p.count("\n") + 1 for p in pictures)
    assert len(packed[1]) <= 3 * 2  # the same start, one new line, the same end


def test_a_frame_can_show_several_pictures_side_by_side() -> None:
    a = '<svg xmlns="http://www.w3.org/2000/svg"><title>A</title></svg>'
    b = '<svg xmlns="http://www.w3.org/2000/svg"><title>B</title></svg>'
    show = Show("two", (a, b), (Frame("both", (), (0, 1)), Frame("one", (), 1)))
    assert show.frames[0].shown == (0, 1) and show.frames[1].shown == (1,)
    text = page(show)
    figure = text.split('<div id="picture">', 1)[1]
    cards = "".join(
        f'<div class="ship-card" data-card="{k}">{x}</div>' for k, x in enumerate((a, b))
    )
    assert figure.startswith(f'<div class="flight"><div class="fleet fleet-2">{cards}</div></div>')
    data = page_data(text)
    assert [f["picture"] for f in data["frames"]] == [[0, 1], 1]
    assert data["pictures"] == [a, b]
    with pytest.raises(ValueError, match="names no picture"):
        Show("x", (a,), (Frame("none", (), ()),))
    with pytest.raises(ValueError, match="picture 3"):
        Show("x", (a,), (Frame("bad", (), (0, 3)),))
    with pytest.raises(ValueError, match="picture 2"):
        Show("x", (a, b), (Frame("bad board", (), (0, 1), board=2),))


def test_three_pictures_or_more_are_one_large_and_thumbnails() -> None:
    """A frame of five ships draws its feature large, the others as thumbnails a click
    expands, under the frame's board; the large one can be chosen."""
    pictures = [f"<svg><title>{n}</title></svg>" for n in "ABCDE"] + ["<table></table>"]
    frame = Frame("five", (), (0, 1, 2, 3, 4), board=5, feature=2)
    text = compose(pictures, frame)
    assert text.startswith('<div class="flight"><div class="board"><table></table></div>')
    assert '<div class="fleet fleet-3" style="--thumbs:4">' in text
    assert text.count('role="button"') == 5 and text.count('aria-pressed="true"') == 1
    big = 'class="ship-card big" data-card="2" role="button" tabindex="0" aria-pressed="true"'
    assert f"<div {big}><svg><title>C</title>" in text
    assert 'class="ship-card big" data-card="4"' in compose(pictures, frame, large=4)
