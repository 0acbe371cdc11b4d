"""The project's own format and rules pages cannot drift from the program.

- Every ``RULES §N`` the program, its data, its scenarios and its other pages cite resolves to a
  heading or a numbered item of docs/rules.md (``§3.2``, ``§3.1.4`` or ``§3.1 item 4``,
  ``§10 #4b``, ``§10b-7``, and ranges such as ``§7.3-7.5``).
- Every ruling names its question in docs/rules.md, and that entry names the ruling and its
  default (and a ruling named there exists).
- The example ships in docs/ship-format.md load and validate exactly as the page shows them.
- Every part, every key of every part's model, every top-level key and every built-in board is
  documented in docs/ship-format.md, the boards with their start squares and squares.
"""

from __future__ import annotations

import ast
import json
import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from trucker.core.geometry import Cell
from trucker.core.parts import Part
from trucker.core.rulings import RULING_NAMES, ruling_infos
from trucker.formats.catalogue import builtin_boards, parse_board
from trucker.formats.load import ship_from_document
from trucker.formats.ship_file import TILE_MODELS, ShipFile, TileEntry
from trucker.formats.write import toml_value
from trucker.render.terminal.reports import report_text
from trucker.render.text import legend_for
from trucker.rules.validate import validate

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RULES_PAGE = DOCS / "rules.md"
SHIP_PAGE = DOCS / "ship-format.md"


# --- the anchors of docs/rules.md ------------------------------------------------------------

_HEADING = re.compile(r"^(#{2,4}) (.+)$")
_SECTION_NUMBER = re.compile(r"^(\d+[a-z]?(?:\.\d+)*)\.?(?: |$)")
_QUESTION = re.compile(r"^#(\d+[a-z]?) ")
_ITEM = re.compile(r"^(\d+)\. ")


@dataclass
class Anchors:
    """What a citation may point to: numbered headings, the numbered items under each, and the
    §10 questions; each with its text (up to the next heading)."""

    sections: dict[str, str] = field(default_factory=dict, repr=False)
    items: dict[tuple[str, int], str] = field(default_factory=dict, repr=False)
    questions: dict[str, str] = field(default_factory=dict, repr=False)

    def has(self, label: str) -> bool:
        """A dotted label: a heading (``3.2``), or an item of the heading above it (``3.1.4``)."""
        if label in self.sections:
            return True
        parent, _, last = label.rpartition(".")
        return bool(parent) and last.isdigit() and (parent, int(last)) in self.items


def anchors_of(text: str) -> Anchors:
    found = Anchors()
    section: str | None = None
    question: str | None = None
    item: tuple[str, int] | None = None
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            title = heading.group(2)
            item = None
            numbered = _SECTION_NUMBER.match(title)
            asked = _QUESTION.match(title)
            if numbered:
                section, question = numbered.group(1), None
                found.sections[section] = ""
            elif asked and section == "10":
                question = asked.group(1)
                found.questions[question] = ""
            else:
                question = None
            continue
        listed = _ITEM.match(line)
        if listed and section is not None and question is None:
            item = (section, int(listed.group(1)))
            found.items[item] = ""
        elif item is not None and line and not line.startswith(" "):
            item = None
        if section is not None:
            found.sections[section] += line + "\n"
        if question is not None:
            found.questions[question] += line + "\n"
        if item is not None:
            found.items[item] += line + "\n"
    return found


# --- citations ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Citation:
    where: str
    text: str
    labels: tuple[str, ...] = ()
    """Dotted labels, each a heading or an item (``3.1.4``)."""
    question: str | None = None
    """A §10 question (``4b``)."""
    case: int | None = None
    """A §10b worked example."""

    def missing(self, anchors: Anchors) -> list[str]:
        out = [f"§{label}" for label in self.labels if not anchors.has(label)]
        if self.question is not None and self.question not in anchors.questions:
            out.append(f"§10 #{self.question}")
        if self.case is not None and ("10b", self.case) not in anchors.items:
            out.append(f"§10b-{self.case}")
        return out


_MASK = re.compile(
    r"STYLE\s+§[\w.\-–]+"  # another document's section...
    r"(?:(?:,\s*|\s+and\s+)§[\w.\-–]+)*"  # ...and those listed after it
    r"(?:,?\s+items?\s+\d+)?"
)
"""Another document's sections (the team's style guide): not RULES citations."""
_SEC = re.compile(r"§(\d+[a-z]?(?:\.\d+)*)")
_QUESTION_CITE = re.compile(r"\s+#(\d+[a-z]?)")
_CASE_CITE = re.compile(r"-(\d+)(?![\d.])")
_RANGE_CITE = re.compile(r"\s*[-–]\s*§?(\d+(?:\.\d+)*)")
_ITEMS_CITE = re.compile(r",?\s+items?\s+(\d+(?:(?:\s*[-–]\s*|\s*,\s*|\s+and\s+)\d+)*)")


