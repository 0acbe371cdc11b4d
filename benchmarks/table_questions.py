"""How many questions a table is asked, by its give-up setting (issue: "give up?" was 24 of
the 45 questions of a twelve-card flight).

Two people fly the Class III cruiser through a dealt deck (round II: twelve cards), pressing
Enter at every question, once per give-up setting of ``trucker play --give-up``; each row
is a seed, each cell the give-up questions and all questions asked. The logs are the same
whatever the setting (a question not asked is answered as Enter would), so only the asking
differs. Run from the repository:

    python benchmarks/table_questions.py            # round II, seeds 1-5
    python benchmarks/table_questions.py random:III 10
"""

from __future__ import annotations

import sys
from pathlib import Path

from trucker.core.decisions import DecisionKind
from trucker.core.rulings import DEFAULT_RULINGS
from trucker.formats.load import load_ship
from trucker.play.flights import Crew, FlightPlan, deck_for
from trucker.play.session import GIVE_UP_SETTINGS, HUMAN, Question, Session

SHIP = Path(__file__).resolve().parents[1] / "scenarios" / "ships" / "class-iii-cruiser.toml"


def questions(level: str, seed: int, setting: str) -> tuple[int, int, int]:
    """Give-up questions, all questions, and the deck's cards, for one flight."""
    ship = load_ship(SHIP)
    crews = (Crew("A", ship, HUMAN), Crew("B", ship, HUMAN))
    plan = FlightPlan(crews, deck_for(level, seed), DEFAULT_RULINGS, seed=seed)
    session = Session(plan, give_up=setting)
    give_up = total = 0
    while (question := session.play()) is not None:
        assert isinstance(question, Question)
        total += 1
        give_up += question.decision.kind is DecisionKind.GIVE_UP
        session.answer(question.suggested)
    return give_up, total, len(plan.deck.cards)


def main() -> None:
    level = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "--smoke" else "random:II"
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    print(f"two people flying the Class III cruiser through {level}, Enter at every question")
    print("give-up questions / all questions, by --give-up setting")
    print(f"{'seed':>4}  {'cards':>5}  " + "  ".join(f"{s:>9}" for s in GIVE_UP_SETTINGS))
    for seed in range(1, seeds + 1):
        cells = []
        for setting in GIVE_UP_SETTINGS:
            give_up, total, cards = questions(level, seed, setting)
            cells.append(f"{give_up:>4}/{total:<4}")
        print(f"{seed:>4}  {cards:>5}  " + "  ".join(f"{c:>9}" for c in cells))


if __name__ == "__main__":
    main()
