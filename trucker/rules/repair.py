"""The inspection after building (RULES §3.2, the spec's "Repair"), step by step.

1. loadout violations remove surplus contents, never the tile (aliens first, then the least
   valuable goods);
2. tiles off the board or on a hole are removed (and shields no real tile could be);
3. conflicting pairs (mismatched connectors, a blocked exhaust, barrel or nozzle) and misfacing
   engines are cleared by removing tiles: by default (``method="cheapest"``) the fewest tiles in
   all, the tiles that then fall off counted (:mod:`trucker.rules.cheapest`); with
   ``method="stepwise"`` one pair at a time in rule order, the Policy choosing the tile;
4. tiles that no longer reach the starting cabin fall off (``keep`` names the piece to keep);
5. a layout without exactly one starting cabin on a legal start square cannot be repaired.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from trucker.core.decisions import Choice, Decision, DecisionKind, Option, Policy, ask
from trucker.core.errors import TruckerError
from trucker.core.geometry import Cell
from trucker.core.parts import GOODS_VALUE, Part
from trucker.core.rulings import DEFAULT_RULINGS, Rulings
from trucker.core.ship import Contents, Ship
from trucker.rules.cheapest import SEARCH_LIMIT, cheapest_cut
from trucker.rules.graph import distances, joined_adjacency, pieces
from trucker.rules.pieces import PieceOption, keep_best_piece, piece_options
from trucker.rules.report import Report
from trucker.rules.validate import validate, violations
from trucker.rules.view import misplaced_tiles
from trucker.rules.violations import RuleId, Violation

__all__ = [
    "repair",
    "RepairMethod",
    "REPAIR_METHODS",
    "RepairResult",
    "RepairSearch",
    "Removal",
    "CannotRepair",
    "TileCandidate",
    "PieceOption",
    "piece_options",
    "remove_farthest",
    "SpecOrder",
]

_PAIR_RULES = frozenset(
    {
        RuleId.CONNECTOR_MISMATCH,
        RuleId.ENGINE_BLOCKED,
        RuleId.CANNON_BLOCKED,
        RuleId.THRUSTER_BLOCKED,
        RuleId.ENGINE_FACING,
    }
)
_RULE_ORDER = {rule: i for i, rule in enumerate(RuleId)}
"""Rule ids in the order of the rule table (RULES §3.1), not alphabetical."""


RepairMethod = Literal["cheapest", "stepwise"]
REPAIR_METHODS: tuple[RepairMethod, ...] = ("cheapest", "stepwise")
"""``cheapest`` (the default) loses the fewest tiles; ``stepwise`` clears one bad pair at a time in
rule order, the farther tile going (the spec's order)."""


class CannotRepair(TruckerError):
    """The layout cannot be made legal by removing tiles (the spec's Repair step 5).

    >>> import trucker
    >>> issubclass(trucker.CannotRepair, trucker.TruckerError)
    True
    """


@dataclass(frozen=True, slots=True)
class Removal:
    """A tile taken off the ship, and why: the rule it broke, ``fell off`` (cut off by another
    removal) or ``disconnected`` (never joined to the starting cabin); with the cheapest repair,
    every violation its removal cleared (``clears``)."""

    cell: Cell
    part: Part
    reason: str
    clears: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "square": str(self.cell),
            "part": str(self.part),
            "reason": self.reason,
            "clears": list(self.clears),
        }


@dataclass(frozen=True, slots=True)
class RepairSearch:
    """How the cheapest repair was found: ``exact`` when no repair loses fewer tiles (the search
    weighed every position, or ruled it out), else the best of ``positions`` weighed before the
    ``limit``."""

    exact: bool
    positions: int
    limit: int

    def to_dict(self) -> dict[str, Any]:
        return {"exact": self.exact, "positions": self.positions, "limit": self.limit}


@dataclass(frozen=True, slots=True)
class TileCandidate:
    """An option of a remove-tile decision: the square and its joined distance from the
    starting cabin (``None``: unreachable)."""

    cell: Cell
    distance: int | None

    @property
    def rank(self) -> tuple[float, Cell]:
        return (float("inf") if self.distance is None else self.distance, self.cell)


