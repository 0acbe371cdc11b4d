"""Deck files (``trucker-deck/1``) and dealing ``random:<LEVEL>`` decks (RULES §6.6)."""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from trucker.core.cards import INLINE, CardType, Intruder, Level, MeteorSwarm, Slavers, Threat
from trucker.core.errors import BadInput
from trucker.formats import catalogue as catalog
from trucker.formats.catalogue import cards, cards_of_level
from trucker.formats.decks import Deck, deck_from_document, load_deck, random_deck_level
from trucker.play.deal import CannotDeal, deal_deck

pytestmark = pytest.mark.rules("6.6")

BAD_DECKS = Path(__file__).resolve().parent.parent / "data" / "bad_decks"

# RULES §6.6, by hand: four piles of these cards.
DEALT = {
    Level.I: {Level.I: 8},
    Level.II: {Level.I: 4, Level.II: 8},
    Level.III: {Level.I: 4, Level.II: 4, Level.III: 8},
}


def deck(*entries: dict[str, object], **top: object) -> Deck:
    return deck_from_document({"format": "trucker-deck/1", **top, "card": list(entries)}, "d.toml")


# --- deck files -----------------------------------------------------------------------------


def test_the_bundled_decks_load(scenarios: Path) -> None:
    round_1 = load_deck(scenarios / "decks" / "round-1.toml")
    assert round_1.level is Level.I and len(round_1.cards) == 8
    round_2 = load_deck(scenarios / "decks" / "round-2.toml")
    assert round_2.level is Level.II and len(round_2.cards) == 12
    assert round_2.name == "Round II, table 3"
    assert Counter(card.level for card in round_2.cards) == DEALT[Level.II]
    assert [card.id for card in round_2.representative] == []


def test_the_spec_example_loads_card_for_card(scenarios: Path) -> None:
    example = load_deck(scenarios / "decks" / "spec-example.toml")
    assert example.level is Level.II
    assert [str(card.type) for card in example.cards] == [
        "slavers", "open-space", "stardust", "epidemic", "sabotage", "meteor-swarm", "slavers",
        "smugglers", "pirates", "planets", "abandoned-ship", "abandoned-station", "combat-zone",
        "intruder",
    ]  # fmt: skip
    swarm = example.cards[5]
    assert isinstance(swarm, MeteorSwarm) and swarm.level is Level.I
    assert swarm.threats[1] == Threat.parse("large-meteor left")
    intruder = example.cards[-1]
    assert isinstance(intruder, Intruder)
    assert (str(intruder.kind), str(intruder.direction), intruder.steps) == ("predator", "left", 4)
    assert intruder.reward.credits == 2 and not intruder.double


def test_id_cards_are_the_catalogue_cards_and_inline_cards_are_the_users() -> None:
    d = deck(
        {"id": "I-slavers-1"},
        {"type": "slavers", "strength": 9, "crew": 1, "credits": 2, "days": 0},
        level="II",
    )
    by_id, inline = d.cards
    assert by_id is cards()["I-slavers-1"]
    assert isinstance(inline, Slavers)
    assert inline.id is None and inline.source == INLINE and not inline.representative
    assert (inline.strength, inline.crew, inline.credits, inline.days) == (9, 1, 2, 0)
    assert inline.level is Level.II, "an inline card without level takes the deck's"


def test_the_deck_level_defaults_to_the_highest_card_level() -> None:
    d = deck({"id": "I-open-space-1"}, {"id": "III-sabotage-1"}, {"type": "stardust", "level": 2})
    assert d.level is Level.III


def test_levels_read_in_either_spelling_and_print_as_numerals() -> None:
    d = deck({"type": "epidemic", "level": "iii"}, level=2)
    assert d.level is Level.II and d.cards[0].level is Level.III
    assert d.to_dict()["level"] == "II" and d.to_dict()["cards"][0]["level"] == "III"


