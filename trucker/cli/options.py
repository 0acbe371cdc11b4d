"""Options that several commands share: one definition each."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

__all__ = [
    "RulingOpt",
    "JsonOpt",
    "RepairOpt",
    "SvgOpt",
    "ThreatOpt",
    "EffortOpt",
    "ObjectiveOpt",
    "RunSeedOpt",
    "WorkersOpt",
    "DaskOpt",
]

RulingOpt = Annotated[
    Optional[list[str]],  # noqa: UP045 - typer needs Optional here
    typer.Option(
        "--ruling",
        "-r",
        metavar="NAME=VALUE",
        help="Choose an interpretation (repeatable); see `trucker rulings`.",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")]
RepairOpt = Annotated[
    bool, typer.Option("--repair", help="Repair an illegal layout first (removed tiles are lost).")
]
SvgOpt = Annotated[
    Optional[Path],  # noqa: UP045
    typer.Option("--svg", metavar="FILE", help="Also draw the picture as SVG into FILE."),
]
ThreatOpt = Annotated[
    str,
    typer.Option(
        "--threat",
        "-t",
        help="small-meteor, large-meteor, light-fire, heavy-fire or paired-meteor.",
    ),
]
EffortOpt = Annotated[
    Optional[int],  # noqa: UP045
    typer.Option(
        "--effort",
        metavar="N",
        help="The expert's rollouts per option at each decision (default 8; at most 1,000).",
    ),
]
ObjectiveOpt = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--objective",
        metavar="credits|home",
        help="What the expert maximises: final credits (default) or the chance of coming home.",
    ),
]
RunSeedOpt = Annotated[
    Optional[int],  # noqa: UP045
    typer.Option("--seed", help="The run's seed (printed when not given, for a rerun)."),
]
WorkersOpt = Annotated[
    int,
    typer.Option(
        "--workers",
        "-w",
        min=1,
        help="Local processes, at most the CPUs this process may use (the numbers do not "
        "depend on it).",
    ),
]
DaskOpt = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--dask",
        metavar="ADDRESS",
        help="Run on this Dask scheduler (e.g. tcp://host:8786; pip install -e '.[dask]'): one "
        "that does not answer within 10 s is refused; a cluster lost midway ends the run with "
        "what was flown.",
    ),
]
