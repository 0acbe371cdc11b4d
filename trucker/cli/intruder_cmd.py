"""``trucker intruder``: an intruder card against a ship, step by step, for play and teaching."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from trucker.cli.options import JsonOpt, RepairOpt, RulingOpt

__all__ = ["intruder"]

Opt = Optional


def intruder(
    file: Annotated[Path, typer.Argument(help="A ship layout file.")],
    kind: Annotated[
        Opt[str], typer.Option("--kind", "-k", help="predator, commando or predator-commando.")
    ] = None,
    steps: Annotated[Opt[int], typer.Option("--steps", "-s", help="Steps the card shows.")] = None,
    fuses: Annotated[
        Opt[str], typer.Option("--fuses", metavar="A,B", help="Commandos: the fuse steps.")
    ] = None,
    hand: Annotated[Opt[str], typer.Option("--hand", help="left (default) or right.")] = None,
    double: Annotated[
        bool, typer.Option("--double", help="Two intruders: one left-hand, one right-hand.")
    ] = False,
    from_: Annotated[Opt[str], typer.Option("--from", "-f", help="The side it comes from.")] = None,
    reward: Annotated[
        Opt[str], typer.Option("--reward", metavar="N|GOODS", help="Credits, or goods like RY.")
    ] = None,
    card: Annotated[
        Opt[str],
        typer.Option("--card", metavar="FILE|ID", help="An intruder card: a deck file or an id."),
    ] = None,
    roll: Annotated[Opt[int], typer.Option("--roll", help="The 2d6 total (not on IIB).")] = None,
    dice: Annotated[Opt[str], typer.Option("--dice", metavar="A,B", help="Both faces.")] = None,
    seed: Annotated[Opt[int], typer.Option("--seed", help="Roll with this seed.")] = None,
    shift: Annotated[
        Opt[str],
        typer.Option(
            "--shift", metavar="DIR", help="Fire a crewed thruster: where the ship moves."
        ),
    ] = None,
    keep: Annotated[
        Opt[str], typer.Option("--keep", metavar="ROW,COL", help="If it breaks, keep this piece.")
    ] = None,
    explain: Annotated[bool, typer.Option("--explain", help="Narrate every step and why.")] = False,
    frames: Annotated[bool, typer.Option("--frames", help="One picture per step.")] = False,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    svg: Annotated[
        Opt[Path], typer.Option("--svg", metavar="FILE", help="Also draw the walk as SVG.")
    ] = None,
    html: Annotated[
        Opt[Path],
        typer.Option(
            "--html", metavar="FILE", help="Also write a page that plays it step by step."
        ),
    ] = None,
) -> None:
    """Land an intruder on a ship and follow its walk: what it eats, where it fuses, where it
    is defeated (RULES §7).

    Example: trucker intruder scenarios/intruders/yellow-predator.toml --card
    scenarios/intruders/small-predator.toml --roll 7 --shift front --explain --html walk.html
    """
    from trucker.cli.captains import CommandLineCaptain, KeepNotFound
    from trucker.cli.common import (
        bad_input,
        choose_roll,
        load_flight_ships,
        parse_direction,
        parse_square,
        trace_document,
    )
    from trucker.cli.output import check_output, print_json, write_output
    from trucker.core.threats import read_roll
    from trucker.sim.attacks import why_no_shift
    from trucker.sim.intruders import intrude
    from trucker.sim.state import ShipState
    from trucker.sim.table import Table

    the_card = _card_from_options(card, kind, steps, fuses, hand, double, from_, reward)
    moves = parse_direction(shift, "--shift") if shift else None
    keep_cell = parse_square(keep, "--keep") if keep else None
    if roll is not None and dice is not None:
        raise bad_input("--roll", str(roll), "give --roll or --dice, not both")
    inputs = [file, *([Path(card)] if card else [])]
    for option, target in (("--svg", svg), ("--html", html)):
        if target is not None:
            check_output(target, option, inputs)
    (flying,), rulings = load_flight_ships([file], ruling, repair=repair, quiet=json_out)
    board = flying.ship.board
    the_roll, used_seed = choose_roll(board, roll, dice, seed, "the intruder's landing line")
    ship = ShipState.from_ship(flying.ship)
    ship.lost.extend(flying.repaired)
    if moves is not None:
        line = read_roll(board, the_card.direction, the_roll)
        reason = why_no_shift(ship, line, moves, needs_crew=True)
        if reason:
            raise bad_input("--shift", shift or "", reason)
    captain = CommandLineCaptain(shift=moves, keep=keep_cell)
    log: list = []
    table = Table(rulings=rulings, policies=captain, log=log)
    before = ship.to_ship()
    try:
        result = intrude(table, ship, the_card, the_roll)
    except KeepNotFound as exc:
        raise bad_input("--keep", keep or "", str(exc).split(": ", 1)[1]) from None
    if svg is not None:
        from trucker.render.svg import walk_svg

        write_output(svg, walk_svg(before, result), "--svg")
    if html is not None:
        from trucker.render.html import walk_page

        write_output(html, walk_page(before, result, log, ship.to_ship()), "--html")
    if json_out:
        print_json(trace_document(result, flying, ship, seed=used_seed, rulings=rulings, log=log))
        raise typer.Exit(0)
    _print(before, ship, result, log, used_seed, rulings, explain=explain, frames=frames)
    raise typer.Exit(0)


def _card_from_options(card, kind, steps, fuses, hand, double, from_, reward):
    """The intruder card: from --card, or built from the flags. The flags' text is parsed
    here; the card checks its own numbers, and its error is named by the flag that gave them."""
    from trucker.cli.common import bad_input, parse_direction
    from trucker.core.cards import CardError, Hand, Intruder, IntruderKind, Level, Reward

    if card is not None:
        flags = {"--kind": kind, "--steps": steps, "--fuses": fuses, "--hand": hand,
                 "--from": from_, "--reward": reward}  # fmt: skip
        clash = [name for name, value in flags.items() if value is not None]
        if clash or double:
            raise bad_input(
                clash[0] if clash else "--double",
                "",
                "give the card's numbers with --card or with flags, not both",
            )
        return _load_card(card)
    if steps is None or from_ is None:
        missing = "--steps" if steps is None else "--from"
        raise bad_input(missing, "", "required (or give --card)")
    try:
        the_kind = IntruderKind(kind or "predator")
    except ValueError:
        raise bad_input(
            "--kind", kind or "", "use predator, commando or predator-commando"
        ) from None
    try:
        the_hand = None if double and hand is None else Hand(hand or "left")
    except ValueError:
        raise bad_input("--hand", hand or "", "use left or right") from None
    fuse_steps: tuple[int, ...] = ()
    if fuses:
        try:
            fuse_steps = tuple(int(x) for x in fuses.split(","))
        except ValueError:
            raise bad_input("--fuses", fuses, "expected step numbers like 6,12") from None
    prize = Reward()
    if reward:
        if reward.isdigit():
            prize = Reward(credits=int(reward))
        elif all(ch in "RYGBrygb" for ch in reward):
            prize = Reward(goods=reward.upper())
        else:
            raise bad_input("--reward", reward, "a number of credits, or goods letters R Y G B")
    direction = parse_direction(from_, "--from")
    try:
        return Intruder(
            level=Level.parse(1),
            kind=the_kind,
            direction=direction,
            steps=steps,
            hand=the_hand,
            fuses=fuse_steps,
            double=double,
            reward=prize,
        )
    except CardError as exc:
        given = {"steps": str(steps), "hand": hand or "", "fuses": fuses or ""}
        advice = "; leave out --hand" if exc.key == "hand" else ""
        raise bad_input(f"--{exc.key}", given[exc.key], exc.problem + advice) from None


def _load_card(text: str):
    from trucker.cli.common import bad_input
    from trucker.core.cards import Intruder
    from trucker.formats.catalogue import cards
    from trucker.formats.decks import load_deck

    if text.lower().endswith((".toml", ".json")):
        deck = load_deck(Path(text), display=text)
        found = [c for c in deck.cards if isinstance(c, Intruder)]
        if len(found) != 1:
            raise bad_input("--card", text, f"expected one intruder card, found {len(found)}")
        return found[0]
    known = cards()
    if text not in known or not isinstance(known[text], Intruder):
        raise bad_input("--card", text, "not an intruder card id or a deck file")
    return known[text]


def _print(before, ship, result, log, seed, rulings, *, explain: bool, frames: bool) -> None:
    from trucker.cli.output import out, plural, print_drawing
    from trucker.render.narrate import narrate
    from trucker.render.text import LOST, draw_ship
    from trucker.render.walks import draw_walk, walk_frames

    card = result.card
    hands = "both hands" if len(card.hands) > 1 else f"{card.hands[0]}-hand"
    fuses = f", fuses at {', '.join(map(str, card.fuses))}" if card.fuses else ""
    roll = result.roll if isinstance(result.roll, int) else f"{result.roll[0]} and {result.roll[1]}"
    double = "double " if card.double else ""
    out.print(
        f"{before.file or before.label}  board {before.board.id}: {double}{card.kind} from the "
        f"{card.direction}, {card.steps} steps, {hands}{fuses}, reward {card.reward.short()}; "
        f"roll {roll} → {result.rolled}",
        style="bold",
    )
    if seed is not None:
        out.print(f"rolled with seed {seed}; rerun with --seed {seed}", style="bright_black")
    if frames and result.walks:
        for caption, drawing in walk_frames(before, result):
            out.print(caption, style="bold")
            print_drawing(drawing)
    else:
        print_drawing(draw_walk(before, result))
    shown = log if explain else [e for e in log if e.kind not in ("walked",)]
    if not explain:
        for walk in result.walks:
            path = " → ".join(str(c) for c in walk.path)
            end = (
                f"defeated at step {walk.stopped} by {walk.defeated_by}"
                if walk.stopped
                else "escaped"
            )
            out.print(f"  {walk.hand}-hand walk: {path} ({end})")
    for event in shown:
        out.print(f"  {narrate(event)}")
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
    out.print(" · ".join(summary), style="bold")
    if result.damage.lost:
        after = ship.to_ship()
        gone = dict.fromkeys(result.damage.lost, LOST)
        out.print("the ship afterwards:")
        print_drawing(draw_ship(after, marks=gone))
    if rulings.non_default():
        settled = ", ".join(f"{k} = {v}" for k, v in rulings.non_default().items())
        out.print(f"rulings not at their defaults: {settled}", style="yellow")