@dataclass(frozen=True)
class RepairResult:
    """What repair did: the repaired ship, the tiles removed, the contents unloaded."""

    original: Ship
    ship: Ship
    removed: tuple[Removal, ...]
    unloaded: tuple[str, ...]
    choices: tuple[Choice, ...]
    report: Report
    method: RepairMethod = "cheapest"
    search: RepairSearch | None = None
    """The cheapest repair's search (``None`` for the stepwise repair, or when nothing
    conflicted)."""

    @property
    def tiles_lost(self) -> int:
        return len(self.removed)

    @property
    def changed(self) -> bool:
        return bool(self.removed or self.unloaded)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.original.file,
            "board": self.ship.board.id,
            "repaired": True,
            "tiles_lost": self.tiles_lost,
            "removed": [r.to_dict() for r in self.removed],
            "unloaded": list(self.unloaded),
            "choices": [c.to_dict() for c in self.choices],
            "legal": self.report.legal,
            "rulings": self.report.rulings,
            "method": self.method,
            "search": self.search.to_dict() if self.search else None,
        }


def _start_problem(ship: Ship) -> str | None:
    misplaced = misplaced_tiles(ship)
    cabins = [c for c in ship.starting_cabins() if c not in misplaced]
    lost = [c for c in ship.starting_cabins() if c in misplaced]
    if len(cabins) > 1:
        return f"{len(cabins)} starting cabins ({', '.join(map(str, cabins))})"
    if not cabins:
        where = f" on the board (the one on {lost[0]} is {misplaced[lost[0]]})" if lost else ""
        return f"no starting cabin{where}"
    board = ship.board
    if not board.start_is_free(ship.holes) and cabins[0] != board.start:
        return f"the starting cabin is on {cabins[0]}, not on the start square {board.start}"
    return None


def _unload(
    ship: Ship, cell: Cell, held: Contents, violation: Violation
) -> tuple[Contents, list[str]]:
    """Remove the surplus contents a loadout violation names (step 1): no more than the part
    holds (its printed facts), red goods only in a red hold."""
    notes: list[str] = []
    tile = ship.tiles[cell]
    if violation.rule is not RuleId.OVERLOADED:
        if held.alien is None:
            return held, notes
        notes.append(f"{cell}: {held.alien} alien removed ({violation.rule})")
        return held._replace(alien=None, crew=0), notes
    facts = ship.part_facts[tile.part]
    if tile.part is Part.CABIN and held.crew > facts.crew:
        notes.append(f"{cell}: {held.crew - facts.crew} human(s) unloaded")
        held = held._replace(crew=facts.crew)
    if tile.part is Part.BATTERY and held.charge > tile.capacity:
        notes.append(f"{cell}: {held.charge - tile.capacity} battery token(s) unloaded")
        held = held._replace(charge=tile.capacity)
    if tile.part is Part.STASIS_CHAMBER and held.sleepers > facts.sleepers:
        notes.append(f"{cell}: {held.sleepers - facts.sleepers} sleeper(s) unloaded")
        held = held._replace(sleepers=facts.sleepers)
    if tile.part is Part.CARGO:
        goods = held.goods if tile.red else held.goods.replace("R", "")
        if goods != held.goods:
            notes.append(f"{cell}: red goods unloaded from a plain hold")
        kept = "".join(sorted(goods, key=lambda g: -GOODS_VALUE[g]))[: tile.capacity]
        if len(kept) < len(goods):
            notes.append(f"{cell}: goods {_dropped(goods, kept)} unloaded")
        held = held._replace(goods=kept)
    return held, notes


def _dropped(before: str, after: str) -> str:
    rest = list(before)
    for g in after:
        rest.remove(g)
    return "".join(rest)


_UNLOAD_PHASES = (
    frozenset({RuleId.ALIEN_NO_LIFE_SUPPORT, RuleId.ALIEN_IN_START_CABIN}),
    frozenset({RuleId.ALIEN_DUPLICATE}),
    frozenset({RuleId.OVERLOADED}),
)
"""Aliens first, then goods and the rest (the spec's order). Aliens that may not stay where
they are leave before duplicates are judged, so that only surplus aliens are unloaded: a
supported alien is not taken off because an unsupported one of its colour was there too."""


def _step_unload(ship: Ship, rulings: Rulings, log: list[str]) -> Ship:
    for phase in _UNLOAD_PHASES:
        contents = dict(ship.contents)
        for violation in violations(ship, rulings):
            if violation.rule in phase:
                cell = violation.squares[0]
                contents[cell], notes = _unload(ship, cell, contents[cell], violation)
                log.extend(notes)
        ship = ship.with_contents(contents)
    return ship


