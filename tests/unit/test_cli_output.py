"""Printing for the CLI (trucker/cli/output.py): renderers' lines and errors on the consoles,
JSON on stdout."""

from __future__ import annotations

import json

import pytest
from rich.text import Text

from trucker.cli.output import print_errors, print_json, print_lines
from trucker.core.errors import BadInput


def test_print_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    print_json({"a": 1}, lines=True)
    print_json({"b": [1, 2]}, lines=True)
    out = capsys.readouterr().out.splitlines()
    assert [json.loads(line) for line in out] == [{"a": 1}, {"b": [1, 2]}]


def test_print_lines_and_errors_go_to_their_consoles(capsys: pytest.CaptureFixture[str]) -> None:
    print_lines([Text("one", style="bold"), Text(), "[not markup]"])
    print_errors(BadInput.one("ship.toml", "tiles", "no tiles"))
    printed = capsys.readouterr()
    assert printed.out == "one\n\n[not markup]\n"
    assert printed.err == "ship.toml: tiles: no tiles\n"
