"""A corpus of hostile inputs for every command that reads a file (issue 13 B): ships in TOML
and JSON, board files, decks, intruder cards, flight logs, choices files and rulings. Each case
runs ``trucker`` in its own process, its address space capped at 200 MB (RLIMIT_AS), and must
answer in one line on stderr with exit 2: no traceback, no hang, no runaway, no file changed
and none left behind. The child's peak memory and CPU time are read back (``os.wait4``) and
printed with ``-s``; the subprocess timeout is only a guard against a hang, not a measure.

The files are written by the test from their recipes below (a 5,000-level nesting or a FIFO
does not belong in the repository)."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS

STARTER = SCENARIOS / "ships" / "class-i-starter.toml"
COMMANDO = SCENARIOS / "intruders" / "commando-card.toml"
MEMORY = 200 * 1024 * 1024
"""The address space each run may take: the interpreter, the libraries and the work."""
HANG_GUARD = 120
"""Seconds after which a run is killed as hung: a guard, far over what any case needs."""
CPU_GUARD = 30
"""CPU seconds after which a run is stopped (SIGXCPU) as a runaway: a guard, not a measure."""

Files = dict[str, "str | bytes | Callable[[Path], None]"]


@dataclass(frozen=True)
class Case:
    """One hostile input: the files it writes (into an empty folder), the command line that
    reads them (``{NAME}`` is that file's path), and what the one line must mention."""

    files: Files
    args: tuple[str, ...]
    mentions: str


def _nested_json(depth: int) -> str:
    return "[" * depth + "]" * depth


def _nested_toml(key: str, depth: int) -> str:
    return f"{key} = " + "[" * depth + "]" * depth + "\n"


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _directory(path: Path) -> None:
    path.mkdir()


def _device(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _loop(path: Path) -> None:
    path.symlink_to(path.name)


def _hard_link(to: str) -> Callable[[Path], None]:
    """A second name for the file ``to`` of the same folder (written before it)."""
    return lambda path: os.link(path.parent / to, path)


def _symlink(to: str) -> Callable[[Path], None]:
    return lambda path: path.symlink_to(to)


SHIP = STARTER.read_text(encoding="utf-8")
HEAD = 'format = "trucker-ship/1"\nname = "X"\nboard = "I"\n'
DECK = 'format = "trucker-deck/1"\nlevel = "I"\n'
CHOICES = 'format = "trucker-choices/1"\n'
BOARD = (
    'format = "trucker-board/1"\nid = "X"\nname = "X"\nlevel = 1\nstart = "7,7"\n'
    '[squares]\n7 = "6-8"\n'
)
ON_BOARD = (
    'format = "trucker-ship/1"\nboard = "board.toml"\n[tiles]\n'
    '"7,7" = {part = "cabin", start = true}\n'
)


def _log(edit: Callable[[dict], None]) -> Callable[[Path], None]:
    """A real flight log of the starter ship, edited."""

    def write(path: Path) -> None:
        run = subprocess.run(
            [sys.executable, "-m", "trucker", "fly", str(STARTER), "-d", "random:I", "--seed",
             "3", "--json"], capture_output=True, text=True, check=True,
        )  # fmt: skip
        log = json.loads(run.stdout)
        edit(log)
        path.write_text(json.dumps(log), encoding="utf-8")

    return write


def _set(*keys: object, value: object) -> Callable[[dict], None]:
    def edit(log: dict) -> None:
        where = log
        for key in keys[:-1]:
            where = where[key]
        where[keys[-1]] = value

    return edit


def _swap_first_cards(log: dict) -> None:
    cards = log["flight"]["deck"]["card"]
    cards[0], cards[1] = cards[1], cards[0]


def _readers(name: str, suffix: str, wrap: Callable[[str], tuple[str, ...]]) -> dict[str, Case]:
    """What every file reader must survive, for one kind of file (``wrap`` puts the file's
    path into a command line)."""
    file = f"in{suffix}"
    digits = "9" * 5000
    digits = f'{{"format": {digits}}}' if suffix == ".json" else f"format = {digits}\n"
    nested = _nested_json(5000) if suffix == ".json" else _nested_toml("x", 5000)
    return {
        f"{name}-nested-5000": Case({file: nested}, wrap("{in}"), "nest"),
        f"{name}-dev-zero": Case({file: _device}, wrap("{in}"), "not a file"),
        f"{name}-fifo": Case({file: _fifo}, wrap("{in}"), "not a file"),
        f"{name}-directory": Case({file: _directory}, wrap("{in}"), "not a file"),
        f"{name}-symlink-loop": Case({file: _loop}, wrap("{in}"), "in"),
        f"{name}-over-1-mib": Case({file: "#" * (1 << 20) + "\n"}, wrap("{in}"), "1 MiB"),
        f"{name}-not-utf8": Case({file: b"\xff\xfe\x00garbage\x9b[2J"}, wrap("{in}"), file),
        f"{name}-bad-utf8-in-a-value": Case(
            {file: b'{"format": "\xc3\x28"}' if suffix == ".json" else b'format = "\xc3\x28"\n'},
            wrap("{in}"),
            file,
        ),
        f"{name}-5000-digits": Case(
            {file: digits},
            wrap("{in}"),
            "digits",
        ),
    }


def _ship(path: str) -> tuple[str, ...]:
    return ("validate", path)


def _deck(path: str) -> tuple[str, ...]:
    return ("fly", str(STARTER), "--deck", path, "--seed", "1")


def _card(path: str) -> tuple[str, ...]:
    return ("intruder", str(STARTER), "--card", path, "--roll", "7", "--html", "out.html")


def _choices(path: str) -> tuple[str, ...]:
    return ("fly", str(STARTER), "-d", "random:I", "--seed", "1", "--choices", path)


def _replay(path: str) -> tuple[str, ...]:
    return ("replay", path, "--html", "out.html")


def _on_board_log(path: Path) -> None:
    """A flight log of a ship on a board file (``board.toml`` beside it)."""
    (path.parent / "ship.toml").write_text(ON_BOARD, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "trucker", "fly", "ship.toml", "-d", "random:I", "--seed", "3",
         "--json"], capture_output=True, text=True, check=True, cwd=path.parent,
    )  # fmt: skip
    (path.parent / "ship.toml").unlink()
    path.write_text(run.stdout, encoding="utf-8")


_WRITERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "fix": ("out.toml", ("fix", "{ship}", "-o", "{out}")),
    "show": ("out.svg", ("show", "{ship}", "--svg", "{out}")),
    "hit": ("out.svg", ("hit", "{ship}", "-t", "small-meteor", "-f", "front", "--roll", "7",
                        "--svg", "{out}")),
    "exposure": ("out.svg", ("exposure", "{ship}", "-t", "small-meteor", "--svg", "{out}")),
    "radiation": ("out.svg", ("radiation", "{ship}", "--svg", "{out}")),
    "intruder-svg": ("out.svg", ("intruder", "{ship}", "--card", str(COMMANDO), "--roll", "7",
                                 "--svg", "{out}")),
    "intruder-html": ("out.html", ("intruder", "{ship}", "--card", str(COMMANDO), "--roll",
                                   "7", "--html", "{out}")),
    "fly": ("out.html", ("fly", "{ship}", "-d", "random:I", "--seed", "1", "--html", "{out}")),
    "weigh": ("out.svg", ("weigh", "{ship}", "-d", "random:I", "-n", "5", "--svg", "{out}")),
    "play": ("out.json", ("play", "{ship}", "-d", "random:I", "--seed", "1", "--save", "{out}")),
}  # fmt: skip
"""Every command that writes a file, and the command line that writes it beside a ship on a
board file (``{ship}``, ``{out}``)."""


