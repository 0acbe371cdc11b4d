"""The error types (trucker/core/errors.py): one line per input problem, under one base class."""

from __future__ import annotations

from trucker.core.errors import BadInput, IllegalChoiceError, InputError, TruckerError


def test_input_error_line() -> None:
    assert str(InputError("ship.toml", 'tiles."7,8".sides', "bad")) == (
        'ship.toml: tiles."7,8".sides: bad'
    )
    assert str(InputError("ship.toml", "", "binary data")) == "ship.toml: binary data"


def test_bad_input_carries_every_line() -> None:
    exc = BadInput([InputError("a", "x", "one"), InputError("a", "y", "two")])
    assert str(exc) == "a: x: one\na: y: two"
    assert isinstance(exc, TruckerError) and isinstance(exc, ValueError)
    assert BadInput.one("a", "", "p").errors == (InputError("a", "", "p"),)


def test_illegal_choice_is_a_value_error() -> None:
    assert isinstance(IllegalChoiceError("d", "c"), ValueError)
