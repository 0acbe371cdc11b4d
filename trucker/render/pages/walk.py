"""The page of an intruder's walk (``trucker intruder --html``): one picture, a frame per step,
each step's narration beside it (the player of :mod:`trucker.render.pages.player`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from trucker.render.narrate import narrate
from trucker.render.pages.player import Frame, Show, page

if TYPE_CHECKING:
    from trucker.core.ship import Ship
    from trucker.sim.intruders import IntruderResult

__all__ = ["walk_show", "walk_page", "walk_narration"]


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


def walk_show(ship: Ship, result: IntruderResult, events: Sequence[Any]) -> Show:
    """An intruder card as a show: the landing, one frame per step (both walkers of a double
    card together), and the outcome, each its own picture drawn from the log up to it."""
    from trucker.render.pictures import outcome_lines, walk_title
    from trucker.render.pictures.story import walk_story
    from trucker.render.pictures.walks import walk_frames_svgs, walk_legend

    story = walk_story(ship, events)
    rolled = result.rolled if result.shift is not None else None
    outcome_words = outcome_lines(result)
    drawn = walk_frames_svgs(
        story,
        walk_title(ship, result),
        result.card.steps,
        rolled=rolled,
        outcome=outcome_words,
        captions=False,
    )
    pictures = [svg for _, svg in drawn]
    before, per_step, later = walk_narration(events)
    frames = [Frame("The landing", tuple(before) or ("the card is drawn",), 0, 0, ("line",))]
    longest = max((len(w.steps) for w in result.walks), default=0)
    for number in range(1, longest + 1):
        walking = [w for w in result.walks if len(w.steps) >= number]
        focus = tuple(f"token-{w.hand}" for w in walking)
        hands = " and ".join(f"{w.hand}-hand" for w in walking)
        frames.append(
            Frame(
                f"Step {number} of {result.card.steps} ({hands})",
                tuple(per_step.get(number, ())),
                number,
                number,
                focus,
            )
        )
    outcome = tuple(later) + tuple(outcome_words)
    frames.append(Frame("The outcome", outcome, len(pictures) - 1, None, ()))
    card = result.card
    intro = (
        f"{'A double ' if card.double else 'A '}{card.kind} from the {card.direction}: "
        f"{card.steps} steps, fuses at {', '.join(map(str, card.fuses)) or 'no step'}, "
        f"reward {card.reward.short()}.",
        "Each step shows the ship as that step left it: the path so far, where the intruder "
        "stands now and which way it heads, and on the tile it left, the sides its hand tried "
        "in order.",
    )
    legend = tuple(walk_legend(story))
    return Show(walk_title(ship, result), tuple(pictures), tuple(frames), intro, legend=legend)


def walk_page(ship: Ship, result: IntruderResult, events: Sequence[Any]) -> str:
    """The teaching page for one intruder card (``trucker intruder ... --html``)."""
    return page(walk_show(ship, result, events))
