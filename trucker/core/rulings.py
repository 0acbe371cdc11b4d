"""Named rulings: the project's answers where the rules leave a question open (RULES §10).

One class, one place. Each ruling has a default, a description and its source; a ship file
chooses others with ``rulings = {...}`` and the command line with ``--ruling name=value``,
which wins. Engine functions receive a :class:`Rulings` explicitly: there is no module-level
"current rulings".

:class:`Rulings` is a plain frozen dataclass, not a pydantic model: every command reads it, and
``trucker validate`` should not pay pydantic's import for a file that sets no rulings. Each
ruling's declaration says what it accepts (:class:`Flag`, :class:`Words`, :class:`Integer`,
:class:`Text` or :class:`Numbers`), and that value checks a value and words the problem: once for
each value a file or the command line gives, and in :class:`Rulings` itself for a value that is
not the default.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import Field, dataclass, field, fields
from functools import lru_cache
from typing import Any, Literal, NamedTuple, Protocol

from trucker.core.errors import BadInput, InputError

__all__ = [
    "Rulings",
    "DEFAULT_RULINGS",
    "RULING_NAMES",
    "RulingSource",
    "RulingInfo",
    "ruling_infos",
    "ruling_choices",
    "ruling_alternatives",
    "parse_assignments",
    "resolve_rulings",
    "Accepts",
    "Flag",
    "Words",
    "Integer",
    "Text",
    "Numbers",
]


class Accepts(Protocol):
    """What a ruling accepts: it checks a value and words the problem."""

    @property
    def choices(self) -> tuple[str, ...]:
        """The words it takes, when it takes only words (else empty)."""
        ...

    def problem(self, value: object) -> str | None:
        """What is wrong with ``value``, or None. Values are typed: a file writes them so, and
        :func:`parse_assignments` reads the command line's text into types."""
        ...


def _expected(shown: Iterable[str], value: object) -> str:
    return f"expected {' or '.join(shown)}, got {value!r}"


class Flag:
    """true or false, or one of a few words besides: ``Flag("landing")`` (a ruling that grew a
    third answer keeps the files that say true or false)."""

    __slots__ = ("words",)
    choices: tuple[str, ...] = ()

    def __init__(self, *words: str) -> None:
        self.words = words

    def problem(self, value: object) -> str | None:
        if type(value) is bool or (type(value) is str and value in self.words):
            return None
        return _expected(["true", "false", *map(repr, self.words)], value)


class Words:
    """One of a few words: ``Words("connected", "adjacent")``."""

    __slots__ = ("choices",)

    def __init__(self, *choices: str) -> None:
        self.choices = choices

    def problem(self, value: object) -> str | None:
        if type(value) is str and value in self.choices:
            return None
        return _expected(map(repr, self.choices), value)


class Integer:
    """An integer of at least ``at_least``, or one of a few words: ``Integer(0, "none")``."""

    __slots__ = ("at_least", "words")
    choices: tuple[str, ...] = ()

    def __init__(self, at_least: int, *words: str) -> None:
        self.at_least = at_least
        self.words = words

    def problem(self, value: object) -> str | None:
        if type(value) is str and value in self.words:
            return None
        if type(value) is int:
            if value >= self.at_least:
                return None
            return f"expected an integer >= {self.at_least}, got {value}"
        return _expected([*map(repr, self.words), f"an integer >= {self.at_least}"], value)


class Text:
    """Text that ``pattern`` matches whole; ``expected`` says what that is, for a problem."""

    __slots__ = ("pattern", "expected")
    choices: tuple[str, ...] = ()

    def __init__(self, pattern: str, expected: str) -> None:
        self.pattern = pattern
        self.expected = expected

    def problem(self, value: object) -> str | None:
        if type(value) is str and re.fullmatch(self.pattern, value):
            return None
        return f"expected {self.expected}, got {value!r}"


class Numbers:
    """``count`` whole numbers written ``a/b/c/d``, each from ``at_least`` to ``at_most``, like
    ``example``: ``Numbers(4, 5, 999, "18/24/30/36")``."""

    __slots__ = ("count", "at_least", "at_most", "example")
    choices: tuple[str, ...] = ()

    def __init__(self, count: int, at_least: int, at_most: int, example: str) -> None:
        self.count = count
        self.at_least = at_least
        self.at_most = at_most
        self.example = example

    def problem(self, value: object) -> str | None:
        parts = value.split("/") if type(value) is str else []
        if len(parts) == self.count and all(_within(p, self.at_least, self.at_most) for p in parts):
            return None
        return (
            f"expected {self.count} numbers from {self.at_least} to {self.at_most} written "
            f"like {self.example!r}, got {value!r}"
        )


