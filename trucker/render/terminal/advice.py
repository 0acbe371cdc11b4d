"""The text report of ``trucker advise``: the decision, each option's expected final credits
and chance of coming home with their intervals, best first, and plain words for the options
this effort cannot tell apart."""

from __future__ import annotations

from rich.text import Text

from trucker.play.advice import Advice, OptionValue
from trucker.play.montecarlo import Interval

__all__ = ["advice_lines"]


def _credits(interval: Interval) -> str:
    return f"{interval.value:.2f} ({interval.low:.2f} to {interval.high:.2f})"


def _home(interval: Interval) -> str:
    return f"{100 * interval.value:.1f}% ({100 * interval.low:.1f} to {100 * interval.high:.1f}%)"


def _difference(option: OptionValue, objective: str) -> str:
    d = option.difference
    if d is None:
        return ""
    if objective == "home":
        return f"{100 * d.value:+.1f} points (95% CI {100 * d.low:+.1f} to {100 * d.high:+.1f})"
    return f"{d.value:+.2f} credits (95% CI {d.low:+.2f} to {d.high:+.2f})"


def _named(option: OptionValue) -> str:
    """An option's label, or a group of options alike named by its first (``any of these 6:
    a human from 7,6``)."""
    if not option.alike:
        return option.label
    return f"any of these {len(option.alike) + 1}: {option.label}"


def advice_lines(advice: Advice) -> list[Text]:
    """The report, a list of rich texts."""
    card = f", card {advice.card}" if advice.card else ""
    lines = [
        Text(f"Decision {advice.number}: {advice.ship}, {advice.kind}{card}", style="bold"),
        Text(f"  {advice.context}") if advice.context else Text(""),
        Text(
            f"Up to {advice.effort} rollouts per option to the end of the flight (the same dice "
            "and deck order for every option, later choices by the ships' captains, the "
            "sensible one for experts and players; an option clearly behind flies no more, "
            "and the search ends when one is left); best first "
            f"by {'the chance of coming home' if advice.objective == 'home' else 'final credits'}."
        ),
        Text(""),
    ]
    labels = [_named(o) for o in advice.options]
    width = max(len(label) for label in labels)
    lines.append(
        Text(
            f"   {'option':<{width}}  {'final credits (95% CI)':<26}  "
            f"{'comes home (95% CI)':<26}  rollouts"
        )
    )
    for rank, (option, label) in enumerate(zip(advice.options, labels, strict=True), 1):
        style = "green" if rank == 1 else ""
        lines.append(
            Text(
                f"{rank:>2} {label:<{width}}  {_credits(option.credits):<26}  "
                f"{_home(option.home):<26}  {option.rollouts}",
                style=style,
            )
        )
    lines.append(Text(""))
    for option in advice.options:
        if option.alike:
            lines.append(
                Text(
                    f"{_named(option)}: {', '.join((option.label, *option.alike))} leave the "
                    "flight the same at the end of this card (the same dice): they cannot "
                    "differ, and were valued once."
                )
            )
    best = advice.best
    if not advice.differs:
        lines.append(
            Text(
                "Every option leaves the flight the same at the end of this card: they are "
                "worth the same, choose any."
            )
        )
        return lines
    close = advice.close
    culled = [o for o in advice.options if o.culled]
    if culled:
        names = ", ".join(_named(o) for o in culled)
        lines.append(Text(f"Clearly behind the best, so flown no further: {names}."))
    for option in close:
        d = option.difference
        if d is not None and d.low == d.high == 0:
            said = (
                f"{best.label!r} and {option.label!r} cannot be told apart: they ended alike "
                f"in every one of the {option.rollouts} rollouts."
            )
        else:
            said = (
                f"{best.label!r} and {option.label!r} cannot be told apart in "
                f"{option.rollouts} rollouts: the best leads by "
                f"{_difference(option, advice.objective)}. A higher --effort may tell them apart."
            )
        lines.append(Text(said, style="yellow"))
    if not close:
        lines.append(Text(f"Best: {best.label} (ahead of every other option at this effort)."))
    return lines
