"""The reduced second share of The Big Expansion's five-player rules (RULES §6.4, §6.8): the
second ship to take a reward gets one credit fewer and one good fewer (ruling ``second_share``
"minus-one"), or the same reward ("full")."""

from __future__ import annotations

from trucker.core.parts import GOODS_VALUE
from trucker.core.rulings import Rulings

__all__ = ["second_credits", "second_goods", "second_crew"]


def second_credits(credits: int, rulings: Rulings) -> int:
    return max(0, credits - 1) if rulings.second_share == "minus-one" else credits


def second_goods(goods: str, rulings: Rulings) -> str:
    """One good fewer: the least valuable cube goes (the second taker's best case)."""
    if rulings.second_share != "minus-one" or not goods:
        return goods
    cheapest = min(goods, key=lambda g: GOODS_VALUE[g])
    return goods.replace(cheapest, "", 1)


def second_crew(crew: int, rulings: Rulings) -> int:
    return max(0, crew - 1) if rulings.second_share == "minus-one" else crew
