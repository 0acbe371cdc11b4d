"""``trucker demo``: the main jobs on the bundled example ships, no arguments needed."""

from __future__ import annotations

from pathlib import Path

from trucker.cli.output import out, print_lines
from trucker.core.rulings import DEFAULT_RULINGS
from trucker.formats.catalogue import scenarios_root
from trucker.formats.load import load_ship
from trucker.render.terminal.reports import repair_lines, report_text
from trucker.rules.repair import repair
from trucker.rules.validate import validate

__all__ = ["run_demo"]

_SHIPS = ("class-iii-cruiser.toml", "iib-cylinder.toml", "broken-hauler.toml")


def _title(text: str, command: str | None = None) -> None:
    """A rule naming what comes, then the command that prints the same (to try next)."""
    out.print()
    out.rule(text, style="bright_black")
    if command:
        out.print(f"$ {command}", style="bold")


def run_demo() -> int:
    """The three jobs on bundled examples: validate three ships (one illegal) and repair it;
    one threat, a predator's walk, a flight and its odds."""
    folder = Path(str(scenarios_root())) / "ships"
    out.print("trucker demo: the bundled example ships (scenarios/ships/)", style="bold")
    for name in _SHIPS:
        _title("validate a ship", f"trucker validate scenarios/ships/{name}")
        ship = load_ship(folder / name, display=f"scenarios/ships/{name}")
        print_lines(report_text(ship, validate(ship, DEFAULT_RULINGS)))
    _title("repair it", "trucker fix scenarios/ships/broken-hauler.toml -o fixed.toml")
    out.print(
        "(the demo writes no file: run that command to write fixed.toml)", style="bright_black"
    )
    ship = load_ship(folder / "broken-hauler.toml", display="scenarios/ships/broken-hauler.toml")
    result = repair(ship, DEFAULT_RULINGS)
    print_lines(repair_lines(result))
    out.print(f"{result.tiles_lost} tiles lost; the repaired ship:")
    print_lines(report_text(result.ship, result.report))
    _hit(folder.parent)
    _intruder(folder.parent)
    _flight(folder.parent)
    _odds(folder.parent)
    out.print()
    out.print(
        "Next: trucker --help · trucker fly ... --html flight.html · the tutorials in docs/",
        style="bold",
    )
    out.print(
        "The files above are bundled with the program: `trucker examples scenarios` copies them "
        "into ./scenarios, so each command shown runs as printed.",
        style="bright_black",
    )
    return 0


def _hit(root: Path) -> None:
    """Job 2, one threat: a large meteor from the left on roll 8, shot down or not."""
    from trucker.core.threats import Threat
    from trucker.render.terminal.encounters import hit_lines
    from trucker.sim.encounters import hit

    name = "scenarios/ships/class-iii-cruiser.toml"
    _title("one threat", f"trucker hit {name} -t large-meteor --from left --roll 8")
    ship = load_ship(root / "ships" / "class-iii-cruiser.toml", display=name)
    print_lines(hit_lines(hit(ship, Threat.parse("large-meteor left"), 8), None))


def _intruder(root: Path) -> None:
    """Job 3: a predator boards and walks by the left-hand rule (RULES §7)."""
    from trucker.cli.captains import CommandLineCaptain
    from trucker.core.cards import Intruder
    from trucker.formats.decks import load_deck
    from trucker.render.terminal.encounters import intruder_lines
    from trucker.sim.encounters import intruder

    name = "scenarios/intruders/yellow-predator.toml"
    card_name = "scenarios/intruders/small-predator.toml"
    _title("an intruder's walk", f"trucker intruder {name} --card {card_name} --roll 9")
    ship = load_ship(root / "intruders" / "yellow-predator.toml", display=name)
    (card,) = load_deck(root / "intruders" / "small-predator.toml").cards
    assert isinstance(card, Intruder)
    found = intruder(ship, card, 9, captain=CommandLineCaptain())
    print_lines(intruder_lines(found, None, explain=False, frames=False))


def _flight(root: Path) -> None:
    """Job 2, a whole flight: a round-I deck against two ships, settled (RULES §6, §9)."""
    from trucker.formats.decks import load_deck
    from trucker.play.flights import Crew, FlightPlan, fly
    from trucker.render.terminal.flight import flight_report

    names = ("class-i-starter.toml", "class-iii-cruiser.toml")
    _title(
        "a flight",
        "trucker fly scenarios/ships/class-i-starter.toml scenarios/ships/class-iii-cruiser.toml "
        "--deck scenarios/decks/round-1.toml --seed 7 --quiet",
    )
    crews = tuple(
        Crew(load_ship(root / "ships" / n).label, load_ship(root / "ships" / n)) for n in names
    )
    deck = load_deck(root / "decks" / "round-1.toml", display="scenarios/decks/round-1.toml")
    plan = FlightPlan(crews, deck, DEFAULT_RULINGS, seed=7)
    print_lines(flight_report(plan, fly(plan), quiet=True))


def _odds(root: Path) -> None:
    """Job 2, the odds: many seeded flights, with 95% confidence intervals."""
    from trucker.play.flights import Crew
    from trucker.play.montecarlo import OddsSpec, fly_all, summarise
    from trucker.render.terminal.odds import odds_summary

    name = "scenarios/ships/class-iii-cruiser.toml"
    _title("the odds", f"trucker odds {name} --deck random:III -n 400 --seed 1")
    ship = load_ship(root / "ships" / "class-iii-cruiser.toml")
    spec = OddsSpec(((Crew(ship.label, ship),),), "random:III", DEFAULT_RULINGS, 1, 400)
    (odds,) = summarise(spec, fly_all(spec)).lineups[0]
    out.print(odds_summary(odds, spec.flights))
