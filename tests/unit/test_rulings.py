"""Named rulings (RULES §10): defaults, the file and the command line, and the spec's
precedence with several files."""

from __future__ import annotations

import dataclasses
import re
from typing import Literal, Union, get_args, get_origin, get_type_hints

import pytest

from trucker.core import rulings as rulings_module
from trucker.core.errors import BadInput
from trucker.core.rulings import (
    DEFAULT_RULINGS,
    RULING_NAMES,
    Flag,
    Integer,
    Numbers,
    Rulings,
    RulingSource,
    Text,
    Words,
    parse_assignments,
    resolve_rulings,
    ruling_choices,
    ruling_infos,
)

pytestmark = pytest.mark.rules("10")

# RULES §10: canonical names and defaults of the rulings issue 2 needs.
ISSUE_2_DEFAULTS = {
    "thruster_clearance": "each-nozzle",
    "armory_reach": "connected",
    "manned_armory_defends": False,
    "cabinless_pieces": "owner-chooses",
    "unknown_insurance_cap": "none",
    "radiation_explodes_at": 4,
}


def lines(exc: BadInput) -> list[str]:
    return [str(e) for e in exc.errors]


def test_defaults_are_those_of_rules_section_10() -> None:
    for name, default in ISSUE_2_DEFAULTS.items():
        assert getattr(DEFAULT_RULINGS, name) == default, name
    assert DEFAULT_RULINGS.non_default() == {}


def test_every_ruling_has_a_description_and_a_rules_source() -> None:
    for info in ruling_infos():
        assert info.description, info.name
        # a question RULES §10 lists, by number, or the section marking one it does not list
        assert re.fullmatch(r"RULES (§10 #\d+b?|§\d+\.\d+)", info.source), info.name
        assert info.alternatives, info.name


def test_non_default() -> None:
    rulings = Rulings(armory_reach="adjacent", unknown_insurance_cap=0)
    assert rulings.non_default() == {"armory_reach": "adjacent", "unknown_insurance_cap": 0}


def test_parse_assignments_reads_booleans_numbers_and_words() -> None:
    assert parse_assignments(
        ["manned_armory_defends=true", "radiation_explodes_at = 3", "armory_reach=adjacent"]
    ) == {"manned_armory_defends": True, "radiation_explodes_at": 3, "armory_reach": "adjacent"}


def test_unknown_ruling_on_the_command_line_suggests_a_name() -> None:
    with pytest.raises(BadInput) as info:
        parse_assignments(["armory_rech=adjacent"])
    assert lines(info.value) == [
        "--ruling: armory_rech: unknown ruling (did you mean 'armory_reach'?)"
    ]


@pytest.mark.parametrize("text", ["armory_reach", "=3", "armory_reach adjacent"])
def test_malformed_assignment(text: str) -> None:
    with pytest.raises(BadInput, match="expected name=value"):
        parse_assignments([text])


def test_bad_value_on_the_command_line() -> None:
    with pytest.raises(BadInput) as info:
        parse_assignments(["radiation_explodes_at=0"])
    [line] = lines(info.value)
    assert line.startswith("--ruling: radiation_explodes_at: ")


def test_file_values_are_strict() -> None:
    """A file writes typed values: "4" is not a number there."""
    with pytest.raises(BadInput) as info:
        resolve_rulings([RulingSource("a.toml", {"radiation_explodes_at": "4"})])
    [line] = lines(info.value)
    assert line.startswith("a.toml: rulings.radiation_explodes_at: ")


def test_command_line_wins_over_the_file() -> None:
    rulings = resolve_rulings(
        [RulingSource("a.toml", {"armory_reach": "adjacent", "radiation_explodes_at": 5})],
        {"armory_reach": "connected"},
    )
    assert rulings.armory_reach == "connected"
    assert rulings.radiation_explodes_at == 5


def test_a_later_file_that_agrees_is_fine() -> None:
    rulings = resolve_rulings(
        [
            RulingSource("a.toml", {"armory_reach": "adjacent"}),
            RulingSource("b.toml", {"armory_reach": "adjacent"}),
            RulingSource("c.toml", {}),
        ]
    )
    assert rulings.armory_reach == "adjacent"


def test_a_later_file_that_differs_is_bad_input() -> None:
    """The spec: rulings come from the command line and the first file; a later file whose
    rulings differ is bad input."""
    with pytest.raises(BadInput) as info:
        resolve_rulings(
            [
                RulingSource("a.toml", {"armory_reach": "adjacent"}),
                RulingSource("b.toml", {"armory_reach": "connected"}),
            ]
        )
    [line] = lines(info.value)
    assert line.startswith("b.toml: rulings.armory_reach: ")
    assert "--ruling armory_reach=" in line


