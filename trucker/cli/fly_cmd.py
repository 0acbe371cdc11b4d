"""``trucker fly`` and ``trucker replay``: an adventure deck against one to five ships."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from trucker.cli.options import JsonOpt, RepairOpt, RulingOpt

__all__ = ["fly", "replay"]

Opt = Optional
HtmlOpt = Annotated[
    Optional[Path],  # noqa: UP045 - typer needs Optional here
    typer.Option("--html", metavar="FILE", help="Also write a page that plays it card by card."),
]


def fly(
    ships: Annotated[list[Path], typer.Argument(help="One to five ship layouts; the first leads.")],
    deck: Annotated[
        str, typer.Option("--deck", "-d", help="A deck file, or random:I / II / III / IV.")
    ],
    seed: Annotated[Opt[int], typer.Option("--seed", help="Dice and dealing seed.")] = None,
    dice: Annotated[
        Opt[str],
        typer.Option("--dice", metavar="F1,F2,...", help="Script the dice: faces, two per roll."),
    ] = None,
    choices: Annotated[
        Opt[Path],
        typer.Option("--choices", help="A trucker-choices/1 file: each ship's choices, in order."),
    ] = None,
    policy: Annotated[
        Opt[list[str]],
        typer.Option(
            "--policy",
            metavar="NAME|SHIP=NAME",
            help="sensible (default), cautious, greedy or interactive; for all ships or one.",
        ),
    ] = None,
    order: Annotated[
        Opt[str], typer.Option("--order", metavar="2,1,3", help="Start order by file number.")
    ] = None,
    insured: Annotated[
        Opt[bool],
        typer.Option(
            "--insured/--no-insured",
            help="Class IV insurance bought before the first card (over the files' insured, "
            "over the captain's choice; RULES §9.3).",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the final table.")] = False,
    repair: RepairOpt = False,
    json_out: JsonOpt = False,
    ruling: RulingOpt = None,
    html: HtmlOpt = None,
) -> None:
    """Fly an adventure deck against ships, card by card, then settle the credits (RULES §6,
    §9). Prints every roll, choice and effect; --json prints the replayable log; --html writes
    a page that plays the flight card by card.

    Example: trucker fly scenarios/ships/class-iii-cruiser.toml --deck random:III --seed 7
    """
    from trucker.cli.common import bad_input, draw_seed, load_flight_ships, parse_dice_option
    from trucker.cli.output import check_output, print_json
    from trucker.formats.decks import load_deck
    from trucker.play.flights import Crew, FlightPlan, deck_for, flight_log, unique_names
    from trucker.play.flights import fly as run

    if html is not None:
        check_output(html, "--html", [*ships, Path(deck), *([choices] if choices else [])])
    if not 1 <= len(ships) <= 5:
        raise bad_input("ships", str(len(ships)), "a flight has one to five ships")
    flying, rulings = load_flight_ships(ships, ruling, repair=repair, quiet=json_out)
    if order:
        flying = _reorder(flying, order)
    names = unique_names([f.ship.name or Path(f.file).stem for f in flying])
    captains = _captains(policy, names)
    used_seed = draw_seed(seed) if dice is None else seed
    faces = tuple(parse_dice_option(dice, "--dice")) if dice is not None else None
    the_deck = deck_for(
        deck, used_seed or 0, load=lambda p: load_deck(Path(p), display=p), rulings=rulings
    )
    scripts = _read_choices(choices, names) if choices else {}
    crews = tuple(
        Crew(
            name=name,
            ship=f.ship,
            captain=captains.get(name, "sensible"),
            insured=_insured(f.ship, insured),
            repaired=f.repaired,
        )
        for name, f in zip(names, flying, strict=True)
    )
    plan = FlightPlan(crews, the_deck, rulings, seed=used_seed, faces=faces, choices=scripts)
    interactive = {c.name: _interactive(c.name) for c in crews if c.captain == "interactive"}

    from trucker.core.errors import DiceExhaustedError, ScriptExhaustedError

    try:
        result = run(plan, captains=interactive)
    except DiceExhaustedError as exc:
        raise bad_input("--dice", dice or "", str(exc)) from None
    except ScriptExhaustedError as exc:
        raise bad_input("--choices", str(choices), str(exc)) from None
    if html is not None:
        _write_page(html, plan, result)
    if json_out:
        print_json(flight_log(plan, result))
        raise typer.Exit(0)
    print_flight(plan, result, quiet=quiet)
    raise typer.Exit(0)


def _write_page(path: Path, plan: Any, result: Any) -> None:
    from trucker.cli.output import write_output
    from trucker.render.flight_page import flight_page

    write_output(path, flight_page(plan, result), "--html")


def _reorder(flying: list, order: str) -> list:
    from trucker.cli.common import bad_input

    try:
        picks = [int(x) for x in order.split(",")]
    except ValueError:
        raise bad_input("--order", order, "expected file numbers like 2,1,3") from None
    if sorted(picks) != list(range(1, len(flying) + 1)):
        raise bad_input(
            "--order", order, f"name each of the {len(flying)} ships once, 1-{len(flying)}"
        )
    return [flying[i - 1] for i in picks]


def _captains(policy: list[str] | None, names: list[str]) -> dict[str, str]:
    from trucker.cli.common import bad_input
    from trucker.core.decisions import CAPTAINS

    known = [*CAPTAINS, "interactive"]
    out: dict[str, str] = {}
    for entry in policy or []:
        ship, sep, name = entry.rpartition("=")
        if name not in known:
            raise bad_input("--policy", entry, f"unknown captain {name!r}: use {', '.join(known)}")
        if sep:
            if ship not in names:
                raise bad_input("--policy", entry, f"no ship named {ship!r} ({', '.join(names)})")
            out[ship] = name
        else:
            out.update({n: name for n in names if n not in out})
    return out


def _insured(ship: Any, flag: bool | None) -> bool | None:
    """``--insured`` over the file's ``insured`` over the captain's choice (None; RULES §9.3);
    only optional insurance counts."""
    if not ship.board.insurance.optional:
        return False
    if flag is not None:
        return flag
    return ship.insured


def _read_choices(path: Path, names: list[str]) -> dict[str, list[str]]:
    """A ``trucker-choices/1`` file: ``[ships]`` with a list of choice labels per ship."""
    from trucker.core.errors import BadInput
    from trucker.formats.load import read_document

    doc = read_document(path, display=str(path))
    errors = []
    if doc.get("format") != "trucker-choices/1":
        errors.append(BadInput.one(str(path), "format", 'expected "trucker-choices/1"').errors[0])
    ships = doc.get("ships")
    if not isinstance(ships, dict):
        errors.append(BadInput.one(str(path), "ships", "expected a table of ship names").errors[0])
        raise BadInput(errors)
    out = {}
    for name, labels in ships.items():
        if name not in names:
            errors.append(
                BadInput.one(
                    str(path), f"ships.{name}", f"no such ship ({', '.join(names)})"
                ).errors[0]
            )
        elif not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
            errors.append(
                BadInput.one(str(path), f"ships.{name}", "expected a list of choice labels").errors[
                    0
                ]
            )
        else:
            out[name] = labels
    unknown = set(doc) - {"format", "ships"}
    for key in sorted(unknown):
        errors.append(BadInput.one(str(path), key, "unknown key").errors[0])
    if errors:
        raise BadInput(errors)
    return out


def _interactive(name: str) -> Any:
    from trucker.cli.interactive import TerminalCaptain

    return TerminalCaptain(name)


def print_flight(plan: Any, result: Any, *, quiet: bool) -> None:
    """The flight narrated card by card, each changed ship drawn (as the log's fold says it
    stands after the card), then the final table."""
    from trucker.cli.output import out, plural, print_drawing
    from trucker.play.flights import flight_record
    from trucker.render.narrate import narrate
    from trucker.render.text import draw_board

    snapshots: dict[int, dict[str, Any]] = {}
    if not quiet:
        record = flight_record(plan, result)
        snapshots = {
            index: {s.name: s.ship for s in ships} for index, ships in record.after.items()
        }

    deck = plan.deck
    seed = f", seed {plan.seed} (rerun with --seed {plan.seed})" if plan.seed is not None else ""
    cards = plural(len(deck.cards), "card")
    out.print(
        f"flight: {deck.name or 'deck'}, level {deck.level}, {cards}{seed}",
        style="bold",
    )
    index = -1
    sizes = {c.name: len(c.ship.tiles) for c in plan.crews}
    events = result.events or []
    for event in events:
        if event.kind in ("card", "settled") and index >= 0:
            if not quiet:  # the ships the card just played changed
                _draw_changes(snapshots.get(index), sizes, out, print_drawing, draw_board)
            index = -1
        if event.kind == "card":
            index = event.index - 1
            if not quiet:
                out.print()
                out.print(narrate(event), style="bold")
            continue
        if quiet or _boring(event):
            continue
        out.print(f"  {narrate(event)}")
    if index >= 0 and not quiet:
        _draw_changes(snapshots.get(index), sizes, out, print_drawing, draw_board)
    out.print()
    _final_table(result, out)
    if result.representative:
        cards = ", ".join(result.representative)
        out.print(f"note: representative values (printed ones not known): {cards}", style="yellow")
    if result.rulings:
        settled = ", ".join(f"{k} = {v}" for k, v in result.rulings.items())
        out.print(f"rulings not at their defaults: {settled}", style="yellow")


def _boring(event: Any) -> bool:
    if event.kind == "decided" and event.decision == "give-up" and event.choice == "fly on":
        return True
    return event.kind == "decided" and event.forced


def _draw_changes(
    ships: dict[str, Any] | None, sizes: dict[str, int], out: Any, show: Any, draw: Any
) -> None:
    """Draw each ship that lost tiles on the card, under the card's narration."""
    from trucker.cli.output import plural

    if not ships:
        return
    for name, ship in ships.items():
        if len(ship.tiles) != sizes[name]:
            sizes[name] = len(ship.tiles)
            out.print(f"  {name} now ({plural(len(ship.tiles), 'tile')}):", style="bright_black")
            show(draw(ship.board, ship.tiles, holes=ship.hole_squares))


