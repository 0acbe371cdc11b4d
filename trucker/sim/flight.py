"""A flight: ships on the flight track meeting an adventure deck, card by card (RULES §6, §9).

Ships start in the order given (the first is the leader), each ``start_gap`` spaces behind the
one ahead (RULES §10 #28), on a track of ``track_length`` spaces (#27). Positions are counted
unwrapped: a rocket on space ``p`` stands on ``p mod track``; moving skips spaces other rockets
occupy (leapfrogging, §6.1); a ship a full lap behind the leader gives up (§6.3). Each card is
resolved by its type's resolver (:mod:`trucker.sim.cards`, called by :mod:`trucker.sim.run`);
then ships with no humans give up. At the end, every ship is settled (§9.1).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from trucker.core.cards import Card, CardType, Level
from trucker.core.catalogue import Catalogue
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.dice import derive_seed
from trucker.core.events import (
    CardRevealed,
    Event,
    GaveUp,
    Insured,
    Moved,
    Settled,
)
from trucker.core.geometry import Cell
from trucker.core.parts import goods_value
from trucker.core.rulings import Rulings
from trucker.core.ship import Ship
from trucker.rules.stats import engine_doubles, engine_totals
from trucker.sim.captains import SensibleCaptain
from trucker.sim.choices import Flying, Insuring
from trucker.sim.power import powerable
from trucker.sim.state import ShipState
from trucker.sim.table import Table

__all__ = [
    "FlightSetup",
    "Player",
    "Flight",
    "FlightResult",
    "ShipResult",
    "FIVE_SHIPS",
]

FIVE_SHIPS = 5
"""From this many ships, The Big Expansion's five-player rules apply (RULES §6.4)."""


@dataclass(frozen=True, slots=True)
class FlightSetup:
    """Everything a flight starts from besides its table (the dice, the captains, the log):
    the one value :class:`Flight`, :class:`~trucker.sim.stepping.FlightState` and
    :func:`~trucker.sim.run.run_flight` are built from.

    ``ships`` in start order (the first is the leader), each with its name in the log;
    ``cards`` top first; ``insured`` per ship: bought, refused, or None for its captain to
    decide (RULES §9.3); ``repaired`` per ship: the squares repaired away before the flight;
    ``seed``: the cards Hazardous Business adds are drawn from a stream derived from it (never
    the game dice), and the rollouts of captains that search start from it."""

    ships: tuple[tuple[str, Ship], ...]
    cards: tuple[Card, ...]
    level: Level
    catalogue: Catalogue
    """The cards Hazardous Business draws from and the rewards paid at the end."""
    insured: tuple[bool | None, ...] | None = None
    repaired: tuple[tuple[Cell, ...], ...] | None = None
    seed: int | None = None


@dataclass
class Player:
    """A ship in a flight: where it is on the track and what it has earned."""

    name: str
    ship: ShipState
    start: int
    position: int
    order: int
    credits: int = 0
    gave_up: str | None = None
    pending: str | None = None
    insured: bool | None = False
    """Class IV insurance: bought, refused, or None for the captain to decide (RULES §9.3)."""
    premium: int = 0

    @property
    def flying(self) -> bool:
        return self.gave_up is None


@dataclass(frozen=True)
class ShipResult:
    """One ship at the end of a flight (the ``--json`` ship entry)."""

    name: str
    gave_up: bool
    reason: str | None
    moved: int
    place: int | None
    tiles: int
    humans: int
    aliens: int
    batteries: int
    goods: str
    tiles_lost: int
    credits: int
    arrival: int
    best_looking: int
    sales: int
    losses: int
    final_credits: int
    insurance: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "gave_up": self.gave_up,
            "reason": self.reason,
            "moved": self.moved,
            "place": self.place,
            "tiles": self.tiles,
            "humans": self.humans,
            "aliens": self.aliens,
            "batteries": self.batteries,
            "goods": self.goods,
            "tiles_lost": self.tiles_lost,
            "credits": self.credits,
            "arrival": self.arrival,
            "best_looking": self.best_looking,
            "sales": self.sales,
            "losses": self.losses,
            "insurance": self.insurance,
            "final_credits": self.final_credits,
        }


