"""The settlement of a flight as a table (RULES §9.1): its headers and one row of words per
ship, which the terminal and the flight page both lay out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trucker.sim.flight import ShipResult

__all__ = ["LEFT_COLUMNS", "settlement_table"]


LEFT_COLUMNS = frozenset({0, 5})
"""Columns of :func:`settlement_table` read as words (ship, goods); the others are numbers."""


def settlement_table(ships: Sequence[ShipResult]) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The final table of RULES §9.1, one row per ship: place, days moved, what is aboard,
    tiles lost, then each credit line (earned on cards, arrival, best-looking, goods sold,
    losses, Class IV insurance when a ship bought it) and the total."""
    insured = any(s.insurance for s in ships)
    headers = ("ship", "place", "moved", "crew", "tokens", "goods", "lost",
               "earned", "arrival", "looks", "sales", "losses",
               *(("insurance",) if insured else ()), "credits")  # fmt: skip
    rows = []
    for s in ships:
        crew = f"{s.humans}+{s.aliens}" if s.aliens else str(s.humans)
        rows.append(
            (
                s.name,
                str(s.place) if s.place else "-",
                str(s.moved),
                crew,
                str(s.batteries),
                s.goods or "-",
                str(s.tiles_lost),
                str(s.credits),
                str(s.arrival),
                str(s.best_looking),
                str(s.sales),
                _paid(s.losses),
                *((f"-{s.insurance}" if s.insurance else "-",) if insured else ()),
                str(s.final_credits),
            )
        )
    return headers, rows


def _paid(credits: int) -> str:
    """A credit line paid out: ``-3``, and plain ``0`` when nothing was paid (never ``-0``)."""
    return f"-{credits}" if credits else "0"