def test_a_later_file_that_sets_what_the_first_left_at_default() -> None:
    with pytest.raises(BadInput) as info:
        resolve_rulings(
            [RulingSource("a.toml", {}), RulingSource("b.toml", {"radiation_explodes_at": 3})]
        )
    assert lines(info.value)[0].startswith("b.toml: rulings.radiation_explodes_at: ")


def test_a_later_file_writing_the_default_explicitly_agrees() -> None:
    """No error, and the default stands: the second file only says it out loud."""
    rulings = resolve_rulings(
        [RulingSource("a.toml", {}), RulingSource("b.toml", {"armory_reach": "connected"})]
    )
    assert rulings == Rulings()


def test_the_command_line_settles_a_difference() -> None:
    rulings = resolve_rulings(
        [
            RulingSource("a.toml", {"armory_reach": "adjacent"}),
            RulingSource("b.toml", {"armory_reach": "connected"}),
        ],
        {"armory_reach": "adjacent"},
    )
    assert rulings.armory_reach == "adjacent"


def test_no_files_gives_the_command_line_over_the_defaults() -> None:
    assert resolve_rulings([], {"cabinless_pieces": "auto-discard"}).non_default() == {
        "cabinless_pieces": "auto-discard"
    }


def test_choices() -> None:
    assert set(ruling_choices("thruster_clearance")) == {"each-nozzle", "one-square"}
    assert ruling_choices("radiation_explodes_at") == ()


@pytest.mark.parametrize(
    ("name", "value", "problem"),
    [
        ("armory_reach", "everywhere", "expected 'connected' or 'adjacent', got 'everywhere'"),
        ("radiation_solar_counts", "yes", "expected true or false, got 'yes'"),
        ("manned_armory_defends", "yes", "expected true or false or 'landing', got 'yes'"),
        ("manned_armory_defends", 1, "expected true or false or 'landing', got 1"),
        ("radiation_explodes_at", 0, "expected an integer >= 1, got 0"),
        ("radiation_explodes_at", True, "expected an integer >= 1, got True"),
        ("unknown_insurance_cap", -1, "expected an integer >= 0, got -1"),
        ("unknown_insurance_cap", "all", "expected 'none' or an integer >= 0, got 'all'"),
        ("track_length", "18/24", "like '18/24/30/36'"),
        ("track_length", 0, "expected 4 numbers from 5 to 999 written like '18/24/30/36', got 0"),
        ("track_length", "0/0/0/0", "from 5 to 999"),
        ("track_length", "4/24/30/36", "from 5 to 999"),
        ("track_length", "18/24/30/1000", "from 5 to 999"),
        ("track_length", "18/24/30/\u0663\u0666", "from 5 to 999"),
        ("track_length", "9" * 5000 + "/24/30/36", "from 5 to 999"),
        ("radiation_explodes_at", "4", "expected an integer >= 1, got '4'"),
        ("start_gap", 0, "expected an integer >= 1, got 0"),
        ("start_gap", "x", "expected 'level+1' or an integer >= 1, got 'x'"),
        ("hazardous_top_level", True, "expected 'IV' or 'III', got True"),
    ],
)
def test_a_value_the_ruling_cannot_take_is_named(name: str, value: object, problem: str) -> None:
    with pytest.raises(BadInput) as info:
        resolve_rulings([RulingSource("a.toml", {name: value})])
    [line] = lines(info.value)
    assert line.startswith(f"a.toml: rulings.{name}: ")
    assert problem in line
    with pytest.raises(ValueError, match=name):
        Rulings(**{name: value})


def test_every_value_a_ruling_names_is_accepted() -> None:
    for name in RULING_NAMES:
        for word in ruling_choices(name):
            assert getattr(Rulings(**{name: word}), name) == word


def test_a_flag_with_a_word_takes_the_word_and_still_reads_true_and_false() -> None:
    """manned_armory_defends grew "landing" (RULES §10 #11b): files saying true keep working."""
    assert parse_assignments(["manned_armory_defends=landing"]) == {
        "manned_armory_defends": "landing"
    }
    assert parse_assignments(["manned_armory_defends=yes"]) == {"manned_armory_defends": True}
    assert Rulings(manned_armory_defends="landing").non_default() == {
        "manned_armory_defends": "landing"
    }


