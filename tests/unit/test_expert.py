"""The expert captain: where it searches, that it is reproducible, and that it travels."""

from __future__ import annotations

import pickle

import pytest

from tests.conftest import SCENARIOS
from tests.properties.flights import SHIPS
from trucker.core.decisions import Decision, DecisionKind, Option
from trucker.core.rulings import Rulings
from trucker.play.flights import Crew, FlightPlan, deck_for, flight_log, fly
from trucker.sim.captains import SensibleCaptain
from trucker.sim.expert import ExpertCaptain, appraise, same_state
from trucker.sim.stepping import FlightState


def _plan(seed: int) -> FlightPlan:
    crews = (Crew("red", SHIPS["class-iii-cruiser.toml"]), Crew("blue", SHIPS["abe-gadgets.toml"]))
    return FlightPlan(crews, deck_for("random:III", seed), Rulings(), seed=seed)


def _expert_log(seed: int, expert: ExpertCaptain, keep_log: bool = True) -> object:
    result = fly(_plan(seed), keep_log=keep_log, captains={"red": expert})
    return flight_log(_plan(seed), result) if keep_log else [s.to_dict() for s in result.ships]


def test_the_same_seed_gives_the_same_flight() -> None:
    assert _expert_log(5, ExpertCaptain(effort=2)) == _expert_log(5, ExpertCaptain(effort=2))


def test_a_log_kept_or_not_does_not_change_its_choices() -> None:
    """With a log every ship is asked whether to give up before each card; the expert's
    searches must not be numbered by those questions."""
    logged = _expert_log(8, ExpertCaptain(effort=2))
    assert isinstance(logged, dict)
    assert logged["ships"] == _expert_log(8, ExpertCaptain(effort=2), keep_log=False)


def test_it_pickles_with_its_settings() -> None:
    expert = ExpertCaptain(effort=3, objective="home", seed=4)
    again = pickle.loads(pickle.dumps(expert))
    assert (again.effort, again.objective, again.seed) == (3, "home", 4)
    assert _expert_log(2, again) == _expert_log(2, expert)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="objective"):
        ExpertCaptain(objective="glory")
    with pytest.raises(ValueError, match="at least 1"):
        ExpertCaptain(effort=0)


class _Watch(ExpertCaptain):
    """The expert, noting which decisions it searched."""

    def __init__(self) -> None:
        super().__init__(effort=2)
        self.searched: list[DecisionKind] = []
        self.asked: list[DecisionKind] = []

    def search(self, state: FlightState, decision: Decision) -> Option:
        self.asked.append(decision.kind)
        before = state.searches
        chosen = super().search(state, decision)
        if state.searches > before:
            self.searched.append(decision.kind)
        return chosen


def test_it_searches_only_where_there_is_a_choice() -> None:
    """Never a decision with one option, never giving up (it flies on)."""
    watch = _Watch()
    fly(_plan(11), captains={"red": watch})
    assert DecisionKind.GIVE_UP in watch.asked
    assert DecisionKind.GIVE_UP not in watch.searched
    assert watch.searched


def test_same_state_tells_branches_apart() -> None:
    """The expert's golden flight (scenarios/flights/robot-thruster.toml): at the robots'
    question, the same answer twice with the same dice is the same state at the end of the
    card; waking the robots (a token spent, a shift, a miss) is another."""
    from trucker.core.dice import StreamDice
    from trucker.formats.decks import load_deck
    from trucker.formats.load import load_ship

    seen: list[bool] = []

    class Probe(ExpertCaptain):
        def search(self, inner: FlightState, decision: Decision) -> Option:
            if decision.kind is DecisionKind.ACTIVATE_ROBOTS:
                policies = SensibleCaptain()
                stay, wake = decision.options
                same = [inner.branch(stay.label, dice=StreamDice(1), policies=policies)
                        for _ in range(2)]  # fmt: skip
                seen.append(same_state(same))
                woken = inner.branch(wake.label, dice=StreamDice(1), policies=policies)
                seen.append(same_state([same[0], woken]))
            return self.decide(decision)

    folder = SCENARIOS / "flights"
    ship = load_ship(folder / "robot-thruster.toml")
    deck = load_deck(folder / "decks" / "small-predator.toml")
    plan = FlightPlan((Crew("Tinker", ship),), deck, Rulings(), faces=(3, 4))
    fly(plan, captains={"Tinker": Probe()})
    assert seen == [True, False]


