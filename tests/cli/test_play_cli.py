"""``trucker play`` end to end: a person's answers typed on standard input, the log saved on end
of input and on Ctrl-C, a resumed flight ending as the uninterrupted one, bad answers asked
again, bad files refused with exit 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.cli.invoke import Run, run_main
from tests.conftest import SCENARIOS

FLIGHTS = SCENARIOS / "flights"
RED = str(FLIGHTS / "red.toml")
GREEN = str(FLIGHTS / "green.toml")
SMUGGLERS = str(FLIGHTS / "decks" / "smugglers.toml")
CRUISER = str(SCENARIOS / "ships" / "class-iii-cruiser.toml")
ENOUGH = "\n" * 200
"""Enter at every question of a whole flight: the suggested option each time."""


def play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    cwd: Path,
    typed: str,
    *args: str,
) -> Run:
    """``trucker play ARGS`` in ``cwd`` with ``typed`` as standard input."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return run_main(capsys, "play", *args, cwd=cwd)


def decided(log: dict, ship: str, kind: str) -> list[str]:
    return [
        e["choice"]
        for e in log["events"]
        if e["kind"] == "decided" and e["ship"] == ship and e["decision"] == kind
    ]


def result(log: dict, ship: str) -> dict:
    return next(s for s in log["ships"] if s["name"] == ship)


def test_a_choice_is_asked_after_the_story_and_the_answer_flies(capsys, monkeypatch, tmp_path):
    # Red and Green against the level I smugglers (strength 4; loser -2 goods; winner YGB for
    # 1 day). Neither is asked whether to give up: each could meet the smugglers with firepower
    # 4 or more, and has no goods to lose anyway (RULES §6.3; sim/giving_up.py). Red powers no
    # double cannon (1): firepower 2 loses, and with no goods to lose it loses its one battery
    # token (RULES §6.5). Green powers both doubles (Enter): 1/2 + 2 + 2 = 4 1/2 beats them,
    # and passes on the goods (1): it stays on space 0. Red arrives first: 4 + best-looking 2
    # = 6; Green second: 3 + 2 = 5 (RULES §9.1).
    run = play(capsys, monkeypatch, tmp_path, "1\n\n1\n", RED, GREEN, "--deck", SMUGGLERS,
               "--seed", "1")  # fmt: skip
    assert run.code == 0, run.stderr
    out = run.stdout
    assert "at the table: Red (a person), Green (a person)" in out
    assert "give-up" not in out
    asked = out.index("Red, your decision #3 (power-cannons — smugglers, strength 4):")
    assert out.index("card 1: I-smugglers-1") < asked  # the card is told before the question
    assert "  1. power 0 double cannons" in out
    assert out.index("Red meets the smugglers (strength 4) with firepower 2: loses") > asked
    assert "Green, your decision #5 (take — the smugglers' goods YGB" in out
    log = json.loads((tmp_path / "flight-1.json").read_text())
    assert decided(log, "Red", "power-cannons") == ["power 0 double cannons"]
    assert decided(log, "Green", "take") == ["pass on the smugglers' goods YGB"]
    assert result(log, "Red")["batteries"] == 0
    assert result(log, "Red")["final_credits"] == 6
    assert result(log, "Green")["moved"] == 0
    assert result(log, "Green")["final_credits"] == 5
    assert "the flight is over: the log is in flight-1.json" in out
    again = run_main(capsys, "replay", "flight-1.json", "--json", cwd=tmp_path)
    assert again.code == 0, again.stderr
    assert json.loads(again.stdout)["ships"] == log["ships"]


def test_bad_answers_are_asked_again(capsys, monkeypatch, tmp_path):
    run = play(capsys, monkeypatch, tmp_path, "fly\n7\n\n\nhelp\n\n\n\n", RED, GREEN, "--deck",
               SMUGGLERS, "--seed", "1", "--give-up", "always")  # fmt: skip
    assert run.code == 0, run.stderr
    assert "'fly' is not an option: type its number, 1-2" in run.stdout
    assert "there is no option 7: choose 1-2" in run.stdout
    assert "save: write the log so far and go on" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr
    assert (tmp_path / "flight-1.json").exists()


