"""The pictures' colours read apart under deuteranopia and protanopia (issue 14): the pairs a
reader must tell apart stay apart once simulated (Machado et al. 2009, severity 1), or carry a
letter or a shape as well."""

from __future__ import annotations

import pytest

from trucker.render.pictures.canvas import ALIENS, GOLD, GOODS, RED, WALKER_COLORS
from trucker.render.pictures.icons import ALIEN_LETTERS

MATRICES = {
    "deuteranopia": ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969)),
    "protanopia": ((0.152, 1.053, -0.205), (0.115, 0.786, 0.099), (-0.004, -0.048, 1.052)),
}


def _rgb(color: str) -> tuple[float, ...]:
    return tuple(int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))


def _seen(color: str, vision: str) -> tuple[float, ...]:
    rgb = _rgb(color)
    return tuple(
        min(1, max(0, sum(m * c for m, c in zip(row, rgb, strict=True))))
        for row in MATRICES[vision]
    )


def _apart(a: str, b: str, vision: str) -> float:
    return sum((x - y) ** 2 for x, y in zip(_seen(a, vision), _seen(b, vision), strict=True)) ** 0.5


@pytest.mark.parametrize("vision", sorted(MATRICES))
def test_the_two_walkers_stay_apart(vision: str) -> None:
    assert _apart(WALKER_COLORS["left"], WALKER_COLORS["right"], vision) > 0.3


@pytest.mark.parametrize("vision", sorted(MATRICES))
def test_the_violation_red_is_not_the_start_gold(vision: str) -> None:
    assert _apart(RED, GOLD, vision) > 0.15  # and the violation outline is dashed, gold solid


def test_goods_and_aliens_carry_letters_where_colours_meet() -> None:
    close = [
        (a, b)
        for vision in MATRICES
        for a in GOODS
        for b in GOODS
        if a < b and _apart(GOODS[a], GOODS[b], vision) < 0.3
    ]
    assert ("G", "R") in close  # red and green goods look alike: hence the letters
    assert set(GOODS) == {"R", "Y", "G", "B"}  # each drawn with its letter on it
    assert set(ALIEN_LETTERS) == set(ALIENS)
    assert len(set(ALIEN_LETTERS.values())) == len(ALIENS)
