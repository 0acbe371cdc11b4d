"""The text report of ``trucker weigh``: the changes ranked by what they are worth, the board
with each free square's best addition and its value, and what staged culling flew."""

from __future__ import annotations

from rich.text import Text

from trucker.core.ship import Ship
from trucker.play.weigh import Weighed, WeighResult
from trucker.render.rulings import settled_rulings
from trucker.render.terminal.styles import plural, styled
from trucker.render.text import draw_ship
from trucker.render.values import value_marks, worth

__all__ = ["weigh_lines"]


def _row(weighed: Weighed, measure: str) -> list[Text]:
    """A change's two lines: what it is, then what it is worth."""
    found = weighed.difference
    notes = []
    if weighed.ties_leader:
        notes.append("ties the best")
    if weighed.zero:
        notes.append("no different from no change")
    if weighed.culled_after is not None:
        notes.append(f"out after stage {weighed.culled_after}")
    note = f"  ({'; '.join(notes)})" if notes else ""
    style = "bold" if weighed.ties_leader and not weighed.zero else ""
    first, second = (
        (found.credits, found.finish) if measure == "credits" else (found.finish, found.credits)
    )
    other = "finish" if measure == "credits" else "credits"
    return [
        Text(f"  {weighed.rank:>4}. {weighed.change.words()}", style=style),
        Text(
            f"        {_unit(measure)} {worth(first, measure)} · {_unit(other)} "
            f"{worth(second, other)} · {found.flights} flights{note}",
            style=style,
        ),
    ]


def _unit(measure: str) -> str:
    return "credits" if measure == "credits" else "home"


def weigh_lines(result: WeighResult, ship: Ship, *, top: int = 10) -> list[Text]:
    """The report: the run's line, the ship as it is, the ``top`` best changes, the tiles
    worth the most, the drawing of each square's best addition, and the flights it took."""
    measure = result.measure
    partial = " (PARTIAL: stopped early)" if result.partial else ""
    base = result.base
    what = "mean credits" if measure == "credits" else "chance of coming home"
    lines = [
        Text(
            f"weigh: {result.ship}, {plural(len(result.weighed), 'change')}{partial}, deck "
            f"{result.deck}, seed {result.seed} (rerun with --seed {result.seed})",
            style="bold",
        ),
        Text(
            f"as it is ({base.flights} flights): credits mean {base.credits.value:.2f} (95% CI "
            f"{base.credits.low:.2f} to {base.credits.high:.2f}), comes home "
            f"{100 * base.finish.value:.1f}% (95% CI {100 * base.finish.low:.1f}% to "
            f"{100 * base.finish.high:.1f}%)"
        ),
        Text(
            f"each change against the ship as it is, flight by flight on the same decks and "
            f"dice, ranked by the change in {what}; 95% intervals; a change whose interval "
            "overlaps the best's ties it",
            style="bright_black",
        ),
        Text(),
        Text(f"best {min(top, len(result.weighed))} changes:", style="bold"),
    ]
    lines += [line for w in result.weighed[:top] for line in _row(w, measure)]
    removals = result.removals
    if removals:
        costly = removals[-min(5, len(removals)) :][::-1]
        lines += [
            Text(),
            Text("the tiles worth the most (what removing each costs):", style="bold"),
        ]
        lines += [line for w in costly for line in _row(w, measure)]
    additions = result.additions
    if additions:
        lines += [
            Text(),
            Text(f"each free square's best addition ({_unit_words(measure)}):", style="bold"),
            styled(draw_ship(ship, marks=value_marks(result))),
        ]
        for cell, weighed in sorted(result.best_by_square().items()):
            value = weighed.difference.of(measure)
            lines.append(Text(f"    {cell}: {weighed.change.words()}: {worth(value, measure)}"))
    refused = result.illegal_removals
    if refused or result.illegal_additions:
        squares = ", ".join(map(str, refused)) or "none"
        lines.append(
            Text(
                f"not tried, the ship would be illegal: removing {squares}; "
                f"{plural(result.illegal_additions, 'addition')}",
                style="bright_black",
            )
        )
    lines += [Text(), *_flights_lines(result)]
    if result.rulings:
        settled = settled_rulings(result.rulings)
        lines.append(Text(f"rulings not at their defaults: {settled}", style="yellow"))
    return lines


def _unit_words(measure: str) -> str:
    return "credits" if measure == "credits" else "points of the chance of coming home"


def _flights_lines(result: WeighResult) -> list[Text]:
    target = result.schedule.precision
    stages = ", ".join(str(s.candidates) for s in result.stages)
    lines = [
        Text(
            f"staged culling: {result.flown:,} flights in {plural(len(result.stages), 'stage')} "
            f"(candidates per stage: {stages}); flying every candidate to "
            f"{result.final_flights:,} flights would take {result.without_culling:,}"
        )
    ]
    if result.met:
        lines.append(Text(f"precision met: every contender is known to {target.words()}"))
    else:
        why = "the run was stopped" if result.partial else "the most flights came first"
        lines.append(
            Text(
                f"precision NOT met: not every contender is known to {target.words()}: {why} "
                "(fly more with a larger -n)",
                style="yellow",
            )
        )
    return lines
