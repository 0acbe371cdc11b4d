"""What a terminal shows: drawings as rich text in their colours, and the words every report
shares. Style names come from :mod:`trucker.render.text`; without colour the text alone reads."""

from __future__ import annotations

from rich.text import Text

from trucker.render.text import Drawing

__all__ = ["STYLES", "Drawn", "plural", "styled"]

STYLES = {
    "violation": "bold red",
    "hit": "bold red",
    "lost": "red",
    "defended": "bold green",
    "step": "bold yellow",
    "step2": "bold magenta",
    "path": "yellow",
    "arrow": "bold yellow",
    "seam": "cyan",
    "hole": "bright_black",
    "dim": "bright_black",
    "crew": "green",
    "power": "yellow",
    "cargo": "blue",
    "engine": "magenta",
    "weapon": "red",
    "shield": "cyan",
    "ok": "bold green",
    "bad": "bold red",
    "heat1": "yellow",
    "heat2": "dark_orange",
    "heat3": "red",
    "heat4": "bold white on red",
}
"""The colour of each style name a drawing or report uses."""


class Drawn(Text):
    """A drawing as rich text: the one printed thing whose line breaks are its own (every
    other printed text is one line, so a line break in it came from a file's words)."""


def styled(drawing: Drawing) -> Text:
    """A drawing as one rich text, each span in its style's colour."""
    text = Drawn()
    for i, line in enumerate(drawing.lines):
        if i:
            text.append("\n")
        for chunk, style in line:
            text.append(chunk, style=STYLES.get(style or ""))
    text.rstrip()
    return text


def plural(count: int, word: str) -> str:
    """``plural(1, "tile")`` -> ``"1 tile"``; ``plural(3, "tile")`` -> ``"3 tiles"``."""
    return f"{count} {word}{'' if count == 1 else 's'}"
