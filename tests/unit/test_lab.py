"""The intruder lab's predictions (trucker/play/lab.py, trucker/render/pages/lab.py) against the
walks worked out by hand in scenarios/intruders/cases.toml: pointing at the tile each case's
path enters next is right, pointing elsewhere is wrong and says where it went and why, in the
turn rule's words (RULES §7.2)."""

from __future__ import annotations

import tomllib

import pytest

from tests.conftest import SCENARIOS
from tests.golden.test_intruder_cases import FOLDER, _card
from trucker.core.geometry import Cell, Direction
from trucker.core.rulings import Rulings
from trucker.formats.load import load_ship
from trucker.play.lab import lab_walk, predict
from trucker.render.pages.lab import RULE, verdict_lines

CASES = tomllib.loads((SCENARIOS / "intruders" / "cases.toml").read_text(encoding="utf-8"))
WALKS = [
    c
    for c in CASES["case"]
    if "shift" not in c and any(len(w["path"]) > 1 for w in c["expect"]["walkers"])
]


def _walk(case):
    card = _card(case)
    return lab_walk(
        load_ship(FOLDER / case["ship"]),
        card,
        case["roll"],
        direction=Direction.parse(case["from"]) if "from" in case else None,
        rulings=Rulings(**case.get("rulings", {})),
    )


@pytest.mark.parametrize("case", WALKS, ids=[c["name"] for c in WALKS])
def test_the_hand_worked_path_is_predicted_right(case) -> None:
    found = _walk(case)
    for walker in case["expect"]["walkers"]:
        path = [Cell.parse(s) for s in walker["path"]]
        for step in range(2, len(path) + 1):
            right = predict(found, walker["hand"], step, path[step - 1])
            assert right.right and right.went == path[step - 1] and right.stood == path[step - 2]
            lines = verdict_lines(right)
            assert lines[0] == f"Right: step {step} is {path[step - 1]}."
            assert lines[1] == RULE[walker["hand"]]
            # a guess of the tile it stood on is never where it goes
            wrong = predict(found, walker["hand"], step, path[step - 2])
            assert not wrong.right and wrong.went == path[step - 1]
            assert verdict_lines(wrong)[0] == (
                f"Not {path[step - 2]}: at step {step} the intruder enters {path[step - 1]}."
            )


def test_a_walk_worked_by_hand_reads_as_the_rule() -> None:
    # yellow-predator.toml, roll 9 (the walkthrough's predator example, RULES §10b-7): it lands
    # on 9,6 heading right; left of right is the front, nothing joined there; straight on is
    # 9,7. A guess of 8,6 (not joined to 9,6) is wrong on both counts.
    case = next(c for c in WALKS if c["name"].startswith("predator, roll 9:"))
    found = _walk(case)
    p = predict(found, "left", 2, Cell(8, 6))
    assert (p.right, p.went, p.move, p.guess_move) == (False, Cell(9, 7), "straight", None)
    assert verdict_lines(p) == [
        "Not 8,6: at step 2 the intruder enters 9,7.",
        RULE["left"],
        "On 9,6, heading right: its left (front side): nothing joined; straight on (right): "
        "joined to 9,7.",
        "So it goes to 9,7 (go straight on).",
        "8,6 is not joined to 9,6: an intruder moves only between joined tiles (RULES §7.2).",
    ]


def test_a_dead_end_sends_it_back() -> None:
    # roll 6: shield, armory, double cannon, back to the armory (a dead end at 5,6)
    case = next(c for c in WALKS if c["name"].startswith("predator, roll 6: shield"))
    found = _walk(case)
    p = predict(found, "left", 4, Cell(5, 7))
    assert p.right and p.move == "back"
    assert [t.joined for t in p.tries] == [None, None, None]
    assert "A dead end: nothing joined to its left, straight or right" in verdict_lines(p)[3]


def test_a_step_the_walk_does_not_have_is_refused() -> None:
    found = _walk(WALKS[0])
    with pytest.raises(ValueError, match="predict 2 or later"):
        predict(found, "left", 1, Cell(7, 7))