def _span(low: str, high: str) -> list[str]:
    """``7.3`` to ``7.5``, ``2`` to ``4``; a bare end (``§7.1-2``) shares the start's prefix."""
    head, _, last = low.rpartition(".")
    end_head, _, end_last = high.rpartition(".")
    if not end_head and head:
        end_head = head
    if head != end_head or not (last.isdigit() and end_last.isdigit()):
        return [low, high]
    prefix = f"{head}." if head else ""
    return [f"{prefix}{n}" for n in range(int(last), int(end_last) + 1)]


def _item_numbers(text: str) -> list[int]:
    """``3-5`` -> 3, 4, 5; ``1 and 6`` -> 1, 6."""
    numbers: list[int] = []
    for chunk in re.split(r"\s*,\s*|\s+and\s+", text.strip()):
        ends = [int(n) for n in re.split(r"\s*[-–]\s*", chunk)]
        numbers.extend(range(ends[0], ends[-1] + 1))
    return numbers


def citations_in(text: str, name: str) -> Iterator[Citation]:
    """Every RULES § citation in ``text``; ``name`` is the file, for messages."""
    masked = _MASK.sub(lambda m: " " * len(m.group(0)), text)
    for match in _SEC.finditer(masked):
        line = masked.count("\n", 0, match.start()) + 1
        where = f"{name}:{line}"
        label, end = match.group(1), match.end()
        shown = masked[match.start() : end]
        question = _QUESTION_CITE.match(masked, end)
        if question and label == "10":
            yield Citation(where, masked[match.start() : question.end()], question=question[1])
            continue
        case = _CASE_CITE.match(masked, end)
        if case and label == "10b":
            yield Citation(where, masked[match.start() : case.end()], case=int(case.group(1)))
            continue
        span = _RANGE_CITE.match(masked, end)
        if span:
            labels = _span(label, span.group(1))
            yield Citation(where, masked[match.start() : span.end()], tuple(labels))
            continue
        items = _ITEMS_CITE.match(masked, end)
        if items:
            labels = tuple(f"{label}.{n}" for n in _item_numbers(items.group(1)))
            yield Citation(where, masked[match.start() : items.end()], (label, *labels))
            continue
        yield Citation(where, shown, (label,))


def _cited_files() -> Iterator[Path]:
    yield ROOT / "README.md"
    for path in sorted(DOCS.rglob("*.md")):
        if path != RULES_PAGE:
            yield path
    yield from sorted((ROOT / "trucker").rglob("*.py"))
    for folder in ("scenarios", "components_data"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".toml", ".json", ".md", ".py"):
                yield path


def all_citations() -> list[Citation]:
    out: list[Citation] = []
    for path in _cited_files():
        name = path.relative_to(ROOT).as_posix()
        out.extend(citations_in(path.read_text(encoding="utf-8"), name))
    return out


def unresolved(citations: Iterable[Citation], anchors: Anchors) -> list[str]:
    return [
        f"{c.where}: {c.text!r} has no {', '.join(missing)} in docs/rules.md"
        for c in citations
        if (missing := c.missing(anchors))
    ]


@pytest.fixture(scope="module")
def rules_text() -> str:
    return RULES_PAGE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def anchors(rules_text: str) -> Anchors:
    return anchors_of(rules_text)


def test_the_citations_are_found() -> None:
    """The scan sees the citations it must (a regression guard for the scanner itself)."""
    found = all_citations()
    texts = {c.text for c in found}
    assert len(found) > 300
    assert {"§3.1.4", "§3.2", "§10 #4b", "§10b-7", "§7.3-7.5"} <= texts
    assert any(c.text.startswith("§3.1 items 1 and 6") for c in found)


def test_every_cited_section_exists(anchors: Anchors) -> None:
    problems = unresolved(all_citations(), anchors)
    if problems:
        pytest.fail("cited sections missing from docs/rules.md:\n" + "\n".join(problems))


def test_rules_md_cites_only_its_own_sections(rules_text: str, anchors: Anchors) -> None:
    problems = unresolved(citations_in(rules_text, "docs/rules.md"), anchors)
    if problems:
        pytest.fail("\n".join(problems))


