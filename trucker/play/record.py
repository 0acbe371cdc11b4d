"""A flight's ships as its log tells them: each ship after each card, folded from the events.

The engine changes a ship only in ways its events say: tiles destroyed or drifting away
(RULES §5, §8), crew, aliens, passengers and robots lost (§6.2, §7.3, §8.1), battery tokens
spent or lost (§2.4, §6.1), goods loaded or lost (§6.1), humans recruited (§6.8), robots
activated for one card (§2.4). Applying the events in order to the ships as launched gives
every ship after every card, so a flight page, ``trucker replay`` and the terminal narration
draw what the log says, never what a running engine holds.

This is the one module outside the engine that changes what tiles hold (a tile's
:class:`~trucker.core.ship.Contents`); the ships it makes are ``Ship.with_tiles`` of the launch.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from trucker.core.events import (
    AlienLost,
    Ate,
    CardRevealed,
    CrewLost,
    Destroyed,
    Event,
    FellOff,
    FlightStarted,
    GaveUp,
    GoodsLost,
    Loaded,
    Moved,
    Recruited,
    Rewarded,
    Settled,
    Spent,
    TokensLost,
)
from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.core.ship import Contents, Ship, Tile

__all__ = ["ShipAfter", "FlightRecord", "record_flight", "CardCost"]

CardCost = tuple[int, int, int]
"""What one card cost one ship: tiles lost, crew lost, credits earned."""


@dataclass(frozen=True)
class ShipAfter:
    """One ship as a moment of the flight left it: its layout and contents, every tile lost so
    far (in the order lost), why it gave up, if it did, the credits earned on cards, and
    where it stands on the flight track (the space counted unwrapped, as the log writes it,
    and the flight days gained since the start; None before the log names the spaces)."""

    name: str
    ship: Ship
    lost: tuple[Cell, ...]
    gave_up: str | None = None
    credits: int = 0
    position: int | None = None
    days: int = 0

    @property
    def crew(self) -> int:
        """Humans and aliens aboard (the crew a card can take, RULES §4.3)."""
        return sum(held.occupants for held in self.ship.contents.values())


@dataclass(frozen=True)
class FlightRecord:
    """The ships at launch and after each card played, by card index (0 for the first)."""

    launch: tuple[ShipAfter, ...]
    after: Mapping[int, tuple[ShipAfter, ...]]

    def card_costs(self) -> list[dict[str, CardCost]]:
        """Per card played, each ship's tiles lost, crew lost and credits earned on it (what
        :attr:`trucker.sim.flight.FlightResult.card_costs` counts)."""
        out = []
        before = self.launch
        for index in sorted(self.after):
            now = self.after[index]
            out.append(
                {
                    a.name: (len(a.lost) - len(b.lost), b.crew - a.crew, a.credits - b.credits)
                    for b, a in zip(before, now, strict=True)
                }
            )
            before = now
        return out


class _Ledger:
    """One ship being folded: its tiles and what they hold now, what it lost, whether it
    flies."""

    def __init__(self, start: ShipAfter) -> None:
        self.start = start
        self.tiles: dict[Cell, Tile] = dict(start.ship.tiles)
        self.contents: dict[Cell, Contents] = dict(start.ship.contents)
        self.lost = list(start.lost)
        self.gave_up = start.gave_up
        self.credits = start.credits
        self.position = start.position
        self.days = start.days

    def change(self, square: str, **changes: Any) -> None:
        cell = Cell.parse(square)
        self.contents[cell] = self.contents[cell]._replace(**changes)

    def tile(self, square: str) -> Tile:
        return self.tiles[Cell.parse(square)]

    def held(self, square: str) -> Contents:
        return self.contents[Cell.parse(square)]

    def remove(self, squares: Iterable[str]) -> None:
        for square in squares:
            cell = Cell.parse(square)
            if self.tiles.pop(cell, None) is not None:
                del self.contents[cell]
                self.lost.append(cell)

    def new_card(self) -> None:
        """Activated robots last one card (RULES §2.4): a flying ship's go idle as the next
        card is turned over."""
        if self.gave_up is None:
            for cell, held in self.contents.items():
                if held.active:
                    self.contents[cell] = held._replace(active=False)

    def now(self) -> ShipAfter:
        ship = self.start.ship.with_tiles(self.tiles, self.contents)
        return ShipAfter(
            self.start.name,
            ship,
            tuple(self.lost),
            self.gave_up,
            self.credits,
            self.position,
            self.days,
        )

    def apply(self, event: Event) -> None:
        """What ``event`` changed aboard, if anything."""
        match event:
            case Spent(source="battery", square=square, consumer=consumer):
                self.change(square, charge=self.held(square).charge - 1)
                if consumer is not None and self.tile(consumer).part is Part.ROBOT_CENTER:
                    self.change(consumer, active=True)
            case Spent(consumer=consumer) if consumer is not None:
                if self.tile(consumer).part is Part.ROBOT_CENTER:
                    self.change(consumer, active=True)
            case Destroyed(square=square):
                self.remove([square])
            case FellOff(squares=squares):
                self.remove(squares)
            case AlienLost(square=square):
                self.change(square, alien=None)
            case CrewLost(square=square, humans=humans, alien=alien, robots=robots):
                held = self.held(square)
                if humans:
                    self.change(square, crew=held.crew - humans)
                elif alien is not None:
                    self.change(square, alien=None)
                elif robots:
                    self.change(square, robots=held.robots - robots)
                else:  # nobody else: the passenger (RULES §6.2, §8.1)
                    self.change(square, passenger=False)
            case TokensLost(square=square, tokens=tokens):
                self.change(square, charge=self.held(square).charge - tokens)
            case GoodsLost(goods=goods, squares=squares):
                for good, square in zip(goods, squares, strict=True):
                    self.change(square, goods=self.held(square).goods.replace(good, "", 1))
            case Loaded(holds=holds):
                for square, load in holds.items():
                    self.change(square, goods=load)
            case Recruited(squares=squares):
                for square in squares:
                    held = self.held(square)
                    if self.tile(square).part is Part.STASIS_CHAMBER:
                        self.change(square, sleepers=held.sleepers + 1)
                    else:
                        self.change(square, crew=held.crew + 1)
            case Ate():
                self._eaten(event)
            case GaveUp(reason=reason):
                self.gave_up = reason
            case Rewarded(credits=credits):
                self.credits += credits
            case Moved(days=days, end=end):
                self.position = end
                self.days += days

    def _eaten(self, ate: Ate) -> None:
        """A predator emptied the tile of what the event lists (RULES §7.3)."""
        held = self.held(ate.square)
        goods = held.goods
        for good in ate.goods:
            goods = goods.replace(good, "", 1)
        changes: dict[str, Any] = {
            "crew": held.crew - ate.humans,
            "goods": goods,
            "charge": held.charge - ate.tokens,
        }
        if ate.aliens:
            changes["alien"] = None
        if ate.passengers:
            changes["passenger"] = False
        if ate.robots:
            changes.update(robots=held.robots - ate.robots, active=False)
        self.change(ate.square, **changes)


def record_flight(launch: Sequence[ShipAfter], events: Iterable[Event]) -> FlightRecord:
    """Fold a flight's events over its ships as launched (in the flight's order of ships):
    each ship after each card, as the next card's reveal (or the settlement, or the end of the
    log) finds it."""
    ledgers = [_Ledger(s) for s in launch]
    by_name = {ledger.start.name: ledger for ledger in ledgers}
    after: dict[int, tuple[ShipAfter, ...]] = {}
    card: int | None = None

    def close() -> None:
        if card is not None:
            after[card] = tuple(ledger.now() for ledger in ledgers)

    for event in events:
        if isinstance(event, CardRevealed | Settled) and card is not None:
            close()
            card = None
        if isinstance(event, FlightStarted):
            for name, space in zip(event.ships, event.positions, strict=False):
                if name in by_name:
                    by_name[name].position = space
            launch = tuple(ledger.now() for ledger in ledgers)
            continue
        if isinstance(event, CardRevealed):
            card = event.index - 1
            for ledger in ledgers:
                ledger.new_card()
            continue
        ship = getattr(event, "ship", None)
        if ship is not None:
            by_name[ship].apply(event)
    close()
    return FlightRecord(tuple(launch), after)