def test_appraisals_meet_the_same_rollouts() -> None:
    """Common random numbers: one outcome per rollout and option, as many for each option."""
    found: list[list[int]] = []

    class Probe(ExpertCaptain):
        def search(self, inner: FlightState, decision: Decision) -> Option:
            if len(decision.options) > 1 and decision.kind is not DecisionKind.GIVE_UP:
                appraised = appraise(inner, decision, effort=3)
                found.append([len(a.outcomes) for a in appraised if a.searched])
            return self.decide(decision)

    fly(_plan(4), keep_log=False, captains={"red": Probe()})
    searched = [lengths for lengths in found if lengths]
    assert searched and all(set(lengths) == {3} for lengths in searched)


def test_rollouts_fly_the_captains_they_are_given() -> None:
    """``others``: a ship's captain in the rollouts over the flight's own (advise flies a
    saved log's cautious ship as cautious)."""
    asked: list[str] = []

    class Spy(SensibleCaptain):
        def decide(self, decision: Decision) -> Option:
            asked.append(decision.ship)
            return super().decide(decision)

    class Probe(ExpertCaptain):
        def search(self, inner: FlightState, decision: Decision) -> Option:
            if len(decision.options) > 1 and decision.kind is not DecisionKind.GIVE_UP:
                appraise(inner, decision, effort=1, always=True, others={"blue": Spy()})
            return self.decide(decision)

    fly(_plan(4), keep_log=False, captains={"red": Probe()})
    assert set(asked) == {"blue"}


def test_options_alike_end_alike() -> None:
    """Options grouped as alike (the same state at the end of the card, the same dice) end the
    flight the same way when each is flown on its own; and a few dealt flights have such
    groups (two humans of one cabin pair, either lost first; two planets whose goods do not
    fit anyway)."""
    from trucker.core.dice import StreamDice
    from trucker.sim.expert import _alike, _end

    groups: list[int] = []

    class Probe(ExpertCaptain):
        def search(self, inner: FlightState, decision: Decision) -> Option:
            if len(decision.options) > 1 and decision.kind is not DecisionKind.GIVE_UP:
                policies = SensibleCaptain()

                def branch(label: str) -> FlightState:
                    return inner.branch(label, dice=StreamDice(3), policies=policies)

                found = _alike([branch(o.label) for o in decision.options])
                for group in found:
                    ends = {_end(branch(decision.options[i].label), "red") for i in group}
                    assert len(ends) == 1
                    groups.append(len(group))
            return self.decide(decision)

    for seed in range(4):
        fly(_plan(seed), keep_log=False, captains={"red": Probe()})
    assert max(groups) > 1


def test_an_option_clearly_behind_is_culled() -> None:
    """Racing: with many rollouts asked, an option behind the leader in every rollout stops
    early, and the search ends once one option is left."""
    from trucker.sim.expert import Outcome, behind

    ahead = [Outcome(10, True)] * 4
    assert behind(ahead, [Outcome(7, True)] * 4, "credits")
    assert not behind(ahead, [Outcome(7, True)] * 3, "credits")  # too few rollouts
    assert not behind(ahead, [Outcome(12, True), *[Outcome(9, True)] * 3], "credits")
    assert not behind(ahead, [Outcome(3, True)] * 4, "home")
    found: list[list[int]] = []

    class Probe(ExpertCaptain):
        def search(self, inner: FlightState, decision: Decision) -> Option:
            if len(decision.options) > 1 and decision.kind is not DecisionKind.GIVE_UP:
                appraised = appraise(inner, decision, effort=64)
                if appraised[0].searched:
                    found.append([len(a.outcomes) for a in appraised])
            return self.decide(decision)

    fly(_plan(4), keep_log=False, captains={"red": Probe()})
    assert found and all(max(lengths) <= 64 for lengths in found)
    assert any(min(lengths) < max(lengths) for lengths in found)
    assert any(max(lengths) < 64 for lengths in found)
