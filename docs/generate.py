"""Build the tutorials in docs/ from their sources, running `trucker` on scenarios/.

    python docs/generate.py              # rewrite docs/*.md, docs/pictures/, docs/screenshots/
    python docs/generate.py --out DIR    # write into DIR instead (the docs test compares)

Each page in docs/source/ is Markdown with directives in HTML comments, replaced by what the
program prints or draws, so no output or picture in the docs is ever typed by hand:

    <!-- include: scenarios/ships/broken-hauler.toml -->   the file, in a code block
    <!-- run: validate scenarios/ships/broken-hauler.toml -->   the command and its output
    <!-- run: fly ... | head 4 -->   only the first 4 lines of the output, then "…"
    <!-- run: play ... | input 1;;save -->   typed on standard input: one line per ";" piece
    <!-- run: intruder ... | exit 2 -->   a command shown failing on purpose: it must exit 2
    <!-- picture: NAME.svg | show scenarios/ships/x.toml -->   runs the command with --svg
    <!-- page: NAME.html | intruder ... -->   runs the command with --html; a link to the page
    <!-- log: NAME.json | fly ... -->   runs the command with --json, keeps the output as
                                        pictures/NAME.json and shows it in outline
    <!-- steps: NAME | 1,2,4 | CASE NAME -->   one picture per step of a case of
                                               scenarios/intruders/cases.toml, with narration
    <!-- api: trucker -->   every public name of ``import trucker``, by group, each with its
                            signature and its help (examples included) from its docstring

A command may read what an earlier directive wrote: an argument starting with ``docs/`` names
the folder being written (``run: replay docs/pictures/NAME.json``).

A command that crashes, or that exits 2 or more where its directive does not say ``exit N``,
stops the build naming the page and the command, instead of writing its error into the page.

Everything is written in the repository's own terms (relative paths, no colour, fixed width),
so two runs give the same bytes; tests/docs/test_docs_current.py fails when the committed
docs differ from a fresh run.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import io
import json
import os
import re
import shlex
import sys
import textwrap
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "docs" / "source"
PAGES = tuple(sorted(p.name for p in SOURCE.glob("*.md")))
"""Every source page becomes the page of the same name in docs/."""
PICTURES = "pictures"

_DIRECTIVE = re.compile(r"<!--\s*(include|run|picture|page|log|steps|api):\s*(.*?)\s*-->", re.S)


def _quiet_terminal() -> None:
    """Plain text at a fixed width, whatever the caller's terminal says (before rich loads)."""
    for name in ("FORCE_COLOR", "CLICOLOR_FORCE", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        os.environ.pop(name, None)
    os.environ.update(NO_COLOR="1", TERM="dumb", COLUMNS="100", LINES="40")


def run_trucker(args: list[str], typed: str = "") -> tuple[int, str, str]:
    """``trucker ARGS`` in this process, through the console entry point, ``typed`` on its
    standard input."""
    from trucker.cli.app import main

    out, err = io.StringIO(), io.StringIO()
    saved, stdin = sys.argv, sys.stdin
    sys.argv = ["trucker", *args]
    sys.stdin = io.StringIO(typed)
    code = 0
    try:
        with redirect_stdout(out), redirect_stderr(err):
            main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    finally:
        sys.argv, sys.stdin = saved, stdin
    return code, out.getvalue(), err.getvalue()


def _check_exit(command: str, code: int, text: str, expected: int | None) -> None:
    """A shown command ends as its directive says: 0 or 1 (a legal or an illegal ship, say)
    unless ``exit N`` names the failure it shows; never with a traceback."""
    if "Traceback (most recent call last)" in text:
        raise SystemExit(f"run: trucker {command}: crashed:\n{text}")
    if expected is not None and code != expected:
        raise SystemExit(f"run: trucker {command}: exit code {code}, not {expected}:\n{text}")
    if expected is None and code >= 2:
        raise SystemExit(
            f"run: trucker {command}: exit code {code} (add '| exit {code}' if shown on "
            f"purpose):\n{text}"
        )


def _svg_title(text: str) -> str:
    found = re.search(r"<title[^>]*>(.*?)</title>", text, re.S)
    return found.group(1).strip() if found else "picture"


class Builder:
    """Expands the directives of one page; pictures go to ``out / "pictures"``."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.pictures = out / PICTURES
        self.written: list[str] = []

    def expand(self, text: str, page: str) -> str:
        body = _DIRECTIVE.sub(lambda m: self._directive(m.group(1), m.group(2)), text)
        note = f"<!-- Generated by docs/generate.py from docs/source/{page}: edit that file. -->\n"
        return note + body

    def _directive(self, kind: str, argument: str) -> str:
        handler = getattr(self, f"_{kind}")
        return handler(argument)

    def _trucker(self, args: list[str], *, expect_file: Path | None = None) -> tuple[str, str]:
        code, out, err = run_trucker(args)
        if expect_file is not None and (code not in (0, 1) or not expect_file.exists()):
            raise SystemExit(f"trucker {' '.join(args)} failed ({code}): {err.strip()}")
        return out, err

    def _include(self, argument: str) -> str:
        path = ROOT / argument
        language = path.suffix.lstrip(".") or "text"
        return f"```{language}\n# {argument}\n{path.read_text(encoding='utf-8').rstrip()}\n```"

    def _args(self, command: str) -> list[str]:
        """The command's arguments, ``docs/...`` pointing into the folder being written."""
        return [
            str(self.out / arg.removeprefix("docs/")) if arg.startswith("docs/") else arg
            for arg in shlex.split(command)
        ]

    def _run(self, argument: str) -> str:
        command, _, cut = (part.strip() for part in argument.partition("|"))
        typed, expected = "", None
        if cut.startswith("input "):
            typed = "".join(f"{line}\n" for line in cut.removeprefix("input ").split(";"))
            cut = ""
        elif cut.startswith("exit "):
            expected, cut = int(cut.removeprefix("exit ")), ""
        code, out, err = run_trucker(self._args(command), typed)
        _check_exit(command, code, out + err, expected)
        text = (out + err).replace(str(self.out), "docs")  # a file written says where, as run
        lines = [line.rstrip() for line in text.rstrip("\n").splitlines()]
        if cut:
            how, _, count = cut.partition(" ")
            if how != "head" or not count.isdigit():
                raise SystemExit(f"run: {cut!r}: only 'head N' cuts the output")
            lines = [*lines[: int(count)], "…"] if len(lines) > int(count) else lines
        status = f"\n(exit code {code})" if code else ""
        return f"```\n$ trucker {command}\n" + "\n".join(lines) + f"{status}\n```"

    def _log(self, argument: str) -> str:
        name, _, command = (part.strip() for part in argument.partition("|"))
        code, out, err = run_trucker([*self._args(command), "--json"])
        if code != 0:
            raise SystemExit(f"trucker {command} --json failed ({code}): {err.strip()}")
        self.pictures.mkdir(parents=True, exist_ok=True)
        (self.pictures / name).write_text(out, encoding="utf-8")
        self.written.append(name)
        outline = json_outline(json.loads(out))
        return f"```\n$ trucker {command} --json > docs/{PICTURES}/{name}\n{outline}\n```"

    def _file(self, argument: str, option: str) -> tuple[str, Path]:
        name, _, command = (part.strip() for part in argument.partition("|"))
        self.pictures.mkdir(parents=True, exist_ok=True)
        target = self.pictures / name
        self._trucker([*shlex.split(command), option, str(target)], expect_file=target)
        self.written.append(name)
        return name, target

    def _picture(self, argument: str) -> str:
        name, target = self._file(argument, "--svg")
        alt = _svg_title(target.read_text(encoding="utf-8"))
        return f"![{alt}]({PICTURES}/{name})"

    def _page(self, argument: str) -> str:
        name, _ = self._file(argument, "--html")
        return f"[{PICTURES}/{name}]({PICTURES}/{name})"

    def _steps(self, argument: str) -> str:
        name, numbers, case_name = (part.strip() for part in argument.split("|", 2))
        return intruder_steps(self, name, numbers, case_name)

    def _api(self, argument: str) -> str:
        return api_page(argument.strip())


_ROLE = re.compile(r":(?:func|class|mod|meth|data|attr|exc):`~?([^`]+)`")


def _markdown(doc: str) -> str:
    """A docstring as Markdown: its roles and double backquotes as code, each example (the
    ``>>>`` lines and what they print) as a fenced block."""
    out: list[str] = []
    example = False
    for line in inspect.cleandoc(doc).splitlines():
        if line.startswith(">>> ") and not example:
            out.append("```pycon")
            example = True
        elif example and not line.strip():
            out.append("```")
            example = False
        if example:
            out.append(line)
            continue
        line = _ROLE.sub(lambda m: f"`{m.group(1).rsplit('.', 1)[-1]}`", line)
        line = line.replace("``", "`")
        out.append(line[:-1] if line.endswith("::") else line)
    if example:
        out.append("```")
    return "\n".join(out)


def _signature(value: object, name: str) -> str:
    """How a name is called, as its source writes it (so a default reads as written)."""
    if inspect.isclass(value):
        return f"class trucker.{name}"
    node = ast.parse(textwrap.dedent(inspect.getsource(value))).body[0]
    assert isinstance(node, ast.FunctionDef)
    returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
    return f"trucker.{name}({ast.unparse(node.args)}){returns}"


def api_page(package: str) -> str:
    """Every name of the package's ``GROUPS``, by group: its signature, where it lives and
    its docstring."""
    module = importlib.import_module(package)
    blocks = []
    for group, names in module.GROUPS.items():
        blocks.append(f"## {group}")
        for name, home in names.items():
            value = getattr(module, name)
            where = home.replace(":", ".")
            blocks.append(f"### `{name}`")
            blocks.append(f"```python\n{_signature(value, name)}\n```")
            blocks.append(f"*{where}*\n\n{_markdown(value.__doc__ or '')}")
    return "\n\n".join(blocks)


def json_outline(data: dict, *, width: int = 60) -> str:
    """A JSON document in short: each top-level key on its line, a list one item a line, and
    anything nested inside those that is longer than ``width`` written as ``{…}`` or ``[…]``."""

    def short(value: object, depth: int) -> str:
        whole = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if not isinstance(value, dict | list):
            return whole
        if depth >= 2 and len(whole) > width:
            return "{…}" if isinstance(value, dict) else "[…]"
        if isinstance(value, dict):
            items = ", ".join(f"{json.dumps(k)}: {short(v, depth + 1)}" for k, v in value.items())
            return "{" + items + "}"
        return "[" + ", ".join(short(v, depth + 1) for v in value) + "]"

    lines = ["{"]
    for number, (key, value) in enumerate(data.items(), 1):
        comma = "," if number < len(data) else ""
        if isinstance(value, list) and value:
            items = [f"    {short(item, 1)}," for item in value]
            items[-1] = items[-1].rstrip(",")
            lines += [f"  {json.dumps(key)}: [", *items, f"  ]{comma}"]
        else:
            lines.append(f"  {json.dumps(key)}: {short(value, 1)}{comma}")
    return "\n".join([*lines, "}"])


def _find_case(case_name: str) -> dict:
    cases = tomllib.loads((ROOT / "scenarios/intruders/cases.toml").read_text(encoding="utf-8"))
    found = [c for c in cases["case"] if c["name"].startswith(case_name)]
    if len(found) != 1:
        raise SystemExit(f"steps: {len(found)} cases of cases.toml start with {case_name!r}")
    return found[0]


def intruder_steps(builder: Builder, name: str, numbers: str, case_name: str) -> str:
    """One picture per chosen step of an intruder case, each under its narration."""
    import dataclasses

    from trucker.cli.captains import CommandLineCaptain
    from trucker.core.geometry import Direction
    from trucker.core.rulings import Rulings
    from trucker.formats.decks import load_deck
    from trucker.formats.load import load_ship
    from trucker.render.pages.walk import walk_narration
    from trucker.render.pictures import walk_svg
    from trucker.sim.intruders import intrude
    from trucker.sim.state import ShipState
    from trucker.sim.table import Table

    case = _find_case(case_name)
    folder = ROOT / "scenarios" / "intruders"
    built = load_ship(folder / case["ship"], display=f"scenarios/intruders/{case['ship']}")
    card = load_deck(folder / case["card"]).cards[0]
    if case.get("double"):
        card = dataclasses.replace(card, double=True, hand=None)
    shift = Direction.parse(case["shift"]) if "shift" in case else None
    log: list = []
    table = Table(
        rulings=Rulings(**case.get("rulings", {})),
        policies=CommandLineCaptain(shift=shift),
        log=log,
    )
    result = intrude(table, ShipState.from_ship(built), card, case["roll"])
    longest = max((len(w.steps) for w in result.walks), default=0)
    chosen = (
        list(range(1, longest + 1))
        if numbers == "all"
        else [int(n) for n in numbers.split(",") if n.strip()]
    )
    _, per_step, _ = walk_narration(log)
    builder.pictures.mkdir(parents=True, exist_ok=True)
    blocks = []
    for number in chosen:
        if not 1 <= number <= longest:
            raise SystemExit(f"steps: case {case['name']!r} has no step {number}")
        file_name = f"{name}-step-{number}.svg"
        svg = walk_svg(built, result, log, upto=number)
        (builder.pictures / file_name).write_text(svg, encoding="utf-8")
        builder.written.append(file_name)
        lines = "\n".join(f"- {line.strip()}" for line in per_step.get(number, []))
        blocks.append(
            f"**Step {number}**\n\n{lines}\n\n![{_svg_title(svg)}]({PICTURES}/{file_name})"
        )
    return "\n\n".join(blocks)


def build(out: Path) -> list[Path]:
    """Write every page and picture into ``out``; return the files written."""
    _quiet_terminal()
    os.chdir(ROOT)
    out.mkdir(parents=True, exist_ok=True)
    builder = Builder(out)
    written = []
    for page in PAGES:
        text = (SOURCE / page).read_text(encoding="utf-8")
        target = out / page
        target.write_text(builder.expand(text, page), encoding="utf-8")
        written.append(target)
    written += [builder.pictures / name for name in builder.written]
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="where to write")
    options = parser.parse_args()
    out = options.out.resolve()
    if out == (ROOT / "docs").resolve():
        stale = out / PICTURES
        if stale.is_dir():
            for old in stale.iterdir():
                old.unlink()
    for path in build(out):
        sys.stdout.write(f"{path.relative_to(out)}\n")
    if out == (ROOT / "docs").resolve():
        _screenshots()


def _screenshots() -> None:
    """The pages photographed at 1920×1080 (docs/screenshots.py), where a browser is found."""
    sys.path.insert(0, str(ROOT / "docs"))
    import screenshots

    if screenshots.available():
        screenshots.main()
    else:
        sys.stderr.write("docs/screenshots/ kept: no chromium to photograph the pages\n")


if __name__ == "__main__":
    main()
