"""The text reports of the single-encounter commands (``trucker hit``, ``intruder``,
``radiation``, ``exposure``): the ship drawn with what happened marked, the narrated events,
and a one-line summary. Each takes the encounter's values (:mod:`trucker.sim.encounters`) and
returns lines of rich text for the caller to print."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from rich.text import Text

from trucker.core.dice import Roll
from trucker.core.geometry import Cell, Direction
from trucker.core.rulings import Rulings
from trucker.core.ship import Ship
from trucker.core.threats import ThreatKind
from trucker.render.narrate import narrate
from trucker.render.rulings import settled_rulings
from trucker.render.terminal.styles import plural, styled
from trucker.render.text import LOST, Mark, draw_ship, hit_marks
from trucker.render.walks import draw_walk, walk_drawings
from trucker.sim.attacks import AttackResult
from trucker.sim.encounters import Encounter, Leak
from trucker.sim.exposure import SideExposure
from trucker.sim.intruders import IntruderResult

__all__ = ["exposure_lines", "hit_lines", "intruder_lines", "radiation_lines"]

_ARROWS = {"front": "vv", "rear": "^^", "left": ">>", "right": "<<"}
"""The arrow drawn where a threat's line enters the board, by the side it comes from."""


def _rulings_lines(rulings: Rulings) -> list[Text]:
    """The rulings not at their defaults, when there are any (RULES §10)."""
    if not rulings.non_default():
        return []
    settled = settled_rulings(rulings.non_default())
    return [Text(f"rulings not at their defaults: {settled}", style="yellow")]


def _seed_line(seed: int | None) -> list[Text]:
    """How to roll the same again, when the dice were rolled from a seed."""
    if seed is None:
        return []
    return [Text(f"rolled with seed {seed}; rerun with --seed {seed}", style="bright_black")]


def _roll_words(roll: Roll | int | None) -> str:
    """A total as it is, two dice as "A and B"."""
    if roll is None or isinstance(roll, int):
        return str(roll)
    return f"{roll[0]} and {roll[1]}"


def _drawing(
    ship: Ship,
    marks: Mapping[Cell, Mark] | None = None,
    arrows: Mapping[tuple[Direction, int], str] | None = None,
) -> Text:
    return styled(draw_ship(ship, marks=marks, arrows=arrows))


def hit_lines(found: Encounter[AttackResult], seed: int | None) -> list[Text]:
    """``trucker hit``: the line and the tiles met, each event, what it cost (RULES §5)."""
    before, result, lost = found.before, found.result, found.result.lost
    lines = [
        Text(
            f"{before.file or before.label}  board {before.board.id}: "
            f"{result.threat.kind} from the {result.threat.direction}, "
            f"roll {_roll_words(result.roll)} → {result.rolled}",
            style="bold",
        ),
        *_seed_line(seed),
    ]
    marks = hit_marks(result)
    arrows: dict[tuple[Direction, int], str] = {}
    line = result.line
    if line.index is not None:
        arrows[(line.direction, line.index)] = _ARROWS[str(line.direction)]
    lines.append(_drawing(before, marks, arrows))
    lines += [Text(f"  {number}. {narrate(event)}") for number, event in enumerate(found.log, 1)]
    stops = [i.stopped_by for i in result.impacts if i.stopped_by]
    summary = (
        f"stopped by {', '.join(stops)}"
        if stops and not lost
        else ("a miss" if all(i.hit is None for i in result.impacts) else "")
    )
    parts = [p for p in (summary, plural(result.batteries_used, "battery token") + " spent") if p]
    if result.solar_used:
        parts.append("solar power from " + ", ".join(map(str, result.solar_used)))
    parts.append(f"lost: {', '.join(map(str, lost))}" if lost else "nothing lost")
    lines.append(Text("result: " + " · ".join(parts), style="bold"))
    if found.repaired:
        repaired = ", ".join(map(str, found.repaired))
        lines.append(Text(f"repaired before the hit: {repaired} (counted as lost)"))
    if lost:
        lines.append(Text("the ship after the hit:"))
        lines.append(_drawing(found.after, dict.fromkeys(lost, LOST)))
        lines.append(
            Text(
                f"tiles lost so far: {len(found.lost)} (each costs a credit at the end of the "
                "flight)"
            )
        )
    return lines + _rulings_lines(found.rulings)