def _within(text: str, low: int, high: int) -> bool:
    """``text`` is plain digits for a number from ``low`` to ``high``."""
    return text.isascii() and text.isdigit() and len(text) <= 9 and low <= int(text) <= high


def ruling(
    default: object,
    *,
    accepts: Accepts,
    source: str,
    alternatives: str,
    description: str,
) -> Any:
    """Declare one ruling: its default, what it accepts, where RULES discusses it (``source``
    is the question's number in §10, or a section such as ``"§9.1"`` where §10 does not list
    it), and what else it may be, in words."""
    return field(
        default=default,
        metadata={
            "accepts": accepts,
            "source": f"RULES {source}" if source.startswith("§") else f"RULES §10 #{source}",
            "alternatives": alternatives,
            "description": description,
        },
    )


@dataclass(frozen=True)
class Rulings:
    """Interpretations of rules the rulebook leaves open (RULES §10).

    >>> import trucker
    >>> trucker.Rulings().rear_large_meteor
    'same-or-adjacent'
    """

    radiation_explodes_at: int = ruling(
        4,
        accepts=Integer(1),
        source="1",
        alternatives="any integer >= 1",
        description="Battery tokens in one energy network that make it explode in a Radiation Leak "
        "(the walkthrough's text says more than 4, its example explodes 4 and spares 3).",
    )
    radiation_solar_counts: bool = ruling(
        False,
        accepts=Flag(),
        source="2",
        alternatives="true",
        description="Each solar panel counts as one token toward the Radiation Leak threshold.",
    )
    radiation_hits_robots: bool = ruling(
        True,
        accepts=Flag(),
        source="3",
        alternatives="false",
        description="Radiation Leak's crew step also removes one active robot per component.",
    )
    thruster_clearance: Literal["each-nozzle", "one-square"] = ruling(
        "each-nozzle",
        accepts=Words("each-nozzle", "one-square"),
        source="4b",
        alternatives="one-square",
        description="Which squares behind a thruster must stay empty: behind each nozzle, or only "
        "behind the first-listed nozzle.",
    )
    thruster_crew_for_meteors: bool = ruling(
        False,
        accepts=Flag(),
        source="5",
        alternatives="true",
        description="A thruster needs connected awake crew to dodge meteors and fire too "
        "(the walkthrough asks for crew only against intruders).",
    )
    landing_dead_end: Literal["escape", "back"] = ruling(
        "escape",
        accepts=Words("escape", "back"),
        source="6",
        alternatives="back",
        description="An intruder at a dead end on its landing tile leaves the ship (escape), or "
        "steps to a joined tile behind it (back).",
    )
    predators_eat_robots: bool = ruling(
        True,
        accepts=Flag(),
        source="8",
        alternatives="false",
        description="Predators eat the robots of a robot center they enter (unless armed).",
    )
    double_commando_detonation: Literal["after-both", "immediate"] = ruling(
        "after-both",
        accepts=Words("after-both", "immediate"),
        source="9",
        alternatives="immediate",
        description="When one of two commandos is defeated, its fuses explode after both have "
        "left (after-both) or at once (immediate); if that destroys or breaks off the landing "
        "tile, the second commando never boards.",
    )
    armory_reach: Literal["connected", "adjacent"] = ruling(
        "connected",
        accepts=Words("connected", "adjacent"),
        source="10",
        alternatives="adjacent",
        description="Which crew an armory arms: crew connected to it (joined, or through routers), "
        "or crew on any orthogonal neighbour, joined or not.",
    )
    manned_armory_defends: bool | Literal["landing"] = ruling(
        False,
        accepts=Flag("landing"),
        source="11b",
        alternatives='true, "landing"',
        description="An armory connected to crew is itself a defended tile for intruders: never "
        '(false), against a landing on it only ("landing": an intruder walking in passes, as in '
        "the walkthrough's roll-5 walk), or against landing and walking alike (true).",
    )
    rear_large_meteor: Literal["same-or-adjacent", "same-column"] = ruling(
        "same-or-adjacent",
        accepts=Words("same-or-adjacent", "same-column"),
        source="12",
        alternatives="same-column",
        description="Which rear-facing cannons can shoot a large meteor from the rear.",
    )
    cabinless_pieces: Literal["owner-chooses", "auto-discard"] = ruling(
        "owner-chooses",
        accepts=Words("owner-chooses", "auto-discard"),
        source="13",
        alternatives="auto-discard",
        description="After a ship breaks, may the owner keep a piece without a cabin, or are such "
        "pieces discarded whenever a piece with a cabin exists?",
    )
    level_iv_rewards: Literal["extrapolate", "level-iii"] = ruling(
        "extrapolate",
        accepts=Words("extrapolate", "level-iii"),
        source="18",
        alternatives="level-iii",
        description="Arrival and best-looking rewards of a level IV flight: extrapolated "
        "(16/12/8/4 and 8) or those of level III.",
    )
    hazardous_top_level: Literal["IV", "III"] = ruling(
        "IV",
        accepts=Words("IV", "III"),
        source="20",
        alternatives="III",
        description="Hazardous Business on a level III card adds two level IV cards (when a IV "
        "catalogue exists), or two more level III cards.",
    )
    unknown_insurance_cap: Literal["none"] | int = ruling(
        "none",
        accepts=Integer(0, "none"),
        source="21",
        alternatives="any integer >= 0",
        description="The insurance cap used on a board whose printed cap is not known: none "
        "(every lost tile costs a credit) or a number.",
    )
    mostly_open_five: Literal["top-two", "top-only"] = ruling(
        "top-two",
        accepts=Words("top-two", "top-only"),
        source="25",
        alternatives="top-only",
        description="With five ships, Mostly Open Space also hits the second-highest engine power.",
    )
    under_fire_target: Literal["taker", "offered"] = ruling(
        "taker",
        accepts=Words("taker", "offered"),
        source="26",
        alternatives="offered",
        description="Abandoned under fire: only a ship that will take the card is shot first "
        "(taker), or every ship offered the chance (offered).",
    )
    track_length: str = ruling(
        "18/24/30/36",
        # at least 5 spaces: a moving rocket leaps over the others (RULES §6.1), so one space
        # must stay free with five ships aboard; at most 999, far beyond any printed track
        accepts=Numbers(4, 5, 999, "18/24/30/36"),
        source="27",
        alternatives="any four numbers a/b/c/d, each 5 to 999",
        description="Spaces on the flight track for flight levels I/II/III/IV.",
    )
    start_gap: Literal["level+1"] | int = ruling(
        "level+1",
        accepts=Integer(1, "level+1"),
        source="28",
        alternatives="any integer >= 1",
        description="Spaces between consecutive ships at launch: the flight level plus one, or a "
        "number (at least 1: two rockets never share a space).",
    )
    second_share: Literal["minus-one", "full"] = ruling(
        "minus-one",
        accepts=Words("minus-one", "full"),
        source="29",
        alternatives="full",
        description="With five ships, the second ship to take a reward gets one less of each of "
        "its components (credits, goods, crew; the good left out is the least valuable, the "
        "choice its owner would make), or the full reward.",
    )
    weakened_enemy: Literal["one-fewer-per-kind", "lighter"] = ruling(
        "one-fewer-per-kind",
        accepts=Words("one-fewer-per-kind", "lighter"),
        source="30",
        alternatives="lighter",
        description="With five ships, an enemy after its first defeat fires one shot fewer of each "
        "kind (the last of each), or fires light shots instead of heavy ones; the goods or crew "
        "it takes are not reduced (the walkthrough speaks of its shots).",
    )
    hostile_rolls: Literal["shared", "per-ship"] = ruling(
        "shared",
        accepts=Words("shared", "per-ship"),
        source="§6.8",
        alternatives="per-ship",
        description="ABE hostile Smugglers and Slavers (RULES §6.8, whose details are only on "
        "the level IV cards) shoot the ships they beat after passing every ship, each shot "
        "rolled once for all of them as Pirates' shots are (shared), or with new rolls for each "
        "ship (per-ship).",
    )
    epidemic_cabins: Literal["cabins", "cabins+luxury"] = ruling(
        "cabins",
        accepts=Words("cabins", "cabins+luxury"),
        source="31",
        alternatives="cabins+luxury",
        description="Which parts count as cabins for Epidemic: cabins, or also luxury cabins.",
    )
    fifth_place_reward: int = ruling(
        0,
        accepts=Integer(0),
        source="§9.1",
        alternatives="any integer >= 0",
        description="Credits a fifth ship to arrive earns: the rules print four arrival rewards "
        "and none for a fifth place (not found, RULES §9.1 [?]); 0 reads them as written.",
    )
    level_iv_top_card: Literal["level-iv", "any"] = ruling(
        "level-iv",
        accepts=Words("level-iv", "any"),
        source="§6.6",
        alternatives="any",
        description="A Class IV flight's deck is reshuffled until its top card is level IV, as "
        "decks of the other levels are (assumed by analogy, RULES §6.6 [?]), or only shuffled.",
    )

    def __post_init__(self) -> None:
        problems = [
            f"{name}: {problem}"
            for name, f in _FIELDS.items()
            if (value := getattr(self, name)) != f.default or type(value) is not type(f.default)
            if (problem := _ACCEPTS[name].problem(value)) is not None
        ]
        if problems:
            raise ValueError("; ".join(problems))

    def non_default(self) -> dict[str, object]:
        """The rulings that differ from their defaults, by name (for reports)."""
        return dict(_non_default(self))

    def as_dict(self) -> dict[str, object]:
        """Every ruling by name (a flight log's header)."""
        return {name: getattr(self, name) for name in RULING_NAMES}

    def track_spaces(self, level: int) -> int:
        return int(self.track_length.split("/")[min(level, 4) - 1])