@pytest.mark.parametrize(
    ("text", "labels", "question", "case"),
    [
        ("RULES §3.2: the inspection", ("3.2",), None, None),
        ("(RULES §3.1.4)", ("3.1.4",), None, None),
        ("RULES §3.1 item 7,", ("3.1", "3.1.7"), None, None),
        ("RULES §3.1 items 3-5", ("3.1", "3.1.3", "3.1.4", "3.1.5"), None, None),
        ("RULES §3.1 items 1 and 6, §1.6", ("3.1", "3.1.1", "3.1.6"), None, None),
        ("RULES §7.3-7.5.", ("7.3", "7.4", "7.5"), None, None),
        ("RULES §2.2–§2.4, the spec", ("2.2", "2.3", "2.4"), None, None),
        ("RULES §2-§4, §3.2", ("2", "3", "4"), None, None),
        ("RULES §10 #11b (the ruling)", (), "11b", None),
        ("RULES §10b-13, the walkthrough", (), None, 13),
        ("RULES §9).", ("9",), None, None),
    ],
)
def test_the_scanner_reads_each_form(
    text: str, labels: tuple[str, ...], question: str | None, case: int | None
) -> None:
    first = next(citations_in(text, "x"))
    assert (first.labels, first.question, first.case) == (labels, question, case)


def test_another_documents_sections_are_not_rules_citations() -> None:
    text = "(STYLE §6.13 item 2) and STYLE §2.6, §5.7 but RULES §4.1"
    assert [c.labels for c in citations_in(text, "x")] == [("4.1",)]


def test_a_deleted_heading_or_item_is_reported(rules_text: str) -> None:
    """The check fails, naming what is missing, when rules.md loses a cited heading or item."""
    without_heading = re.sub(r"^### 3\.2 .*$", "", rules_text, flags=re.M)
    problems = unresolved(all_citations(), anchors_of(without_heading))
    assert problems and all("§3.2" in p for p in problems)
    assert any(p.startswith("trucker/cli/fix_cmd.py:") for p in problems)

    section = rules_text.index("### 3.1 ")
    item = rules_text.index("\n4. ", section)
    without_item = rules_text[:item] + "\n- " + rules_text[item + 4 :]
    problems = unresolved(all_citations(), anchors_of(without_item))
    assert problems and all("§3.1.4" in p for p in problems)

    without_question = re.sub(r"^### #4b .*$", "", rules_text, flags=re.M)
    problems = unresolved(all_citations(), anchors_of(without_question))
    assert any("§10 #4b" in p for p in problems)


# --- the tests of each section (pytest --rules SECTION) --------------------------------------


def _rules_marks() -> list[tuple[str, str]]:
    """Every ``pytest.mark.rules(...)`` in tests/, as (file:line, section)."""
    found = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and ast.unparse(node.func) == "pytest.mark.rules"
                and all(isinstance(a, ast.Constant) for a in node.args)
            ):
                where = f"{path.relative_to(ROOT).as_posix()}:{node.lineno}"
                found += [(where, str(arg.value)) for arg in node.args]  # type: ignore[attr-defined]
    return found


def test_every_rules_marker_names_a_section_of_rules_md(anchors: Anchors) -> None:
    """``@pytest.mark.rules("7.2")`` names a heading of docs/rules.md (``pytest --rules 7.2``
    runs those tests), and every numbered section 1 to 10 has tests that say so."""
    marks = _rules_marks()
    assert len(marks) > 20
    wrong = [
        f"{where}: rules({section!r})"
        for where, section in marks
        if section not in anchors.sections
    ]
    assert not wrong, "markers naming no heading of docs/rules.md:\n" + "\n".join(wrong)
    tops = {str(n) for n in range(1, 11)}
    covered = {section.split(".")[0] for _, section in marks}
    assert tops <= covered, f"sections with no test marked for them: {sorted(tops - covered)}"


# --- rulings --------------------------------------------------------------------------------


@pytest.mark.parametrize("info", ruling_infos(), ids=lambda info: info.name)
def test_every_ruling_is_named_where_rules_md_asks_its_question(
    info: object, anchors: Anchors
) -> None:
    name, source = info.name, info.source  # type: ignore[attr-defined]
    default = f"`{toml_value(info.default)}`"  # type: ignore[attr-defined]
    question = re.fullmatch(r"RULES §10 #(\w+)", source)
    if question:
        entry = anchors.questions.get(question.group(1))
        assert entry is not None, f"docs/rules.md has no §10 #{question.group(1)} for {name}"
        assert "rulings.md" in entry, f"§10 #{question.group(1)} does not point to rulings.md"
    else:
        label = re.fullmatch(r"RULES §([\d.]+)", source)
        assert label, f"{name}: unexpected source {source!r}"
        entry = anchors.sections.get(label.group(1))
        assert entry is not None, f"docs/rules.md has no §{label.group(1)} for {name}"
    assert f"`{name}`" in entry, f"the entry for {source} does not name the ruling {name}"
    assert default in entry, f"the entry for {source} does not give {name}'s default {default}"