def test_an_option_can_be_typed_out(capsys, monkeypatch, tmp_path):
    typed = "Power 0 Double Cannons\n" + ENOUGH
    run = play(capsys, monkeypatch, tmp_path, typed, RED, GREEN, "-d", SMUGGLERS, "--seed", "1")
    assert run.code == 0, run.stderr
    log = json.loads((tmp_path / "flight-1.json").read_text())
    assert decided(log, "Red", "power-cannons") == ["power 0 double cannons"]


def test_end_of_input_saves_and_says_where(capsys, monkeypatch, tmp_path):
    run = play(capsys, monkeypatch, tmp_path, "", RED, GREEN, "-d", SMUGGLERS, "--seed", "1")
    assert run.code == 0, run.stderr
    assert (
        "end of input: saved to flight-1.json; go on with: trucker play --resume flight-1.json"
        in run.stdout
    )
    saved = json.loads((tmp_path / "flight-1.json").read_text())
    assert saved["finished"] is False
    assert saved["flight"]["format"] == "trucker-flight/1"
    assert saved["waiting"]["ship"] == "Red"
    assert saved["waiting"]["decision"] == "power-cannons"
    assert saved["waiting"]["options"] == ["power 0 double cannons", "power 1 double cannon"]
    # a flight saved before its end is resumed, not replayed
    again = run_main(capsys, "replay", "flight-1.json", cwd=tmp_path)
    assert again.code == 2
    assert "resume it with trucker play --resume flight-1.json" in again.stderr


def test_a_save_never_takes_a_file_it_did_not_write(capsys, monkeypatch, tmp_path):
    (tmp_path / "flight-1.json").write_text("mine\n")
    run = play(capsys, monkeypatch, tmp_path, "", RED, "-d", SMUGGLERS, "--seed", "1")
    assert run.code == 0, run.stderr
    assert (tmp_path / "flight-1.json").read_text() == "mine\n"
    assert json.loads((tmp_path / "flight-1-2.json").read_text())["finished"] is False


def test_save_and_quit_at_a_question(capsys, monkeypatch, tmp_path):
    run = play(capsys, monkeypatch, tmp_path, "save\nquit\n", RED, "-d", SMUGGLERS, "--seed",
               "1", "--save", "game.json")  # fmt: skip
    assert run.code == 0, run.stderr
    assert "saved: saved to game.json" in run.stdout
    assert "stopped: saved to game.json; go on with: trucker play --resume game.json" in run.stdout