@dataclass
class FlightResult:
    """What a flight did: the event log (when kept), each ship's result, and per card what each
    ship lost and earned (for statistics)."""

    ships: list[ShipResult]
    events: list[Event] | None
    level: Level
    representative: list[str] = field(default_factory=list)
    rulings: dict[str, object] = field(default_factory=dict)
    card_costs: list[dict[str, tuple[int, int, int]]] = field(default_factory=list)
    """Per card played: each ship's (tiles lost, crew lost, credits earned) on that card."""
    card_labels: list[str] = field(default_factory=list)
    """The label of each card played, in order (Hazardous Business cards included)."""
    lost_squares: dict[str, list[str]] = field(default_factory=dict)
    unused_choices: dict[str, list[str]] = field(default_factory=dict)
    """Per ship, the scripted answers no question of the flight took (the first one and those
    after it): a choices file that does not fit the flight, so its author is told. Not logged."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": str(self.level),
            "rulings": dict(self.rulings),
            "representative_cards": list(self.representative),
            "events": [e.to_dict() for e in self.events or ()],
            "ships": [s.to_dict() for s in self.ships],
        }


class Flight:
    """The state of a flight in progress; card resolvers read and change it through the
    methods below, and ask each ship's captain through :attr:`table`."""

    def __init__(self, setup: FlightSetup, table: Table) -> None:
        self.table = table
        self.catalogue = setup.catalogue
        """The cards Hazardous Business draws from and the rewards paid at the end."""
        self._deck_rng: random.Random | None = None
        self._seed = setup.seed
        self.rulings: Rulings = table.rulings
        level = self.level = setup.level
        self.cards = list(setup.cards)
        self.track = table.rulings.track_spaces(int(level))
        gap = (
            int(level) + 1 if table.rulings.start_gap == "level+1" else int(table.rulings.start_gap)
        )
        count = len(setup.ships)
        insured, repaired = setup.insured, setup.repaired
        self.players: list[Player] = []
        for order, (name, built) in enumerate(setup.ships):
            position = (count - 1 - order) * gap
            state = ShipState(built, name=name)
            player = Player(name, state, position, position, order)
            player.insured = insured[order] if insured else None
            if repaired:
                state.lost.extend(repaired[order])
            self.players.append(player)
        self.card_index = -1
        self._order: list[Player] | None = None
        self.five = count >= FIVE_SHIPS
        """The five-player rules apply (RULES §6.4)."""
        self._flies_on = _flying_on(self.players, table)
        """Ships not asked before each card whether to give up (see :meth:`_offer_give_up`)."""
        self._told = (
            {p.name for p in self.players if _answers_unasked(table.policy(p.name))}
            if table.recording
            else set()
        )
        """Ships whose answer before each card is recorded without asking, while the table
        keeps a log and no tape (see :meth:`_offer_give_up`)."""

    def ask_as_its_table(self) -> None:
        """Ask before each card as a flight on this table would from its start (a branch
        played on from a copy of a logged flight on a quiet table asks no ship whose
        captain never gives up, as a quiet flight does)."""
        self._flies_on = _flying_on(self.players, self.table)

    @property
    def deck_rng(self) -> random.Random:
        """Draws the cards Hazardous Business adds (never the game dice), from a stream
        derived from the flight's seed; made when first needed, since most decks have no such
        card."""
        if self._deck_rng is None:
            self._deck_rng = random.Random(derive_seed(self._seed or 0, "hazardous"))
        return self._deck_rng

    @deck_rng.setter
    def deck_rng(self, rng: random.Random) -> None:
        self._deck_rng = rng

    def copy(self, table: Table, deck_rng: random.Random | None = None) -> Flight:
        """This flight at the same point, on ``table``: each ship's state copied (tiles shared
        until one is lost), the deck copied, and the generator of Hazardous Business copied
        only while such a card is still to come (copying one costs more than a quiet card), or
        ``deck_rng`` taken instead (a branch that reshuffles the deck with its own)."""
        twin = Flight.__new__(Flight)
        twin.table = table
        twin.catalogue = self.catalogue
        twin.rulings = self.rulings
        twin.level = self.level
        twin.cards = list(self.cards)
        twin.track = self.track
        twin.players = [
            Player(p.name, p.ship.copy(), p.start, p.position, p.order, p.credits, p.gave_up,
                   p.pending, p.insured, p.premium)
            for p in self.players
        ]  # fmt: skip
        twin.card_index = self.card_index
        twin._order = None
        twin.five = self.five
        twin._flies_on = self._flies_on
        twin._told = self._told
        twin._deck_rng = self._deck_rng
        twin._seed = self._seed
        if deck_rng is not None:
            twin._deck_rng = deck_rng
        elif self._deck_rng is not None and any(
            c.type is CardType.HAZARDOUS_BUSINESS for c in self.cards[self.card_index + 1 :]
        ):
            twin._deck_rng = random.Random(0)
            twin._deck_rng.setstate(self._deck_rng.getstate())
        return twin

    # --- the track -------------------------------------------------------------------------

    def in_order(self) -> list[Player]:
        """Flying ships from the leader backwards (RULES §0); worked out again only after a
        ship moved or gave up."""
        if self._order is None:
            self._order = sorted((p for p in self.players if p.flying), key=lambda p: -p.position)
        return list(self._order)

    def rearmost_first(self, players: Sequence[Player]) -> list[Player]:
        return sorted(players, key=lambda p: p.position)

    def leader(self) -> Player | None:
        order = self.in_order()
        return order[0] if order else None

    def move(self, player: Player, days: int) -> None:
        """Gain (days > 0) or lose days, leaping over spaces other flying rockets occupy."""
        if days == 0 or not player.flying:
            return
        occupied = {p.position % self.track for p in self.players if p is not player and p.flying}
        step = 1 if days > 0 else -1
        position, left = player.position, abs(days)
        while left:
            position += step
            if position % self.track not in occupied:
                left -= 1
        if self.table.recording:
            self.table.emit(Moved(player.name, days, player.position, position))
        player.position = position
        self._order = None
        self._check_lapped()

    def _check_lapped(self) -> None:
        leader = self.leader()
        if leader is None:
            return
        for player in self.in_order():
            if leader.position - player.position >= self.track:
                self.give_up(player, "lapped by the leader")

    def give_up(self, player: Player, reason: str) -> None:
        """The ship leaves the flight now: no card affects it any more (RULES §6.3)."""
        if player.flying:
            player.gave_up = reason
            self._order = None
            if self.table.recording:
                self.table.emit(GaveUp(player.name, reason))

    # --- one card --------------------------------------------------------------------------

    def ask(self, player: Player, decision: Decision) -> Option:
        return self.table.ask(player.name, decision)

    def roll(self, why: str, stream: tuple[int, ...] = ()) -> tuple[int, int]:
        return self.table.roll(why, stream=(self.card_index, *stream))

    def resolve(self, index: int, card: Card, resolver: Callable[[Flight, Any], None]) -> None:
        self.card_index = index
        if self.table.recording:
            self.table.emit(CardRevealed(index + 1, *_face(card)))
        flies_on = self._flies_on
        for player in self.in_order():
            player.ship.new_card()
            if player.name not in flies_on:
                self._offer_give_up(player, card)
        resolver(self, card)
        for player in self.players:
            if player.flying and player.pending is None and player.ship.humans() == 0:
                player.pending = "no humans left aboard"
            if player.pending is not None:
                reason, player.pending = player.pending, None
                self.give_up(player, reason)

    def _offer_give_up(self, player: Player, card: Card) -> None:
        """Ask before each card whether to give up (RULES §6.3). A captain that declares it
        never gives up by choice is not asked when nothing is recorded (a run of many flights):
        the answer is known, and the question is most of a quiet card's cost. With a log and no
        tape, a shipped captain's answer is recorded as the question would have recorded it,
        unasked (a captain with its own ``decide`` may watch its questions, so it is asked; a
        stepped flight asks: its tape counts every question, and its copies must ask as it
        did)."""
        if player.name in self._flies_on:
            return
        if player.name in self._told and self.table.tape is None and self.table.recording:
            self.table.answered(player.name, DecisionKind.GIVE_UP, "fly on", _BEFORE_THE_CARD)
            return
        humans, out = player.ship.humans(), _out_anyway(player.ship, card)
        options = (
            Option("fly on", Flying(False, humans, out)),
            Option("give up", Flying(True, humans, out)),
        )
        choice = self.ask(
            player, Decision(DecisionKind.GIVE_UP, player.name, options, _BEFORE_THE_CARD)
        )
        if choice.value.give_up:
            self.give_up(player, "chose to give up")

    # --- before the first card ----------------------------------------------------------

    def buy_insurance(self) -> None:
        """RULES §9.3: on a board with optional insurance, each ship decides before the first
        card (a choice the plan did not fix goes to its captain) and pays the price now."""
        for player in self.players:
            insurance = player.ship.board.insurance
            if not insurance.optional:
                player.insured = False
                continue
            price = insurance.price or 0
            if player.insured is None:
                facts = (len(player.ship.tiles), price, insurance.cap)
                options = (
                    Option("fly uninsured", Insuring(False, *facts)),
                    Option(f"buy insurance for {price}", Insuring(True, *facts)),
                )
                decision = Decision(DecisionKind.INSURE, player.name, options, "Class IV insurance")
                player.insured = self.ask(player, decision).value.buy
            player.premium = price if player.insured else 0
            if self.table.recording:
                self.table.emit(Insured(player.name, bool(player.insured), price, insurance.cap))

    # --- the end ---------------------------------------------------------------------------

    def settle(self) -> list[ShipResult]:
        """RULES §9.1: arrival rewards by place, the best-looking prize, goods sold (half for a
        ship that gave up), lost tiles paid up to the insurance cap; never below zero. The
        rewards are the catalogue's (a level IV flight: ruling ``level_iv_rewards``; a fifth
        place: ruling ``fifth_place_reward``)."""
        paid = self.level
        if paid is Level.IV and self.rulings.level_iv_rewards == "level-iii":
            paid = Level.III
        arrival = self.catalogue.rewards.arrival[paid]
        best = self.catalogue.rewards.best_looking[paid]
        finishers = self.in_order()
        exposed = {p.name: p.ship.exposed() for p in finishers}
        fewest = min(exposed.values(), default=None)
        results = []
        for player in self.players:
            place = finishers.index(player) + 1 if player.flying else None
            reward = 0
            if place is not None:
                fifth = self.rulings.fifth_place_reward
                reward = arrival[place - 1] if place <= len(arrival) else fifth
            looks = best if place is not None and exposed[player.name] == fewest else 0
            goods = "".join([h.goods for h in player.ship.contents.values()])
            sales = goods_value(goods)
            if not player.flying:
                sales = (sales + 1) // 2
            losses = self._losses(player)
            total = player.credits + reward + looks + sales - losses - player.premium
            final = max(0, total)
            if self.table.recording:
                self.table.emit(
                    Settled(
                        player.name,
                        place,
                        reward,
                        looks,
                        sales,
                        losses,
                        player.credits,
                        final,
                        player.premium,
                    )
                )
            ship = player.ship
            results.append(
                ShipResult(
                    name=player.name,
                    gave_up=not player.flying,
                    reason=player.gave_up,
                    moved=player.position - player.start,
                    place=place,
                    tiles=len(ship.tiles),
                    humans=ship.humans(),
                    aliens=ship.aliens(),
                    batteries=ship.tokens(),
                    goods="".join(sorted(goods, key="RYGB".index)),
                    tiles_lost=len(ship.lost),
                    credits=player.credits,
                    arrival=reward,
                    best_looking=looks,
                    sales=sales,
                    losses=losses,
                    final_credits=final,
                    insurance=player.premium,
                )
            )
        return results

    def _losses(self, player: Player) -> int:
        """One credit per lost tile, up to the board's insurance cap (RULES §9.1); optional
        insurance caps only an insured ship's losses (§9.3)."""
        lost = len(player.ship.lost)
        insurance = player.ship.board.insurance
        if insurance.optional:
            return (
                min(lost, insurance.cap) if player.insured and insurance.cap is not None else lost
            )
        cap = insurance.cap
        if cap is None and self.rulings.unknown_insurance_cap != "none":
            cap = int(self.rulings.unknown_insurance_cap)
        return lost if cap is None else min(lost, cap)


