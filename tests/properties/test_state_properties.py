"""A ship in flight keeps its counts up to date as tiles change and go: the humans, aliens and
battery tokens it reports are always the ones counted afresh from what its tiles hold."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from trucker.core.parts import AlienColor, Part
from trucker.formats.load import load_ship
from trucker.sim.state import ShipState

pytestmark = pytest.mark.rules("4.3")

NAMES = ["class-iii-cruiser.toml", "abe-gadgets.toml", "class-iv-leviathan.toml"]
SHIPS = {name: load_ship(SCENARIOS / "ships" / name) for name in NAMES}

steps = st.lists(
    st.one_of(
        st.tuples(st.just("remove"), st.lists(st.integers(0, 200), min_size=1, max_size=3)),
        st.tuples(
            st.just("set"),
            st.integers(0, 200),
            st.integers(0, 3),
            st.sampled_from([None, *AlienColor]),
            st.integers(0, 3),
        ),
        st.tuples(st.just("copy")),
        st.tuples(st.just("read")),
    ),
    max_size=12,
)


def _fresh(state: ShipState) -> tuple[int, int, int]:
    """Humans and aliens in cabins, tokens in batteries, counted from the tiles now."""
    cabins = [state.contents[c] for c, t in state.tiles.items() if t.part is Part.CABIN]
    batteries = [state.contents[c] for c, t in state.tiles.items() if t.part is Part.BATTERY]
    return (
        sum(h.crew for h in cabins),
        sum(h.alien is not None for h in cabins),
        sum(h.charge for h in batteries),
    )


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(NAMES), plan=steps)
def test_counts_kept_up_are_the_counts_made_afresh(name: str, plan: list[tuple]) -> None:
    state = ShipState.from_ship(SHIPS[name])
    for step in plan:
        cells = sorted(state.tiles)
        if not cells:
            break
        if step[0] == "remove":
            state.remove({cells[i % len(cells)] for i in step[1]})
        elif step[0] == "set":
            _, pick, crew, alien, charge = step
            cell = cells[pick % len(cells)]
            state.set(cell, state.contents[cell]._replace(crew=crew, alien=alien, charge=charge))
        elif step[0] == "copy":
            state = state.copy()
        else:
            state.humans()  # counts made, to be kept up from here
        assert (state.humans(), state.aliens(), state.tokens()) == _fresh(state)