def test_json_decks_read_like_toml(tmp_path: Path) -> None:
    doc = {"format": "trucker-deck/1", "level": "I", "card": [{"id": "I-planets-2"},
           {"type": "planets", "planets": ["ry", "B"], "days": 1}]}  # fmt: skip
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    loaded = load_deck(path)
    assert loaded.cards[0].id == "I-planets-2"
    assert loaded.cards[1].planets == ("RY", "B")  # type: ignore[attr-defined]


def test_a_double_intruder_may_leave_out_its_hand() -> None:
    d = deck(
        {"type": "intruder", "kind": "commando", "from": "f", "steps": 12, "fuses": [6, 12],
         "double": True, "reward": {"goods": "yr"}},
        level=2,
    )  # fmt: skip
    intruder = d.cards[0]
    assert isinstance(intruder, Intruder)
    assert intruder.hand is None and len(intruder.hands) == 2
    assert intruder.fuses == (6, 12) and intruder.reward.goods == "RY"
    assert intruder.to_dict()["from"] == "front" and "hand" not in intruder.to_dict()


# --- bad input: one line per problem, naming the card and key --------------------------------


def _bad_files() -> list[Path]:
    return sorted(p for p in BAD_DECKS.iterdir() if p.suffix in (".toml", ".json"))


@pytest.mark.parametrize("path", _bad_files(), ids=lambda p: p.name)
def test_bad_decks_give_the_expected_lines(path: Path) -> None:
    expected = path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    before = path.read_bytes()
    with pytest.raises(BadInput) as exc:
        load_deck(path, display=path.name)
    lines = str(exc.value).splitlines()
    assert lines == expected
    assert len(lines) == len(exc.value.errors), "one line per problem"
    assert all(line.startswith(f"{path.name}: ") for line in lines)
    assert "Traceback" not in str(exc.value)
    assert path.read_bytes() == before, "an input file is never changed"


def test_every_bad_deck_has_its_expected_lines() -> None:
    assert _bad_files()
    for path in _bad_files():
        assert path.with_suffix(".expected").exists(), path.name


def test_deck_files_share_the_ship_files_reading_checks(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text('format = "trucker-deck/1"\n' + "#" * (1 << 20), encoding="utf-8")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b'format = "trucker-deck/1"\x00\n')
    other = tmp_path / "deck.yaml"
    other.write_text("format: trucker-deck/1\n", encoding="utf-8")
    cases = {
        big: "over the 1 MiB limit",
        binary: "binary data",
        other: "unknown file type '.yaml'",
        tmp_path / "missing.toml": "no such file",
    }
    for path, words in cases.items():
        with pytest.raises(BadInput, match=words):
            load_deck(path)


# --- dealing (RULES §6.6) -------------------------------------------------------------------


@pytest.mark.parametrize("level", [Level.I, Level.II, Level.III])
@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_a_dealt_deck_has_the_levels_composition(level: Level, seed: int) -> None:
    dealt = deal_deck(level, random.Random(seed))
    assert dealt.level is level and dealt.name == f"random:{level}"
    assert Counter(card.level for card in dealt.cards) == DEALT[level]
    ids = [card.id for card in dealt.cards]
    assert len(set(ids)) == len(ids), "drawn without replacement"
    assert all(card is cards()[card.id or ""] for card in dealt.cards)


@pytest.mark.parametrize("level", [Level.I, Level.II, Level.III])
def test_the_top_card_is_of_the_flights_level(level: Level) -> None:
    for seed in range(60):
        assert deal_deck(level, random.Random(seed)).cards[0].level is level


def test_the_same_stream_deals_the_same_deck() -> None:
    for level in ("I", "II", "III"):
        assert deal_deck(level, random.Random(7)) == deal_deck(level, random.Random(7))


def test_different_seeds_deal_different_decks() -> None:
    decks = {
        tuple(c.id for c in deal_deck(Level.III, random.Random(seed)).cards) for seed in range(20)
    }
    assert len(decks) >= 19


def test_dealing_never_touches_the_global_random_module(monkeypatch: pytest.MonkeyPatch) -> None:
    state = random.getstate()

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the global random module was used")

    for name in ("random", "shuffle", "sample", "choice", "choices", "randint", "randrange"):
        monkeypatch.setattr(random, name, forbidden)
    deal_deck(Level.III, random.Random(3))
    monkeypatch.undo()
    assert random.getstate() == state