_FACES: dict[int, tuple[Card, tuple[str, str, str, str, bool]]] = {}
"""What a card shows when revealed, by the card's identity (with the card, so the identity is
never another's): cards are immutable, and a run of logged flights reveals the same few
hundred cards thousands of times."""


def _face(card: Card) -> tuple[str, str, str, str, bool]:
    """The card's label, type, level, numbers and whether they are representative, as a
    revealed card's event tells them."""
    found = _FACES.get(id(card))
    if found is None or found[0] is not card:
        if len(_FACES) >= 4096:
            _FACES.clear()
        face = (card.label, str(card.type), str(card.level), card.numbers(), card.representative)
        found = _FACES[id(card)] = (card, face)
    return found[1]


_BEFORE_THE_CARD = "before the card"
"""The give-up question's one line of context."""


def _flying_on(players: list[Player], table: Table) -> set[str]:
    """The ships a flight on ``table`` does not ask before each card whether to give up: with
    no log kept, those whose captain never gives up (a log records every question)."""
    if table.recording:
        return set()
    return {p.name for p in players if getattr(table.policy(p.name), "never_gives_up", False)}


def _answers_unasked(policy: object) -> bool:
    """Is this captain's answer to the give-up question known without asking it: a shipped
    captain (its ``decide`` the sensible one's, which watches nothing) that never gives up?"""
    return bool(getattr(policy, "never_gives_up", False)) and (
        getattr(type(policy), "decide", None) is SensibleCaptain.decide
    )


def _out_anyway(ship: ShipState, card: Card) -> str:
    """Why ``ship`` leaves the flight on ``card`` at once whatever it chooses, before the card
    can touch it (RULES §6.3), or empty: an Open Space (or ABE's Mostly Open Space, which
    begins as one) with not one point of engine power it could declare."""
    if card.type not in (CardType.OPEN_SPACE, CardType.MOSTLY_OPEN_SPACE):
        return ""
    if engine_totals(ship, powerable(ship, engine_doubles(ship)))[-1] > 0:
        return ""
    return "no engine power in open space"