def _outputs_that_are_inputs() -> dict[str, Case]:
    """An output that is an input by another road (issue 24 D): the board file a ship names,
    reached as a hard link or a symbolic link under the output's name, or named outright."""
    cases = {}
    for command, (out, args) in _WRITERS.items():
        for road, recipe in (("hard-link", _hard_link), ("symlink", _symlink)):
            cases[f"output-{command}-{road}-to-the-board"] = Case(
                {"ship.toml": ON_BOARD, "board.toml": BOARD, out: recipe("board.toml")},
                args,
                "refusing to overwrite an input file",
            )
    cases["output-replay-hard-link-to-the-board"] = Case(
        {"board.toml": BOARD, "log.json": _on_board_log, "out.html": _hard_link("board.toml")},
        ("replay", "{log}", "--html", "{out}"),
        "refusing to overwrite an input file",
    )
    for spelling in ("{board}", "./board.toml"):
        cases[f"output-fix-names-the-board-{spelling.strip('{}./')}"] = Case(
            {"ship.toml": ON_BOARD, "board.toml": BOARD},
            ("fix", "{ship}", "-o", spelling),
            "refusing to overwrite an input file",
        )
    for command in ("fix", "show"):
        out, args = _WRITERS[command]
        cases[f"output-{command}-is-a-device"] = Case(
            {"ship.toml": ON_BOARD, "board.toml": BOARD, out: _symlink("/dev/null")},
            args,
            "is a device, not a file",
        )
    cases["output-fix-hard-link-to-the-ship"] = Case(
        {"in.toml": SHIP, "link.toml": _hard_link("in.toml")},
        ("fix", "{in}", "-o", "{link}"),
        "refusing to overwrite an input file",
    )
    return cases


