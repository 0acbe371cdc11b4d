"""The fast path (:mod:`trucker.formats.fast`) never answers differently from the models.

A file the fast path accepts must be one the pydantic model accepts, read to the same ship or
board; whatever it declines goes to the model, so the errors are the model's. Its structs have
each model's keys and defaults; damaged documents (a key set to an odd value, removed, or
unknown) are read both ways and must give the same ship, board or error lines.
"""

from __future__ import annotations

import copy
import dataclasses
import tomllib
from typing import Any
from unittest import mock

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.layouts import layouts, tile_entries
from trucker.core.errors import BadInput
from trucker.formats import fast
from trucker.formats.board_file import BoardFile, InsuranceEntry
from trucker.formats.catalogue import data_root, parse_board, scenarios_root
from trucker.formats.documents import parse_document
from trucker.formats.load import _tile, ship_from_document
from trucker.formats.ship_file import TILE_MODELS, ShipFile

pytestmark = pytest.mark.slow

ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, 2, 3, 4, 6, 7, -1, 2.0, "", "x", "2",
    "front", "f", "N", "rear", "left", "Right", " rear ",
    "s-du", "uuuu", "----", "s---", "--s-", "-s--", "---s", "sdu", "sduus",
    "brown", "cyan", "purple", "RYGB", "ryx", "launch", "empty", "trucker-ship/1", "II", "IIIB",
    "F", "uUuU", "s-du\n", "ryB", 2**70,
    [], ["front"], ["front", "front"], ["front", "right"], ["front", "rear"], ["left", "rear"],
    ["f", "N"], ["brown", "purple"], ["brown", "brown"], [1, 2], [3, 3], [0, 7], [True, 2],
    [3], [1, 2, 3], {}, {"a": 1},
]  # fmt: skip
BOARD_VALUES: list[Any] = [
    {"6": "3"}, {"x": "3"}, {"6": "3-1"}, {"6": "3, 3"}, {"6": 3}, {"1": ["7,7"]}, {"7": ["x"]},
    {"31": "7"}, {"cap": -1}, {"cap": 5, "optional": True, "price": 2}, {"values": "x"},
    [1, 1], ["7"], "7,7", "7,x", "printed", "pairs", "unordered",
]  # fmt: skip
"""Values a board's keys (squares, columns, hole_marks, insurance, side_entry) may be set to,
besides ``ODD_VALUES``."""
REMOVED = object()
"""In place of a value: the key is left out."""
REQUIRED = object()
"""In place of a default: the key must be given."""
TILE_KEYS = sorted({key for model in TILE_MODELS.values() for key in model.model_fields})
SHIP_KEYS = sorted(ShipFile.model_fields)
BOARD_KEYS = sorted(BoardFile.model_fields)


def _bundled(folder: str) -> list[dict[str, Any]]:
    root = scenarios_root() / folder
    return [
        parse_document(entry.read_bytes(), entry.name, ".toml")
        for entry in root.iterdir()
        if entry.name.endswith(".toml")
    ]


SHIPS = _bundled("ships")
BOARDS = [
    tomllib.loads(entry.read_text(encoding="utf-8"))
    for entry in (data_root() / "boards").iterdir()
    if entry.name.endswith(".toml")
]


def _model_keys(model: type) -> dict[str, Any]:
    """Each key of a pydantic model: ``REQUIRED``, or its default."""
    fields = model.model_fields  # type: ignore[attr-defined]
    return {
        name: REQUIRED if f.is_required() else _plain(f.get_default(call_default_factory=True))
        for name, f in fields.items()
    }


def _struct_keys(struct: type) -> dict[str, Any]:
    """Each key of a fast-path struct (and its tag, ``part``, which every tile must have)."""
    keys: dict[str, Any] = {}
    tag = struct.__struct_config__.tag_field  # type: ignore[attr-defined]
    if tag is not None:
        keys[tag] = REQUIRED
    for f in msgspec.structs.fields(struct):
        if f.required:
            keys[f.name] = REQUIRED
        elif f.default_factory is not msgspec.NODEFAULT:
            keys[f.name] = _plain(f.default_factory())
        else:
            keys[f.name] = _plain(f.default)
    return keys


def _plain(default: Any) -> Any:
    """A default that is itself a table (a board's insurance), as a dict of its keys."""
    if isinstance(default, msgspec.Struct):
        return msgspec.structs.asdict(default)
    if hasattr(default, "model_dump"):
        return default.model_dump()
    return default


@pytest.mark.parametrize("part", sorted(TILE_MODELS))
def test_the_fast_path_knows_each_part_s_keys_and_defaults(part: str) -> None:
    assert _struct_keys(fast.TILE_STRUCTS[part]) == _model_keys(TILE_MODELS[part])