_FIELDS: dict[str, Field[Any]] = {f.name: f for f in fields(Rulings)}
_ACCEPTS: dict[str, Accepts] = {name: f.metadata["accepts"] for name, f in _FIELDS.items()}
RULING_NAMES: tuple[str, ...] = tuple(_FIELDS)
"""Every ruling's name, in the order `trucker rulings` lists them."""


@lru_cache(maxsize=64)
def _non_default(rulings: Rulings) -> tuple[tuple[str, object], ...]:
    """Worked out once per set of rulings (a run of many flights asks every flight)."""
    return tuple(
        (name, value)
        for name, f in _FIELDS.items()
        if (value := getattr(rulings, name)) != f.default or type(value) is not type(f.default)
    )


def _checked(values: Mapping[str, object]) -> Rulings:
    """Rulings of known names whose values :func:`_check` has passed: built without checking
    them again (``Rulings(...)`` would)."""
    rulings = object.__new__(Rulings)
    for name, f in _FIELDS.items():
        object.__setattr__(rulings, name, values.get(name, f.default))
    return rulings


DEFAULT_RULINGS = Rulings()


class RulingInfo(NamedTuple):
    name: str
    default: object
    alternatives: str
    description: str
    source: str


def ruling_infos() -> list[RulingInfo]:
    """Every ruling with its default, alternatives, description and source (docs, CLI)."""
    return [
        RulingInfo(
            name=name,
            default=f.default,
            alternatives=f.metadata["alternatives"],
            description=f.metadata["description"],
            source=f.metadata["source"],
        )
        for name, f in _FIELDS.items()
    ]