def remove_farthest(decision: Decision) -> Option:
    """Remove the tile farther from the starting cabin by joined path (unreachable counts as
    farthest), ties going to the higher square (the spec's Repair step 3)."""
    return max(decision.options, key=lambda o: o.value.rank)


class SpecOrder:
    """The repair's own answers, as the spec orders them: the farther tile of a pair goes
    (:func:`remove_farthest`), the piece with the starting cabin stays
    (:func:`~trucker.rules.pieces.keep_best_piece`)."""

    name = "spec"

    def decide(self, decision: Decision) -> Option:
        if decision.kind is DecisionKind.REMOVE_TILE:
            return remove_farthest(decision)
        if decision.kind is DecisionKind.KEEP_PIECE:
            return keep_best_piece(decision)
        raise ValueError(f"the repair asks no {decision.kind} decision")


def _distances(ship: Ship) -> dict[Cell, int]:
    starts = ship.starting_cabins()
    if len(starts) != 1:
        return {}
    return distances(joined_adjacency(ship.board, ship.tiles), starts[0])


def repair(
    ship: Ship,
    rulings: Rulings = DEFAULT_RULINGS,
    policy: Policy | None = None,
    *,
    keep: Cell | None = None,
    method: RepairMethod = "cheapest",
    limit: int = SEARCH_LIMIT,
) -> RepairResult:
    """Make a layout legal by the inspection's rules; :class:`CannotRepair` when it cannot be.

    By default the repair that loses the fewest tiles (each lost tile costs a credit), exactly
    unless the search meets its ``limit`` of positions, which the result says
    (:class:`RepairSearch`). ``method="stepwise"`` clears one pair at a time in rule order,
    the policy choosing which tile goes and which piece stays (by default the spec's order,
    :class:`SpecOrder`); only that method asks a policy.

    >>> import trucker
    >>> broken = trucker.load(trucker.scenarios_root() / "ships" / "broken-hauler.toml")
    >>> fixed = trucker.repair(broken)
    >>> [str(removal.cell) for removal in fixed.removed], trucker.validate(fixed.ship).legal
    (['10,7', '7,6', '5,7', '7,9'], True)
    """
    if method not in REPAIR_METHODS:
        raise ValueError(f"unknown repair method {method!r}; one of {', '.join(REPAIR_METHODS)}")
    if policy is not None and method != "stepwise":
        raise ValueError("a policy answers the stepwise repair's questions: method='stepwise'")
    if limit < 1:
        raise ValueError(f"the search limit is a number of positions, at least 1, not {limit}")
    problem = _start_problem(ship)
    if problem:
        raise CannotRepair(problem)
    unloaded: list[str] = []
    current = _step_unload(ship, rulings, unloaded)
    removed, current = _step_misplaced(current, rulings)
    if keep is not None and keep not in current.tiles:
        raise CannotRepair(f"--keep {keep}: no tile there after the removals")
    if method == "stepwise":
        choices, current = _stepwise(current, rulings, policy or SpecOrder(), keep, removed)
        search = None
    else:
        choices = []
        search, current = _cheapest(current, rulings, keep, removed, limit)
    current = _step_unload(current, rulings, unloaded)
    return RepairResult(
        original=ship,
        ship=current,
        removed=tuple(removed),
        unloaded=tuple(unloaded),
        choices=tuple(choices),
        report=validate(current, rulings),
        method=method,
        search=search,
    )


def _step_misplaced(ship: Ship, rulings: Rulings) -> tuple[list[Removal], Ship]:
    """Step 2: tiles off the board or on a hole, and shields no real tile could be, go."""
    misplaced = misplaced_tiles(ship)
    bad_shields = [
        v.squares[0] for v in violations(ship, rulings) if v.rule is RuleId.SHIELD_COVERS
    ]
    removed = [
        Removal(cell, ship.tiles[cell].part, str(misplaced.get(cell, RuleId.SHIELD_COVERS)))
        for cell in sorted([*misplaced, *bad_shields])
    ]
    return removed, ship.without(r.cell for r in removed)


def _conflicts(ship: Ship, rulings: Rulings) -> list[Violation]:
    """The violations step 3 clears, in the order of the rule table (RULES §3.1)."""
    found = [v for v in violations(ship, rulings) if v.rule in _PAIR_RULES]
    return sorted(found, key=lambda v: (_RULE_ORDER[v.rule], v.squares))


