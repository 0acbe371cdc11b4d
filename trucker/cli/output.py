"""Printing for the CLI: human text (with colour when the terminal has it) or JSON, and the
mapping from outcomes to exit codes. Only this package prints."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from trucker.core.errors import BadInput, InputError
from trucker.core.ship import Ship
from trucker.render.terminal import STYLES, plural
from trucker.render.terminal import styled as to_text
from trucker.render.text import Drawing, Mark, draw_ship
from trucker.rules.report import Report

__all__ = [
    "out",
    "err",
    "EXIT_OK",
    "EXIT_ILLEGAL",
    "EXIT_BAD_INPUT",
    "EXIT_BUG",
    "plural",
    "print_drawing",
    "print_lines",
    "print_errors",
    "print_json",
    "print_report",
    "report_text",
    "stats_line",
    "check_output",
    "write_output",
]

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2
EXIT_BUG = 3

out = Console(highlight=False, soft_wrap=True, markup=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)
"""Plain text in, plain text out: no rich markup, so a card label or a file name with square
brackets prints as written."""


def print_drawing(drawing: Drawing, console: Console = out) -> None:
    console.print(to_text(drawing))


def print_lines(lines: Iterable[RenderableType], console: Console = out) -> None:
    """Print a renderer's lines, each on its own line(s)."""
    for line in lines:
        console.print(line)


def print_json(data: Any, *, lines: bool = False) -> None:
    """Write JSON to stdout: one compact object per line (``lines``) or indented."""
    text = json.dumps(data) if lines else json.dumps(data, indent=2)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def print_errors(errors: Iterable[InputError] | BadInput) -> None:
    items = errors.errors if isinstance(errors, BadInput) else errors
    for error in items:
        err.print(Text(str(error), style="red"))


def stats_line(report: Report) -> str:
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
        drawing = draw_ship(ship, marks=marks)
        lines.append(to_text(drawing))
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
    for note in report.notes:
        lines.append(Text(f"note: {note}", style="bright_black"))
    if report.rulings:
        settled = ", ".join(f"{k} = {v}" for k, v in report.rulings.items())
        lines.append(Text(f"rulings not at their defaults: {settled}", style="yellow"))
    return lines


def print_report(ship: Ship, report: Report, *, draw: bool = True) -> None:
    for line in report_text(ship, report, draw=draw):
        out.print(line)


def check_output(path: Path, option: str, inputs: Iterable[Path]) -> None:
    """Refuse an output path before any work is done (one line, exit 2): a folder, a missing
    folder, or one of the command's own input files (inputs are never written)."""
    import typer

    problem = None
    try:
        if path.is_dir():
            problem = "is a folder; give a file name"
        elif not path.parent.is_dir():
            problem = f"no such folder: {path.parent}"
        elif any(_same_file(given, path) for given in inputs):
            problem = "refusing to overwrite an input file; choose another name"
    except OSError as exc:
        problem = exc.strerror or str(exc)
    if problem is not None:
        print_errors(BadInput.one(option, str(path), problem))
        raise typer.Exit(EXIT_BAD_INPUT)


def _same_file(given: Path, path: Path) -> bool:
    if given.resolve() == path.resolve():
        return True
    return path.exists() and given.exists() and os.path.samefile(given, path)


def write_output(path: Path, text: str, option: str) -> None:
    """Write a picture or page atomically; a failure is one line and exit 2."""
    import typer

    from trucker.formats.write import write_atomic

    try:
        write_atomic(path, text)
    except OSError as exc:
        print_errors(BadInput.one(option, str(path), exc.strerror or str(exc)))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    err.print(f"wrote {path}")
