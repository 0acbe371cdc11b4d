"""``trucker examples DIR``: the bundled ships, decks and intruder cards copied out of the
installed package, for the commands the README and the docs print."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from trucker.cli.options import JsonOpt

__all__ = ["examples"]


def examples(
    folder: Annotated[Path, typer.Argument(help="Where to copy them: a new or empty folder.")],
    json_out: JsonOpt = False,
) -> None:
    """Copy the bundled example ships, decks, intruder cards and teaching cases into FOLDER.
    The README and the docs call that folder scenarios/: copied there, their commands run as
    printed. Nothing is ever overwritten.

    Example: trucker examples scenarios
    """
    from trucker.cli.common import bad_input
    from trucker.cli.output import out, print_json
    from trucker.formats.examples import ExamplesInTheWay, copy_examples
    from trucker.formats.outputs import claim_folder

    claim_folder(folder, "")
    try:
        written = copy_examples(folder)
    except ExamplesInTheWay as exc:
        first = exc.paths[0].relative_to(folder).as_posix()
        raise bad_input(
            str(folder),
            first,
            f"already there ({len(exc.paths)} of the example files are); nothing copied: "
            "choose a new or empty folder",
        ) from None
    except OSError as exc:
        raise bad_input(str(folder), "", exc.strerror or str(exc)) from None
    relative = [p.relative_to(folder).as_posix() for p in written]
    if json_out:
        print_json({"folder": str(folder), "files": relative})
        raise typer.Exit(0)
    counts = Counter(r.split("/", 1)[0] + "/" if "/" in r else r for r in relative)
    listed = ", ".join(f"{name} {n}" if name.endswith("/") else name for name, n in counts.items())
    out.print(f"copied {len(written)} files into {folder}/: {listed}")
    if folder.name == "scenarios":
        where = folder.parent if str(folder.parent) != "." else Path("this folder")
        out.print(f"The README's and the docs' commands run as printed from {where}, e.g.")
    else:
        out.print("The README and the docs call this folder scenarios/; for example:")
    out.print(f"  trucker validate {folder}/ships/*.toml")
    raise typer.Exit(0)
