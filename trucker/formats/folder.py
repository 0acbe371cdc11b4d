"""The folder a program serves (``trucker studio FOLDER``): every file a request names is found
inside it or refused, and the layouts in it are listed.

A name is a path relative to the folder, written with ``/``. It is refused when it is absolute,
climbs out with ``..``, or leads out through a symbolic link (the path is resolved, links
followed, and must still lie inside the folder's own resolved path), so nothing outside the
folder is ever read or written. Listing is bounded: hidden folders and virtual environments are
skipped, and at most :data:`MAX_LISTED` files at most :data:`MAX_DEPTH` folders deep are looked
at, each by its first few kilobytes.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from trucker.core.errors import BadInput

__all__ = ["Folder", "FolderFile", "MAX_LISTED", "MAX_DEPTH", "SUFFIXES"]

SUFFIXES = (".toml", ".json")
"""The files the folder offers: layouts, boards and decks are TOML or JSON."""
MAX_LISTED = 500
"""Files a listing reports at most."""
MAX_DEPTH = 4
"""Folders a listing goes down at most."""
_SKIPPED = frozenset({"node_modules", "__pycache__", "site-packages", "venv"})
_PEEK = 4096
_FORMAT = re.compile(r"""["']?format["']?\s*[=:]\s*["'](trucker-[a-z]+/\d+)["']""")


@dataclass(frozen=True)
class FolderFile:
    """A file of the folder: its name (relative, ``/``-separated) and the format its first
    lines declare (``trucker-ship/1``, ``trucker-board/1``, ``trucker-deck/1``...), if any."""

    name: str
    format: str | None
    size: int

    @property
    def kind(self) -> str:
        """``ship``, ``board``, ``deck``... (the word of its format), or ``other``."""
        if self.format is None:
            return "other"
        return self.format.removeprefix("trucker-").split("/")[0]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "format": self.format, "size": self.size}


class Folder:
    """A folder whose files a program may read and write, and no other."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        path = Path(root)
        if not path.is_dir():
            raise BadInput.one(str(root), "", "not a folder: give a folder of ship files")
        self.root = path.resolve()

    def __repr__(self) -> str:
        return f"Folder({str(self.root)!r})"

    def path(self, name: str, *, suffixes: tuple[str, ...] = SUFFIXES) -> Path:
        """The file ``name`` names inside the folder (it need not exist yet; the folder it is
        in must); :class:`BadInput` naming ``name`` when it is not a file of the folder."""
        where = _shown(name)
        if not isinstance(name, str) or not name.strip():
            raise BadInput.one("path", where, "give the name of a file in the folder")
        if "\x00" in name or "\\" in name:
            raise BadInput.one("path", where, "a file name is written with / between folders")
        relative = PurePosixPath(name)
        if relative.is_absolute() or ".." in relative.parts:
            raise BadInput.one("path", where, "outside the folder the studio serves")
        if relative.suffix.lower() not in suffixes:
            raise BadInput.one("path", where, f"a file of the folder is {' or '.join(suffixes)}")
        target = self.root.joinpath(*relative.parts)
        try:
            resolved = target.resolve()
        except (OSError, RuntimeError):
            raise BadInput.one("path", where, "cannot be resolved (a loop of links?)") from None
        if not resolved.is_relative_to(self.root):
            raise BadInput.one("path", where, "leads outside the folder the studio serves")
        if not resolved.parent.is_dir():
            raise BadInput.one("path", where, "no such folder in the folder the studio serves")
        return resolved

    def name_of(self, path: Path) -> str:
        """How a request names a file of the folder."""
        return path.resolve().relative_to(self.root).as_posix()

    def files(self) -> list[FolderFile]:
        """The TOML and JSON files of the folder, by name, each with its declared format."""
        found: list[FolderFile] = []
        for current, folders, names in os.walk(self.root):
            here = Path(current)
            depth = len(here.relative_to(self.root).parts)
            folders[:] = sorted(
                f
                for f in folders
                if depth < MAX_DEPTH and not f.startswith(".") and f not in _SKIPPED
            )
            for name in sorted(names):
                if len(found) >= MAX_LISTED:
                    return found
                path = here / name
                if name.startswith(".") or path.suffix.lower() not in SUFFIXES:
                    continue
                entry = self._entry(path)
                if entry is not None:
                    found.append(entry)
        return found

    def _entry(self, path: Path) -> FolderFile | None:
        try:
            resolved = path.resolve()
            if not resolved.is_relative_to(self.root) or not resolved.is_file():
                return None
            size = resolved.stat().st_size
            with open(resolved, "rb") as file:
                head = file.read(_PEEK).decode("utf-8", errors="replace")
        except OSError:
            return None
        found = _FORMAT.search(head)
        name = path.relative_to(self.root).as_posix()
        return FolderFile(name, found.group(1) if found else None, size)


def _shown(name: object) -> str:
    return name if isinstance(name, str) else repr(name)
