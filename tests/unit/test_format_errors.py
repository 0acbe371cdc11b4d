"""pydantic errors to one line per problem (trucker/formats/errors.py)."""

from __future__ import annotations

import pytest

from trucker.formats.errors import key_path


@pytest.mark.parametrize(
    ("loc", "path"),
    [
        (("tiles", "7,8", "sides"), 'tiles."7,8".sides'),
        (("tiles", "7,8", "covers", 1), 'tiles."7,8".covers[1]'),
        (("holes", 0), "holes[0]"),
        (("rulings", "armory_reach"), "rulings.armory_reach"),
        (("tiles", 'a"b'), 'tiles."a\\"b"'),
        ((), ""),
    ],
)
def test_key_path_is_written_in_toml_style(loc: tuple[str | int, ...], path: str) -> None:
    assert key_path(loc) == path
