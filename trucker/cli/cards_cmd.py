"""``trucker cards``: the adventure card catalogue (RULES §6.5), as a table or JSON.

Registered by one line in :mod:`trucker.cli.app`; library modules are imported inside the command
so ``trucker --help`` stays fast.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

__all__ = ["cards"]


def cards(
    level: Annotated[
        Optional[str],  # noqa: UP045 - typer needs Optional here
        typer.Option("--level", "-l", metavar="LEVEL", help="Only this level: 1-4 or I-IV."),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print JSON for scripts instead of text.")
    ] = False,
) -> None:
    """List the adventure card catalogue: id, type, level and numbers; * marks representative
    values (printed values not known, RULES §6.5).

    Example: trucker cards --level II
    """
    from trucker.cli.output import out, print_errors, print_json
    from trucker.core.cards import Level
    from trucker.core.errors import BadInput
    from trucker.formats.catalogue import cards as catalogue
    from trucker.formats.catalogue import cards_of_level

    if level is None:
        chosen = tuple(catalogue().values())
    else:
        try:
            chosen = cards_of_level(Level.parse(level))
        except ValueError as exc:
            print_errors(BadInput.one("--level", level, str(exc)))
            raise typer.Exit(2) from None
    if json_out:
        print_json([card.to_dict() for card in chosen])
        raise typer.Exit(0)
    if not chosen:
        out.print(f"no level-{level and Level.parse(level)} cards in the catalogue yet")
        raise typer.Exit(0)
    id_width = max(len(card.id or "") for card in chosen)
    type_width = max(len(str(card.type)) for card in chosen)
    out.print(f"  {'id':<{id_width}}  {'type':<{type_width}}  level  numbers", style="bold")
    for card in chosen:
        mark = "*" if card.representative else " "
        out.print(
            f"{mark} {card.id or '':<{id_width}}  {card.type!s:<{type_width}}  "
            f"{card.level!s:<5}  {card.numbers() or '-'}"
        )
    representative = [card for card in chosen if card.representative]
    out.print(
        f"{len(chosen)} cards; {len(representative)} with representative values (*): "
        "their printed values are not known (RULES §6.5)",
        style="bright_black",
    )
    notes = {card.note for card in representative if card.note}
    for note in sorted(notes):
        out.print(f"  * {note}", style="bright_black")
    raise typer.Exit(0)