def test_the_fast_path_knows_every_part() -> None:
    assert set(fast.TILE_STRUCTS) == set(TILE_MODELS)


@pytest.mark.parametrize(
    ("model", "struct"),
    [
        (ShipFile, fast.ShipFile),
        (BoardFile, fast.BoardFile),
        (InsuranceEntry, fast.InsuranceEntry),
    ],
)
def test_the_fast_path_knows_each_file_s_keys_and_defaults(model: type, struct: type) -> None:
    assert _struct_keys(struct) == _model_keys(model)


def test_every_bundled_ship_and_board_takes_the_fast_path() -> None:
    """Else the fast path would be dead code and `trucker validate` would import pydantic."""
    for doc in SHIPS:
        assert fast.read_ship(doc) is not None, doc.get("name")
    for doc in BOARDS:
        assert fast.read_board(doc) is not None, doc["id"]


def _outcome(read: Any) -> Any:
    try:
        return ("ok", read())
    except BadInput as exc:
        return ("bad", [str(e) for e in exc.errors])


def _ship(doc: dict[str, Any]) -> Any:
    ship = ship_from_document(doc, "s.toml")
    return (ship.board.id, dict(ship.tiles), ship.name, ship.holes, ship.insured, ship.loadout,
            dict(ship.rulings))  # fmt: skip


def _board(doc: dict[str, Any]) -> Any:
    board = parse_board(doc, "b.toml")
    return tuple(getattr(board, f.name) for f in dataclasses.fields(board) if f.init)


def _both_ways(read: Any, doc: dict[str, Any], target: str) -> tuple[Any, Any]:
    fast = _outcome(lambda: read(doc))
    with mock.patch(target, lambda data: None):
        slow = _outcome(lambda: read(doc))
    return fast, slow


@st.composite
def damaged(draw: st.DrawFn, base: st.SearchStrategy[dict[str, Any]], tile_keys: bool) -> Any:
    doc = copy.deepcopy(draw(base))
    for _ in range(draw(st.integers(1, 3))):
        target = doc
        keys = SHIP_KEYS if tile_keys else BOARD_KEYS
        tiles = doc.get("tiles")
        if tile_keys and isinstance(tiles, dict) and tiles and draw(st.booleans()):
            target = tiles[draw(st.sampled_from(sorted(tiles)))]
            keys = TILE_KEYS
        if not isinstance(target, dict):
            continue
        key = draw(st.sampled_from([*keys, "bogus"]))
        if draw(st.integers(0, 4)) == 0:
            target.pop(key, None)
        else:
            target[key] = draw(
                st.sampled_from(ODD_VALUES if tile_keys else ODD_VALUES + BOARD_VALUES)
            )
    return doc


@settings(max_examples=400, deadline=None)
@given(doc=damaged(st.one_of(st.sampled_from(SHIPS), layouts()), tile_keys=True))
def test_a_damaged_ship_reads_the_same_both_ways(doc: dict[str, Any]) -> None:
    fast, slow = _both_ways(_ship, doc, "trucker.formats.load.read_ship")
    assert fast == slow


@settings(max_examples=300, deadline=None)
@given(doc=damaged(st.sampled_from(BOARDS), tile_keys=False))
def test_a_damaged_board_reads_the_same_both_ways(doc: dict[str, Any]) -> None:
    fast, slow = _both_ways(_board, doc, "trucker.formats.catalogue.read_board")
    assert fast == slow


@st.composite
def one_key_changed(draw: st.DrawFn) -> dict[str, Any]:
    """A valid tile with one of its part's keys set to an odd value, or left out: most are
    still valid, so the two readers are compared on what they accept, not only on errors."""
    entry = dict(draw(tile_entries()))
    key = draw(st.sampled_from(sorted(TILE_MODELS[entry["part"]].model_fields)))
    if draw(st.integers(0, 5)) == 0:
        entry.pop(key, None)
    else:
        entry[key] = draw(st.sampled_from(ODD_VALUES))
    return entry


def _tiles_read(read: Any, entry: dict[str, Any]) -> Any:
    try:
        read_entry = read(entry)
    except (ValueError, TypeError):
        return None
    return (_tile(read_entry, True), _tile(read_entry, False))


@settings(max_examples=600, deadline=None)
@given(entry=one_key_changed())
def test_a_tile_the_fast_path_accepts_is_the_model_s_tile(entry: dict[str, Any]) -> None:
    def fast_read(raw: dict[str, Any]) -> Any:
        ship = fast.read_ship({"format": "trucker-ship/1", "board": "I", "tiles": {"7,7": raw}})
        if ship is None:
            raise ValueError("declined")
        return ship.tiles["7,7"]

    read = _tiles_read(fast_read, entry)
    if read is not None:
        assert read == _tiles_read(TILE_MODELS[entry["part"]].model_validate, entry)