def _final_table(result: Any, out: Any) -> None:
    """One line per ship, columns of numbers (RULES §9.1), then why ships gave up."""
    from trucker.render.flight_page import LEFT_COLUMNS, settlement_table

    headers, rows = settlement_table(result.ships)
    insured = "insurance" in headers
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    out.print(
        "end of the flight (RULES §9): credits earned on cards, arrival reward, best-looking "
        "prize, goods sold, lost tiles paid" + (", Class IV insurance bought" if insured else ""),
        style="bold",
    )
    out.print(
        "  ".join(
            h.ljust(w) if i in LEFT_COLUMNS else h.rjust(w)
            for i, (h, w) in enumerate(zip(headers, widths, strict=True))
        )
    )
    for row in rows:
        out.print(
            "  ".join(
                c.ljust(w) if i in LEFT_COLUMNS else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )
    for s in result.ships:
        if s.gave_up:
            out.print(
                f"{s.name} gave up: {s.reason} (goods sold at half price)", style="bright_black"
            )


def replay(
    log: Annotated[Path, typer.Argument(help="A flight log written by trucker fly --json.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the final table.")] = False,
    json_out: JsonOpt = False,
    html: HtmlOpt = None,
) -> None:
    """Fly a saved flight again from its log (its rolls and choices) and print it; exit 1 when
    the replay does not end where the log did. --html writes the flight's page.

    Example: trucker fly ship.toml -d random:II --seed 7 --json > log.json; trucker replay log.json
    """
    from trucker.cli.common import bad_input
    from trucker.cli.output import check_output, err, print_json
    from trucker.core.errors import BadInput, TruckerError
    from trucker.formats.load import read_document
    from trucker.play.flights import flight_log
    from trucker.play.flights import replay as run

    if html is not None:
        check_output(html, "--html", [log])
    try:
        document = read_document(log, display=str(log))
    except BadInput:
        raise
    try:
        plan, result = run(document, str(log))
    except (KeyError, TypeError) as exc:
        raise bad_input(str(log), "flight", f"a damaged flight log ({exc})") from None
    except BadInput:
        raise
    except TruckerError as exc:
        err.print(f"{log}: the replay left the log: {exc}", style="red")
        raise typer.Exit(1) from None
    saved = document.get("ships")
    same = saved == [s.to_dict() for s in result.ships]
    if html is not None:
        _write_page(html, plan, result)
    if json_out:
        print_json(flight_log(plan, result))
    else:
        print_flight(plan, result, quiet=quiet)
    if not same:
        err.print(f"{log}: the replay ended differently from the log", style="red")
        raise typer.Exit(1)
    raise typer.Exit(0)
