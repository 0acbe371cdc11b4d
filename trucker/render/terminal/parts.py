"""``trucker parts``: every part a ship file may name, its keys and a line to copy."""

from __future__ import annotations

from rich.text import Text

from trucker.formats.ship_keys import KeyInfo, PartKeys

__all__ = ["parts_lines"]

_EXPANSIONS = {"base": "base game", "TBE": "The Big Expansion", "ABE": "Another Big Expansion"}


def _key_line(key: KeyInfo, width: int) -> Text:
    line = Text(f"  {key.name:<{width}}  ")
    line.append("required" if key.required else "optional", style="bold" if key.required else None)
    line.append(f"  {key.value}")
    if key.note:
        line.append(f"; {key.note}", style="bright_black")
    if key.default is not None:
        line.append(f" (default {key.default})", style="bright_black")
    return line


def parts_lines(found: list[PartKeys], shared: tuple[KeyInfo, ...]) -> list[Text]:
    """The keys every tile takes, once; then each part with the keys of its own (and a shared
    key it takes differently) and its example line."""
    width = max(len(k.name) for p in found for k in p.keys)
    lines = [Text("Every tile is one line of [tiles]: its square, then its part and keys.")]
    lines.append(Text("Keys every part takes:", style="bold"))
    lines += [_key_line(key, width) for key in shared]
    for part in found:
        lines.append(Text())
        head = Text(str(part.part), style="bold")
        if part.name != str(part.part).replace("-", " "):
            head.append(f", {part.name}")
        head.append(f" ({_EXPANSIONS.get(part.expansion, part.expansion)}): {part.description}")
        lines.append(head)
        own = [key for key in part.keys if key not in shared]
        lines += [_key_line(key, width) for key in own]
        if not own:
            lines.append(Text("  no keys of its own", style="bright_black"))
        lines.append(Text(f"  example: {part.example}", style="green"))
    lines.append(Text())
    lines.append(
        Text(
            "A ship to fill in: trucker new --board II -o ship.toml · the whole format: "
            "docs/ship-format.md",
            style="bright_black",
        )
    )
    return lines
