"""Self-contained teaching pages: pictures and narration played step by step in a browser.

A page is a :class:`Show`: a few SVG pictures and a list of :class:`Frame` s, each naming a
picture, its narration (one sentence per event, from :mod:`trucker.render.narrate`) and what to
highlight. The player knows nothing about intruders: it shows a frame's picture, hides the
elements whose ``data-step`` lies beyond the frame's ``upto``, adds the class ``current`` to the
elements named in ``focus``, and lists the frame's lines beside the picture. An intruder walk
(:func:`trucker.render.pages.walk.walk_show`) uses one picture for every step; a flight names
several pictures per frame (one per ship, shown side by side) and leaves ``upto`` and ``focus``
empty, so that a ship that did not change on a card is stored once, however many frames show
it.

The page needs no network: CSS, script, pictures and data are all inline. In the page's data
each picture is a list of runs of lines from one shared pool (see :func:`pack_pictures`), since
pictures of one ship card after card differ in a few lines only. Keys: ← and → step,
space plays and pauses, Home and End jump. The narration region is ``aria-live``, every control is
a real button, and the whole story is also written out as text under the player.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    pass

__all__ = ["Frame", "Show", "page", "pack_pictures", "compose"]


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a show: a heading, its narration, a picture (an index into
    :attr:`Show.pictures`, or several shown side by side), the last step to show (None: all)
    and the ids to highlight."""

    title: str
    lines: tuple[str, ...] = ()
    picture: int | tuple[int, ...] = 0
    upto: int | None = None
    focus: tuple[str, ...] = ()
    board: int | None = None
    """A picture drawn above the others, across the page (a flight's track and scoreboard)."""
    feature: int = 0
    """Which of several pictures is drawn large (the rest as thumbnails that expand)."""

    @property
    def shown(self) -> tuple[int, ...]:
        """The pictures this frame shows, in order."""
        return self.picture if isinstance(self.picture, tuple) else (self.picture,)

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "lines": list(self.lines),
            "picture": list(self.picture) if isinstance(self.picture, tuple) else self.picture,
            "upto": self.upto,
            "focus": list(self.focus),
            "board": self.board,
            "feature": self.feature,
        }


@dataclass(frozen=True)
class Show:
    """What a page plays: its title, an introduction, the pictures and the frames."""

    title: str
    pictures: tuple[str, ...]
    frames: tuple[Frame, ...]
    intro: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    legend: tuple[str, ...] = ()
    """What the pictures' marks mean, listed beside the player."""

    def __post_init__(self) -> None:
        if not self.frames:
            raise ValueError("a show needs at least one frame")
        for frame in self.frames:
            if not frame.shown:
                raise ValueError(f"frame {frame.title!r} names no picture")
            for index in (*frame.shown, *(() if frame.board is None else (frame.board,))):
                if not 0 <= index < len(self.pictures):
                    raise ValueError(f"frame {frame.title!r} names picture {index}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "pictures": list(self.pictures),
            "frames": [f.to_dict() for f in self.frames],
        }


@cache
def _asset(name: str) -> str:
    """A page's stylesheet or script, a file of its own beside this module (``assets/``),
    embedded whole so that every page stays one self-contained file."""
    return (resources.files("trucker.render.pages") / "assets" / name).read_text(encoding="utf-8")


def _json_for_script(data: Mapping[str, Any]) -> str:
    """JSON that cannot end the ``<script>`` element it sits in."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def pack_pictures(pictures: Sequence[str]) -> tuple[list[str], list[list[int]]]:
    """Pictures as one pool of lines and, per picture, runs ``[first, count, ...]`` of
    consecutive pool lines; joining a picture's lines with newlines gives it back exactly.

    A line already in the pool is used again where the pool also continues with the line that
    follows it, so a picture that differs from an earlier one in a few lines takes a few runs.
    """
    pool: list[str] = []
    first: dict[str, int] = {}
    pairs: dict[tuple[str, str], int] = {}
    packed: list[list[int]] = []

    def append(line: str) -> int:
        index = len(pool)
        pool.append(line)
        first.setdefault(line, index)
        if index:
            pairs.setdefault((pool[index - 1], line), index - 1)
        return index

    for picture in pictures:
        lines = picture.split("\n")
        runs: list[int] = []
        for number, line in enumerate(lines):
            end = runs[-2] + runs[-1] if runs else -1
            if runs and end < len(pool) and pool[end] == line:
                runs[-1] += 1
                continue
            following = lines[number + 1] if number + 1 < len(lines) else None
            index = pairs.get((line, following)) if following is not None else None
            if index is None and end != len(pool):
                index = first.get(line)
            if index is None:
                index = append(line)
            if runs and end == index:
                runs[-1] += 1
            else:
                runs += [index, 1]
        packed.append(runs)
    return pool, packed


def _page_data(show: Show) -> dict[str, Any]:
    data = show.to_dict()
    data["pool"], data["pictures"] = pack_pictures(show.pictures)
    return data


def _items(lines: Iterable[str]) -> str:
    return "".join(f"<li>{html.escape(line)}</li>" for line in lines)


BIG = 3
"""From this many pictures in a frame on, one is drawn large and the others as thumbnails."""


def compose(pictures: Sequence[str], frame: Frame, large: int | None = None) -> str:
    """The markup of a frame's pictures, as the script draws them: one picture alone, or the
    frame's board above a fleet of pictures, side by side (two) or one large (``large``, else
    the frame's feature) beside thumbnails that expand when clicked."""
    shown = frame.shown
    if len(shown) == 1 and frame.board is None:
        return pictures[shown[0]]
    big = (frame.feature if large is None else large) if len(shown) >= BIG else None
    cards = []
    for k, index in enumerate(shown):
        if big is None:
            cards.append(f'<div class="ship-card" data-card="{k}">{pictures[index]}</div>')
        else:
            state = "true" if k == big else "false"
            cards.append(
                f'<div class="ship-card{" big" if k == big else ""}" data-card="{k}" '
                f'role="button" tabindex="0" aria-pressed="{state}">{pictures[index]}</div>'
            )
    rows = f' style="--thumbs:{len(shown) - 1}"' if big is not None else ""
    fleet = f'<div class="fleet fleet-{min(len(shown), BIG)}"{rows}>{"".join(cards)}</div>'
    board = "" if frame.board is None else f'<div class="board">{pictures[frame.board]}</div>'
    return f'<div class="flight">{board}{fleet}</div>'