def test_rules_md_names_only_real_rulings(rules_text: str) -> None:
    named = set(re.findall(r"\[`(\w+)`\]\(rulings\.md\)", rules_text))
    named |= set(re.findall(r"ruling `(\w+)`", rules_text))
    assert named, "no ruling named in docs/rules.md"
    assert not named - set(RULING_NAMES), f"not rulings: {sorted(named - set(RULING_NAMES))}"


# --- docs/ship-format.md ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def ship_text() -> str:
    return SHIP_PAGE.read_text(encoding="utf-8")


def _sections(text: str, level: str) -> dict[str, str]:
    """The page's sections at one heading level (``"##"``, ``"###"``), by heading title."""
    out: dict[str, str] = {}
    title = None
    deeper = len(level)
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading and len(heading.group(1)) <= deeper:
            title = heading.group(2) if len(heading.group(1)) == deeper else None
            if title is not None:
                out[title] = ""
            continue
        if title is not None:
            out[title] += line + "\n"
    return out


_EXAMPLE = re.compile(
    r"<!-- ship-example: (legal|illegal) -->\n```toml\n(.*?)```\n"
    r"(?:\n```\n\$ trucker validate (\S+)( --no-board)?\n(.*?)```)?",
    re.S,
)


def _examples(text: str) -> list[tuple[str, str, str | None, bool, str | None]]:
    return [
        (m.group(1), m.group(2), m.group(3), bool(m.group(4)), m.group(5))
        for m in _EXAMPLE.finditer(text)
    ]


def test_the_page_has_a_legal_and_an_illegal_example(ship_text: str) -> None:
    verdicts = [e[0] for e in _examples(ship_text)]
    assert "legal" in verdicts and "illegal" in verdicts
    assert all(e[2] is not None for e in _examples(ship_text)), "each example shows its report"


def _example_ids() -> list[str]:
    text = SHIP_PAGE.read_text(encoding="utf-8")
    return [f"{e[0]}-{i}" for i, e in enumerate(_examples(text))]


@pytest.mark.parametrize("index", range(len(_example_ids())), ids=_example_ids())
def test_each_example_validates_as_the_page_shows(index: int, ship_text: str) -> None:
    verdict, block, file, no_board, shown = _examples(ship_text)[index]
    ship = ship_from_document(tomllib.loads(block), file or "example.toml")
    report = validate(ship)
    assert report.legal is (verdict == "legal"), [str(v) for v in report.violations]
    if shown is None:
        return
    printed = "\n".join(t.plain for t in report_text(ship, report, draw=not no_board))
    expected = [line.rstrip() for line in printed.splitlines()]
    if not no_board:
        expected += ["", *legend_for([ship], marked=not report.legal)]
    assert [line.rstrip() for line in shown.splitlines()] == expected


def test_the_json_example_is_a_legal_ship(ship_text: str) -> None:
    blocks = [b for b in re.findall(r"```json\n(.*?)```", ship_text, re.S) if "trucker-ship" in b]
    assert blocks
    for block in blocks:
        assert validate(ship_from_document(json.loads(block), "example.json")).legal


def test_the_board_file_example_reads(ship_text: str) -> None:
    block = re.search(r"<!-- board-example -->\n```toml\n(.*?)```", ship_text, re.S)
    assert block, "no board-file example marked <!-- board-example -->"
    board = parse_board(tomllib.loads(block.group(1)), "docs/ship-format.md")
    assert board.start in board.squares


def test_every_top_level_key_is_documented(ship_text: str) -> None:
    table = _sections(ship_text, "##")["The file"]
    missing = [k for k in ShipFile.model_fields if f"| `{k}` |" not in table]
    assert not missing, f"top-level keys missing from 'The file': {missing}"


def _part_sections(text: str) -> dict[str, str]:
    """Each part's section of "## Parts", by the part names its heading shows in backticks."""
    parts = text.split("\n## Parts\n", 1)[1].split("\n## ", 1)[0]
    out: dict[str, str] = {}
    for title, body in _sections(parts, "###").items():
        for name in re.findall(r"`([\w-]+)`", title.split(" — ")[0]):
            out[name] = body
    out["*"] = _sections(parts, "###").get("Keys every tile has", "")
    return out


