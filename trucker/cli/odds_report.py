"""The text report of ``trucker odds``: per ship, the odds of coming home, credits, losses, the
costliest cards and a heat map of the squares lost most often."""

from __future__ import annotations

from typing import Any

from trucker.play.montecarlo import Interval, OddsResult, OddsSpec, ShipOdds

__all__ = ["print_odds", "heat_label", "histogram_rows"]

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


def _ship(out: Any, ship: ShipOdds, crew: Any) -> None:
    from trucker.cli.output import print_drawing
    from trucker.core.geometry import Cell
    from trucker.render.text import Mark, draw_ship

    out.print(f"{ship.name} ({ship.tiles} tiles, {ship.captain} captain)", style="bold")
    out.print(f"  comes home      {_ci(ship.finish, pct=True)}")
    p = ship.credit_percentiles
    out.print(
        f"  credits         mean {_ci(ship.credits)}; p10 {p['p10']}, p25 {p['p25']}, "
        f"median {p['median']}, p75 {p['p75']}, p90 {p['p90']}"
    )
    for label, share in histogram_rows(ship.credit_counts):
        out.print(f"    {label:>9} {'#' * round(BAR * share):<{BAR}} {_pct(share)}")
    cap = ""
    if ship.over_cap is not None:
        cap = f"; more than the insurance cap ({ship.cap}): {_ci(ship.over_cap, pct=True)}"
    out.print(f"  tiles lost      mean {_ci(ship.tiles_lost)}{cap}")
    out.print(f"  crew lost       mean {_ci(ship.crew_lost)} (humans and aliens, sent away too)")
    costly = [c for c in ship.cards if c["tiles_lost"] or c["crew_lost"]][:5]
    if costly:
        out.print("  costliest cards (average each time met):")
        for card in costly:
            out.print(
                f"    {card['card']:<28} {card['tiles_lost']:5.2f} tiles  "
                f"{card['crew_lost']:5.2f} crew  met {card['met']} times"
            )
    if ship.squares:
        out.print("  squares lost most often (share of flights):")
        marks = {}
        for square, share in ship.squares.items():
            style = next(name for limit, name in HEAT if share >= limit)
            marks[Cell.parse(square)] = Mark(style, heat_label(share))
        print_drawing(draw_ship(crew.ship, marks=marks))


def print_odds(result: OddsResult, spec: OddsSpec, run: dict[str, Any]) -> None:
    """The report on stdout; how long it took on stderr, and only at a terminal (like the
    progress bar), so that a saved report holds the numbers alone."""
    from trucker.cli.output import err, out

    partial = " (PARTIAL: stopped early)" if result.partial else ""
    out.print(
        f"odds: {result.flights} of {result.requested} flights{partial}, deck {result.deck}, "
        f"seed {result.seed} (rerun with --seed {result.seed})",
        style="bold",
    )
    if err.is_terminal:
        where = f"{run['workers']} worker(s)" if run["workers"] else f"Dask at {run['dask']}"
        rate = run["flights_per_second"] or 0
        err.print(f"{run['seconds']} s on {where}: {rate:,.0f} flights/s", style="bright_black")
    for which, lineup in enumerate(result.lineups):
        if result.comparison is not None:
            out.print()
            out.print(f"design {'AB'[which]}:", style="bold")
        for ship, crew in zip(lineup, spec.lineups[which], strict=True):
            out.print()
            _ship(out, ship, crew)
    comparison = result.comparison
    if comparison is not None:
        out.print()
        out.print(
            f"{comparison.second} against {comparison.first}, flight by flight on the same decks "
            "and dice:",
            style="bold",
        )
        credits, finish = comparison.credits, comparison.finish
        out.print(f"  credits         {credits.value:+.2f} per flight {_range(credits)}")
        points = _range(finish, scale=100, digits=1)
        out.print(f"  comes home      {100 * finish.value:+.1f} points {points}")
        out.print(f"  {_verdict(comparison.second, comparison.first, credits)}")
    if result.rulings:
        settled = ", ".join(f"{k} = {v}" for k, v in result.rulings.items())
        out.print(f"rulings not at their defaults: {settled}", style="yellow")


def _range(interval: Interval, scale: float = 1, digits: int = 2) -> str:
    low, high = scale * interval.low, scale * interval.high
    return f"(95% CI {low:+.{digits}f} to {high:+.{digits}f})"


def _verdict(second: str, first: str, credits: Interval) -> str:
    if credits.low > 0:
        return f"{second} earns more: the interval is above zero"
    if credits.high < 0:
        return f"{first} earns more: the interval is below zero"
    return "no difference in credits can be told apart from chance at this number of flights"
