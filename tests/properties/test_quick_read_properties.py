"""The quick readers (:mod:`trucker.formats.quick`) never answer differently from the models.

A file the quick reader accepts must be one the pydantic model accepts, read to the same ship or
board; whatever it declines goes to the model, so the errors are the model's. Damaged documents
(a key set to an odd value, removed, or unknown) are read both ways and must give the same
ship, board or error lines.
"""

from __future__ import annotations

import copy
import dataclasses
import tomllib
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.layouts import layouts, tile_entries
from trucker.core.errors import BadInput
from trucker.formats import quick
from trucker.formats.board_file import BoardFile, InsuranceEntry
from trucker.formats.catalogue import data_root, parse_board, scenarios_root
from trucker.formats.load import _tile, parse_document, ship_from_document
from trucker.formats.ship_file import TILE_MODELS, ShipFile

ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, 2, 3, 4, 6, 7, -1, 2.0, "", "x", "2",
    "front", "f", "N", "rear", "left", "Right", " rear ",
    "s-du", "uuuu", "----", "s---", "--s-", "-s--", "---s", "sdu", "sduus",
    "brown", "cyan", "purple", "RYGB", "ryx", "launch", "empty", "trucker-ship/1", "II", "IIIB",
    [], ["front"], ["front", "front"], ["front", "right"], ["front", "rear"], ["left", "rear"],
    ["brown", "purple"], ["brown", "brown"], [1, 2], [3, 3], [0, 7], [True, 2], {}, {"a": 1},
]  # fmt: skip
TILE_KEYS = sorted({key for model in TILE_MODELS.values() for key in model.model_fields})
SHIP_KEYS = sorted(ShipFile.model_fields)
BOARD_KEYS = sorted(BoardFile.model_fields)


def _bundled(folder: str) -> list[dict[str, Any]]:
    root = scenarios_root() / folder
    return [
        parse_document(entry.read_bytes(), entry.name, ".toml")
        for entry in root.iterdir()
        if entry.name.endswith(".toml") and entry.name != "expected.toml"
    ]


SHIPS = _bundled("ships")
BOARDS = [
    tomllib.loads(entry.read_text(encoding="utf-8"))
    for entry in (data_root() / "boards").iterdir()
    if entry.name.endswith(".toml")
]


def _keys(model: type) -> tuple[set[str], set[str]]:
    fields = model.model_fields  # type: ignore[attr-defined]
    return {n for n, f in fields.items() if f.is_required()}, set(fields)


@pytest.mark.parametrize("part", sorted(TILE_MODELS))
def test_the_quick_reader_knows_each_part_s_keys(part: str) -> None:
    required, allowed = _keys(TILE_MODELS[part])
    quick_required, readers = quick.TILE_KEYS[part]
    assert quick_required | {"part"} == required
    assert set(readers) | {"part", "armor"} == allowed


@pytest.mark.parametrize(
    ("model", "keys"),
    [
        (ShipFile, quick.SHIP_KEYS),
        (BoardFile, quick.BOARD_KEYS),
        (InsuranceEntry, quick.INSURANCE_KEYS),
    ],
)
def test_the_quick_reader_knows_each_file_s_keys(model: type, keys: Any) -> None:
    assert (keys[0], set(keys[1])) == _keys(model)


def test_every_bundled_ship_and_board_takes_the_quick_path() -> None:
    """Else the fast path would be dead code and `trucker validate` would import pydantic."""
    for doc in SHIPS:
        assert quick.read_ship(doc) is not None, doc.get("name")
    for doc in BOARDS:
        assert quick.read_board(doc) is not None, doc["id"]


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
            target[key] = draw(st.sampled_from(ODD_VALUES))
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
def test_a_tile_the_quick_reader_accepts_is_the_model_s_tile(entry: dict[str, Any]) -> None:
    def quick_read(raw: dict[str, Any]) -> Any:
        try:
            return quick._tile(raw)
        except quick.Decline:
            raise ValueError("declined") from None

    fast = _tiles_read(quick_read, entry)
    if fast is not None:
        assert fast == _tiles_read(TILE_MODELS[entry["part"]].model_validate, entry)
