"""Where a run writes, and how: every output checked before any work is done, and written
atomically.

An output is refused when it is an input by any road: the file named on the command line, a
``./`` or symlinked spelling of it, a hard link to it, or a file an input names (the board file a
ship names, the board of a ship in a log). Within :func:`watching`, the readers note each file
they read (:func:`note_read`), so an output claimed first refuses a later read of the same file,
and an output claimed later refuses a file already read; :func:`write_atomic` checks once more
as it writes. An output is also refused when it cannot be written (a read-only folder or file
system, a read-only file): :func:`claim_output` makes and removes the very temporary file the
write will use, so a run never flies for an hour to fail at its last step.

Writes go through a temporary file beside the target, renamed into place, so a crash or a signal
never leaves half a file, and a failure leaves the previous file as it was. The temporary file's
name is never longer than the file system allows, however long the target's own (legal) name.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from trucker.core.errors import BadInput

__all__ = [
    "OutputRefused",
    "watching",
    "unwatched",
    "note_read",
    "claim_output",
    "claim_folder",
    "write_atomic",
    "write_folder",
]

_TEMP_SUFFIX = ".tmp"
_RANDOM = 8
"""Characters :func:`tempfile.mkstemp` adds to a name."""


class OutputRefused(BadInput):
    """An output that must not or cannot be written; one line naming the option and path."""

    def __init__(self, option: str, path: Path | str, problem: str) -> None:
        super().__init__(BadInput.one(option, str(path), problem).errors)


@dataclass
class _Run:
    """The files one run has read (by identity, with the name they were read by) and the
    outputs it has claimed (by identity when they exist, and by their resolved path)."""

    read: dict[tuple[int, int], str] = field(default_factory=dict)
    claimed: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    paths: dict[str, str] = field(default_factory=dict)


_RUN: _Run | None = None


@contextlib.contextmanager
def watching() -> Iterator[None]:
    """Within this block, inputs read and outputs claimed are remembered and kept apart (the
    command line runs every command in one). Outside it, reading and writing are independent:
    a notebook may read a ship and later write a file of the same name on purpose."""
    global _RUN
    saved, _RUN = _RUN, _Run()
    try:
        yield
    finally:
        _RUN = saved


@contextlib.contextmanager
def unwatched() -> Iterator[None]:
    """Within this block, nothing is remembered or kept apart: for a command that edits files
    on purpose over a long life (``trucker studio`` saves the file it opened), not one run."""
    global _RUN
    saved, _RUN = _RUN, None
    try:
        yield
    finally:
        _RUN = saved


def _identity(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino


def note_read(info: os.stat_result, name: str) -> None:
    """An input file is being read (``info`` is its ``fstat``): remembered, and refused if an
    output of this run is that file."""
    if _RUN is None:
        return
    key = _identity(info)
    _RUN.read.setdefault(key, name)
    if key in _RUN.claimed:
        option, path = _RUN.claimed[key]
        raise OutputRefused(option, path, _overwrite(name, path))


def _input_named(path: Path, inputs: Iterable[Path]) -> str | None:
    """The input ``path`` is, by any spelling or link, if any: one given on the command line,
    or one this run has read."""
    try:
        info = path.stat()
    except (OSError, ValueError, RuntimeError):
        info = None
    if info is not None and _RUN is not None and _identity(info) in _RUN.read:
        return _RUN.read[_identity(info)]
    for given in inputs:
        if str(given) == "-":
            continue
        try:
            if given.resolve() == path.resolve():
                return str(given)
            if info is not None and _identity(given.stat()) == _identity(info):
                return str(given)
        except (OSError, ValueError, RuntimeError):
            continue  # an input that cannot be resolved is not the output; its reader says why
    return None


def claim_output(path: Path, option: str, inputs: Iterable[Path] = ()) -> None:
    """Check, before any work, that ``path`` can be written as the output of ``option``:
    :class:`OutputRefused` (one line) for a folder, a missing folder, an input of the run
    (``inputs`` from the command line, and every file read so far), another output of the run,
    a read-only file, or a folder where no file can be made (read-only, full of names)."""
    try:
        folder, parent = path.is_dir(), path.parent.is_dir()
    except (OSError, ValueError) as exc:  # a NUL in the name
        raise OutputRefused(option, path, _reason(exc)) from None
    if folder:
        raise OutputRefused(option, path, "is a folder; give a file name")
    if not parent:
        raise OutputRefused(option, path, f"no such folder: {path.parent}")
    named = _input_named(path, inputs)
    if named is not None:
        raise OutputRefused(option, path, _overwrite(named, path))
    resolved = str(path.resolve())
    if _RUN is not None and _RUN.paths.get(resolved, option) != option:
        raise OutputRefused(option, path, f"is also the output of {_RUN.paths[resolved]}")
    kind = _not_a_file(path)
    if kind is not None:
        raise OutputRefused(option, path, f"{kind}, not a file; give a file name")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputRefused(option, path, "is read-only; choose another name")
    try:
        _probe(path.parent, path.name)
    except OSError as exc:
        raise OutputRefused(option, path, f"cannot be written here: {_reason(exc)}") from None
    if _RUN is not None:
        _RUN.paths[resolved] = option
        with contextlib.suppress(OSError):  # a new file: no input can be it
            _RUN.claimed[_identity(path.stat())] = (option, str(path))


def _overwrite(named: str, path: Path | str) -> str:
    """The one line for an output that is an input, naming the input when it was given or read
    under another name (a link, another spelling, the board file a ship names)."""
    other = "" if named == str(path) else f" ({named})"
    return f"refusing to overwrite an input file{other}; choose another name"


def claim_folder(folder: Path, option: str, *, parents: bool = False) -> None:
    """Check, before any work, that files can be made in ``folder`` (or, when it is still to
    be made, in the folder that will hold it; with ``parents``, in the nearest folder above it
    that exists, as ``mkdir -p`` would make the rest): :class:`OutputRefused` otherwise.
    Nothing is made here: a run that fails later leaves no empty folder behind."""
    if folder.exists() and not folder.is_dir():
        raise OutputRefused(option, folder, "is a file; give a folder")
    parent = folder if folder.is_dir() else folder.parent
    if parents:
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if parent.exists() and not parent.is_dir():
            raise OutputRefused(option, folder, f"{parent} is a file, not a folder")
    if not parent.is_dir():
        raise OutputRefused(option, folder, f"no such folder: {parent}")
    try:
        _probe(parent, folder.name or "folder")
    except OSError as exc:
        raise OutputRefused(option, folder, f"cannot be written: {_reason(exc)}") from None


def _not_a_file(path: Path) -> str | None:
    """What an existing output is when it is not a regular file (``/dev/stdout``, a named pipe):
    a write would replace it with a file."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode):
        return None
    return (
        "is a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "is a named pipe"
        if stat.S_ISFIFO(mode)
        else "is not a regular file"
    )


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def _probe(folder: Path, name: str) -> None:
    """Make and remove the temporary file a write of ``name`` into ``folder`` would use."""
    handle, temp = _temp_file(folder, name)
    os.close(handle)
    os.unlink(temp)


