"""The readable reports of a built ship: ``trucker validate``'s verdict, board, violations and
numbers (RULES §3, §4), a repair's removals (RULES §3.2), a board's facts, and input errors,
one line each."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.text import Text

from trucker.core.boards import Board
from trucker.core.errors import BadInput, InputError
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import Ship
from trucker.render.rulings import settled_rulings
from trucker.render.terminal.styles import STYLES, plural, styled
from trucker.render.text import Mark, draw_ship, legend_for
from trucker.rules.report import Report
from trucker.rules.validate import validate

if TYPE_CHECKING:
    from trucker.rules.repair import RepairResult

__all__ = [
    "board_facts",
    "error_lines",
    "extra_lines",
    "files_summary",
    "lost_line",
    "repair_lines",
    "report_text",
    "show",
    "stats_line",
]


def stats_line(report: Report) -> str:
    """The ship's numbers in one line: tiles, exposed connectors, crew, power, cargo."""
    s = report.stats
    fire = s.firepower
    parts = [
        plural(s.tiles, "tile"),
        plural(s.exposed_connectors, "exposed connector"),
        plural(s.humans, "human"),
        f"aliens: {', '.join(s.aliens) or 'none'}",
        plural(s.batteries, "battery token"),
        f"firepower {fire[0]}-{fire[1]}",
        f"engine power {s.engine_power[0]}-{s.engine_power[1]}",
        plural(s.cargo_slots, "cargo slot"),
    ]
    return " · ".join(parts)


def extra_lines(report: Report) -> list[str]:
    """The numbers only some ships have: goods, shields, thrusters, the expansion parts."""
    s = report.stats
    lines = []
    if s.goods:
        lines.append(f"goods aboard: {s.goods}")
    if s.shield_sides:
        lines.append(f"shields can cover: {', '.join(s.shield_sides)}")
    if s.thruster_shifts:
        lines.append(f"thrusters can shift the ship: {', '.join(s.thruster_shifts)}")
    if s.armed or s.turret_pairs or s.robots or s.passengers or s.sleepers or s.solar_panels:
        lines.append(
            f"armed crew {s.armed} · crew for comparisons {s.crew_compare} · turret pairs "
            f"{s.turret_pairs} · robots {s.robots} · passengers {s.passengers} · sleepers "
            f"{s.sleepers} · solar panels {s.solar_panels}"
        )
    for routers, attached in s.router_networks:
        lines.append(
            f"router network {' '.join(map(str, routers))} connects "
            f"{' '.join(map(str, attached)) or 'nothing'}"
        )
    return lines


def report_text(ship: Ship, report: Report, *, draw: bool = True) -> list[Text]:
    """The readable report: header, the board with problems marked, violations, numbers."""
    lines: list[Text] = []
    verdict = (
        Text("legal", style=STYLES["ok"])
        if report.legal
        else Text(
            f"ILLEGAL ({plural(len(report.violations), 'violation')})",
            style=STYLES["bad"],
        )
    )
    head = Text(f"{report.file or ship.label}")
    if ship.name:
        head.append(f"  {ship.name}")
    head.append(f"  board {report.board}  ")
    head.append(verdict)
    lines.append(head)
    if draw:
        marks = {c: Mark("violation") for v in report.violations for c in v.squares[:1]}
        lines.append(styled(draw_ship(ship, marks=marks)))
    for violation in report.violations:
        line = Text("  ")
        line.append(f"{violation.rule}", style="red")
        line.append(f"  {' '.join(map(str, violation.squares))}")
        if violation.side:
            line.append(f" ({violation.side})")
        line.append(f": {violation.message}")
        lines.append(line)
    lines.append(Text(stats_line(report)))
    for extra in extra_lines(report):
        lines.append(Text(extra, style="bright_black"))
    for part_note in report.part_notes:
        lines.append(Text(f"note: {part_note}", style="bright_black"))
    for note in report.notes:
        lines.append(Text(f"note: {note}", style="bright_black"))
    if report.rulings:
        settled = settled_rulings(report.rulings)
        lines.append(Text(f"rulings not at their defaults: {settled}", style="yellow"))
    return lines


