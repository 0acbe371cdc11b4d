"""Named rulings: the project's answers where the rules leave a question open (RULES §10).

One model, one place. Each ruling has a default, a description and its source; a ship file
chooses others with ``rulings = {...}`` and the command line with ``--ruling name=value``,
which wins. Engine functions receive a :class:`Rulings` explicitly: there is no module-level
"current rulings".
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from trucker.errors import BadInput, InputError
from trucker.formats.errors import input_errors

__all__ = [
    "Rulings",
    "DEFAULT_RULINGS",
    "RulingSource",
    "RulingInfo",
    "ruling_infos",
    "parse_assignments",
    "resolve_rulings",
]


def _src(number: str, *, alternatives: str) -> dict[str, Any]:
    return {"source": f"RULES §10 #{number}", "alternatives": alternatives}


class Rulings(BaseModel):
    """Interpretations of rules the rulebook leaves open (RULES §10)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    radiation_explodes_at: Annotated[int, Field(ge=1)] = Field(
        4,
        description="Battery tokens in one energy network that make it explode in a Radiation Leak "
        "(the walkthrough's text says more than 4, its example explodes 4 and spares 3).",
        json_schema_extra=_src("1", alternatives="any integer >= 1"),
    )
    radiation_solar_counts: bool = Field(
        False,
        description="Each solar panel counts as one token toward the Radiation Leak threshold.",
        json_schema_extra=_src("2", alternatives="true"),
    )
    radiation_hits_robots: bool = Field(
        True,
        description="Radiation Leak's crew step also removes one active robot per component.",
        json_schema_extra=_src("3", alternatives="false"),
    )
    thruster_clearance: Literal["each-nozzle", "one-square"] = Field(
        "each-nozzle",
        description="Which squares behind a thruster must stay empty: behind each nozzle, or only "
        "behind the first-listed nozzle.",
        json_schema_extra=_src("4b", alternatives="one-square"),
    )
    thruster_crew_for_meteors: bool = Field(
        False,
        description="A thruster needs connected awake crew to dodge meteors and fire too "
        "(the walkthrough asks for crew only against intruders).",
        json_schema_extra=_src("5", alternatives="true"),
    )
    landing_dead_end: Literal["escape", "back"] = Field(
        "escape",
        description="An intruder at a dead end on its landing tile leaves the ship (escape), or "
        "steps to a joined tile behind it (back).",
        json_schema_extra=_src("6", alternatives="back"),
    )
    predators_eat_robots: bool = Field(
        True,
        description="Predators eat the robots of a robot center they enter (unless armed).",
        json_schema_extra=_src("8", alternatives="false"),
    )
    double_commando_detonation: Literal["after-both", "immediate"] = Field(
        "after-both",
        description="When one of two commandos is defeated, its fuses explode after both have "
        "left (after-both) or at once (immediate).",
        json_schema_extra=_src("9", alternatives="immediate"),
    )
    armory_reach: Literal["connected", "adjacent"] = Field(
        "connected",
        description="Which crew an armory arms: crew connected to it (joined, or through routers), "
        "or crew on any orthogonal neighbour, joined or not.",
        json_schema_extra=_src("10", alternatives="adjacent"),
    )
    manned_armory_defends: bool = Field(
        False,
        description="An armory connected to crew is itself a defended tile for intruders.",
        json_schema_extra=_src("11b", alternatives="true"),
    )
    rear_large_meteor: Literal["same-or-adjacent", "same-column"] = Field(
        "same-or-adjacent",
        description="Which rear-facing cannons can shoot a large meteor from the rear.",
        json_schema_extra=_src("12", alternatives="same-column"),
    )
    cabinless_pieces: Literal["owner-chooses", "auto-discard"] = Field(
        "owner-chooses",
        description="After a ship breaks, may the owner keep a piece without a cabin, or are such "
        "pieces discarded whenever a piece with a cabin exists?",
        json_schema_extra=_src("13", alternatives="auto-discard"),
    )
    level_iv_rewards: Literal["extrapolate", "level-iii"] = Field(
        "extrapolate",
        description="Arrival and best-looking rewards of a level IV flight: extrapolated "
        "(16/12/8/4 and 8) or those of level III.",
        json_schema_extra=_src("18", alternatives="level-iii"),
    )
    hazardous_top_level: Literal["IV", "III"] = Field(
        "IV",
        description="Hazardous Business on a level III card adds two level IV cards (when a IV "
        "catalogue exists), or two more level III cards.",
        json_schema_extra=_src("20", alternatives="III"),
    )
    unknown_insurance_cap: Literal["none"] | Annotated[int, Field(ge=0)] = Field(
        "none",
        description="The insurance cap used on a board whose printed cap is not known: none "
        "(every lost tile costs a credit) or a number.",
        json_schema_extra=_src("21", alternatives="any integer >= 0"),
    )
    mostly_open_five: Literal["top-two", "top-only"] = Field(
        "top-two",
        description="With five ships, Mostly Open Space also hits the second-highest engine power.",
        json_schema_extra=_src("25", alternatives="top-only"),
    )
    under_fire_target: Literal["taker", "offered"] = Field(
        "taker",
        description="Abandoned under fire: only a ship that will take the card is shot first "
        "(taker), or every ship offered the chance (offered).",
        json_schema_extra=_src("26", alternatives="offered"),
    )
    track_length: Annotated[str, Field(pattern=r"^\d+/\d+/\d+/\d+$")] = Field(
        "18/24/30/36",
        description="Spaces on the flight track for flight levels I/II/III/IV.",
        json_schema_extra=_src("27", alternatives="any four numbers a/b/c/d"),
    )
    start_gap: Literal["level+1"] | Annotated[int, Field(ge=1)] = Field(
        "level+1",
        description="Spaces between consecutive ships at launch: the flight level plus one, or a "
        "number (at least 1: two rockets never share a space).",
        json_schema_extra=_src("28", alternatives="any integer >= 1"),
    )
    second_share: Literal["minus-one", "full"] = Field(
        "minus-one",
        description="With five ships, the second ship to take a reward gets one less of each of "
        "its components (credits, goods, crew; the good left out is the least valuable, the "
        "choice its owner would make), or the full reward.",
        json_schema_extra=_src("29", alternatives="full"),
    )
    weakened_enemy: Literal["one-fewer-per-kind", "lighter"] = Field(
        "one-fewer-per-kind",
        description="With five ships, an enemy after its first defeat fires one shot fewer of each "
        "kind (the last of each), or fires light shots instead of heavy ones; the goods or crew "
        "it takes are not reduced (the walkthrough speaks of its shots).",
        json_schema_extra=_src("30", alternatives="lighter"),
    )
    hostile_rolls: Literal["shared", "per-ship"] = Field(
        "shared",
        description="ABE hostile Smugglers and Slavers (RULES §6.8, whose details are only on "
        "the level IV cards) shoot the ships they beat after passing every ship, each shot "
        "rolled once for all of them as Pirates' shots are (shared), or with new rolls for each "
        "ship (per-ship).",
        json_schema_extra=_src("19", alternatives="per-ship"),
    )
    epidemic_cabins: Literal["cabins", "cabins+luxury"] = Field(
        "cabins",
        description="Which parts count as cabins for Epidemic: cabins, or also luxury cabins.",
        json_schema_extra=_src("31", alternatives="cabins+luxury"),
    )

    def non_default(self) -> dict[str, object]:
        """The rulings that differ from their defaults, by name (for reports)."""
        return dict(_non_default(self))

    def track_spaces(self, level: int) -> int:
        return int(self.track_length.split("/")[min(level, 4) - 1])


