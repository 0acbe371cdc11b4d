"""The text report of ``trucker odds``: per ship, the odds of coming home, credits, losses, the
cards that cost it most in all and a heat map of the squares lost most often; with ``--vs``, the
difference between two designs flown on the same decks and dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from trucker.core.geometry import Cell
from trucker.play.flights import Crew
from trucker.play.montecarlo import CHUNK, OddsResult, OddsSpec, Precision, ShipOdds
from trucker.play.statistics import Interval
from trucker.render.rulings import settled_rulings
from trucker.render.terminal.styles import styled
from trucker.render.text import Mark, draw_ship

__all__ = [
    "half_width_words",
    "heat_label",
    "histogram_rows",
    "odds_lines",
    "odds_summary",
    "odds_timing",
    "precision_lines",
]

BAR = 40
"""Width of the longest histogram bar, in characters."""
HEAT = ((0.5, "heat4"), (0.25, "heat3"), (0.1, "heat2"), (0.0, "heat1"))
"""Heat map styles by the share of flights that lost a square."""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(interval: Interval, pct: bool = False) -> str:
    show = _pct if pct else (lambda x: f"{x:.2f}")
    return f"{show(interval.value)} (95% CI {show(interval.low)} to {show(interval.high)})"


def heat_label(share: float) -> str:
    """Three characters for a square lost in ``share`` of the flights.

    >>> heat_label(0.374), heat_label(0.004), heat_label(1.0)
    ('37%', '<1%', 'all')
    """
    if share >= 0.995:
        return "all"
    if share < 0.01:
        return "<1%"
    return f"{round(100 * share)}%"


def histogram_rows(counts: dict[int, int], buckets: int = 8) -> list[tuple[str, float]]:
    """Credits in up to ``buckets`` equal ranges (or one row per value when there are few):
    (label, share of flights).

    >>> histogram_rows({0: 2, 5: 1, 10: 1}, buckets=2)
    [('0-5', 0.75), ('6-11', 0.25)]
    >>> histogram_rows({0: 1, 6: 3})
    [('0', 0.25), ('6', 0.75)]
    """
    total = sum(counts.values())
    if not total:
        return []
    if len(counts) <= buckets:
        return [(str(value), counts[value] / total) for value in sorted(counts)]
    low, high = min(counts), max(counts)
    width = max(1, -(-(high - low + 1) // buckets))
    rows = []
    start = low
    while start <= high:
        end = start + width - 1
        share = sum(c for v, c in counts.items() if start <= v <= end) / total
        rows.append((f"{start}-{end}", share))
        start = end + 1
    return rows


def _ship(ship: ShipOdds, crew: Crew) -> list[Text]:
    lines = [Text(f"{ship.name} ({ship.tiles} tiles, {ship.captain} captain)", style="bold")]
    lines.append(Text(f"  comes home      {_ci(ship.finish, pct=True)}"))
    p = ship.credit_percentiles
    lines.append(
        Text(
            f"  credits         mean {_ci(ship.credits)}; p10 {p['p10']}, p25 {p['p25']}, "
            f"median {p['median']}, p75 {p['p75']}, p90 {p['p90']}"
        )
    )
    for label, share in histogram_rows(ship.credit_counts):
        lines.append(Text(f"    {label:>9} {'#' * round(BAR * share):<{BAR}} {_pct(share)}"))
    cap = ""
    if ship.over_cap is not None:
        cap = f"; more than the insurance cap ({ship.cap}): {_ci(ship.over_cap, pct=True)}"
    lines.append(Text(f"  tiles lost      mean {_ci(ship.tiles_lost)}{cap}"))
    lines.append(
        Text(f"  crew lost       mean {_ci(ship.crew_lost)} (humans and aliens, sent away too)")
    )
    lines += _costliest(ship)
    if ship.squares:
        lines.append(Text("  squares lost most often (share of flights):"))
        marks = {}
        for square, share in ship.squares.items():
            style = next(name for limit, name in HEAT if share >= limit)
            marks[Cell.parse(square)] = Mark(style, heat_label(share))
        lines.append(styled(draw_ship(crew.ship, marks=marks)))
    return lines


def _costliest(ship: ShipOdds, shown: int = 5) -> list[Text]:
    """The cards that cost the ship most over the run, with both numbers behind the rank:
    what each took in all, and what it took each time met and how often it was met."""
    costly = [c for c in ship.cards if c["tiles_lost_total"] or c["crew_lost_total"]][:shown]
    if not costly:
        return []
    rows = [
        (c["card"], str(c["tiles_lost_total"]), str(c["crew_lost_total"]),
         f"{c['tiles_lost']:.2f}", f"{c['crew_lost']:.2f}", str(c["met"]))
        for c in costly
    ]  # fmt: skip
    w = [max(len(r[i]) for r in rows) for i in range(6)]
    flights = f"{ship.flights:,} flight{'s' if ship.flights != 1 else ''}"
    lines = [Text(f"  costliest cards over the {flights} (in all = each time met × times met):")]
    lines += [
        Text(
            f"    {card:<{w[0]}}  {tiles:>{w[1]}} tiles  {crew:>{w[2]}} crew in all = "
            f"{each_tiles:>{w[3]}} tiles  {each_crew:>{w[4]}} crew each time × {met:>{w[5]}} times"
        )
        for card, tiles, crew, each_tiles, each_crew, met in rows
    ]
    return lines


def odds_lines(result: OddsResult, spec: OddsSpec) -> list[Text]:
    """The report: the run's first line (flights, deck, seed), then each ship of each lineup,
    the comparison of two designs, and the rulings not at their defaults."""
    partial = " (PARTIAL: stopped early)" if result.partial else ""
    most = "at most " if result.precision is not None else ""
    flown = f"{result.flights} of {most}{result.requested} flights"
    lines = [
        Text(
            f"odds: {flown}{partial}, deck {result.deck}, seed {result.seed} (rerun with "
            f"--seed {result.seed})",
            style="bold",
        ),
        *precision_lines(result),
    ]
    for which, lineup in enumerate(result.lineups):
        if result.comparison is not None:
            lines += [Text(), Text(f"design {'AB'[which]}:", style="bold")]
        for ship, crew in zip(lineup, spec.lineups[which], strict=True):
            lines += [Text(), *_ship(ship, crew)]
    comparison = result.comparison
    if comparison is not None:
        lines.append(Text())
        lines.append(
            Text(
                f"{comparison.second} against {comparison.first}, flight by flight on the same "
                "decks and dice:",
                style="bold",
            )
        )
        credits, finish = comparison.credits, comparison.finish
        lines.append(Text(f"  credits         {credits.value:+.2f} per flight {_range(credits)}"))
        points = _range(finish, scale=100, digits=1)
        lines.append(Text(f"  comes home      {100 * finish.value:+.1f} points {points}"))
        lines.append(Text(f"  {_verdict(comparison.second, comparison.first, credits)}"))
    if result.rulings:
        settled = settled_rulings(result.rulings)
        lines.append(Text(f"rulings not at their defaults: {settled}", style="yellow"))
    return lines


def half_width_words(target: Precision) -> Callable[[float], str]:
    """How a progress bar writes the half-width a run to ``target`` has reached."""
    return lambda half: f"{target.words(half)} (until {target.words()})"


def precision_lines(result: OddsResult) -> list[Text]:
    """Where a run to a precision stopped: met, or the most flights (or a stop) came first."""
    note = result.precision
    if note is None:
        return []
    target = note.target
    what = "mean credits" if target.measure == "credits" else "chance of coming home"
    if result.comparison is not None:
        known = f"the difference in {what} is known"
    else:
        known = (
            "the mean credits are known" if target.measure == "credits" else f"the {what} is known"
        )
    reached = f"{known} to {target.words(note.half_width)}"
    if note.met:
        return [
            Text(
                f"precision met after {result.flights} flights: {reached} ({target.words()} "
                f"asked; checked every {CHUNK} flights)"
            )
        ]
    why = "the run was stopped" if result.partial else f"-n {result.requested} came first"
    return [
        Text(
            f"precision NOT met: after {result.flights} flights {reached}, not "
            f"{target.words()}: {why} (fly more with a larger -n)",
            style="yellow",
        )
    ]


def odds_timing(run: dict[str, Any]) -> Text:
    """How long the run took, where, and how fast (for a terminal, not for the saved report)."""
    where = f"{run['workers']} worker(s)" if run["workers"] else f"Dask at {run['dask']}"
    rate = run["flights_per_second"] or 0
    return Text(f"{run['seconds']} s on {where}: {rate:,.0f} flights/s", style="bright_black")


def odds_summary(odds: ShipOdds, flights: int) -> Text:
    """One ship's odds in a sentence: how often it comes home, its credits, its worst card."""
    low, high = odds.finish.low, odds.finish.high
    return Text(
        f"{odds.name} comes home in {100 * odds.finish.value:.1f}% of {flights} flights "
        f"(95% CI {100 * low:.1f}% to {100 * high:.1f}%), with {odds.credits.value:.1f} "
        f"credits on average; the card that costs it most: {odds.cards[0]['card']}"
    )


def _range(interval: Interval, scale: float = 1, digits: int = 2) -> str:
    low, high = scale * interval.low, scale * interval.high
    return f"(95% CI {low:+.{digits}f} to {high:+.{digits}f})"


def _verdict(second: str, first: str, credits: Interval) -> str:
    if credits.low > 0:
        return f"{second} earns more: the interval is above zero"
    if credits.high < 0:
        return f"{first} earns more: the interval is below zero"
    return "no difference in credits can be told apart from chance at this number of flights"