def _suggest(name: str) -> str:
    close = difflib.get_close_matches(name, RULING_NAMES, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _check(values: Mapping[str, object], file: str, where: str) -> list[InputError]:
    errors = []
    for name, value in values.items():
        if name not in _FIELDS:
            errors.append(InputError(file, f"{where}{name}", f"unknown ruling{_suggest(name)}"))
        elif (problem := _ACCEPTS[name].problem(value)) is not None:
            errors.append(InputError(file, f"{where}{name}", problem))
    return errors


_FLAG_WORDS = {
    **dict.fromkeys(("true", "yes", "on", "y", "t", "1"), True),
    **dict.fromkeys(("false", "no", "off", "n", "f", "0"), False),
}
"""What ``--ruling flag=WORD`` may say (any case)."""

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
        word = raw.lower()
        if isinstance(_ACCEPTS.get(name), Flag) and word in _FLAG_WORDS:
            value = _FLAG_WORDS[word]
        elif word in ("true", "false"):
            value = word == "true"
        elif re.fullmatch(r"[+-]?\d{1,18}", raw):
            value = int(raw)
        if name in out and out[name] != value:
            errors.append(
                InputError("--ruling", text, f"{name} is given twice, as {out[name]!r} first")
            )
            continue
        out[name] = value
    for err in _check(out, "--ruling", ""):
        errors.append(err)
    if errors:
        raise BadInput(errors)
    return out


class RulingSource(NamedTuple):
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
        errors.extend(_check(source.values, source.file, "rulings."))
    errors.extend(_check(cli, "--ruling", ""))
    if errors:
        raise BadInput(errors)
    merged: dict[str, object] = dict(sources[0].values) if sources else {}
    merged.update(cli)
    rulings = _checked(merged)
    used = rulings.as_dict()
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
    """The words a ruling may take (empty for flags, numbers and free text)."""
    return _ACCEPTS[name].choices


def ruling_alternatives(name: str, value: object) -> tuple[object, ...]:
    """The values a study of a ruling's impact tries instead of ``value``: the other side of a
    flag, every other word, one more and one fewer of a number; none for free text or a word
    that stands for a number (``none``, ``level+1``): there is no one alternative to try.

    >>> ruling_alternatives("thruster_clearance", "each-nozzle")
    ('one-square',)
    >>> ruling_alternatives("radiation_explodes_at", 4), ruling_alternatives("start_gap", "level+1")
    ((3, 5), ())
    """
    accepts = _ACCEPTS[name]
    if isinstance(accepts, Flag):
        return (not value,)
    if isinstance(accepts, Words):
        return tuple(c for c in accepts.choices if c != value)
    if isinstance(accepts, Integer) and type(value) is int:
        return tuple(v for v in (value - 1, value + 1) if v >= accepts.at_least)
    return ()
