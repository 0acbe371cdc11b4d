"""The shipped captains' shift (trucker.sim.captains._cheapest_shift) skips the preview of a
shift that cannot beat the cheapest option found before it (ShiftOption.least); it must choose
what the least cost over every option chooses, the first listed winning ties."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from trucker.core.geometry import Cell, Direction
from trucker.core.threats import Line
from trucker.sim.captains import _cheapest_shift
from trucker.sim.power import Power
from trucker.sim.shifts import LinePreview, ShiftOption

LINE = Line(Direction.FRONT, 7)

previews = st.builds(
    LinePreview,
    lost=st.integers(0, 1),
    crew=st.integers(0, 1),
    value=st.integers(-2, 2),
    batteries=st.integers(0, 2),
    solar=st.integers(0, 1),
)
powers = st.sampled_from(
    [Power("battery", Cell(7, 7), 2), Power("solar", Cell(8, 6)), Power("unlimited", None)]
)


@settings(max_examples=400)
@example(  # staying spends two batteries on shields; a shift for one battery is cheaper
    earns=False,
    stay=LinePreview(batteries=2),
    shifts=[(Direction.LEFT, Power("battery", Cell(7, 7), 2), LinePreview())],
)
@given(
    earns=st.booleans(),
    stay=previews,
    shifts=st.lists(
        st.tuples(st.sampled_from([Direction.LEFT, Direction.RIGHT]), powers, previews),
        max_size=5,
    ),
)
def test_the_cheapest_shift_is_the_least_cost_first_listed(
    earns: bool, stay: LinePreview, shifts: list[tuple[Direction, Power, LinePreview]]
) -> None:
    if not earns:  # a line that cannot earn never costs a negative value
        stay = stay._replace(value=abs(stay.value))
        shifts = [(d, p, o._replace(value=abs(o.value))) for d, p, o in shifts]
    options = [ShiftOption(None, None, None, LINE, stay, earns=earns)]
    options += [ShiftOption(d, Cell(9, 5), p, LINE, o, earns=earns) for d, p, o in shifts]
    expected = min(options, key=lambda s: s.cost)
    read: list[int] = []
    lazy = [
        ShiftOption(
            s.direction, s.thruster, s.power, LINE, _reading(read, i, s.outcome), earns=earns
        )
        for i, s in enumerate(options)
    ]
    chosen = _cheapest_shift(lazy)
    assert lazy.index(chosen) == options.index(expected)
    for i in read:  # a preview read was one the least cost could not rule out
        assert lazy[i].least < min(o.cost for o in options[:i]) if i else True


def _reading(read: list[int], index: int, outcome: LinePreview):  # type: ignore[no-untyped-def]
    def look() -> LinePreview:
        read.append(index)
        return outcome

    return look