@lru_cache(maxsize=64)
def _non_default(rulings: Rulings) -> tuple[tuple[str, object], ...]:
    """Worked out once per set of rulings (a run of many flights asks every flight)."""
    fields = type(rulings).model_fields
    return tuple(
        (name, value)
        for name, value in rulings.model_dump().items()
        if value != fields[name].default
    )


DEFAULT_RULINGS = Rulings()


@dataclass(frozen=True, slots=True)
class RulingInfo:
    name: str
    default: object
    alternatives: str
    description: str
    source: str


def ruling_infos() -> list[RulingInfo]:
    """Every ruling with its default, alternatives, description and source (docs, CLI)."""
    out = []
    for name, info in Rulings.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        out.append(
            RulingInfo(
                name=name,
                default=info.default,
                alternatives=str(extra.get("alternatives", "")),
                description=info.description or "",
                source=str(extra.get("source", "")),
            )
        )
    return out


def _suggest(name: str) -> str:
    close = difflib.get_close_matches(name, list(Rulings.model_fields), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _check(
    values: Mapping[str, object], file: str, where: str, *, strict: bool
) -> list[InputError]:
    errors = [
        InputError(file, f"{where}{name}", f"unknown ruling{_suggest(name)}")
        for name in values
        if name not in Rulings.model_fields
    ]
    known = {k: v for k, v in values.items() if k in Rulings.model_fields}
    try:
        Rulings.model_validate(known, strict=strict)
    except ValidationError as exc:
        prefix = where.rstrip(".")
        for err in input_errors(exc, file):
            path = f"{prefix}.{err.where}" if prefix else err.where
            errors.append(InputError(file, path, err.problem))
    return errors


_ASSIGNMENT = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.+?)\s*$")