def _temp_file(folder: Path, name: str) -> tuple[int, str]:
    """A new temporary file beside ``folder / name``, hidden, named after it, and never longer
    than the file system's limit on a name (a 250-character target is legal; its temporary
    file must be too)."""
    try:
        most = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        most = 255
    room = max(1, most - len(".") - len(".") - _RANDOM - len(_TEMP_SUFFIX))
    stem = os.fsencode(name)[:room].decode("utf-8", "ignore") or "out"
    return tempfile.mkstemp(prefix=f".{stem}.", suffix=_TEMP_SUFFIX, dir=folder)


def _refuse_input(target: Path) -> None:
    """The last checks, as the file is written: never replace a file this run has read, nor
    a device (a write as root would put a file in place of ``/dev/stdout``)."""
    kind = _not_a_file(target)
    if kind is not None:
        raise OutputRefused(str(target), "", f"{kind}, not a file; give a file name")
    if _RUN is None:
        return
    try:
        key = _identity(target.stat())
    except OSError:
        return
    if key in _RUN.read:
        raise OutputRefused(str(target), "", _overwrite(_RUN.read[key], target))


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same directory. The file
    gets the permissions a plain ``open`` would give (the umask's), not the temporary file's
    private ones; replacing a file keeps its mode. :class:`OutputRefused` when ``path`` is an
    input of this run; :class:`OSError` when the write fails (the previous file is kept)."""
    target = Path(path)
    _refuse_input(target)
    handle, temp = _temp_file(target.parent, target.name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temp, _mode_for(target))
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_folder(
    folder: Path, files: Iterable[tuple[Path, str]], *, replace: bool = False
) -> list[Path]:
    """Write every ``(relative path, text)`` into ``folder`` all at once, and return the paths
    written. Everything is first written into a temporary folder (beside a new ``folder``,
    inside an existing one), where a full disk or a signal can stop it; then a new folder is
    renamed into place whole, and into an existing one each file is moved in (a rename, which
    takes no space), every move undone if one fails. Nothing is left half-written. A file
    already there is an error, unless ``replace``: then it is set aside until every file is
    in, and put back if one fails."""
    new = not folder.exists()
    staging = _temp_folder(folder.parent if new else folder, folder.name)
    relatives = []
    try:
        for relative, text in files:
            target = staging / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            relatives.append(relative)
        if new:
            _open_to_all(staging)
            os.rename(staging, folder)
        else:
            _move_in(staging, folder, relatives, replace=replace)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [folder / relative for relative in relatives]


def _move_in(staging: Path, folder: Path, relatives: list[Path], *, replace: bool) -> None:
    """Move each staged file into ``folder`` (making its subfolders); a file already there is
    refused, or with ``replace`` set aside in a folder beside ``staging``. On any failure, the
    files and subfolders moved in so far are taken out again and those set aside put back."""
    made: list[Path] = []
    moved: list[Path] = []
    aside: list[tuple[Path, Path]] = []
    kept = _temp_folder(folder, "replaced") if replace else None
    try:
        for i, relative in enumerate(relatives):
            target = folder / relative
            for parent in reversed(target.relative_to(folder).parents[:-1]):
                inner = folder / parent
                if not inner.exists():
                    inner.mkdir()
                    made.append(inner)
            if target.exists() or target.is_symlink():
                if kept is None:
                    raise FileExistsError(errno.EEXIST, "already there", str(target))
                _refuse_input(target)
                old = kept / str(i)
                os.rename(target, old)
                aside.append((old, target))
            os.rename(staging / relative, target)
            moved.append(target)
    except BaseException:
        for target in moved:
            target.unlink(missing_ok=True)
        for old, target in aside:
            os.rename(old, target)
        for inner in reversed(made):
            shutil.rmtree(inner, ignore_errors=True)
        raise
    finally:
        if kept is not None:
            shutil.rmtree(kept, ignore_errors=True)


def _temp_folder(where: Path, name: str) -> Path:
    """A new hidden folder in ``where``, named after ``name`` (shortened to fit)."""
    stem = os.fsencode(name)[:200].decode("utf-8", "ignore") or "folder"
    return Path(tempfile.mkdtemp(prefix=f".{stem}.", suffix=_TEMP_SUFFIX, dir=where))


def _open_to_all(folder: Path) -> None:
    """A new folder gets the umask's permissions, not a temporary folder's private ones (what
    is made inside it already has them)."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(folder, 0o777 & ~umask)


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
