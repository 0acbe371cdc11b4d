"""A ship in a link: the canonical layout document, compressed, in URL-safe base64.

The code is ``1`` (the version of this encoding) followed by the layout as compact JSON (the
spec's canonical document, :func:`trucker.formats.write.ship_to_document`), deflated and written
in base64url without padding: a Class III ship of 24 tiles takes about 600 characters, which a
chat, a forum post or a bug report keeps whole. Reading a code is bounded: at most
:data:`MAX_CODE` characters, inflating to at most :data:`~trucker.formats.documents.MAX_BYTES`, then
read by the ship format's own rules, so a code says what is wrong with it as a file would.

>>> from trucker.formats.catalogue import scenarios_root
>>> from trucker.formats.load import load_ship
>>> ship = load_ship(scenarios_root() / "ships" / "class-iii-cruiser.toml")
>>> code = share_code(ship)
>>> code[0], len(code) < 700
('1', True)
>>> read_share_code(code).tiles == ship.tiles
True
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from pathlib import Path

from trucker.core.errors import BadInput
from trucker.core.ship import Ship
from trucker.formats.documents import MAX_BYTES, parse_document
from trucker.formats.load import ship_from_document
from trucker.formats.write import ship_to_document

__all__ = ["share_code", "read_share_code", "MAX_CODE", "VERSION"]

VERSION = "1"
MAX_CODE = 16_384
"""Characters a share code may have: several times what the largest board's full ship needs."""
_NAME = "share link"


def share_code(ship: Ship, *, relative_to: Path | None = None) -> str:
    """The code of a link that holds ``ship`` (a board file is named from ``relative_to``)."""
    doc = ship_to_document(ship, relative_to=relative_to)
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text) + packer.flush()
    return VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def read_share_code(code: str, *, base: Path | None = None, confine: Path | None = None) -> Ship:
    """The ship a code holds; :class:`BadInput` (named ``share link``) when it holds none. A
    board file it names is read from ``base``, and, given ``confine``, only inside it."""
    if not isinstance(code, str) or not code:
        raise BadInput.one(_NAME, "", "empty: a link's code follows /s/")
    if len(code) > MAX_CODE:
        raise BadInput.one(_NAME, "", f"{len(code)} characters, over the {MAX_CODE} a code has")
    if code[0] != VERSION:
        raise BadInput.one(_NAME, "", f"unknown code version {code[0]!r}; this studio reads 1")
    body = code[1:]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise BadInput.one(_NAME, "", "not base64url text: the link was cut or changed") from None
    inflater = zlib.decompressobj(-15)
    try:
        raw = inflater.decompress(packed, MAX_BYTES + 1)
    except zlib.error:
        raise BadInput.one(_NAME, "", "does not inflate: the link was cut or changed") from None
    if inflater.unconsumed_tail or len(raw) > MAX_BYTES:
        raise BadInput.one(_NAME, "", "holds more than a ship file may (1 MiB)")
    if not inflater.eof:
        raise BadInput.one(_NAME, "", "ends early: the link was cut")
    data = parse_document(raw, _NAME, ".json")
    return ship_from_document(data, _NAME, base=base, confine=confine)