def test_a_deck_the_catalogue_cannot_supply_is_refused() -> None:
    with pytest.raises(CannotDeal) as exc:
        deal_deck(4, random.Random(1), expansions=("base",))
    assert str(exc.value) == (
        "random:IV: a round-IV deck needs 8 level-IV cards and the catalogue has 0"
    )
    assert isinstance(exc.value, BadInput), "the CLI reports it as one line, exit 2"


def test_a_class_iv_deck_deals_twenty_cards() -> None:
    """RULES §6.6: four piles of two IV + one I + one II + one III, a level-IV card on top."""
    dealt = deal_deck(4, random.Random(2))
    assert Counter(card.level for card in dealt.cards) == {
        Level.I: 4, Level.II: 4, Level.III: 4, Level.IV: 8,
    }  # fmt: skip
    assert dealt.cards[0].level is Level.IV


def test_replacing_the_level_iv_cards_is_a_data_change_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's own ``level-IV.toml`` is all round IV needs (RULES §6.6)."""
    data = tmp_path / "data"
    shutil.copytree(Path(str(catalog.data_root())), data)
    entries = "\n".join(
        f'[[card]]\nid = "IV-open-space-{n}"\ntype = "open-space"\nsource = "test"\n'
        for n in range(1, 9)
    )
    (data / "cards" / "level-IV.toml").write_text(
        f'format = "trucker-cards/1"\nlevel = "IV"\n\n{entries}', encoding="utf-8"
    )
    monkeypatch.setattr(catalog, "data_root", lambda: data)
    catalog.cards.cache_clear()
    catalog.catalogue.cache_clear()
    try:
        dealt = deal_deck("IV", random.Random(5))
        assert len(cards_of_level(4)) == 8
        assert Counter(card.level for card in dealt.cards) == {
            Level.I: 4, Level.II: 4, Level.III: 4, Level.IV: 8,
        }  # fmt: skip
        assert dealt.cards[0].level is Level.IV
        assert all(card.type is CardType.OPEN_SPACE for card in dealt.cards if card.level == 4)
    finally:
        monkeypatch.undo()
        catalog.cards.cache_clear()
        catalog.catalogue.cache_clear()
    assert len(cards_of_level(4)) == 20


@pytest.mark.parametrize(
    ("spec", "level"),
    [("random:ii", Level.II), ("random:II", Level.II), ("RANDOM:2", Level.II),
     ("random:i", Level.I), ("random:3", Level.III), ("Random:IV", Level.IV),
     (" random:iii ", Level.III)],
)  # fmt: skip
def test_random_deck_spellings(spec: str, level: Level) -> None:
    assert random_deck_level(spec) is level


def test_a_deck_path_is_not_a_random_deck() -> None:
    assert random_deck_level("scenarios/decks/round-2.toml") is None


@pytest.mark.parametrize("spec", ["random:V", "random:", "random:0", "random:two"])
def test_bad_random_deck_spellings_are_bad_input(spec: str) -> None:
    with pytest.raises(BadInput) as exc:
        random_deck_level(spec)
    assert len(exc.value.errors) == 1
    assert str(exc.value).startswith(f"--deck: {spec}: unknown level")


@pytest.mark.parametrize("seed", range(40))
def test_the_deal_draws_as_the_standard_library_does(seed: int) -> None:
    """The deal's sample and shuffle, written out for speed, draw what random.Random's own
    would from the same stream (so a seed deals the deck it always dealt)."""
    import random

    from trucker.play.deal import _sample, _shuffle

    mine, theirs = random.Random(seed), random.Random(seed)
    for n, k in ((24, 8), (24, 4), (12, 4), (30, 6), (7, 7), (100, 10), (40, 30), (5, 0)):
        population = tuple(range(n))
        assert _sample(mine, population, k) == theirs.sample(population, k)
        a, b = list(range(n)), list(range(n))
        _shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b