def test_every_part_and_every_key_is_documented(ship_text: str) -> None:
    sections = _part_sections(ship_text)
    common = set.intersection(*(set(m.model_fields) for m in TILE_MODELS.values()))
    problems = [f"part {p.value!r} has no section" for p in Part if p.value not in sections]
    for key in sorted(common):
        if f"`{key}`" not in sections["*"]:
            problems.append(f"the common key {key!r} is not in 'Keys every tile has'")
    for name, model in TILE_MODELS.items():
        body = sections.get(name, "")
        for key in model.model_fields:
            if key not in common and f"`{key}`" not in body:
                problems.append(f"{name}: key {key!r} is not documented")
    assert not problems, "\n".join(problems)


_TILE_LINE = re.compile(r'^("[^"]+" = \{.*\})', re.M)


def test_every_example_line_of_a_part_is_a_tile_the_format_accepts(ship_text: str) -> None:
    parts = ship_text.split("\n## Parts\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```toml\n(.*?)```", parts, re.S)
    lines = [m.group(1) for block in blocks for m in _TILE_LINE.finditer(block)]
    shown = {tomllib.loads(line)[next(iter(tomllib.loads(line)))]["part"] for line in lines}
    assert shown == {p.value for p in Part}, "every part has an example line"
    adapter = TypeAdapter(TileEntry)
    for line in lines:
        square, entry = next(iter(tomllib.loads(line).items()))
        Cell.parse(square)
        adapter.validate_python(entry)


def board_map(board_id: str) -> str:
    """The page's map of a built-in board: ``.`` a square, ``S`` the start, a die face on a
    IIIB marked square, blank no square."""
    board = builtin_boards()[board_id]
    lines = ["    " + "".join(f"{c:>3}" for c in board.cols)]
    for row in board.rows:
        line = f"{row:>4}"
        for col in board.cols:
            cell = Cell(row, col)
            if cell not in board.squares:
                mark = " "
            elif cell == board.start:
                mark = "S"
            else:
                mark = str(board.hole_marks.get(cell, "."))
            line += f"{mark:>3}"
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("board_id", list(builtin_boards()))
def test_every_built_in_board_is_drawn_with_its_start(board_id: str, ship_text: str) -> None:
    board = builtin_boards()[board_id]
    sections = _sections(ship_text, "###")
    found = [body for title, body in sections.items() if title.startswith(f"`{board_id}` ")]
    assert found, f"no section for board {board_id}"
    body = found[0]
    assert f"Start square `{board.start}`" in body
    assert f"```\n{board_map(board_id)}```" in body, f"board {board_id}'s map is stale"
    for alias in board.aliases:
        assert f"`{alias}`" in body, f"board {board_id}: alias {alias} not named"
    labels: dict[int, list[str]] = {}
    for (first, second), col in board.pair_columns.items():
        labels.setdefault(col, []).append(f"{first}{second}")
    for col, pairs in labels.items():
        row = re.search(rf"\| {col} \| ([\d ]+) \|", body)
        assert row and sorted(row.group(1).split()) == sorted(pairs), f"IIB column {col}"


def _slug(title: str) -> str:
    """A heading's anchor, as GitHub makes it."""
    text = re.sub(r"[^\w\- ]", "", title.lower())
    return text.replace(" ", "-")


@pytest.mark.parametrize("page", [RULES_PAGE, SHIP_PAGE], ids=lambda p: p.name)
def test_links_inside_the_pages_land(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    slugs = {_slug(m.group(2)) for line in text.splitlines() if (m := _HEADING.match(line))}
    links = re.findall(r"\]\(#([^)]+)\)", text)
    assert links
    assert not [link for link in links if link not in slugs]
    for other in re.findall(r"\]\(([\w-]+\.md)\)", text):
        assert (DOCS / other).is_file(), other


def test_the_readme_links_both_pages() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    documentation = readme.split("## Documentation", 1)[1].split("\n## ", 1)[0]
    assert "(docs/rules.md)" in documentation
    assert "(docs/ship-format.md)" in documentation
    assert "shared ship format" not in readme


def test_the_example_line_trucker_parts_prints_is_in_the_parts_section(ship_text: str) -> None:
    """`trucker parts` and the page show the same line for each part (the models' example)."""
    from trucker.formats.ship_keys import part_keys

    sections = _part_sections(ship_text)
    missing = [
        f"{p.part}: {p.example}"
        for p in part_keys()
        if p.example not in _TILE_LINE.findall(sections.get(str(p.part), ""))
    ]
    assert not missing, "example lines not in docs/ship-format.md:\n" + "\n".join(missing)