def _figure(show: Show, frame: Frame) -> str:
    """The markup of a frame's pictures, as the script draws them."""
    return compose(show.pictures, frame)


def page(show: Show) -> str:
    """The whole HTML page for ``show``: one file, no network, the first frame already drawn
    (so that it reads without JavaScript), and the full story as text under the player."""
    first = show.frames[0]
    esc = html.escape
    current = ' aria-current="step"'
    frame_buttons = "".join(
        f'<li><button type="button" data-index="{i}"{current if i == 0 else ""}>'
        f"{esc(f.title)}</button></li>"
        for i, f in enumerate(show.frames)
    )
    transcript = "".join(f"<h3>{esc(f.title)}</h3><ul>{_items(f.lines)}</ul>" for f in show.frames)
    intro = "".join(f'<p class="intro">{esc(p)}</p>' for p in show.intro)
    notes = "".join(f'<p class="intro">{esc(p)}</p>' for p in show.notes)
    legend = (
        f'<section class="legend"><h2>Key</h2><ul>{_items(show.legend)}</ul></section>'
        if show.legend
        else ""
    )
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(show.title)}</title>",
        f"<style>\n{_asset('player.css')}</style>",
        "</head>",
        '<body data-frame="0">',
        f"<header><h1>{esc(show.title)}</h1></header>",
        "<main>",
        '<p id="no-script">This page plays step by step with JavaScript; without it, the '
        "picture shows the first frame and every step is written out below.</p>",
        '<div class="player">',
        "<figure>",
        f'<div id="picture">{_figure(show, first)}</div>',
        "</figure>",
        '<div class="panel">',
        '<div id="player" hidden>',
        '<div class="controls" role="toolbar" aria-label="Step through the story">',
        '<button type="button" id="first" aria-keyshortcuts="Home">First</button>',
        '<button type="button" id="back" aria-keyshortcuts="ArrowLeft">'
        '<span aria-hidden="true">← </span>Back</button>',
        '<button type="button" id="play" aria-pressed="false" aria-keyshortcuts="Space">'
        "Play</button>",
        '<button type="button" id="forward" aria-keyshortcuts="ArrowRight">'
        'Forward<span aria-hidden="true"> →</span></button>',
        '<button type="button" id="last" aria-keyshortcuts="End">Last</button>',
        "</div>",
        '<div class="settings">',
        '<label for="speed">Speed</label>',
        '<select id="speed">'
        '<option value="4000">slow (4 s a step)</option>'
        '<option value="2500" selected>normal (2.5 s)</option>'
        '<option value="1200">fast (1.2 s)</option>'
        "</select>",
        '<button type="button" id="fullscreen" aria-keyshortcuts="F">Full screen</button>',
        f'<span id="counter" aria-hidden="true">1 / {len(show.frames)}</span>',
        "</div>",
        '<p class="keys">Keys: <kbd>←</kbd> <kbd>→</kbd> step, <kbd>Space</kbd> play or pause, '
        "<kbd>Home</kbd> <kbd>End</kbd> first and last, <kbd>F</kbd> full screen.</p>",
        "</div>",
        '<section id="narration" aria-live="polite" aria-atomic="true">',
        f'<h2 id="frame-title">{esc(first.title)}</h2>',
        f'<ul id="frame-lines">{_items(first.lines)}</ul>',
        "</section>",
        '<nav id="step-nav" aria-label="All steps" hidden>',
        f'<ol id="frame-list">{frame_buttons}</ol>',
        "</nav>",
        legend,
        intro,
        "</div>",
        "</div>",
        f"{notes}",
        '<details class="transcript">',
        "<summary>The whole story as text</summary>",
        transcript,
        "</details>",
        '<section id="handout" aria-label="Every step, for printing"></section>',
        "</main>",
        f'<script type="application/json" id="show-data">{_json_for_script(_page_data(show))}'
        "</script>",
        f"<script>\n{_asset('player.js')}</script>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


# -- intruder walks ----------------------------------------------------------------------------
