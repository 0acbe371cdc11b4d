"""Parts that do nothing where they stand: legal, but worth knowing (RULES §2.4, §8.2, §8.3).

A note is not a violation: the ship may fly as it is. Each names the part's square, says why it
can do nothing there, and cites the section of the rules that gives the part its use. Every
check reads the ship as the rules do ("connected" counts routers, RULES §8.2), so a note is
right for the ship as the file stands, contents included: a thruster on a ship without battery
tokens can never fire, whatever the battery tiles could hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.rules.stats import armory_reach
from trucker.rules.view import RuleContext

__all__ = ["NoteId", "PartNote", "part_notes", "NOTE_CHECKS"]


class NoteId(StrEnum):
    """What a note says, as ``--json`` writes it."""

    ARMORY_NO_CREW = "armory-no-crew"
    LIFE_SUPPORT_NO_CABIN = "life-support-no-cabin"
    LIFE_SUPPORT_NO_ALIEN = "life-support-no-alien"
    SOLAR_PANEL_IDLE = "solar-panel-idle"
    THRUSTER_UNPOWERED = "thruster-unpowered"
    THRUSTER_NO_CREW = "thruster-no-crew"
    ROBOT_CENTER_UNPOWERED = "robot-center-unpowered"
    TURRET_UNPAIRED = "turret-unpaired"


@dataclass(frozen=True, order=True)
class PartNote:
    """One part that does nothing where it stands: its square first, then the squares the
    note speaks of; the rules section that gives the part its use."""

    note: NoteId
    squares: tuple[Cell, ...]
    message: str
    section: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "note": str(self.note),
            "squares": [str(c) for c in self.squares],
            "message": self.message,
            "section": self.section,
        }

    def __str__(self) -> str:
        return (
            f"{self.note} {' '.join(map(str, self.squares))}: {self.message} (RULES {self.section})"
        )


def _squares(cells: list[Cell]) -> str:
    return ", ".join(map(str, cells))


def _power_source(ctx: RuleContext, cell: Cell) -> bool:
    """Can a part on ``cell`` ever be powered: a battery token anywhere aboard, or a solar panel
    connected to it (RULES §2.4, §4.4)?"""
    if any(ctx.contents[c].charge for c in ctx.of(Part.BATTERY)):
        return True
    return any(ctx.tiles[c].part is Part.SOLAR_PANEL for c in ctx.connected.get(cell, ()))


_UNPOWERED = "no battery token is aboard and no solar panel is connected to it"


def check_armories(ctx: RuleContext) -> Iterator[PartNote]:
    """An armory arms the crew connected to it (RULES §2.4; ruling ``armory_reach``): with no
    crew there and no robot center whose robots could wake, it arms nobody."""
    adjacent = ctx.rulings.armory_reach == "adjacent"
    for cell in ctx.of(Part.ARMORY):
        reach = [c for c in armory_reach(ctx, cell, ctx.rulings) if c in ctx.tiles]
        held = ctx.contents
        crew = any(
            held[c].crew or held[c].alien or held[c].passenger or held[c].active_robots
            for c in reach
        )
        robots = any(ctx.tiles[c].part is Part.ROBOT_CENTER for c in reach)
        if not crew and not robots:
            where = "beside it (ruling armory_reach = adjacent)" if adjacent else "connected to it"
            yield PartNote(
                NoteId.ARMORY_NO_CREW, (cell,), f"armory arms nobody: no crew is {where}", "§2.4"
            )


def check_life_supports(ctx: RuleContext) -> Iterator[PartNote]:
    """Life support lets a connected cabin host an alien of its colour (RULES §2.4, §3.1 item
    7): with no cabin connected (the starting cabin never hosts one), or no alien of its
    colour in those cabins, it serves nobody."""
    tiles, held = ctx.tiles, ctx.contents
    for part in (Part.LIFE_SUPPORT, Part.HYBRID_LIFE_SUPPORT):
        for cell in ctx.of(part):
            colors = tiles[cell].colors
            said = " or ".join(map(str, colors))
            near = sorted(c for c in ctx.connected.get(cell, ()) if tiles[c].part is Part.CABIN)
            cabins = [c for c in near if not tiles[c].start]
            if not cabins:
                only = " but the starting cabin, which never hosts an alien," if near else ""
                yield PartNote(
                    NoteId.LIFE_SUPPORT_NO_CABIN,
                    (cell,),
                    f"{said} life support serves no cabin: none{only} is connected to it",
                    "§2.4",
                )
            elif not any(held[c].alien in colors for c in cabins):
                yield PartNote(
                    NoteId.LIFE_SUPPORT_NO_ALIEN,
                    (cell, *cabins),
                    f"{said} life support has no {said} alien to serve: "
                    + (
                        f"the cabin connected to it ({cabins[0]}) holds none"
                        if len(cabins) == 1
                        else f"the cabins connected to it ({_squares(cabins)}) hold none"
                    ),
                    "§2.4",
                )


def check_solar_panels(ctx: RuleContext) -> Iterator[PartNote]:
    """A solar panel powers one connected part that needs a battery token (RULES §2.4)."""
    facts = ctx.part_facts
    for cell in ctx.of(Part.SOLAR_PANEL):
        if not any(facts[ctx.tiles[c].part].powered for c in ctx.connected.get(cell, ())):
            yield PartNote(
                NoteId.SOLAR_PANEL_IDLE,
                (cell,),
                "solar panel powers nothing: no shield, double cannon, double engine, thruster "
                "or robot center is connected to it",
                "§2.4",
            )


def check_thrusters(ctx: RuleContext) -> Iterator[PartNote]:
    """A thruster shifts the ship for a battery token or solar power, and against intruders
    only with crew connected to it (RULES §2.4; ruling ``thruster_crew_for_meteors``)."""
    tiles, held = ctx.tiles, ctx.contents
    always = ctx.rulings.thruster_crew_for_meteors
    for cell in ctx.of(Part.THRUSTER):
        if not _power_source(ctx, cell):
            yield PartNote(
                NoteId.THRUSTER_UNPOWERED, (cell,), f"thruster can never fire: {_UNPOWERED}", "§2.4"
            )
            continue
        crewed = any(
            held[c].crew or held[c].alien or tiles[c].part is Part.ROBOT_CENTER
            for c in ctx.connected.get(cell, ())
        )
        if not crewed:
            use = (
                "can never fire: it needs connected crew against every threat (ruling "
                "thruster_crew_for_meteors = true)"
                if always
                else "works against meteors and fire only: against intruders it needs crew"
            )
            yield PartNote(
                NoteId.THRUSTER_NO_CREW,
                (cell,),
                f"thruster {use}, and no crew or robot center is connected to it",
                "§2.4",
            )


def check_robot_centers(ctx: RuleContext) -> Iterator[PartNote]:
    """Robots wake for a battery token or solar power (RULES §2.4)."""
    for cell in ctx.of(Part.ROBOT_CENTER):
        if not _power_source(ctx, cell):
            yield PartNote(
                NoteId.ROBOT_CENTER_UNPOWERED,
                (cell,),
                f"robot center can never wake its robots: {_UNPOWERED}",
                "§2.4",
            )


def check_turrets(ctx: RuleContext) -> Iterator[PartNote]:
    """Turrets give firepower only in connected pairs (RULES §2.4, §4.1); alone, a turret
    still stops intruders (§7)."""
    tiles = ctx.tiles
    for cell in ctx.of(Part.TURRET):
        if not any(tiles[c].part is Part.TURRET for c in ctx.connected.get(cell, ())):
            yield PartNote(
                NoteId.TURRET_UNPAIRED,
                (cell,),
                "turret can never fire: no other turret is connected to it, and turrets fire "
                "in connected pairs (alone, it still stops intruders)",
                "§2.4",
            )


NOTE_CHECKS: tuple[tuple[Callable[[RuleContext], Iterator[PartNote]], tuple[Part, ...]], ...] = (
    (check_armories, (Part.ARMORY,)),
    (check_life_supports, (Part.LIFE_SUPPORT, Part.HYBRID_LIFE_SUPPORT)),
    (check_solar_panels, (Part.SOLAR_PANEL,)),
    (check_thrusters, (Part.THRUSTER,)),
    (check_robot_centers, (Part.ROBOT_CENTER,)),
    (check_turrets, (Part.TURRET,)),
)
"""Each check with the parts it looks at: a ship without them skips it."""


def part_notes(ctx: RuleContext) -> list[PartNote]:
    """Every part that does nothing where it stands, sorted by note then squares."""
    return sorted(
        note
        for check, parts in NOTE_CHECKS
        if any(ctx.of(part) for part in parts)
        for note in check(ctx)
    )
