"""The text report of ``trucker rulings --impact``: which open rules change a ship's odds, the
largest change first, each with its 95% intervals."""

from __future__ import annotations

from rich.text import Text

from trucker.play.impact import ImpactResult, RulingImpact
from trucker.render.rulings import settled_rulings
from trucker.render.values import worth

__all__ = ["impact_lines"]


def _value(value: object) -> str:
    """A ruling's value as ``--ruling`` takes it: ``true``, ``one-square``, ``4``."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _row(impact: RulingImpact) -> Text:
    found = impact.difference
    illegal = "; the ship is ILLEGAL under it" if not impact.legal else ""
    note = illegal.removeprefix("; ")
    return Text(
        f"  {impact.name}={_value(impact.alternative)} (instead of {_value(impact.value)}): "
        f"credits {worth(found.credits, 'credits')} · home {worth(found.finish, 'finish')}"
        + (f"  ({note})" if note else ""),
        style="" if impact.zero else "bold",
    )


def impact_lines(result: ImpactResult) -> list[Text]:
    """The run's line, the ship under the rulings as they are, the alternatives that changed
    something (largest first), then those that did not, and the rulings not tried."""
    partial = " (PARTIAL: stopped early)" if result.partial else ""
    base = result.base
    mattered = [i for i in result.impacts if not i.zero]
    quiet = [i for i in result.impacts if i.zero and not i.difference.unchanged]
    same = [i for i in result.impacts if i.difference.unchanged]
    lines = [
        Text(
            f"rulings --impact: {result.ship}, {result.flights} flights{partial}, deck "
            f"{result.deck}, seed {result.seed} (rerun with --seed {result.seed})",
            style="bold",
        ),
        Text(
            f"as the rulings are: credits mean {base.credits.value:.2f} (95% CI "
            f"{base.credits.low:.2f} to {base.credits.high:.2f}), comes home "
            f"{100 * base.finish.value:.1f}% (95% CI {100 * base.finish.low:.1f}% to "
            f"{100 * base.finish.high:.1f}%)"
        ),
        Text(
            "each ruling's alternative against the rulings as they are, flight by flight on "
            "the same dice (each deck dealt under its rulings); 95% intervals",
            style="bright_black",
        ),
        Text(),
        Text(
            f"{len(mattered)} of {len(result.impacts)} alternatives change this ship's odds "
            "beyond the 95% interval of no change:",
            style="bold",
        ),
        *(_row(i) for i in mattered),
    ]
    if quiet:
        lines += [
            Text(),
            Text("within the 95% interval of no change:", style="bold"),
            *(_row(i) for i in quiet),
        ]
    if same:
        named = ", ".join(f"{i.name}={_value(i.alternative)}" for i in same)
        lines += [Text(), Text(f"no flight ended differently: {named}", style="bright_black")]
    if result.untried:
        lines.append(
            Text(
                f"not tried (no one alternative: compare a value of your own with --ruling "
                f"NAME=VALUE): {', '.join(result.untried)}",
                style="bright_black",
            )
        )
    if result.rulings:
        settled = settled_rulings(result.rulings)
        lines.append(Text(f"rulings not at their defaults: {settled}", style="yellow"))
    return lines
