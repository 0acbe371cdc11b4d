"""``trucker demo``: the main jobs on the bundled example ships, no arguments needed."""

from __future__ import annotations

from trucker.catalog import scenarios_root
from trucker.cli.output import out, print_report
from trucker.load import load_ship
from trucker.repair import repair
from trucker.rulings import DEFAULT_RULINGS
from trucker.validate import validate

__all__ = ["run_demo"]

_SHIPS = ("class-iii-cruiser.toml", "iib-cylinder.toml", "broken-hauler.toml")


def _title(text: str) -> None:
    out.print()
    out.rule(text, style="bright_black")


def run_demo() -> int:
    """Validate three bundled ships (one illegal), then repair the illegal one."""
    folder = scenarios_root() / "ships"
    out.print("trucker demo: the bundled example ships (scenarios/ships/)", style="bold")
    for name in _SHIPS:
        _title(f"trucker validate scenarios/ships/{name}")
        ship = load_ship(folder / name, display=f"scenarios/ships/{name}")
        print_report(ship, validate(ship, DEFAULT_RULINGS))
    _title("trucker fix scenarios/ships/broken-hauler.toml -o fixed.toml")
    ship = load_ship(folder / "broken-hauler.toml", display="scenarios/ships/broken-hauler.toml")
    result = repair(ship, DEFAULT_RULINGS)
    for note in result.unloaded:
        out.print(f"unloaded {note}")
    for removal in result.removed:
        out.print(f"removed {removal.cell} {removal.part} ({removal.reason})")
    out.print(f"{result.tiles_lost} tiles lost; the repaired ship:")
    print_report(result.ship, result.report)
    out.print()
    out.print(
        "Next: trucker validate scenarios/ships/*.toml · trucker boards · trucker rulings",
        style="bold",
    )
    return 0