def test_the_command_line_reads_one_and_zero_as_flags() -> None:
    assert parse_assignments(["manned_armory_defends=1", "radiation_solar_counts=0"]) == {
        "manned_armory_defends": True,
        "radiation_solar_counts": False,
    }


def test_rulings_are_plain_values() -> None:
    """Hashable (reports cache on them), comparable, and picklable for worker processes."""
    import pickle

    a, b = Rulings(armory_reach="adjacent"), Rulings(armory_reach="adjacent")
    assert a == b and hash(a) == hash(b) and a != DEFAULT_RULINGS
    assert pickle.loads(pickle.dumps(a)) == a
    assert a.as_dict()["armory_reach"] == "adjacent" and len(a.as_dict()) == len(RULING_NAMES)


@pytest.mark.parametrize(
    ("word", "value"),
    [("yes", True), ("ON", True), ("y", True), ("t", True), ("no", False), ("Off", False)],
)
def test_the_command_line_reads_yes_and_no_as_flags(word: str, value: bool) -> None:
    assert parse_assignments([f"manned_armory_defends={word}"]) == {"manned_armory_defends": value}


def test_a_flag_word_is_not_a_number() -> None:
    """``radiation_explodes_at=yes`` is refused, not read as 1."""
    with pytest.raises(BadInput, match="radiation_explodes_at: expected an integer >= 1"):
        parse_assignments(["radiation_explodes_at=yes"])


def test_an_unknown_name_given_to_resolve_rulings_directly_is_bad_input() -> None:
    with pytest.raises(BadInput, match="--ruling: bogus: unknown ruling"):
        resolve_rulings([], {"bogus": 1})


ACCEPTS = {f.name: f.metadata["accepts"] for f in dataclasses.fields(Rulings)}


@pytest.mark.parametrize("name", RULING_NAMES)
def test_what_a_ruling_accepts_is_what_its_type_says(name: str) -> None:
    """The declaration checks values; the annotation types them for the engine: the two agree,
    and the default is accepted."""
    hint = get_type_hints(Rulings)[name]
    arms = get_args(hint) if get_origin(hint) is Union else (hint,)
    words = tuple(w for arm in arms if get_origin(arm) is Literal for w in get_args(arm))
    others = {arm for arm in arms if get_origin(arm) is not Literal}
    accepts = ACCEPTS[name]
    if isinstance(accepts, Flag):
        assert (accepts.words, others) == (words, {bool})
    elif isinstance(accepts, Words):
        assert (accepts.choices, others) == (words, set())
    elif isinstance(accepts, Integer):
        assert (accepts.words, others) == (words, {int})
    else:
        assert isinstance(accepts, Text | Numbers)
        assert (words, others) == ((), {str})
    assert accepts.problem(getattr(DEFAULT_RULINGS, name)) is None


def test_each_value_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, object]] = []

    class Counted:
        def __init__(self, name: str) -> None:
            self.name = name
            self.choices = ACCEPTS[name].choices

        def problem(self, value: object) -> str | None:
            calls.append((self.name, value))
            return ACCEPTS[self.name].problem(value)

    monkeypatch.setattr(rulings_module, "_ACCEPTS", {name: Counted(name) for name in ACCEPTS})
    rulings = resolve_rulings(
        [RulingSource("a.toml", {"armory_reach": "adjacent", "radiation_explodes_at": 5})],
        {"start_gap": 2},
    )
    assert rulings.non_default() == {
        "armory_reach": "adjacent",
        "radiation_explodes_at": 5,
        "start_gap": 2,
    }
    assert sorted(calls) == [("armory_reach", "adjacent"), ("radiation_explodes_at", 5),
                             ("start_gap", 2)]  # fmt: skip


def test_a_number_too_long_for_the_command_line_is_named_not_a_crash() -> None:
    """Digits beyond what any ruling takes stay text, so the ruling names them (issue 13 B)."""
    with pytest.raises(BadInput) as info:
        parse_assignments(["start_gap=" + "9" * 5000])
    [line] = lines(info.value)
    assert line.startswith("--ruling: start_gap: expected 'level+1' or an integer >= 1, got '99")
    assert "..." in line and len(line) < 1100


def test_the_shortest_and_longest_tracks_are_accepted() -> None:
    assert Rulings(track_length="5/5/5/5").track_spaces(3) == 5
    assert Rulings(track_length="999/999/999/999").track_spaces(4) == 999