def intruder_lines(
    found: Encounter[IntruderResult], seed: int | None, *, explain: bool, frames: bool
) -> list[Text]:
    """``trucker intruder``: the card, the walk drawn (or one picture per step), each walk's
    path or, with ``explain``, every step narrated, then the outcome (RULES §7)."""
    before, result = found.before, found.result
    card = result.card
    hands = "both hands" if len(card.hands) > 1 else f"{card.hands[0]}-hand"
    fuses = f", fuses at {', '.join(map(str, card.fuses))}" if card.fuses else ""
    double = "double " if card.double else ""
    lines = [
        Text(
            f"{before.file or before.label}  board {before.board.id}: {double}{card.kind} from "
            f"the {card.direction}, {card.steps} steps, {hands}{fuses}, reward "
            f"{card.reward.short()}; roll {_roll_words(result.roll)} → {result.rolled}",
            style="bold",
        ),
        *_seed_line(seed),
    ]
    if frames and result.walks:
        for caption, drawing in walk_drawings(before, result):
            lines += [Text(caption, style="bold"), styled(drawing)]
    else:
        lines.append(styled(draw_walk(before, result)))
    shown = found.log if explain else [e for e in found.log if e.kind not in ("walked",)]
    if not explain:
        for walk in result.walks:
            path = " → ".join(str(c) for c in walk.path)
            end = (
                f"defeated at step {walk.stopped} by {walk.defeated_by}"
                if walk.stopped
                else "escaped"
            )
            lines.append(Text(f"  {walk.hand}-hand walk: {path} ({end})"))
    lines += [Text(f"  {narrate(event)}") for event in shown]
    summary = [f"outcome: {result.outcome}"]
    if result.shift:
        summary.append(f"shifted {result.shift} (thruster {result.thruster})")
    eaten = result.eaten
    if eaten:
        humans = sum(e.humans for e in eaten)
        tokens = sum(e.tokens for e in eaten)
        summary.append(f"eaten: {plural(humans, 'human')}, {plural(tokens, 'battery token')}")
    if result.damage.lost:
        summary.append(f"lost: {', '.join(map(str, result.damage.lost))}")
    reward = result.reward
    if reward.credits or reward.goods:
        summary.append(f"reward: {reward.short()}")
    lines.append(Text(" · ".join(summary), style="bold"))
    if result.damage.lost:
        lines.append(Text("the ship afterwards:"))
        lines.append(_drawing(found.after, dict.fromkeys(result.damage.lost, LOST)))
    return lines + _rulings_lines(found.rulings)


def radiation_lines(found: Encounter[Leak]) -> list[Text]:
    """``trucker radiation``: the crew exposed and the energy networks marked on the ship,
    which networks explode, the events, and the ship that is left (RULES §8.1)."""
    before, after, plan, lost = found.before, found.after, found.result.plan, found.lost_here
    lines = [
        Text(
            f"{before.file or before.label}  board {before.board.id}: a Radiation Leak "
            f"(RULES §8.1; networks of {plan.threshold} tokens or more explode)",
            style="bold",
        )
    ]
    marks = {cell: Mark("lost") for cell, _ in plan.exposed}
    for network in plan.networks:
        for cell in network.cells:
            marks[cell] = Mark("hit" if network.explodes else "defended")
    lines.append(_drawing(before, marks))
    if plan.exposed:
        crew = ", ".join(f"{who} on {cell}" for cell, who in plan.exposed)
        lines.append(Text(f"crew exposed (one each): {crew}"))
    else:
        lines.append(
            Text("crew exposed: nobody awake is connected to a solar panel or charged battery")
        )
    for number, network in enumerate(plan.networks, 1):
        verdict = "EXPLODES" if network.explodes else "safe"
        lines.append(
            Text(
                f"network {number}: {', '.join(map(str, network.cells))} — "
                f"{plural(network.tokens, 'token')}: {verdict}",
                style="bold red" if network.explodes else "",
            )
        )
    if not plan.networks:
        lines.append(Text("no energy network: no solar panel, router or charged battery"))
    # the networks are told above, each with its verdict; the events then say what happened
    told = [event for event in found.log if event.kind != "energy-network"]
    lines += [Text(f"  {number}. {narrate(event)}") for number, event in enumerate(told, 1)]
    if lost:
        lines.append(Text(f"after the leak ({plural(len(after.tiles), 'tile')} left):", "bold"))
        lines.append(_drawing(after))
    summary = [
        plural(len(plan.exposed), "crew member") + " lost",
        plural(len(lost), "tile") + " lost",
    ]
    lines.append(Text(" · ".join(summary), style="bold"))
    return lines + _rulings_lines(found.rulings)


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}% ({p * 36}/36)"


def exposure_lines(
    file: str, ship: Ship, threat: ThreatKind, sides: Sequence[SideExposure]
) -> list[Text]:
    """``trucker exposure``: per side, how often the threat meets the ship and takes a tile,
    a heat map of the tiles it destroys, and the tiles it can cost, most exposed first."""
    lines = [
        Text(
            f"{file}  board {ship.board.id}: exposure to a {threat}, exact odds over the 36 rolls",
            style="bold",
        ),
        Text(
            "without batteries: only smooth sides, armor and single cannons help; with "
            "batteries: unlimited tokens, the best shield or double cannon for each impact; "
            "never a thruster",
            style="bright_black",
        ),
    ]
    for side in sides:
        lines.append(Text())
        lines.append(
            Text(
                f"from the {side.direction}: meets the ship {_pct(side.meets)} · loses a tile "
                f"{_pct(side.damage_unpowered)} without batteries, "
                f"{_pct(side.damage_powered)} with them",
                style="bold",
            )
        )
        marks = {
            cell: Mark(
                "hit" if odds.destroyed_unpowered else "dim",
                f"{round(100 * odds.destroyed_unpowered):>2}%",
            )
            for cell, odds in side.tiles.items()
            if odds.destroyed_unpowered
        }
        lines.append(_drawing(ship, marks))
        ranked = sorted(side.tiles.items(), key=lambda kv: (-kv[1].lost_unpowered, kv[0]))
        for cell, odds in ranked:
            if odds.lost_unpowered or odds.lost_powered:
                lines.append(
                    Text(
                        f"  {cell} {ship.tiles[cell].part}: met {_pct(odds.met)}, destroyed "
                        f"{_pct(odds.destroyed_unpowered)} / {_pct(odds.destroyed_powered)}, "
                        f"lost {_pct(odds.lost_unpowered)} / {_pct(odds.lost_powered)} "
                        "(without / with batteries)"
                    )
                )
    return lines
