"""The intruder lab's words: why a guess at an intruder's next tile was right or wrong, in the
words of the rule (RULES §7.2, as ``docs/rules.md`` states it), from a
:class:`~trucker.play.lab.Prediction`.
"""

from __future__ import annotations

from trucker.play.lab import Prediction

__all__ = ["verdict_lines", "RULE"]

RULE = {
    "left": "Every time it leaves a tile, a left-hand intruder tries to turn left of its "
    "heading, else goes straight on, else turns right, else goes back to the tile it came "
    "from (RULES §7.2).",
    "right": "Every time it leaves a tile, a right-hand intruder tries to turn right of its "
    "heading, else goes straight on, else turns left, else goes back to the tile it came "
    "from (RULES §7.2).",
}
"""The turn rule, as ``docs/rules.md`` §7.2 words it, for each hand."""

_MOVE = {"left": "turn left", "straight": "go straight on", "right": "turn right",
         "back": "go back"}  # fmt: skip


def verdict_lines(p: Prediction) -> list[str]:
    """The verdict, the rule, and the tries that decide this step, one sentence each."""
    if p.right:
        lines = [f"Right: step {p.step} is {p.went}."]
    else:
        lines = [f"Not {p.guess}: at step {p.step} the intruder enters {p.went}."]
    lines.append(RULE.get(p.hand, RULE["left"]))
    tried = []
    for t in p.tries:
        where = (
            f"its {t.move} ({t.side} side)" if t.move != "straight" else f"straight on ({t.side})"
        )
        if t.joined is None:
            tried.append(f"{where}: nothing joined")
        else:
            tried.append(f"{where}: joined to {t.joined}")
    lines.append(f"On {p.stood}, heading {p.heading}: " + "; ".join(tried) + ".")
    if p.move == "back":
        lines.append(f"A dead end: nothing joined to its left, straight or right, so it goes "
                     f"back the way it came, to {p.went}.")  # fmt: skip
    else:
        lines.append(f"So it goes to {p.went} ({_MOVE[p.move]}).")
    if not p.right:
        if p.guess_move is None:
            lines.append(
                f"{p.guess} is not joined to {p.stood}: an intruder moves only between joined "
                "tiles (RULES §7.2)."
            )
        elif p.guess_move == "back":
            lines.append(f"{p.guess} is the tile it came from: it goes back only at a dead end.")
        else:
            lines.append(
                f"{p.guess} is joined too, but its hand tries to {_MOVE[p.move]} before it would "
                f"{_MOVE[p.guess_move]}."
            )
    if p.defended_by is not None:
        lines.append(
            f"{p.went} is defended ({p.defended_by}): the intruder is defeated there, before it "
            "acts (RULES §7.2)."
        )
    return lines