class _Interrupted(io.StringIO):
    """Standard input on which the person presses Ctrl-C after the lines given."""

    def readline(self, *args: object) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_saves_and_says_where(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", _Interrupted("\n"))
    run = run_main(capsys, "play", RED, GREEN, "-d", SMUGGLERS, "--seed", "1", cwd=tmp_path)
    assert run.code == 130
    assert "interrupted: saved to flight-1.json; go on with: trucker play --resume" in run.stdout
    saved = json.loads((tmp_path / "flight-1.json").read_text())
    assert saved["waiting"]["ship"] == "Green"


@pytest.mark.parametrize("stop_after", [1, 5, 9])
def test_a_resumed_flight_ends_as_the_uninterrupted_one(capsys, monkeypatch, tmp_path, stop_after):
    # two people flying cruisers through a dealt round-III deck; the second gives up at the
    # fourth card and the first keeps some choices of its own
    answers = ["", "", "", "", "", "", "", "2", "1", "", "3", "", "2", ""] + [""] * 200
    args = (CRUISER, CRUISER, "--deck", "random:III", "--seed", "1")
    whole = play(capsys, monkeypatch, tmp_path, "\n".join(answers), *args, "--save", "whole.json")
    assert whole.code == 0, whole.stderr
    cut = "".join(a + "\n" for a in answers[:stop_after])
    first = play(capsys, monkeypatch, tmp_path, cut, *args, "--save", "part.json")
    assert first.code == 0, first.stderr
    assert json.loads((tmp_path / "part.json").read_text())["finished"] is False
    rest = "\n".join(answers[stop_after:])
    second = play(capsys, monkeypatch, tmp_path, rest, "--resume", "part.json", "--save",
                  "resumed.json")  # fmt: skip
    assert second.code == 0, second.stderr
    assert "resumed from part.json" in second.stdout
    whole_log = json.loads((tmp_path / "whole.json").read_text())
    assert "finished" not in whole_log  # the whole flight's log is trucker fly --json's
    assert json.loads((tmp_path / "resumed.json").read_text()) == whole_log


def test_shipped_captains_fly_the_ships_named(capsys, monkeypatch, tmp_path):
    # green (the file's name) is flown by the sensible captain: only Red is asked
    run = play(capsys, monkeypatch, tmp_path, ENOUGH, RED, GREEN, "-d", SMUGGLERS, "--seed", "1",
               "--captain", "green=sensible")  # fmt: skip
    assert run.code == 0, run.stderr
    assert "Green (sensible captain)" in run.stdout
    assert "Green, your decision" not in run.stdout
    assert "Green decides (power-cannons): power 2 double cannons" in run.stdout


def test_json_prints_the_log_alone_on_stdout(capsys, monkeypatch, tmp_path):
    run = play(capsys, monkeypatch, tmp_path, ENOUGH, RED, "-d", SMUGGLERS, "--seed", "1",
               "--json")  # fmt: skip
    assert run.code == 0, run.stderr
    log = json.loads(run.stdout)
    assert log["flight"]["ships"][0]["captain"] == "human"
    assert "Red, your decision" in run.stderr


def _saved(capsys, monkeypatch, tmp_path: Path) -> dict:
    play(capsys, monkeypatch, tmp_path, "\n\n", RED, GREEN, "-d", SMUGGLERS, "--seed", "1")
    return json.loads((tmp_path / "flight-1.json").read_text())


def test_an_edited_log_is_refused(capsys, monkeypatch, tmp_path):
    saved = _saved(capsys, monkeypatch, tmp_path)
    saved["events"][0]["track"] = 20  # the log says the track had 20 spaces; level I has 18
    (tmp_path / "edited.json").write_text(json.dumps(saved))
    run = play(capsys, monkeypatch, tmp_path, ENOUGH, "--resume", "edited.json")
    assert run.code == 2
    assert len(run.err_lines) == 1
    assert run.err_lines[0].startswith(
        "edited.json: events.0: the flight flown again leaves the log: logged {'kind': "
        "'flight-started', 'level': 'I', 'track': 20,"
    )
    assert "flown again {'kind': 'flight-started', 'level': 'I', 'track': 18," in run.stderr


@pytest.mark.parametrize(
    ("args", "where"),
    [
        (["missing.toml", "-d", SMUGGLERS], "missing.toml"),
        ([RED, "-d", "nowhere.toml"], "nowhere.toml"),
        ([RED], "--deck"),
        ([], "ships"),
        ([RED, "-d", SMUGGLERS, "--captain", "Blue=sensible"], "--captain"),
        ([RED, "-d", SMUGGLERS, "--captain", "Red=clever"], "--captain"),
        ([RED, "-d", SMUGGLERS, "--save", RED], "--save"),
        (["--resume", RED], RED),
        (["--resume", "nothing.json"], "nothing.json"),
        (["--resume", "log.json", "-d", SMUGGLERS], "--resume"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, monkeypatch, tmp_path, args, where):
    (tmp_path / "log.json").write_text("{}")
    before = Path(RED).read_text()
    run = play(capsys, monkeypatch, tmp_path, ENOUGH, *args)
    assert run.code == 2, run.stdout
    assert len(run.err_lines) == 1, run.stderr
    assert where in run.err_lines[0]
    assert "Traceback" not in run.stderr
    assert Path(RED).read_text() == before


def test_a_log_that_is_not_a_flight_is_refused(capsys, monkeypatch, tmp_path):
    (tmp_path / "log.json").write_text('{"flight": {"format": "other"}}')
    run = play(capsys, monkeypatch, tmp_path, ENOUGH, "--resume", "log.json")
    assert run.code == 2
    assert run.err_lines == [
        "log.json: flight: not a trucker-flight/1 log (write one with trucker fly --json)"
    ]


def test_hints_show_the_experts_values(capsys, monkeypatch, tmp_path):
    # one card and no dice: whatever the rollouts, Red flying on arrives first, 4 + best-looking
    # 2 = 6 credits, and comes home; giving up earns nothing and does not come home (RULES §6.3,
    # §9.1). Powering its double cannon or not costs Red no credit (the token is lost either
    # way): the two leave the flight the same at the end of the card, valued once.
    run = play(capsys, monkeypatch, tmp_path, ENOUGH, RED, GREEN, "-d", SMUGGLERS, "--seed", "1",
               "--hints", "--effort", "20", "--captain", "green=expert", "--give-up",
               "always")  # fmt: skip
    assert run.code == 0, run.stderr
    out = run.stdout
    assert "  1. fly on   (Enter)  expert: 6.0 credits (6.0-6.0), home 100%, best" in out
    assert "  2. give up           expert: 0.0 credits (0.0-0.0), home 0%" in out
    assert "  1. power 0 double cannons           expert: 6.0 credits (6.0-6.0), home 100%" in out
    assert "  2. power 1 double cannon   (Enter)  expert: the same as 1" in out
    assert "Green (expert captain)" in out
    saved = json.loads((tmp_path / "flight-1.json").read_text())
    assert saved["flight"]["ships"][1]["captain_options"] == {"effort": 20}


def test_hints_and_a_resume_leave_an_experts_flight_as_it_was(capsys, monkeypatch, tmp_path):
    args = (CRUISER, CRUISER, "-d", "random:III", "--seed", "5", "--captain", "Cruiser (2)=expert",
            "--effort", "2")  # fmt: skip
    hinted = play(capsys, monkeypatch, tmp_path, ENOUGH, *args, "--hints", "--save", "a.json")
    assert hinted.code == 0, hinted.stderr
    assert "expert: " in hinted.stdout
    first = play(capsys, monkeypatch, tmp_path, "\n\n\n", *args, "--save", "b.json")
    assert first.code == 0, first.stderr
    second = play(capsys, monkeypatch, tmp_path, ENOUGH, "--resume", "b.json", "--save", "c.json")
    assert second.code == 0, second.stderr
    whole = json.loads((tmp_path / "a.json").read_text())
    assert json.loads((tmp_path / "c.json").read_text()) == whole
    assert any(e["kind"] == "decided" and e["ship"] == "Cruiser (2)" for e in whole["events"])


def test_effort_needs_someone_to_search(capsys, monkeypatch, tmp_path):
    run = play(capsys, monkeypatch, tmp_path, ENOUGH, RED, "-d", SMUGGLERS, "--effort", "5")
    assert run.code == 2
    assert run.err_lines == ["--effort: 5: only the expert searches"]


def test_no_one_is_asked_a_question_no_answer_changes(capsys, monkeypatch, tmp_path):
    # the Drifter has no engine: an Open Space puts it out whatever it answers (RULES §6.3),
    # so it is told why instead of asked; Red, with an engine, is asked
    drifter = str(FLIGHTS / "no-engine.toml")
    deck = str(FLIGHTS / "decks" / "open-space.toml")
    run = play(capsys, monkeypatch, tmp_path, ENOUGH, drifter, RED, "-d", deck, "--seed", "1",
               "--give-up", "always")  # fmt: skip
    assert run.code == 0, run.stderr
    out = run.stdout
    assert "  Drifter is not asked whether to give up: this card puts it out anyway" in out
    assert "Drifter, your decision" not in out
    assert "Red, your decision #2 (give-up — before the card):" in out
    assert "Drifter gives up: no engine power in open space" in out