def _cheapest(
    ship: Ship, rulings: Rulings, keep: Cell | None, removed: list[Removal], limit: int
) -> tuple[RepairSearch | None, Ship]:
    """Steps 3 and 4 at the least cost: the fewest tiles lost in all (RULES §3.2)."""
    conflicts = _conflicts(ship, rulings)
    joined = joined_adjacency(ship.board, ship.tiles)
    start = ship.starting_cabins()[0]
    reached = distances(joined, start)
    if keep is not None and keep not in reached:
        raise CannotRepair(f"keeping the piece at {keep} would lose the starting cabin")
    rank = {cell: float(reached.get(cell, float("inf"))) for cell in ship.tiles}
    found = cheapest_cut(
        joined, start, [v.squares for v in conflicts], keep=keep, rank=rank, limit=limit
    )
    search = RepairSearch(found.exact, found.positions, limit) if conflicts else None
    if found.best is None:
        within = "" if found.exact else f" within {found.positions:,} positions"
        raise CannotRepair(f"no repair{within} keeps the tile on {keep} and the starting cabin")
    cut = found.best
    for cell in cut.removed:
        cleared = [v for v in conflicts if cell in v.squares and _cleared(v, cut.kept)]
        mine = [v for v in conflicts if cell in v.squares]
        reason = str((cleared or mine)[0].rule)
        clears = tuple(_short(v) for v in cleared)
        removed.append(Removal(cell, ship.tiles[cell].part, reason, clears))
    for cell in sorted(set(ship.tiles) - cut.kept - set(cut.removed)):
        why = "fell off" if cell in reached else str(RuleId.DISCONNECTED)
        removed.append(Removal(cell, ship.tiles[cell].part, why))
    return search, ship.with_tiles({c: t for c, t in ship.tiles.items() if c in cut.kept})


def _cleared(violation: Violation, kept: frozenset[Cell]) -> bool:
    """Is ``violation`` gone from the repaired ship only because of removed tiles, every other
    tile of it still aboard?"""
    return sum(1 for cell in violation.squares if cell not in kept) == 1


def _short(violation: Violation) -> str:
    return f"{violation.rule} {' '.join(map(str, violation.squares))}"


def _stepwise(
    current: Ship, rulings: Rulings, policy: Policy, keep: Cell | None, removed: list[Removal]
) -> tuple[list[Choice], Ship]:
    """Steps 3 and 4 one pair at a time: the first bad pair by rule id, the policy removing one
    of its tiles, until none is left; then the policy (or ``keep``) keeps a piece."""
    choices: list[Choice] = []
    while True:
        pending = [v for v in violations(current, rulings) if v.rule in _PAIR_RULES]
        if not pending:
            break
        violation = pending[0]
        distances = _distances(current)
        options = tuple(
            Option(f"remove {cell}", TileCandidate(cell, distances.get(cell)))
            for cell in violation.squares
        )
        decision = Decision(DecisionKind.REMOVE_TILE, current.label, options, str(violation))
        chosen, choice = ask(policy, decision)
        choices.append(choice)
        cell = chosen.value.cell
        if current.tiles[cell].start:
            # Step 5: without its starting cabin the ship cannot be made legal (a policy
            # other than the default may choose it; the default never does).
            raise CannotRepair(f"removing the starting cabin on {cell} ({violation.rule})")
        removed.append(Removal(cell, current.tiles[cell].part, str(violation.rule)))
        current = current.without([cell])

    parts = pieces(joined_adjacency(current.board, current.tiles))
    if len(parts) > 1 or keep is not None:
        options = piece_options(current.tiles, current.contents, parts)
        if keep is not None:
            if keep not in current.tiles:
                raise CannotRepair(f"--keep {keep}: no tile there after the removals")
            options = tuple(o for o in options if keep in o.value.cells)
        decision = Decision(
            DecisionKind.KEEP_PIECE, current.label, options, "the ship fell into pieces"
        )
        chosen, choice = ask(policy, decision)
        if len(parts) > 1:
            choices.append(choice)
        if not chosen.value.has_start:
            raise CannotRepair(
                f"keeping the piece at {chosen.value.lowest} would lose the starting cabin"
            )
        for cell in sorted(set(current.tiles) - chosen.value.cells):
            removed.append(Removal(cell, current.tiles[cell].part, "fell off"))
        current = current.with_tiles(
            {c: t for c, t in current.tiles.items() if c in chosen.value.cells}
        )
    return choices, current
