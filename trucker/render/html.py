"""Self-contained teaching pages: pictures and narration played step by step in a browser.

A page is a :class:`Show`: a few SVG pictures and a list of :class:`Frame` s, each naming a
picture, its narration (one sentence per event, from :mod:`trucker.render.narrate`) and what to
highlight. The player knows nothing about intruders: it shows a frame's picture, hides the
elements whose ``data-step`` lies beyond the frame's ``upto``, adds the class ``current`` to the
elements named in ``focus``, and lists the frame's lines beside the picture. An intruder walk
(:func:`walk_show`) uses one picture for every step; a flight names several pictures per frame
(one per ship, shown side by side) and leaves ``upto`` and ``focus`` empty, so that a ship that
did not change on a card is stored once, however many frames show it.

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
from typing import TYPE_CHECKING, Any

from trucker.render.narrate import narrate

if TYPE_CHECKING:
    from trucker.core.ship import Ship
    from trucker.sim.intruders import IntruderResult

__all__ = ["Frame", "Show", "page", "pack_pictures", "walk_show", "walk_page", "walk_narration"]


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
        }


@dataclass(frozen=True)
class Show:
    """What a page plays: its title, an introduction, the pictures and the frames."""

    title: str
    pictures: tuple[str, ...]
    frames: tuple[Frame, ...]
    intro: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.frames:
            raise ValueError("a show needs at least one frame")
        for frame in self.frames:
            if not frame.shown:
                raise ValueError(f"frame {frame.title!r} names no picture")
            for index in frame.shown:
                if not 0 <= index < len(self.pictures):
                    raise ValueError(f"frame {frame.title!r} names picture {index}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "pictures": list(self.pictures),
            "frames": [f.to_dict() for f in self.frames],
        }


_CSS = """
:root { color-scheme: light; --ink: #1e293b; --muted: #475569; --accent: #1d4ed8; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, "DejaVu Sans", Verdana, sans-serif; color: var(--ink);
  background: #f8fafc; }
header, main, footer { max-width: 1400px; margin: 0 auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin: 1rem 0 0.25rem; }
.intro { color: var(--muted); margin: 0 0 0.5rem; }
.player { display: grid; grid-template-columns: minmax(0, 3fr) minmax(16rem, 2fr); gap: 1rem;
  align-items: start; }
@media (max-width: 900px) { .player { grid-template-columns: 1fr; } }
figure { margin: 0; background: #fff; border: 1px solid #cbd5e1; border-radius: 8px;
  padding: 0.5rem; }
figure svg { display: block; width: 100%; height: auto; }
.side-by-side { display: grid; gap: 0.5rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr)); }
.panel { background: #fff; border: 1px solid #cbd5e1; border-radius: 8px; padding: 0.75rem 1rem; }
#narration h2 { font-size: 1.15rem; margin: 0 0 0.5rem; }
#narration ul { margin: 0; padding-left: 1.25rem; }
#narration li { margin: 0.25rem 0; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0 0 0.25rem; align-items: center; }
button { font: inherit; padding: 0.4rem 0.8rem; border: 1px solid var(--muted); border-radius: 6px;
  background: #fff; color: var(--ink); cursor: pointer; }
button:hover { background: #e2e8f0; }
button[aria-pressed="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
button:disabled { opacity: 0.45; cursor: default; }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
#counter { color: var(--muted); font-variant-numeric: tabular-nums; }
.keys { color: var(--muted); font-size: 0.9rem; }
kbd { border: 1px solid #94a3b8; border-bottom-width: 2px; border-radius: 4px; padding: 0 0.3rem;
  font-size: 0.85rem; background: #fff; }
#frame-list { margin: 0.75rem 0 0; padding-left: 1.75rem; max-height: 22rem; overflow: auto;
  border-top: 1px solid #e2e8f0; padding-top: 0.5rem; }
#frame-list button { border: none; padding: 0.1rem 0.3rem; text-align: left; }
#frame-list button[aria-current="step"] { background: #fde68a; font-weight: 600; }
details { margin: 1rem 0 2rem; }
.transcript h3 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
.step.current .marker { stroke: #facc15; stroke-width: 4; }
.future { display: none; }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
"""

_JS = """
(() => {
  const data = JSON.parse(document.getElementById("show-data").textContent);
  const pictures = data.pictures.map((runs) => {
    const parts = [];
    for (let k = 0; k < runs.length; k += 2) {
      for (let j = 0; j < runs[k + 1]; j++) parts.push(data.pool[runs[k] + j]);
    }
    return parts.join("\\n");
  });
  const figure = document.getElementById("picture");
  const title = document.getElementById("frame-title");
  const lines = document.getElementById("frame-lines");
  const counter = document.getElementById("counter");
  const play = document.getElementById("play");
  const list = document.getElementById("frame-list");
  const buttons = {
    first: document.getElementById("first"), back: document.getElementById("back"),
    forward: document.getElementById("forward"), last: document.getElementById("last"),
  };
  let index = 0;
  let shown = "";
  let timer = null;

  function render() {
    const frame = data.frames[index];
    const wanted = Array.isArray(frame.picture) ? frame.picture : [frame.picture];
    if (shown !== wanted.join(",")) {
      figure.innerHTML = wanted.length === 1 ? pictures[wanted[0]]
        : '<div class="side-by-side">'
          + wanted.map((i) => "<div>" + pictures[i] + "</div>").join("") + "</div>";
      shown = wanted.join(",");
    }
    for (const el of figure.querySelectorAll("[data-step]")) {
      const step = Number(el.getAttribute("data-step"));
      el.classList.toggle("future", frame.upto !== null && step > frame.upto);
    }
    for (const el of figure.querySelectorAll(".current")) el.classList.remove("current");
    for (const id of frame.focus) {
      const el = figure.querySelector("#" + CSS.escape(id));
      if (el) el.classList.add("current");
    }
    title.textContent = frame.title;
    lines.replaceChildren(...frame.lines.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
    counter.textContent = (index + 1) + " / " + data.frames.length;
    for (const [i, item] of Array.from(list.querySelectorAll("button")).entries()) {
      if (i === index) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
    buttons.first.disabled = buttons.back.disabled = index === 0;
    buttons.forward.disabled = buttons.last.disabled = index === data.frames.length - 1;
    document.body.setAttribute("data-frame", String(index));
  }

  function go(to) {
    index = Math.max(0, Math.min(data.frames.length - 1, to));
    render();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.setAttribute("aria-pressed", "false");
    play.textContent = "Play";
  }

  function toggle() {
    if (timer !== null) { stop(); return; }
    if (index === data.frames.length - 1) go(0);
    play.setAttribute("aria-pressed", "true");
    play.textContent = "Pause";
    timer = setInterval(() => {
      if (index >= data.frames.length - 1) { stop(); return; }
      go(index + 1);
    }, 1600);
  }

  buttons.first.addEventListener("click", () => { stop(); go(0); });
  buttons.back.addEventListener("click", () => { stop(); go(index - 1); });
  buttons.forward.addEventListener("click", () => { stop(); go(index + 1); });
  buttons.last.addEventListener("click", () => { stop(); go(data.frames.length - 1); });
  play.addEventListener("click", toggle);
  list.addEventListener("click", (event) => {
    const target = event.target.closest("button[data-index]");
    if (target) { stop(); go(Number(target.getAttribute("data-index"))); }
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onButton = event.target instanceof HTMLElement && event.target.closest("button");
    if (event.key === "ArrowRight") { stop(); go(index + 1); }
    else if (event.key === "ArrowLeft") { stop(); go(index - 1); }
    else if (event.key === "Home") { stop(); go(0); }
    else if (event.key === "End") { stop(); go(data.frames.length - 1); }
    else if (event.key === " " && !onButton) { toggle(); }
    else return;
    event.preventDefault();
  });
  document.getElementById("player").hidden = false;
  document.getElementById("step-nav").hidden = false;
  document.getElementById("no-script").hidden = true;
  render();
})();
"""


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


def _figure(show: Show, frame: Frame) -> str:
    """The markup of a frame's pictures, as the script draws them."""
    if len(frame.shown) == 1:
        return show.pictures[frame.shown[0]]
    parts = "".join(f"<div>{show.pictures[i]}</div>" for i in frame.shown)
    return f'<div class="side-by-side">{parts}</div>'


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
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(show.title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        '<body data-frame="0">',
        f"<header><h1>{esc(show.title)}</h1>{intro}</header>",
        "<main>",
        '<p id="no-script">This page plays step by step with JavaScript; without it, the '
        "picture shows the whole story and every step is written out below.</p>",
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
        f'<span id="counter" aria-hidden="true">1 / {len(show.frames)}</span>',
        "</div>",
        '<p class="keys">Keys: <kbd>←</kbd> <kbd>→</kbd> step, <kbd>Space</kbd> play or pause, '
        "<kbd>Home</kbd> <kbd>End</kbd> first and last.</p>",
        "</div>",
        '<section id="narration" aria-live="polite" aria-atomic="true">',
        f'<h2 id="frame-title">{esc(first.title)}</h2>',
        f'<ul id="frame-lines">{_items(first.lines)}</ul>',
        "</section>",
        '<nav id="step-nav" aria-label="All steps" hidden>',
        f'<ol id="frame-list">{frame_buttons}</ol>',
        "</nav>",
        "</div>",
        "</div>",
        f"{notes}",
        '<details class="transcript">',
        "<summary>The whole story as text</summary>",
        transcript,
        "</details>",
        "</main>",
        f'<script type="application/json" id="show-data">{_json_for_script(_page_data(show))}'
        "</script>",
        f"<script>{_JS}</script>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


# -- intruder walks ----------------------------------------------------------------------------

_WALK_KINDS = frozenset({"walked", "ate", "fused", "defeated", "escaped"})


def _event_fields(event: Any) -> Mapping[str, Any]:
    return event if isinstance(event, Mapping) else event.to_dict()


def walk_narration(
    events: Sequence[Any],
) -> tuple[list[str], dict[int, list[str]], list[str]]:
    """An intruder card's log as sentences: those before the first step, those of each step
    number (both walkers of a double card together), and those after the walks."""
    before: list[str] = []
    steps: dict[int, list[str]] = {}
    after: list[str] = []
    current: int | None = None
    walking = False
    for event in events:
        fields = _event_fields(event)
        kind = fields["kind"]
        if kind == "walked":
            walking = True
            current = int(fields["step"])
        sentence = narrate(fields).strip()
        if not walking:
            before.append(sentence)
        elif kind in _WALK_KINDS:
            number = current
            if kind == "escaped":
                number = int(fields["steps"]) or None
            if number is None:
                after.append(sentence)
            else:
                steps.setdefault(number, []).append(sentence)
        else:
            after.append(sentence)
    return before, steps, after


def walk_show(
    ship: Ship, result: IntruderResult, events: Sequence[Any], after: Ship | None = None
) -> Show:
    """An intruder card as a show: the landing, one frame per step (both walkers of a double
    card together), and the outcome, with the ship afterwards if it lost tiles."""
    from trucker.render.svg import after_svg, outcome_lines, walk_svg, walk_title

    pictures = [walk_svg(ship, result)]
    before, per_step, later = walk_narration(events)
    frames = [Frame("The landing", tuple(before) or ("the card is drawn",), 0, 0, ("line",))]
    longest = max((len(w.steps) for w in result.walks), default=0)
    for number in range(1, longest + 1):
        focus = tuple(f"step-{w.hand}-{number}" for w in result.walks if len(w.steps) >= number)
        hands = " and ".join(f"{w.hand}-hand" for w in result.walks if len(w.steps) >= number)
        frames.append(
            Frame(
                f"Step {number} of {result.card.steps} ({hands})",
                tuple(per_step.get(number, ())),
                0,
                number,
                focus,
            )
        )
    outcome = tuple(later) + tuple(outcome_lines(result))
    lost = result.damage.lost
    picture = 0
    if after is not None and lost:
        pictures.append(after_svg(after, lost, f"{after.label} afterwards", ship))
        picture = 1
    frames.append(Frame("The outcome", outcome, picture, None, ()))
    card = result.card
    intro = (
        f"{'A double ' if card.double else 'A '}{card.kind} from the {card.direction}: "
        f"{card.steps} steps, fuses at {', '.join(map(str, card.fuses)) or 'no step'}, "
        f"reward {card.reward.short()}.",
        "Each step shows where the intruder went, which way it was heading and why; "
        + (
            "the left-hand walker is drawn with vermilion circles, the right-hand walker with "
            "blue squares."
            if len(result.walks) > 1
            else "its steps are numbered on the squares it entered."
        ),
    )
    return Show(walk_title(ship, result), tuple(pictures), tuple(frames), intro)


def walk_page(
    ship: Ship, result: IntruderResult, events: Sequence[Any], after: Ship | None = None
) -> str:
    """The teaching page for one intruder card (``trucker intruder ... --html``)."""
    return page(walk_show(ship, result, events, after))
