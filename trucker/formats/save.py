"""Opening a layout file to edit, and saving it back without losing anything.

A file is opened with its *version*, a hash of its bytes. Saving names the version it was opened
at: when the file on disk is no longer that version (another program, or another tab, saved it
meanwhile), nothing is written and :class:`FileChanged` carries what the file holds now, so the
caller can show both and let the user choose. A save writes the user's own file edited into the
new ship (:func:`trucker.formats.edit.edit_layout`: comments, key order and spacing kept), or,
where the file cannot be followed, the canonical form, and says so; always atomically.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from trucker.core.errors import BadInput, TruckerError
from trucker.core.ship import Ship
from trucker.formats.documents import parse_document, read_bytes
from trucker.formats.edit import edit_layout
from trucker.formats.load import ship_from_document
from trucker.formats.write import dumps_ship, write_atomic

__all__ = ["Opened", "Saved", "FileChanged", "version_of", "open_layout", "save_layout"]


def version_of(raw: bytes) -> str:
    """A file's version: the first 16 hex digits of the SHA-256 of its bytes."""
    return hashlib.sha256(raw).hexdigest()[:16]


@dataclass(frozen=True)
class Opened:
    """A layout file as read: the ship, the text and the version it was read at."""

    ship: Ship
    text: str
    version: str


@dataclass(frozen=True)
class Saved:
    """What a save wrote: the file's new version, and a note when the user's own layout could
    not be kept (written in the canonical form instead)."""

    version: str
    note: str = ""


class FileChanged(TruckerError):
    """The file is not the version it was opened at: its version and text now (None: it is
    gone), and the ship it holds (None: gone, or no longer a layout, ``problem`` says why)."""

    def __init__(
        self,
        name: str,
        version: str | None,
        text: str | None = None,
        ship: Ship | None = None,
        problem: str | None = None,
    ) -> None:
        self.name = name
        self.version = version
        self.text = text
        self.ship = ship
        self.problem = problem
        said = "was deleted" if version is None else "changed on disk"
        super().__init__(f"{name} {said} since it was opened")


def open_layout(
    path: Path, name: str, *, confine: Path | None = None, base: Path | None = None
) -> Opened:
    """Read the layout at ``path`` (named ``name`` in errors) with its version; a board file
    it names is read from ``base`` (default: the file's folder), within ``confine``."""
    return _opened(read_bytes(path, name), path, name, confine=confine, base=base)


def _opened(
    raw: bytes, path: Path, name: str, *, confine: Path | None, base: Path | None = None
) -> Opened:
    data = parse_document(raw, name, path.suffix.lower())
    ship = ship_from_document(data, name, base=base or path.parent, confine=confine)
    return Opened(ship, raw.decode("utf-8-sig"), version_of(raw))


def save_layout(
    path: Path,
    ship: Ship,
    name: str,
    *,
    version: str | None,
    confine: Path | None = None,
) -> Saved:
    """Write ``ship`` to ``path``: over the file opened at ``version`` (:class:`FileChanged`
    when the file is no longer that version), or as a new file when ``version`` is None
    (:class:`BadInput` when one is there already). The file's own layout is kept where it can
    be followed; a board file is named from the file's folder."""
    suffix = path.suffix.lower()
    if suffix not in (".toml", ".json"):
        raise BadInput.one(name, "", "a layout file is .toml or .json")
    exists = path.exists()
    if version is None:
        if exists:
            raise BadInput.one(name, "", "a file of that name is there already; choose another")
        text, note = dumps_ship(ship, suffix=suffix, relative_to=path.parent), ""
    else:
        if not exists:
            raise FileChanged(name, None)
        raw = read_bytes(path, name)
        if version_of(raw) != version:
            text = raw.decode("utf-8-sig", errors="replace")
            try:
                ship_now = _opened(raw, path, name, confine=confine).ship
            except BadInput as exc:
                raise FileChanged(name, version_of(raw), text, None, str(exc)) from None
            raise FileChanged(name, version_of(raw), text, ship_now)
        now = _opened(raw, path, name, confine=confine)
        edited = edit_layout(now.text, now.ship, ship, relative_to=path.parent, suffix=suffix)
        if edited is None:
            text = dumps_ship(ship, suffix=suffix, relative_to=path.parent)
            note = "written in the canonical form: the file's own layout could not be followed"
        else:
            text, note = edited, ""
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise BadInput.one(name, "", f"cannot write: {exc.strerror or exc}") from None
    return Saved(version_of(text.encode("utf-8")), note)
