"""Printing for the CLI (trucker/cli/output.py): renderers' lines and errors on the consoles,
JSON on stdout."""

from __future__ import annotations

import io
import json

import pytest
from rich.text import Text

from trucker.cli.output import print_errors, print_json, print_lines, use_ascii_if_needed
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


def test_control_characters_print_as_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    """An escape code in a ship's name never reaches the terminal as one (issue 13 B); the
    styles around it stay where they were."""
    print_lines([Text.assemble(("Evil\x1b[2J", "bold"), " \x1b]0;x\x9b ok"), "a\x00b"])
    assert capsys.readouterr().out == "Evil␛[2J ␛]0;x\ufffd ok\na␀b\n"


def test_a_stream_that_cannot_write_the_glyphs_gets_ascii() -> None:
    for encoding, shown in (
        ("ascii", "RULES S3.2 - a -> b, ?"),
        ("cp1252", "RULES §3.2 · a -> b, ?"),
    ):
        raw = io.BytesIO()
        stream = io.TextIOWrapper(raw, encoding=encoding)
        use_ascii_if_needed(stream)
        stream.write("RULES §3.2 · a → b, 🚀")
        stream.flush()
        assert raw.getvalue().decode(encoding) == shown


def test_a_stream_that_can_write_them_is_left_alone() -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    use_ascii_if_needed(stream)
    assert stream.errors == "strict"
