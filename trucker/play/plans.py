"""A flight's plan from what a command was told: the ships (legal or repaired), their start
order, each one's captain and insurance, the deck, the dice and the scripted choices.

Each option is checked in the order ``trucker fly`` reads them, so a command with several
mistakes is told about the same one first; every problem is a :class:`BadInput` naming the
option (``--order: 1,1: name each of the 2 ships once, 1-2``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from trucker.core.dice import faces_from_text
from trucker.core.errors import BadInput
from trucker.core.geometry import Cell
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import Ship
from trucker.formats.choices_file import read_choices
from trucker.formats.decks import Deck, load_deck
from trucker.play.flights import Crew, FlightPlan, deck_for, unique_names
from trucker.sim.roster import CAPTAINS

__all__ = [
    "Boarding",
    "flight_plan",
    "seats_of",
    "plan_flight",
    "start_order",
    "captains_by_ship",
    "insurance",
]

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


def flight_plan(
    ships: Ship | Sequence[Ship],
    deck: str | Deck,
    *,
    seed: int = 0,
    captains: str | Sequence[str] = "sensible",
    rulings: Rulings = DEFAULT_RULINGS,
) -> FlightPlan:
    """A flight's plan in one call: one ship or up to five, flown in this order, each named as
    a log names it; a deck (``random:<LEVEL>`` dealt from ``seed``, a deck file's path, or a
    :class:`~trucker.formats.decks.Deck`); the seed of the dice; each ship's captain by name
    (one for all, or one per ship). :class:`BadInput` for a captain or a deck that is not one.

    >>> import trucker
    >>> ship = trucker.load(trucker.scenarios_root() / "ships" / "class-iii-cruiser.toml")
    >>> plan = trucker.plan(ship, "random:III", seed=7)
    >>> [(seat.name, seat.captain) for seat in plan.crews], len(plan.deck.cards)
    ([('Cruiser', 'sensible')], 16)
    """
    fleet = [ships] if isinstance(ships, Ship) else list(ships)
    chosen = [captains] * len(fleet) if isinstance(captains, str) else list(captains)
    if len(chosen) != len(fleet):
        raise BadInput.one("captains", str(len(chosen)), f"give one or {len(fleet)}")
    seats = [
        replace(seat, captain=name) for seat, name in zip(seats_of(fleet), chosen, strict=True)
    ]
    for seat in seats:
        if seat.captain not in CAPTAINS:
            known = ", ".join(CAPTAINS)
            raise BadInput.one("captains", seat.captain, f"unknown captain: use {known}")
    dealt = deck_for(deck, seed, load=lambda p: load_deck(Path(p), display=p), rulings=rulings)
    return FlightPlan(tuple(seats), dealt, rulings, seed=seed)


def seats_of(
    ships: Sequence[Ship], captain: str = "sensible", options: tuple[tuple[str, Any], ...] = ()
) -> list[Crew]:
    """One to five ships as a flight seats them: each named as a log names it (its own name,
    else its file's, repeats numbered), flown by ``captain`` (the expert with ``options``),
    insured as its file says. :class:`BadInput` for no ship, more than five or no captain."""
    if not 1 <= len(ships) <= 5:
        raise BadInput.one("ships", str(len(ships)), "a flight has one to five ships")
    if captain not in CAPTAINS:
        raise BadInput.one("captain", captain, f"unknown captain: use {', '.join(CAPTAINS)}")
    names = unique_names([_name(ship, i) for i, ship in enumerate(ships, 1)])
    chosen = options if captain == "expert" else ()
    return [
        Crew(name, ship, captain, insurance(ship, None), captain_options=chosen)
        for name, ship in zip(names, ships, strict=True)
    ]


def _name(ship: Ship, number: int) -> str:
    """A ship's name in a flight: its own, else its file's, else its place."""
    return ship.name or (Path(ship.file).stem if ship.file else f"ship {number}")


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
