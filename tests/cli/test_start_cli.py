"""The commands for starting a ship (issue 13 A.2): `trucker parts`, every part with its keys
and a line to copy, read off the format's own models."""

from __future__ import annotations

import json
import tomllib

import pytest
from pydantic import TypeAdapter

from tests.cli.invoke import run_main
from trucker.core.parts import Part
from trucker.formats.catalogue import parts as part_facts
from trucker.formats.ship_file import TILE_MODELS, TileEntry


def test_parts_lists_every_part_and_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "parts")
    assert run.code == 0, run.stderr
    blocks = run.stdout.split("\n\n")[1:-1]
    assert [block.split(" ", 1)[0].rstrip(",") for block in blocks] == [p.value for p in Part]
    for block, part in zip(blocks, Part, strict=True):
        model = TILE_MODELS[part.value]
        assert part_facts()[part].description in block
        named = {line.split()[0] for line in block.splitlines()[1:] if line.startswith("  ")}
        own = set(model.model_fields) - {"part", "sides", "armor"}
        assert own <= named, part
        assert f"  example: {model.example}" in block


def test_parts_json_gives_each_models_keys_and_a_valid_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = run_main(capsys, "parts", "--json")
    assert run.code == 0
    found = json.loads(run.stdout)
    assert [p["part"] for p in found] == [p.value for p in Part]
    adapter = TypeAdapter(TileEntry)
    for entry in found:
        model = TILE_MODELS[entry["part"]]
        assert {k["name"] for k in entry["keys"]} == set(model.model_fields) - {"part"}
        required = {k["name"] for k in entry["keys"] if k["required"]}
        assert required == {n for n, f in model.model_fields.items() if f.is_required()} - {"part"}
        square, tile = next(iter(tomllib.loads(entry["example"]).items()))
        assert adapter.validate_python(tile).part == entry["part"]
        assert "," in square


def test_parts_of_one_part(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "parts", "Battery")
    assert run.code == 0
    assert "\nbattery (base game): " in run.stdout
    assert "capacity" in run.stdout and "cargo" not in run.stdout


def test_an_unknown_part_is_bad_input_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(capsys, "parts", "batery")
    assert run.code == 2
    assert run.err_lines == [
        "part: batery: unknown part (did you mean 'battery'?); see trucker parts"
    ]
