"""A flight's plan from what a command was told: the ships (legal or repaired), their start
order, each one's captain and insurance, the deck, the dice and the scripted choices.

Each option is checked in the order ``trucker fly`` reads them, so a command with several
mistakes is told about the same one first; every problem is a :class:`BadInput` naming the
option (``--order: 1,1: name each of the 2 ships once, 1-2``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from trucker.core.dice import faces_from_text
from trucker.core.errors import BadInput
from trucker.core.geometry import Cell
from trucker.core.rulings import Rulings
from trucker.core.ship import Ship
from trucker.formats.choices_file import read_choices
from trucker.formats.decks import load_deck
from trucker.play.flights import Crew, FlightPlan, deck_for, unique_names
from trucker.sim.roster import CAPTAINS

__all__ = ["Boarding", "plan_flight", "start_order", "captains_by_ship", "insurance"]

Boarding = tuple[Ship, str, Sequence[Cell]]
"""A ship ready to fly: its layout, the file it came from, the tiles a repair removed."""


def start_order(ships: Sequence[Boarding], order: str) -> list[Boarding]:
    """``--order 2,1,3``: the ships by file number, the leader first."""
    try:
        picks = [int(x) for x in order.split(",")]
    except ValueError:
        raise BadInput.one("--order", order, "expected file numbers like 2,1,3") from None
    if sorted(picks) != list(range(1, len(ships) + 1)):
        problem = f"name each of the {len(ships)} ships once, 1-{len(ships)}"
        raise BadInput.one("--order", order, problem)
    return [ships[i - 1] for i in picks]


def captains_by_ship(policy: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    """``--policy NAME`` (every ship not named otherwise) and ``--policy SHIP=NAME``."""
    known = [*CAPTAINS, "interactive"]
    out: dict[str, str] = {}
    for entry in policy:
        ship, sep, name = entry.rpartition("=")
        if name not in known:
            raise BadInput.one(
                "--policy", entry, f"unknown captain {name!r}: use {', '.join(known)}"
            )
        if sep:
            if ship not in names:
                raise BadInput.one(
                    "--policy", entry, f"no ship named {ship!r} ({', '.join(names)})"
                )
            out[ship] = name
        else:
            out.update({n: name for n in names if n not in out})
    return out


def insurance(ship: Ship, flag: bool | None) -> bool | None:
    """``--insured`` over the file's ``insured`` over the captain's choice (None; RULES §9.3);
    only optional insurance counts."""
    if not ship.board.insurance.optional:
        return False
    return flag if flag is not None else ship.insured


def _faces(dice: str) -> tuple[int, ...]:
    try:
        faces = faces_from_text(dice)
    except ValueError as exc:
        raise BadInput.one("--dice", dice, str(exc)) from None
    if len(faces) % 2:
        raise BadInput.one("--dice", dice, f"expected faces in pairs, got {len(faces)}")
    return tuple(faces)


def plan_flight(
    ships: Sequence[Boarding],
    deck: str,
    rulings: Rulings,
    *,
    seed: int | None = None,
    dice: str | None = None,
    choices: Path | None = None,
    order: str | None = None,
    policy: Sequence[str] = (),
    insured: bool | None = None,
    expert: Sequence[tuple[str, Any]] = (),
) -> FlightPlan:
    """The plan of ``trucker fly``: ``deck`` a file or ``random:LEVEL`` (dealt from ``seed``),
    ``dice`` scripted faces (``3,4,1,1``), ``choices`` a choices file, ``expert`` the expert
    captain's options (``effort``, ``objective``) for the ships it flies."""
    if order:
        ships = start_order(ships, order)
    names = unique_names([ship.name or Path(file).stem for ship, file, _ in ships])
    captains = captains_by_ship(policy, names)
    faces = _faces(dice) if dice is not None else None
    dealt = deck_for(deck, seed or 0, load=lambda p: load_deck(Path(p), display=p), rulings=rulings)
    scripts: Mapping[str, Sequence[str]] = read_choices(choices, names) if choices else {}
    crews = tuple(
        Crew(
            name,
            ship,
            captains.get(name, "sensible"),
            insurance(ship, insured),
            tuple(repaired),
            tuple(expert) if captains.get(name) == "expert" else (),
        )
        for name, (ship, _, repaired) in zip(names, ships, strict=True)
    )
    return FlightPlan(crews, dealt, rulings, seed=seed, faces=faces, choices=scripts)
