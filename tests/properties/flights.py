"""Flights for properties: the bundled ships, dealt decks and seeds as a strategy, and a fixed
list of seeded flights over the bundled decks and the flight goldens' small ships."""

from __future__ import annotations

import tomllib

from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from trucker.core.cards import Level
from trucker.core.rulings import Rulings
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for

__all__ = ["NAMES", "SHIPS", "plans", "PLANS", "case_plans"]

NAMES = [
    "class-i-starter.toml",
    "class-iii-cruiser.toml",
    "class-iiia-longship.toml",
    "iib-cylinder.toml",
    "iiib-holes.toml",
    "class-iv-liner.toml",
    "class-iv-leviathan.toml",
    "abe-gadgets.toml",
]
SHIPS = {n: load_ship(SCENARIOS / "ships" / n) for n in NAMES}

plans = st.builds(
    lambda names, level, seed: FlightPlan(
        tuple(Crew(f"{i}:{n}", SHIPS[n]) for i, n in enumerate(names)),
        deck_for(f"random:{level}", seed),
        Rulings(),
        seed=seed,
    ),
    st.lists(st.sampled_from(NAMES), min_size=1, max_size=5),
    st.sampled_from([Level.I, Level.II, Level.III, Level.IV]),
    st.integers(0, 10**6),
)

LINEUPS = (
    ("class-iii-cruiser.toml", "class-i-starter.toml"),
    ("class-iv-leviathan.toml", "class-iv-liner.toml", "abe-gadgets.toml"),
    ("class-i-starter.toml", "class-iii-cruiser.toml", "class-iiia-longship.toml",
     "iib-cylinder.toml", "iiib-holes.toml"),
)  # fmt: skip


def case_plans() -> list[FlightPlan]:
    """The flight goldens (scenarios/flights/cases.toml): every card type, scripted dice and
    choices, rulings off their defaults."""
    folder = SCENARIOS / "flights"
    cases = tomllib.loads((folder / "cases.toml").read_text(encoding="utf-8"))["case"]
    out = []
    for case in cases:
        ships = [load_ship(folder / name) for name in case["ships"]]
        out.append(
            FlightPlan(
                tuple(Crew(s.name or n, s) for s, n in zip(ships, case["ships"], strict=True)),
                load_deck(folder / case["deck"]),
                Rulings(**case.get("rulings", {})),
                seed=case.get("seed"),
                faces=tuple(case["dice"]) if "dice" in case else None,
                choices=case.get("choices", {}),
            )
        )
    return out


def _bundled() -> list[FlightPlan]:
    decks = [load_deck(p) for p in sorted((SCENARIOS / "decks").glob("*.toml"))]
    out = []
    for lineup in LINEUPS:
        crews = tuple(Crew(f"{i}:{n}", SHIPS[n]) for i, n in enumerate(lineup))
        for deck in decks:
            out.extend(FlightPlan(crews, deck, Rulings(), seed=seed) for seed in (1, 2))
        for level in ("I", "II", "III", "IV"):
            for seed in (3, 4, 5):
                deck = deck_for(f"random:{level}", seed)
                out.append(FlightPlan(crews, deck, Rulings(), seed=seed))
    gadgets = (Crew("gadgets", SHIPS["abe-gadgets.toml"]),
               Crew("leviathan", SHIPS["class-iv-leviathan.toml"]))  # fmt: skip
    for rulings in RULED:
        for level, seed in (("II", 1), ("III", 2), ("IV", 6)):
            out.append(FlightPlan(gadgets, deck_for(f"random:{level}", seed), rulings, seed=seed))
    return out


RULED = (
    Rulings(epidemic_cabins="cabins+luxury"),
    Rulings(radiation_hits_robots=True, predators_eat_robots=True),
)
"""Rulings under which passengers fall ill and robots are eaten or irradiated."""

PLANS = _bundled() + case_plans()
"""Seeded flights over the bundled ships (five together, Class IV too) and decks, some under
rulings off their defaults, and the flight goldens."""
