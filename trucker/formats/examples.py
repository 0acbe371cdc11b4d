"""The bundled example files (ships, decks, intruder cards, the teaching cases), copied out of
the installed package, so that a pip-installed user can run every command the README and the
docs print: they name these files ``scenarios/...``."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath

from trucker.formats.catalogue import scenarios_root
from trucker.formats.outputs import write_folder

__all__ = ["bundled_examples", "copy_examples", "ExamplesInTheWay"]

_SUFFIXES = (".toml", ".json", ".md")
"""What the scenarios package carries as data (pyproject's package-data); not its Python."""


class ExamplesInTheWay(Exception):
    """Files of the same names are already in the target folder: nothing was copied."""

    def __init__(self, paths: list[Path]) -> None:
        super().__init__(f"{len(paths)} file(s) already there, e.g. {paths[0]}")
        self.paths = paths


def bundled_examples() -> list[tuple[PurePosixPath, Traversable]]:
    """Every bundled example file, by its path inside the scenarios folder, sorted."""
    found: list[tuple[PurePosixPath, Traversable]] = []

    def walk(folder: Traversable, prefix: PurePosixPath) -> None:
        for entry in folder.iterdir():
            if entry.is_dir():
                if not entry.name.startswith(("_", ".")):
                    walk(entry, prefix / entry.name)
            elif entry.name.endswith(_SUFFIXES):
                found.append((prefix / entry.name, entry))

    walk(scenarios_root(), PurePosixPath())
    return sorted(found, key=lambda item: item[0])


def copy_examples(folder: Path) -> list[Path]:
    """Copy every bundled example into ``folder`` (made if missing), keeping the subfolders;
    :class:`ExamplesInTheWay` before anything is written if any of them is already there. All
    or nothing: a full disk or a signal midway leaves the folder as it was
    (:func:`~trucker.formats.outputs.write_folder`)."""
    files = bundled_examples()
    targets = [folder.joinpath(*relative.parts) for relative, _ in files]
    taken = [target for target in targets if target.exists()]
    if taken:
        raise ExamplesInTheWay(taken)
    return write_folder(
        folder,
        ((Path(*relative.parts), source.read_text(encoding="utf-8")) for relative, source in files),
    )
