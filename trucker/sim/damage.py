"""Destruction in flight (the spec's "In flight", RULES §3.2): remove tiles, let the ship fall
into pieces, keep one by the Policy's choice, lose what drifts away and any alien left without
its life support. Meteors, fire, fuses, sabotage and radiation all end here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trucker.core.decisions import Decision, DecisionKind
from trucker.core.events import AlienLost, Destroyed, FellOff
from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.core.ship import Contents
from trucker.rules.pieces import piece_options
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = ["Damage", "NO_DAMAGE", "destroy", "settle", "keep_piece_options"]


@dataclass(frozen=True, slots=True)
class Damage:
    """What one destruction cost: tiles destroyed, tiles that fell off, and their contents."""

    destroyed: tuple[Cell, ...] = ()
    fell_off: tuple[Cell, ...] = ()
    humans: int = 0
    aliens: tuple[str, ...] = ()
    goods: str = ""
    tokens: int = 0

    @property
    def lost(self) -> tuple[Cell, ...]:
        return tuple(sorted((*self.destroyed, *self.fell_off)))

    def __add__(self, other: Damage) -> Damage:
        if other is NO_DAMAGE:
            return self
        if self is NO_DAMAGE:
            return other
        return Damage(
            self.destroyed + other.destroyed,
            self.fell_off + other.fell_off,
            self.humans + other.humans,
            self.aliens + other.aliens,
            self.goods + other.goods,
            self.tokens + other.tokens,
        )


NO_DAMAGE = Damage()
"""Nothing lost (shared: most impacts and walks cost nothing, and a damage never changes)."""


def _contents(held: Iterable[Contents]) -> tuple[int, tuple[str, ...], str, int]:
    """Humans, aliens, goods and tokens lost with these tiles."""
    humans = tokens = 0
    aliens: list[str] = []
    goods = ""
    for h in held:
        humans += h.crew
        if h.alien:
            aliens.append(str(h.alien))
        goods += h.goods
        tokens += h.charge
    return humans, tuple(aliens), goods, tokens


def keep_piece_options(table: Table, ship: ShipState, parts: list[set[Cell]]) -> Decision:
    """The keep-piece decision; with ``cabinless_pieces = "auto-discard"`` pieces without a
    cabin are not offered while a piece with one exists (RULES §10 #13)."""
    options = piece_options(ship.tiles, ship.contents, parts)
    if table.rulings.cabinless_pieces == "auto-discard":
        with_cabin = tuple(o for o in options if o.value.has_cabin)
        options = with_cabin or options
    return Decision(DecisionKind.KEEP_PIECE, ship.name, options, "the ship broke into pieces")


def settle(table: Table, ship: ShipState) -> Damage:
    """After tiles were removed: keep one piece (the Policy chooses), lose the rest, then lose
    aliens whose cabin is no longer connected to life support of their colour."""
    fell: list[Cell] = []
    humans, goods, tokens = 0, "", 0
    aliens: tuple[str, ...] = ()
    parts = ship.structure.broken()
    if parts:
        kept = table.ask(ship.name, keep_piece_options(table, ship, parts)).value.cells
        fell = sorted(c for c in ship.tiles if c not in kept)
        humans, aliens, goods, tokens = _contents(ship.contents[c] for c in fell)
        if table.recording:
            table.emit(FellOff(ship.name, tuple(map(str, fell)), humans, aliens, goods, tokens))
        ship.remove(fell)
        ship.structure.mark_whole()
    lost_aliens = list(aliens)
    for cell, color in _unsupported_aliens(ship):
        ship.set(cell, ship.contents[cell]._replace(alien=None))
        lost_aliens.append(color)
        table.emit(AlienLost(ship.name, str(cell), color))
    if not fell and not lost_aliens:
        return NO_DAMAGE
    return Damage((), tuple(fell), humans, tuple(lost_aliens), goods, tokens)


def _unsupported_aliens(ship: ShipState) -> list[tuple[Cell, str]]:
    if not ship.aliens():
        return []
    connected = ship.structure.connected
    out = []
    for cell in ship.of(Part.CABIN):
        alien = ship.contents[cell].alien
        if alien is None:
            continue
        if not any(alien in ship.tiles[other].colors for other in connected.get(cell, ())):
            out.append((cell, str(alien)))
    return out


def destroy(table: Table, ship: ShipState, cells: Iterable[Cell], cause: str) -> Damage:
    """Destroy tiles (their contents are lost with them), then :func:`settle` the ship."""
    tiles = ship.tiles
    gone = sorted({c for c in cells if c in tiles})
    humans, aliens, goods, tokens = _contents([ship.contents[c] for c in gone])
    if table.recording:
        for cell in gone:
            held = ship.contents[cell]
            table.emit(
                Destroyed(
                    ship.name,
                    str(cell),
                    str(ship.tiles[cell].part),
                    cause,
                    held.crew,
                    (str(held.alien),) if held.alien else (),
                    held.goods,
                    held.charge,
                )
            )
    ship.remove(gone)
    after = settle(table, ship)
    damage = Damage(tuple(gone), (), humans, aliens, goods, tokens)
    return damage if after is NO_DAMAGE else damage + after