def parse_assignments(texts: Iterable[str]) -> dict[str, object]:
    """Read ``--ruling name=value`` options; :class:`BadInput` (``--ruling``) when malformed."""
    out: dict[str, object] = {}
    errors = []
    for text in texts:
        match = _ASSIGNMENT.match(text)
        if match is None:
            errors.append(InputError("--ruling", text, "expected name=value"))
            continue
        name, raw = match.groups()
        value: object = raw
        if raw.lower() in {"true", "false"}:
            value = raw.lower() == "true"
        elif re.fullmatch(r"[+-]?\d+", raw):
            value = int(raw)
        out[name] = value
    for err in _check(out, "--ruling", "", strict=False):
        errors.append(err)
    if errors:
        raise BadInput(errors)
    return out


@dataclass(frozen=True, slots=True)
class RulingSource:
    """Rulings written in one input file (``file`` names it in error lines)."""

    file: str
    values: Mapping[str, object]


def resolve_rulings(
    files: Iterable[RulingSource], command_line: Mapping[str, object] | None = None
) -> Rulings:
    """Layer the rulings of one command: defaults < the first file < ``--ruling`` (the spec).

    A later file whose rulings differ from what the command uses is bad input, unless the
    command line settles that name.
    """
    cli = dict(command_line or {})
    sources = list(files)
    errors: list[InputError] = []
    for source in sources:
        errors.extend(_check(source.values, source.file, "rulings.", strict=True))
    if errors:
        raise BadInput(errors)
    merged: dict[str, object] = dict(sources[0].values) if sources else {}
    merged.update(cli)
    rulings = Rulings.model_validate(merged)
    used = rulings.model_dump()
    for source in sources[1:]:
        for name, value in source.values.items():
            if name not in cli and used[name] != value:
                errors.append(
                    InputError(
                        source.file,
                        f"rulings.{name}",
                        f"{value!r} differs from {used[name]!r} used for this command; "
                        f"settle it with --ruling {name}=...",
                    )
                )
    if errors:
        raise BadInput(errors)
    return rulings


def ruling_choices(name: str) -> tuple[object, ...]:
    """The literal values a ruling may take (empty for numbers and free text)."""
    annotation = Rulings.model_fields[name].annotation
    return tuple(a for a in get_args(annotation) if isinstance(a, str | bool))
