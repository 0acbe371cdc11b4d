"""Written-out constructors and copies (trucker.core.written) behave as the dataclass's own."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from trucker.core.geometry import Connector, Direction
from trucker.core.parts import Part
from trucker.core.ship import Tile
from trucker.core.written import written_out

SIDES = (Connector.SINGLE, Connector.SMOOTH, Connector.DOUBLE, Connector.UNIVERSAL)


def test_a_written_out_tile_is_the_dataclass_s_tile() -> None:
    tile = Tile(Part.CANNON, SIDES, Direction.FRONT, armor=frozenset({Direction.RIGHT}))
    assert tile.facing is Direction.FRONT and tile.crew == 0 and tile.goods == ""
    assert tile == Tile(part=Part.CANNON, sides=SIDES, facing=Direction.FRONT,
                        armor=frozenset({Direction.RIGHT}))  # fmt: skip
    assert pickle.loads(pickle.dumps(tile)) == tile
    with pytest.raises(dataclasses.FrozenInstanceError):
        tile.crew = 2  # type: ignore[misc]
    with pytest.raises(TypeError, match="sides"):
        Tile(Part.CABIN)  # type: ignore[call-arg]


def test_with_contents_is_replace_without_the_constructor() -> None:
    tile = Tile(Part.CARGO, SIDES, capacity=3)
    assert tile.with_contents(goods="RY") == dataclasses.replace(tile, goods="RY")  # type: ignore[attr-defined]
    assert tile.with_contents() == tile  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"Tile\.with_contents.*bogus"):
        tile.with_contents(bogus=1)  # type: ignore[attr-defined]


def test_only_plain_fields_can_be_written_out() -> None:
    with pytest.raises(TypeError, match="only plain fields"):

        @written_out
        @dataclasses.dataclass(frozen=True, slots=True)
        class Listed:
            items: list[int] = dataclasses.field(default_factory=list)


def test_a_base_s_post_init_is_not_skipped() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Base:
        size: int

        def __post_init__(self) -> None:
            if self.size < 0:
                raise ValueError("negative")

    with pytest.raises(TypeError, match="__post_init__"):

        @written_out
        @dataclasses.dataclass(frozen=True, slots=True)
        class Child(Base):
            pass


def test_an_init_only_argument_is_refused() -> None:
    with pytest.raises(TypeError, match="more than its fields"):

        @written_out
        @dataclasses.dataclass(frozen=True, slots=True)
        class Scaled:
            size: int
            scale: dataclasses.InitVar[int] = 1


def test_written_out_methods_say_where_they_live() -> None:
    assert Tile.__init__.__module__ == Tile.with_contents.__module__ == "trucker.core.ship"  # type: ignore[attr-defined]
