"""What a ship may carry: aliens with their life support (RULES §3.1 item 7, §2.4 hybrid life
support), and no more crew, tokens, goods or sleepers than the parts hold."""

from __future__ import annotations

from collections.abc import Iterator

from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.rules.view import RuleContext
from trucker.rules.violations import RuleId, Violation

__all__ = [
    "check_alien_life_support",
    "check_alien_in_start_cabin",
    "check_alien_duplicate",
    "check_overloaded",
]


def check_alien_life_support(ctx: RuleContext) -> Iterator[Violation]:
    """An alien needs life support of its colour connected to its cabin: joined, or through
    routers (RULES §8.2); a hybrid support offers two colours (§2.4). The life support that
    fails it is named after the cabin: one of its colour that is not connected, else one
    connected that is of another colour."""
    tiles = ctx.tiles
    supports = [c for c, t in sorted(tiles.items()) if t.part.is_life_support]
    for cell in ctx.of(Part.CABIN):
        alien = ctx.contents[cell].alien
        if alien is None:
            continue
        near = ctx.connected.get(cell, frozenset())
        if any(alien in tiles[other].colors for other in near if other in supports):
            continue
        apart = [c for c in supports if alien in tiles[c].colors]
        wrong = [c for c in supports if c in near]
        named = []
        if apart:
            these = " and the ".join(f"{alien} life support on {c}" for c in apart)
            named.append(f"the {these} {'is' if len(apart) == 1 else 'are'} not connected to it")
        named += [
            f"the life support on {c}, connected to it, is {' and '.join(tiles[c].colors)}"
            for c in wrong
        ]
        message = f"{alien} alien without connected {alien} life support"
        if named:
            message += ": " + "; ".join(named)
        yield Violation(RuleId.ALIEN_NO_LIFE_SUPPORT, (cell, *apart, *wrong), message)


def check_alien_in_start_cabin(ctx: RuleContext) -> Iterator[Violation]:
    """The starting cabin never hosts an alien (RULES §2.2)."""
    for cell, tile in ctx.items(Part.CABIN):
        alien = ctx.contents[cell].alien
        if tile.start and alien is not None:
            yield Violation(
                RuleId.ALIEN_IN_START_CABIN, (cell,), f"{alien} alien in the starting cabin"
            )


def check_alien_duplicate(ctx: RuleContext) -> Iterator[Violation]:
    """At most one alien of each colour per ship (RULES §3.1.7); each extra one is reported
    beside the first (lowest square)."""
    by_color: dict[str, list[Cell]] = {}
    for cell in ctx.of(Part.CABIN):
        alien = ctx.contents[cell].alien
        if alien is not None:
            by_color.setdefault(alien, []).append(cell)
    for color, cells in by_color.items():
        for cell in cells[1:]:
            yield Violation(
                RuleId.ALIEN_DUPLICATE,
                (cell, cells[0]),
                f"a second {color} alien (the first is on {cells[0]})",
            )


def check_overloaded(ctx: RuleContext) -> Iterator[Violation]:
    """More crew, tokens, goods or sleepers than the part holds, or red goods outside a red hold
    (the spec's Values)."""
    cabin = ctx.part_facts[Part.CABIN].crew
    for cell, tile in ctx.items(Part.CABIN, Part.BATTERY, Part.CARGO, Part.STASIS_CHAMBER):
        held = ctx.contents[cell]
        problems = []
        if tile.part is Part.CABIN and held.crew > cabin:
            problems.append(f"{held.crew} humans in a cabin that holds {cabin}")
        elif tile.part is Part.BATTERY and held.charge > tile.capacity:
            problems.append(f"{held.charge} tokens in a battery of {tile.capacity}")
        elif tile.part is Part.CARGO:
            if len(held.goods) > tile.capacity:
                problems.append(f"{len(held.goods)} goods in a hold of {tile.capacity}")
            if not tile.red and "R" in held.goods:
                problems.append("red goods in a plain hold")
        elif tile.part is Part.STASIS_CHAMBER:
            room = ctx.part_facts[Part.STASIS_CHAMBER].sleepers
            if held.sleepers > room:
                problems.append(f"{held.sleepers} sleepers in a stasis chamber that holds {room}")
        if problems:
            yield Violation(RuleId.OVERLOADED, (cell,), "; ".join(problems))