BASE_TILES: list[dict[str, Any]] = [
    {"part": "cabin", "start": True},
    {"part": "cabin", "sides": "s-du", "crew": 1},
    {"part": "cabin", "sides": "uu--", "alien": "brown", "armor": ["rear"]},
    {"part": "structure", "sides": "sdu-"},
    {"part": "battery", "sides": "s-s-", "capacity": 3, "charge": 2},
    {"part": "cargo", "sides": "-s-d", "capacity": 2, "goods": "ry"},
    {"part": "cargo", "sides": "u---", "capacity": 1, "red": True},
    {"part": "engine", "sides": "s---", "facing": "rear"},
    {"part": "double-engine", "sides": "-d--", "facing": "b", "armor": ["front"]},
    {"part": "cannon", "sides": "-s-s", "facing": "front"},
    {"part": "double-cannon", "sides": "uu-u", "facing": "rear"},
    {"part": "shield", "sides": "ss--", "covers": ["front", "right"]},
    {"part": "life-support", "sides": "u-u-", "color": "purple"},
    {"part": "hybrid-life-support", "sides": "d--d", "colors": ["brown", "cyan"]},
    {"part": "solar-panel", "sides": "ssss"},
    {"part": "thruster", "sides": "--sd", "nozzles": ["front", "right"]},
    {"part": "router", "sides": "s-s-"},
    {"part": "robot-center", "sides": "dddd", "active": True},
    {"part": "turret", "sides": "-uuu"},
    {"part": "armory", "sides": "s--s", "armor": ["right", "rear"]},
    {"part": "luxury-cabin", "sides": "ssdd", "passenger": False},
    {"part": "stasis-chamber", "sides": "u-s-", "sleepers": 3},
]
"""A tile of every part, some armored: each is changed one key at a time, to every odd value."""


def _changed(base: dict[str, Any], keys: list[str], values: list[Any]) -> list[dict[str, Any]]:
    """``base`` with one of ``keys`` (or an unknown key) set to each value, or left out."""
    out = []
    for key in [*keys, "bogus"]:
        for value in [*values, REMOVED]:
            doc = copy.deepcopy(base)
            if value is REMOVED:
                doc.pop(key, None)
            else:
                doc[key] = copy.deepcopy(value)
            out.append(doc)
    return out


def _fast_tile(raw: dict[str, Any]) -> Any:
    ship = fast.read_ship({"format": "trucker-ship/1", "board": "I", "tiles": {"7,7": raw}})
    if ship is None:
        raise ValueError("declined")
    return ship.tiles["7,7"]


def test_the_base_tiles_are_well_formed_and_of_every_part() -> None:
    assert {entry["part"] for entry in BASE_TILES} == set(TILE_MODELS)
    for entry in BASE_TILES:
        assert _tiles_read(_fast_tile, entry) is not None, entry


@pytest.mark.parametrize("base", BASE_TILES, ids=lambda entry: entry["part"])
def test_every_one_key_change_of_a_tile_reads_as_the_model_reads_it(base: dict[str, Any]) -> None:
    """Every key of the part, every odd value: what the fast path accepts is the model's tile,
    and it declines nothing the model accepts (so such a file costs no pydantic import)."""
    model = TILE_MODELS[base["part"]]
    for entry in _changed(base, sorted(model.model_fields), ODD_VALUES):
        assert _tiles_read(_fast_tile, entry) == _tiles_read(model.model_validate, entry), entry


def test_every_one_key_change_of_a_ship_reads_the_same_both_ways() -> None:
    bases = [doc for doc in SHIPS if doc["board"] in ("III", "IIIB", "IV")]
    assert len(bases) >= 3
    for base in bases:
        for doc in _changed(base, SHIP_KEYS, ODD_VALUES):
            fast_read, slow_read = _both_ways(_ship, doc, "trucker.formats.load.read_ship")
            assert fast_read == slow_read, doc


def test_every_one_key_change_of_a_board_reads_the_same_both_ways() -> None:
    bases = [doc for doc in BOARDS if doc["id"] in ("II", "IIB", "IIIB", "IV")]
    assert len(bases) == 4
    for base in bases:
        for doc in _changed(base, BOARD_KEYS, ODD_VALUES + BOARD_VALUES):
            fast_read, slow_read = _both_ways(_board, doc, "trucker.formats.catalogue.read_board")
            assert fast_read == slow_read, doc
