"""A ship in a link (formats/share.py): any layout comes back from its code as it went in, and
any text that is not a code is one line of bad input, never a crash."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties.layouts import layouts
from trucker.core.errors import BadInput
from trucker.formats.load import ship_from_document
from trucker.formats.share import MAX_CODE, read_share_code, share_code


@settings(max_examples=80, deadline=None)
@given(doc=layouts(max_tiles=20))
def test_a_ship_comes_back_from_its_code(doc: dict[str, Any]) -> None:
    ship = ship_from_document(doc, "random.toml")
    code = share_code(ship)
    assert code[0] == "1" and len(code) <= MAX_CODE
    assert set(code[1:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    again = read_share_code(code)
    assert again.tiles == ship.tiles and again.contents == ship.contents
    assert (again.name, again.holes, again.loadout) == (ship.name, ship.holes, ship.loadout)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200) | st.text(alphabet="1AZaz09-_", max_size=200))
def test_any_other_text_is_one_line_of_bad_input(text: str) -> None:
    try:
        read_share_code(text)
    except BadInput as exc:
        assert str(exc).startswith("share link: ")
        assert len(exc.errors) >= 1


def test_a_code_that_inflates_past_a_file_is_refused() -> None:
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b" " * (4 << 20)) + packer.flush()
    code = "1" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    with pytest.raises(BadInput, match="holds more than a ship file may"):
        read_share_code(code)