CASES: dict[str, Case] = {
    **_outputs_that_are_inputs(),
    **_readers("ship-toml", ".toml", _ship),
    **_readers("ship-json", ".json", _ship),
    **_readers("deck", ".toml", _deck),
    **_readers("card", ".toml", _card),
    **_readers("choices", ".toml", _choices),
    **_readers("log", ".json", _replay),
    # every command that reads a ship, on a ship nested 5,000 levels deep
    **{
        f"ship-nested-{command[0]}": Case({"in.toml": _nested_toml("tiles", 5000)}, command, "nest")
        for command in (
            ("show", "{in}", "--svg", "out.svg"),
            ("fix", "{in}", "-o", "out.toml"),
            ("hit", "{in}", "-t", "small-meteor", "-f", "front", "--roll", "7"),
            ("intruder", "{in}", "--card", str(COMMANDO), "--roll", "7"),
            ("radiation", "{in}"),
            ("exposure", "{in}", "-t", "small-meteor"),
            ("fly", "{in}", "-d", "random:I"),
            ("odds", "{in}", "-d", "random:I", "-n", "5"),
            ("odds", str(STARTER), "--vs", "{in}", "-d", "random:I", "-n", "5"),
        )
    },
    # ships
    "ship-json-lone-surrogate-in-a-name": Case(
        {
            "in.json": '{"format": "trucker-ship/1", "name": "A\\ud800", "board": "I", "tiles": '
            '{"7,7": {"part": "cabin", "start": true}}}'
        },
        _ship("{in}"),
        "name: holds half of a surrogate pair",
    ),
    "ship-json-lone-surrogate-in-a-key": Case(
        {
            "in.json": '{"format": "trucker-ship/1", "board": "I", "tiles": '
            '{"7,7\\udc00": {"part": "cabin", "start": true}}}'
        },
        _ship("{in}"),
        'tiles."7,7\\udc00": holds half of a surrogate pair',
    ),
    "ship-duplicate-key": Case(
        {"in.json": '{"format": "trucker-ship/1", "format": "x"}'}, _ship("{in}"), "twice"
    ),
    "ship-escape-in-key": Case(
        {"in.toml": HEAD + '[tiles]\n"\\u001b[2J" = {part = "cabin", start = true}\n'},
        _ship("{in}"),
        "\\x1b",
    ),
    "ship-key-of-100000": Case(
        {"in.toml": HEAD + f'[tiles]\n"{"7" * 100_000}" = {{part = "cabin", start = true}}\n'},
        _ship("{in}"),
        "...",
    ),
    "ship-square-far-away": Case(
        {"in.toml": HEAD + '[tiles]\n"99999999999999999999,7" = {part = "cabin"}\n'},
        _ship("{in}"),
        "99999",
    ),
    "ship-board-is-dev-zero": Case(
        {"in.toml": SHIP.replace('board = "I"', 'board = "/dev/zero"')}, _ship("{in}"), "/dev/zero"
    ),
    "ship-30000-tiles": Case(
        {
            "in.toml": HEAD
            + "[tiles]\n"
            + "".join(f'"{i},1" = {{part = "x"}}\n' for i in range(30_000))
        },
        _ship("{in}"),
        "1681 squares",
    ),
    # board files
    "board-a-billion-columns": Case(
        {"ship.toml": ON_BOARD, "board.toml": BOARD.replace("6-8", "1-99999999")},
        _ship("{ship}"),
        "off the scale",
    ),
    "board-a-billion-rows": Case(
        {"ship.toml": ON_BOARD, "board.toml": BOARD + '99999999 = "1"\n'},
        _ship("{ship}"),
        "off the scale",
    ),
    "board-nested-5000": Case(
        {"ship.toml": ON_BOARD, "board.toml": _nested_toml("squares", 5000)},
        _ship("{ship}"),
        "nest",
    ),
    "board-fifo": Case({"ship.toml": ON_BOARD, "board.toml": _fifo}, _ship("{ship}"), "not a file"),
    # rulings, in a ship file and on the command line
    "rulings-track-zero": Case(
        {"in.toml": SHIP + "\n[rulings]\ntrack_length = [0, 0, 0, 0]\n"},
        ("fly", "{in}", "-d", "random:I"),
        "track_length",
    ),
    "rulings-nested": Case(
        {"in.toml": SHIP + "\n[rulings]\n" + _nested_toml("x", 5000)}, _ship("{in}"), "nest"
    ),
    "rulings-5000-digits": Case(
        {},
        ("fly", str(STARTER), "-d", "random:I", "-r", "track_length=" + "9" * 5000),
        "track_length",
    ),
    "rulings-unknown": Case({}, ("validate", str(STARTER), "-r", "x\x1b[2J=1"), "\\x1b"),
    # decks and intruder cards
    "deck-a-billion-days": Case(
        {
            "in.toml": DECK + '[[card]]\ntype = "open-space"\n[[card]]\ntype = "abandoned-ship"\n'
            "crew = 1\ncredits = 1\ndays = 1000000000\n"
        },
        _deck("{in}"),
        "99",
    ),
    "deck-20000-cards": Case(
        {"in.toml": DECK + '[[card]]\ntype = "open-space"\n' * 20_000}, _deck("{in}"), "at most 100"
    ),
    "deck-40000-meteors": Case(
        {
            "in.toml": DECK
            + '[[card]]\ntype = "meteor-swarm"\nthreats = ['
            + '"small-meteor front", ' * 40_000
            + "]\n"
        },
        _deck("{in}"),
        "12",
    ),
    "card-steps-100000": Case(
        {"in.toml": COMMANDO.read_text(encoding="utf-8").replace("steps = 12", "steps = 100000")},
        _card("{in}"),
        "99",
    ),
    "card-100000-fuses": Case(
        {
            "in.toml": COMMANDO.read_text(encoding="utf-8").replace(
                "fuses = [6, 12]", "fuses = [" + ", ".join(map(str, range(1, 100_001))) + "]"
            )
        },
        _card("{in}"),
        "fuse",
    ),
    "intruder-steps-flag": Case(
        {},
        ("intruder", str(STARTER), "--steps", "100000", "--from", "front", "--roll", "7"),
        "99 steps",
    ),
    "intruder-20000-fuses-flag": Case(
        {},
        (
            "intruder",
            str(STARTER),
            "-k",
            "commando",
            "--steps",
            "12",
            "--fuses",
            ",".join(map(str, range(1, 20_001))),
            "--from",
            "front",
            "--roll",
            "7",
        ),
        "fuse",
    ),
    "odds-n-a-trillion": Case({}, ("odds", str(STARTER), "-d", "random:I", "-n", "10" * 6), "-n"),
    # every number that sets work has a stated maximum (issue 24 D)
    "weigh-n-a-trillion": Case(
        {}, ("weigh", str(STARTER), "-d", "random:I", "-n", "10" * 6), "at most 10,000,000"
    ),
    "advise-effort-a-million": Case(
        {}, ("advise", str(STARTER), "-d", "random:I", "--effort", "1000000"), "1 to 100,000"
    ),
    **{
        f"{command}-expert-effort-5000": Case(
            {},
            (command, str(STARTER), "-d", "random:I", "--policy", "expert", "--effort", "5000"),
            "--effort: 5000: rollouts per option, 1 to 1,000",
        )
        for command in ("fly", "odds", "weigh")
    },
    **{
        f"{command}-dask-{name}": Case(
            {}, (command, str(STARTER), "-d", "random:I", "--dask", address), "--dask: "
        )
        for name, address in (
            ("garbage", "garbage"),
            ("unknown-scheme", "foo://host:8786"),
            ("no-port", "tcp://127.0.0.1"),
        )
        for command in ("odds", "weigh")
    },
    "ruling-given-twice": Case(
        {},
        (
            "validate",
            str(STARTER),
            "-r",
            "radiation_explodes_at=4",
            "-r",
            "radiation_explodes_at=5",
        ),
        "radiation_explodes_at is given twice",
    ),
    # choices files
    "choices-unknown-ship": Case(
        {"in.toml": CHOICES + '[ships]\n"\\u001b]0;x" = ["a"]\n'}, _choices("{in}"), "\\x1b"
    ),
    "choices-not-labels": Case(
        {"in.toml": CHOICES + "[ships]\n'Little Yellow' = [[1]]\n"}, _choices("{in}"), "labels"
    ),
    # flight logs
    "log-track-zero": Case(
        {"in.json": _log(_set("flight", "rulings", "track_length", value=[0, 0, 0, 0]))},
        _replay("{in}"),
        "track_length",
    ),
    "log-events-not-events": Case(
        {"in.json": _log(_set("events", value=[[]] * 100_000))}, _replay("{in}"), "events"
    ),
    "log-board-is-dev-zero": Case(
        {"in.json": _log(_set("flight", "ships", 0, "layout", "board", value="/dev/zero"))},
        _replay("{in}"),
        "/dev/zero",
    ),
    "log-a-billion-days": Case(
        {
            "in.json": _log(
                _set(
                    "flight",
                    "deck",
                    "card",
                    0,
                    value={"type": "abandoned-ship", "crew": 1, "credits": 1, "days": 10**9},
                )
            )
        },
        _replay("{in}"),
        "99",
    ),
    "log-lone-surrogate": Case(
        {"in.json": _log(_set("flight", "ships", 0, "name", value="Little\ud800"))},
        _replay("{in}"),
        "surrogate",
    ),
    # a log edited in one place only (issue 24 D): read back, it would tell another flight
    "log-ship-renamed": Case(
        {"in.json": _log(_set("flight", "ships", 0, "name", value="Renamed"))},
        _replay("{in}"),
        "events[0].ships: 'Little Yellow' is not a ship of flight.ships (Renamed)",
    ),
    "log-ship-renamed-advise": Case(
        {"in.json": _log(_set("flight", "ships", 0, "name", value="Renamed"))},
        ("advise", "{in}", "--at", "2"),
        "events[0].ships",
    ),
    "log-deck-reordered": Case(
        {"in.json": _log(_swap_first_cards)},
        _replay("{in}"),
        "flight.deck: card 1 is",
    ),
    "log-deck-reordered-advise": Case(
        {"in.json": _log(_swap_first_cards)},
        ("advise", "{in}", "--at", "2"),
        "flight.deck: card 1 is",
    ),
    "log-seed-a-string": Case(
        {"in.json": _log(_set("flight", "seed", value="3"))}, _replay("{in}"), "flight.seed"
    ),
    "log-seed-true": Case(
        {"in.json": _log(_set("flight", "seed", value=True))}, _replay("{in}"), "flight.seed"
    ),
    "log-insured-a-string": Case(
        {"in.json": _log(_set("flight", "ships", 0, "insured", value="yes"))},
        _replay("{in}"),
        "flight.ships.Little Yellow.insured",
    ),
    "log-effort-a-billion": Case(
        {"in.json": _log(_set("flight", "ships", 0, "captain_options", value={"effort": 10**9}))},
        ("advise", "{in}", "--at", "2"),
        "captain_options.effort",
    ),
    "log-six-ships": Case(
        {"in.json": _log(lambda log: log["flight"]["ships"].extend(log["flight"]["ships"] * 5))},
        _replay("{in}"),
        "ships",
    ),
    "log-faces-out-of-range": Case(
        {
            "in.json": _log(
                lambda log: [
                    e.update(faces=[7, 99]) for e in log["events"] if e["kind"] == "rolled"
                ]
            )
        },
        _replay("{in}"),
        "faces",
    ),
}