def show(ship: Ship, rulings: Rulings = DEFAULT_RULINGS) -> str:
    """The ship drawn on its board with its verdict, violations, numbers and a legend of what
    the drawing shows: what ``trucker show`` prints, as plain text.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-i-starter.toml")
    >>> print(trucker.show(ship))  # doctest: +ELLIPSIS
    /...class-i-starter.toml  Little Yellow  board I  legal
    ...
    legend: ...
    """
    report = validate(ship, rulings)
    lines = [line.plain for line in report_text(ship, report)]
    return "\n".join([*lines, "", *legend_for([ship], marked=not report.legal)])


def files_summary(legal: int, illegal: int, unreadable: int, code: int) -> Text:
    """``validate`` on many files: how many of each verdict, and the exit code they make."""
    total = legal + illegal + unreadable
    text = Text(f"{plural(total, 'file')}: {legal} legal, {illegal} illegal")
    if unreadable:
        text.append(f", {unreadable} unreadable", style=STYLES["bad"])
    text.append(f" (exit code {code})")
    return text


def repair_lines(result: RepairResult) -> list[str]:
    """What a repair unloaded and removed, and why, one line each (RULES §3.2); a removal
    that clears more than the rule it is listed for says what else it clears."""
    lines = [f"unloaded {note}" for note in result.unloaded]
    for r in result.removed:
        line = f"removed {r.cell} {r.part} ({r.reason})"
        others = [c for c in r.clears if not c.startswith(f"{r.reason} ")]
        if others:
            line += f", which also clears {' and '.join(others)}"
        lines.append(line)
    return lines


def lost_line(result: RepairResult) -> str:
    """How many tiles the repair lost, what they cost, and whether no repair loses fewer."""
    lost = plural(result.tiles_lost, "tile")
    search = result.search
    if result.method == "stepwise":
        how = " (the stepwise repair: one bad pair at a time, in rule order)"
    elif search is None or search.exact:
        how = ", the fewest any repair loses"
    else:
        how = (
            f", the fewest found in {search.positions:,} positions (the search's limit): "
            "a repair that loses fewer may exist"
        )
    return f"{lost} lost{how}; each costs a credit at the end of the flight"


def error_lines(errors: Iterable[InputError] | BadInput) -> list[Text]:
    """One red line per input problem, ``FILE: KEY: PROBLEM``."""
    items = errors.errors if isinstance(errors, BadInput) else errors
    return [Text(str(error), style="red") for error in items]


def board_facts(board: Board) -> list[str]:
    """A board's facts, one line each: level, start and source, how it reads the dice, its
    holes, its insurance and its reserve."""
    facts = [
        f"level {board.level} flights · start {board.start} · {len(board.squares)} squares · "
        f"source: {board.source}",
    ]
    if board.dice == "pairs":
        facts.append(
            "front/rear threats read the two dice as a pair (the column table); side threats: "
            f"first die 1 or 6 misses, else the row; second die 1-3 enters at column "
            f"{board.side_entry[0] if board.side_entry else '?'}, 4-6 at column "
            f"{board.side_entry[1] if board.side_entry else '?'}"
        )
        by_col: dict[int, list[str]] = {}
        for (a, b), col in sorted(board.pair_columns.items()):
            by_col.setdefault(col, []).append(f"{a}{b}")
        facts.append(
            "pairs: " + " · ".join(f"{c}: {' '.join(p)}" for c, p in sorted(by_col.items()))
        )
    else:
        facts.append("threats: the sum of two dice is the row or column")
    if board.hole_marks:
        facts.append(
            "holes: the squares marked with the two faces rolled at the start of building "
            "(a double also makes the start square a hole); try --holes 3,4"
        )
    ins = board.insurance
    if ins.optional:
        facts.append(
            f"insurance optional: price {ins.price}, cap {ins.cap}"
            + (" (representative)" if ins.representative else "")
        )
    else:
        facts.append(f"insurance cap: {ins.cap if ins.cap is not None else 'not known'}")
    facts.append(
        f"reserve: {board.reserve} set-aside tiles"
        + ("" if board.reserve_printed else " (no printed spaces)")
    )
    return facts