def _state(folder: Path) -> dict[str, str]:
    """Every file of the folder and what it holds (a FIFO or a device by its kind only)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file():
            out[path.name] = "link" if path.is_symlink() else "other"
        else:
            out[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_GUARD, CPU_GUARD))


def _run(args: list[str], cwd: Path) -> tuple[int, str, str, float, float]:
    """The run's exit code, stdout, stderr, peak memory in MB and CPU seconds (its own
    resource usage, read as it is reaped)."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "CLICOLOR_FORCE")}
    child = subprocess.Popen(
        [sys.executable, "-m", "trucker", *args], cwd=cwd, env=env, preexec_fn=_limit,
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    read: dict[str, bytes] = {}
    readers = [
        threading.Thread(target=lambda k=k, s=s: read.__setitem__(k, s.read()))
        for k, s in (("out", child.stdout), ("err", child.stderr))
    ]
    for reader in readers:
        reader.start()
    guard = threading.Timer(HANG_GUARD, child.kill)
    guard.start()
    _, status, usage = os.wait4(child.pid, 0)
    guard.cancel()
    child.returncode = os.waitstatus_to_exitcode(status)
    for reader in readers:
        reader.join()
    return (child.returncode, read["out"].decode("utf-8", "replace"),
            read["err"].decode("utf-8", "replace"), usage.ru_maxrss / 1024,
            usage.ru_utime + usage.ru_stime)  # fmt: skip


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_input_is_one_line_exit_2(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    for file, content in case.files.items():
        path = tmp_path / file
        if callable(content):
            content(path)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    names = {Path(f).stem: str(tmp_path / f) for f in case.files}
    args = [a.format(**names) if "{" in a else a for a in case.args]
    _one_line_exit_2(name, args, tmp_path, case.mentions)


def _one_line_exit_2(name: str, args: list[str], folder: Path, mentions: str) -> None:
    """Run ``trucker ARGS`` in ``folder``: one line on stderr that mentions ``mentions``, exit
    2, no traceback, and no file of the folder changed, added or removed."""
    before = _state(folder)
    code, out, err, megabytes, seconds = _run(args, folder)
    print(f"{name}: exit {code}, {megabytes:.0f} MB, {seconds:.2f} s CPU")
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2, (code, err[-2000:])
    assert len(lines) == 1, lines[:5]
    assert "Traceback" not in err + out and "internal error" not in err
    assert len(lines[0]) < 3000
    assert mentions in lines[0], lines[0]
    assert _state(folder) == before


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    """A folder in which no file can be made: a read-only file system mounted there when this
    is root (who may write into any folder), else a folder without write permission."""
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    mount = ["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(folder)]
    if subprocess.run(mount, capture_output=True, check=False).returncode != 0:
        pytest.skip("no read-only file system can be mounted here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True, check=False)


_READ_ONLY = {
    **{command: args for command, (_, args) in _WRITERS.items() if command != "play"},
    "replay": ("replay", "{ship}", "--html", "{out}"),
    "intruder-frames": ("intruder", "{ship}", "--card", str(COMMANDO), "--roll", "7",
                        "--frames", "ro"),
    "new": ("new", "-b", "I", "-o", "{out}"),
    "boards": ("boards", "I", "--svg", "{out}"),
}  # fmt: skip


@pytest.mark.parametrize("command", sorted(_READ_ONLY))
def test_an_output_that_cannot_be_written_is_found_before_any_work(
    command: str, read_only: Path
) -> None:
    """Every command that writes finds a read-only folder before it reads its inputs, let
    alone flies: the ship here does not even exist, and the one line names the output."""
    args = _READ_ONLY[command]
    suffix = {"fix": ".toml", "new": ".toml", "replay": ".html", "fly": ".html"}.get(command)
    out = f"ro/out{suffix or ('.html' if 'intruder-html' in command else '.svg')}"
    filled = [a.format(ship="missing.toml", out=out) if "{" in a else a for a in args]
    option = next(a for a in filled if a in ("-o", "--svg", "--html", "--frames"))
    _one_line_exit_2(command, filled, read_only.parent, f"{option}: ")
    _, _, err, _, _ = _run(filled, read_only.parent)
    assert "cannot be written" in err and "missing.toml" not in err


def test_play_and_examples_find_a_read_only_folder_first(read_only: Path) -> None:
    """``play --save`` (its check is the shared one) and ``examples`` into a read-only folder."""
    _one_line_exit_2(
        "play",
        ["play", str(STARTER), "-d", "random:I", "--seed", "1", "--save", "ro/game.json"],
        read_only.parent,
        "--save: ro/game.json: cannot be written here",
    )
    _one_line_exit_2("examples", ["examples", "ro/new"], read_only.parent, "cannot be written")
