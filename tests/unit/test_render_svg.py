"""SVG pictures (trucker/render/pictures/): well-formed, deterministic, and holding the elements a
reader (or a stylesheet) looks for on known scenarios. The expectations come from the scenario
files and the hand-worked cases in scenarios/intruders/cases.toml, not from the renderer."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET

import pytest

from tests.conftest import SCENARIOS
from tests.helpers import ship as compact_ship
from trucker.cli.captains import CommandLineCaptain
from trucker.core.geometry import Cell, Connector, Direction
from trucker.core.threats import Threat, ThreatKind
from trucker.formats.decks import load_deck
from trucker.formats.load import load_ship
from trucker.render.pictures import (
    WALKER_COLORS,
    exposure_svg,
    hit_svg,
    ship_svg,
    walk_svg,
)
from trucker.render.text import Mark, draw_ship
from trucker.rules.validate import validate
from trucker.sim.attacks import attack
from trucker.sim.exposure import exact_odds
from trucker.sim.intruders import IntruderResult, intrude
from trucker.sim.state import ShipState
from trucker.sim.table import Table

NS = "{http://www.w3.org/2000/svg}"
INTRUDERS = SCENARIOS / "intruders"
CASES = tomllib.loads((INTRUDERS / "cases.toml").read_text(encoding="utf-8"))["case"]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    found: dict[str, ET.Element] = {}
    for element in root.iter():
        key = element.get("id")
        if key is not None:
            assert key not in found, f"duplicate id {key}"
            found[key] = element
    return found


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in classes(e)]


def case(prefix: str) -> dict:
    found = [c for c in CASES if c["name"].startswith(prefix)]
    assert len(found) == 1, prefix
    return found[0]


# -- ships -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hauler_svg() -> tuple[object, object, ET.Element, str]:
    built = load_ship(SCENARIOS / "ships" / "broken-hauler.toml")
    report = validate(built)
    text = ship_svg(built, report)
    return built, report, parse(text), text


def test_a_ship_picture_has_a_title_and_the_text_drawing_in_its_desc(hauler_svg) -> None:
    built, report, root, _ = hauler_svg
    title = root.find(f"{NS}title")
    desc = root.find(f"{NS}desc")
    assert title is not None and "illegal, 9 violations" in (title.text or "")
    assert root.get("role") == "img"
    marks = {c: Mark("violation") for v in report.violations for c in v.squares[:1]}
    drawing = draw_ship(built, marks=marks).plain()
    assert desc is not None and drawing in (desc.text or "")
    assert "cannon-blocked 6,7 5,7 (front)" in (desc.text or "")


def test_every_violation_is_outlined_in_red_on_its_offending_square(hauler_svg) -> None:
    _, report, root, _ = hauler_svg
    groups = with_class(root, "violation")
    assert len(groups) == len(report.violations) == 9
    for group, violation in zip(groups, report.violations, strict=True):
        assert str(violation.rule) in classes(group)
        assert group.get("data-squares") == " ".join(map(str, violation.squares))
        outline = next(e for e in group if "outline" in classes(e))
        assert outline.get("stroke") == "#dc2626"
        assert outline.get("data-square") == str(violation.squares[0])
        labels = "".join(t.text or "" for t in group.iter(f"{NS}text"))
        assert str(violation.rule) in labels.replace(" ", "")


def test_the_cannon_blocked_outline_lies_on_the_cannon(hauler_svg) -> None:
    _, _, root, _ = hauler_svg
    ids = by_id(root)
    (group,) = [g for g in with_class(root, "violation") if "cannon-blocked" in classes(g)]
    outline = next(e for e in group if "outline" in classes(e))
    body = next(e for e in ids["tile-6-7"] if "body" in classes(e))
    square = ids["square-6-7"]
    assert float(square.get("x")) <= float(outline.get("x")) < float(body.get("x"))
    assert float(square.get("y")) <= float(outline.get("y")) < float(body.get("y"))
    secondary = [e for e in group if "secondary" in classes(e)]
    assert [e.get("data-square") for e in secondary] == ["5,7"]


def test_tiles_carry_stable_ids_part_classes_and_prongs_per_connector(hauler_svg) -> None:
    built, _, root, _ = hauler_svg
    ids = by_id(root)
    for cell, tile in built.tiles.items():
        group = ids[f"tile-{cell.row}-{cell.col}"]
        assert f"part-{tile.part}" in classes(group)
        assert group.get("data-square") == str(cell)
        prongs = [e for e in group if "connector" in classes(e)]
        sides = [s for s in tile.sides if s is not Connector.SMOOTH]
        assert len(prongs) == len(sides)
        for element, side in zip(prongs, sides, strict=True):
            assert len(list(element)) == int(side)
    assert "start" in classes(ids["tile-7-7"])
    assert with_class(ids["tile-6-7"], "barrel")
    assert with_class(ids["tile-7-6"], "exhaust")


def test_the_output_is_deterministic_and_independent_of_tile_order(hauler_svg) -> None:
    built, report, _, text = hauler_svg
    assert ship_svg(built, report) == text
    shuffled = built.with_tiles(dict(reversed(list(built.tiles.items()))))
    assert ship_svg(shuffled, validate(shuffled)) == text


def test_numbers_have_one_fixed_format(hauler_svg) -> None:
    *_, text = hauler_svg
    numbers = re.findall(r'\b(?:x|y|x1|y1|x2|y2|cx|cy|r|width|height)="([^"]*)"', text)
    assert numbers
    assert all(re.fullmatch(r"-?\d+(\.\d{1,2})?", n) for n in numbers), numbers[:5]


def test_shields_nozzles_and_armor_are_drawn() -> None:
    s = compact_ship(
        {
            "7,7": "start",
            "7,8": "shield s--u covers=front,right",
            "7,6": "thruster -u-- nozzles=front,left",
            "6,7": "pipe --u- armor=front",
        }
    )
    ids = by_id(parse(ship_svg(s)))
    arcs = with_class(ids["tile-7-8"], "shield-arc")
    assert sorted(c for a in arcs for c in classes(a) if c.startswith("covers-")) == [
        "covers-front",
        "covers-right",
    ]
    assert len(with_class(ids["tile-7-6"], "nozzle")) == 2
    assert len(with_class(ids["tile-6-7"], "armor")) == 1


def test_iib_marks_both_edges_of_the_seam() -> None:
    built = load_ship(SCENARIOS / "ships" / "iib-cylinder.toml")
    ids = by_id(parse(ship_svg(built, validate(built))))
    assert ids["seam-left"].get("data-joins") == "9"
    assert ids["seam-right"].get("data-joins") == "1"
    assert "start" in classes(ids["tile-3-5"])


def test_exposed_connectors_are_marked_and_holds_say_their_room() -> None:
    """The start cabin has a universal connector on every side (RULES §1.3); the hold beside it
    joins it with a smooth side and has one connector, on its right, facing nothing."""
    s = compact_ship({"7,7": "start", "7,8": "cargo -s-- capacity=3 goods=R"})
    ids = by_id(parse(ship_svg(s)))

    def exposed(tile: str) -> list[str]:
        sides = with_class(ids[tile], "exposed")
        return sorted(c for e in sides for c in classes(e) if c.startswith("side-"))

    assert exposed("tile-7-7") == ["side-front", "side-left", "side-rear"]
    assert exposed("tile-7-8") == ["side-right"]
    labels = [e.text for e in with_class(ids["tile-7-8"], "part-label")]
    assert labels == ["hold 1/3"]
    key = [e.text for e in with_class(parse(ship_svg(s)), "legend")]
    assert any("exposed connector" in (k or "") for k in key)


def test_iib_draws_the_column_beyond_each_seam() -> None:
    """Column 1 and column 9 of IIB are joined (RULES §1.5): left of column 1 the picture shows
    column 9 faded, right of column 9 column 1, shaded where the Ouroboros has a tile."""
    built = load_ship(SCENARIOS / "ships" / "iib-cylinder.toml")
    root = parse(ship_svg(built, validate(built)))
    ghosts = with_class(root, "ghost")
    left = {e.get("data-square") for e in ghosts if "ghost-left" in classes(e)}
    right = {e.get("data-square") for e in ghosts if "ghost-right" in classes(e)}
    assert left == {f"{r},9" for r in range(2, 6)} and right == {f"{r},1" for r in range(2, 6)}
    occupied = {e.get("data-square") for e in ghosts if "occupied" in classes(e)}
    assert occupied == {c for c in map(str, built.tiles) if c.endswith((",1", ",9"))}


def test_boards_draw_the_rolled_faces_ringed_and_named() -> None:
    from trucker.formats.catalogue import find_board
    from trucker.render.pictures import boards_svg

    board = find_board("IIIB")
    root = parse(boards_svg([board], (3, 4)))
    rolled = with_class(root, "rolled-face")
    assert len(rolled) == len([f for f in board.hole_marks.values() if f in (3, 4)]) == 10
    faces = [e for e in with_class(root, "hole-mark")]
    assert len(faces) == len(board.hole_marks)
    assert all(float(e.get("font-size")) >= 14 for e in faces)
    caption = " ".join(e.text or "" for e in with_class(root, "caption"))
    assert "dice 3 and 4 rolled, faces 3 and 4: holes" in caption


def test_iiib_holes_are_drawn_as_holes() -> None:
    built = load_ship(SCENARIOS / "ships" / "iiib-holes.toml")
    root = parse(ship_svg(built, validate(built)))
    holes = {e.get("id") for e in with_class(root, "hole") if e.get("id")}
    assert holes == {f"square-{c.row}-{c.col}" for c in built.hole_squares}
    assert len(holes) == 10  # the squares marked 3 or 4 on the spec's IIIB grid
    assert not with_class(root, "violation")


def test_a_tile_off_the_board_is_still_drawn() -> None:
    built = load_ship(SCENARIOS / "ships" / "broken-hauler.toml")
    ids = by_id(parse(ship_svg(built)))
    assert "tile-10-7" in ids and "square-10-7" not in ids


# -- hits and exposure -----------------------------------------------------------------------


def test_a_hit_draws_the_line_the_tile_met_and_the_ship_after() -> None:
    built = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
    state = ShipState.from_ship(built)
    threat = Threat(ThreatKind.HEAVY_FIRE, Direction.REAR)
    result = attack(Table(policies=CommandLineCaptain()), state, threat, 6)
    root = parse(hit_svg(built, state.to_ship(), result))
    ids = by_id(root)
    assert ids["line"].get("data-line") == "column 6"
    (impact,) = with_class(root, "impact")
    assert impact.get("data-square") == "9,6" and "destroyed" in classes(impact)
    assert "tile-9-6" in ids and "after-tile-9-6" not in ids
    lost = [e.get("data-square") for e in with_class(root, "lost-mark")]
    assert lost == ["9,6"]


def test_a_shifted_hit_shows_the_rolled_line_too() -> None:
    built = load_ship(SCENARIOS / "attacks" / "green-thruster.toml")
    state = ShipState.from_ship(built)
    result = attack(
        Table(policies=CommandLineCaptain(shift=Direction.RIGHT)),
        state,
        Threat(ThreatKind.SMALL_METEOR, Direction.FRONT),
        5,
    )
    assert result.shift is Direction.RIGHT, "the scenario's thruster moves the ship right on a 5"
    ids = by_id(parse(hit_svg(built, state.to_ship(), result)))
    assert "rolled" in classes(ids["rolled-line"])
    assert ids["line"].get("data-line") != ids["rolled-line"].get("data-line")


def _label(group: ET.Element) -> tuple[float, str, list[str]]:
    """A line's label: where it is anchored, which way it runs, and its rows."""
    (text,) = (e for e in group.iter(f"{NS}text") if "line-label" in classes(e))
    rows = [t.text or "" for t in text.iter(f"{NS}tspan")] or [text.text or ""]
    return float(text.get("x") or 0), text.get("text-anchor") or "", rows


def test_the_labels_of_neighbouring_columns_do_not_run_into_each_other() -> None:
    """Meteors on columns side by side: each label fits between its arrow and the next one (a
    square apart), wrapped ("1 small" over "meteor"), where a one-line label ran over its
    neighbour's ("1 small meteo2 big meteor")."""
    from trucker.core.threats import Line
    from trucker.render.pictures.canvas import SQUARE, text_width
    from trucker.render.pictures.threats import LoggedImpact, threats_svg

    ship = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
    impacts = [
        LoggedImpact(kind, Line(Direction.FRONT, col), None)
        for kind, col in [("small-meteor", 6), ("large-meteor", 7), ("small-meteor", 8)]
    ]
    root = parse(threats_svg(ship, ship, impacts, [], "three meteors", captions=False))
    ids = by_id(root)
    labels = [_label(ids[f"line-{n}"]) for n in (1, 2, 3)]
    assert [rows for _, _, rows in labels] == [
        ["1 small", "meteor"],
        ["2 large", "meteor"],
        ["3 small", "meteor"],
    ]
    for (x, anchor, rows), (next_x, _, _) in itertools.pairwise(labels):
        assert anchor == "start" and next_x - x == SQUARE
        widest = max(text_width(row, 11, bold=True) for row in rows)
        assert x + widest < next_x - 4  # ends before the next arrow


def test_threats_on_one_line_share_its_arrow_and_give_both_labels() -> None:
    """A paired meteor's two meteors on one column: one arrow, both labels one under the other
    (drawn one over the other, only the second could be read), red when either destroyed."""
    from trucker.core.threats import Line
    from trucker.render.pictures.canvas import RED
    from trucker.render.pictures.threats import LoggedImpact, threats_svg

    ship = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
    column = Line(Direction.FRONT, 7)
    impacts = [
        LoggedImpact("large-meteor", column, Cell(4, 7), "cannon"),
        LoggedImpact("small-meteor", column, Cell(4, 7)),
    ]
    root = parse(threats_svg(ship, ship, impacts, [], "a paired meteor", captions=False))
    lines = with_class(root, "threat-line")
    assert len(lines) == 1 and lines[0].get("id") == "line-1"
    assert _label(lines[0])[2] == ["1 large", "meteor", "2 small", "meteor"]
    (arrow,) = lines[0].iter(f"{NS}line")
    assert arrow.get("stroke") == RED


def test_a_shift_by_one_column_puts_the_two_labels_apart() -> None:
    """The rolled line's label and the travelled line's go on the sides away from each other,
    whichever way the ship moved."""
    from trucker.core.threats import Line
    from trucker.render.pictures.canvas import RED, Panel
    from trucker.render.pictures.threats import draw_lines

    ship = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
    for travelled, rolled in [(6, 7), (7, 6)]:
        root = ET.Element("svg")
        panel = Panel.sized(ship.board, list(ship.tiles))
        draw_lines(
            root, panel, Line(Direction.FRONT, travelled), Line(Direction.FRONT, rolled), RED
        )
        groups = {g.get("data-line"): g for g in root.iter("g")}
        real_x, real_anchor, _ = _label_plain(groups[f"column {travelled}"])
        ghost_x, ghost_anchor, _ = _label_plain(groups[f"column {rolled}"])
        if rolled > travelled:
            assert (real_anchor, ghost_anchor) == ("end", "start") and real_x < ghost_x
        else:
            assert (real_anchor, ghost_anchor) == ("start", "end") and real_x > ghost_x


def _label_plain(group: ET.Element) -> tuple[float, str, list[str]]:
    (text,) = (e for e in group.iter("text") if "line-label" in classes(e))
    return float(text.get("x") or 0), text.get("text-anchor") or "", [text.text or ""]


def test_exposure_colours_each_met_tile_with_its_odds() -> None:
    built = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
    sides = exact_odds(ShipState.from_ship(built), ThreatKind.SMALL_METEOR)
    root = parse(exposure_svg(built, sides))
    ids = by_id(root)
    assert len(with_class(root, "side")) == 4
    for side in sides:
        for cell, odds in side.tiles.items():
            element = ids[f"{side.direction}-heat-{cell.row}-{cell.col}"]
            assert float(element.get("data-destroyed")) == pytest.approx(
                float(odds.destroyed_unpowered), abs=0.005
            )


# -- intruder walks ----------------------------------------------------------------------------


def run_walk(data: dict) -> tuple[object, IntruderResult, list]:
    built = load_ship(INTRUDERS / data["ship"])
    card = load_deck(INTRUDERS / data["card"]).cards[0]
    if data.get("double"):
        card = dataclasses.replace(card, double=True, hand=None)
    shift = Direction.parse(data["shift"]) if "shift" in data else None
    log: list = []
    table = Table(policies=CommandLineCaptain(shift=shift), log=log)
    return built, intrude(table, ShipState.from_ship(built), card, data["roll"]), log


def routes_of(root: ET.Element, hand: str = "left") -> list[ET.Element]:
    walk = by_id(root)[f"walk-{hand}"]
    return [e for e in walk.iter(f"{NS}g") if "route" in classes(e)]


def step_numbers(root: ET.Element) -> list[str]:
    return [t.text or "" for t in with_class(root, "step-number") if t.tag == f"{NS}text"]


def test_a_predator_walk_draws_its_path_step_by_step() -> None:
    data = case("predator, roll 9:")
    built, result, log = run_walk(data)
    root = parse(walk_svg(built, result, log))
    (walker,) = data["expect"]["walkers"]
    assert [r.get("data-step") for r in routes_of(root)] == ["1", "2", "3", "4"]
    assert sorted(step_numbers(root)) == ["1", "2", "3", "4"]
    assert len(walker["path"]) == 4
    desc = root.find(f"{NS}desc").text or ""
    assert "outcome: escaped" in desc and "eaten: 2 humans, 3 battery tokens" in desc


def test_a_frame_shows_the_ship_as_its_step_left_it() -> None:
    built, result, log = run_walk(case("predator, roll 9:"))
    frames = [parse(walk_svg(built, result, log, upto=k)) for k in range(5)]
    humans = [len(with_class(f, "human")) for f in frames]
    cabin = built.contents[Cell(9, 8)].crew
    assert cabin == 2 and humans[2] - humans[3] == cabin  # step 3 eats the cabin on 9,8
    tokens = [len(with_class(f, "token")) for f in frames]
    assert tokens[1] - tokens[2] == 3  # step 2 eats the battery on 9,7
    for k, frame in enumerate(frames):
        assert [r.get("data-step") for r in routes_of(frame)] == [str(n) for n in range(1, k + 1)]
    token = by_id(frames[3])["token-left"]
    assert token.get("data-square") == "9,8" and token.get("data-heading") == "right"
    assert [t.text for t in with_class(frames[3], "eaten") if t.tag == f"{NS}text"] == [
        "ate 2 humans"
    ]


def test_no_frame_tells_the_future() -> None:
    built, result, log = run_walk(case("predator, roll 9:"))
    landing = walk_svg(built, result, log, upto=0)
    words = " ".join(parse(landing).itertext())
    for told in ("escaped", "outcome", "eats", "ate 2", "ate 3", "leaves", "step 2"):
        assert told not in words
    step_two = parse(walk_svg(built, result, log, upto=2))
    assert "cabin on 9,8" not in " ".join(step_two.itertext())


def test_the_tries_are_drawn_on_the_tile_it_left() -> None:
    built, result, log = run_walk(case("predator, roll 9:"))
    root = parse(walk_svg(built, result, log, upto=3))
    marks = [t.text for t in with_class(root, "try") if t.tag == f"{NS}text"]
    assert marks == ["1✗", "2✓"]  # heading right on 9,7: left (front) not joined, straight


def test_a_defeat_is_marked_where_it_happened() -> None:
    built, result, log = run_walk(case("predator, roll 5:"))
    root = parse(walk_svg(built, result, log))
    outlines = [e.get("data-square") for e in with_class(root, "defender")]
    assert outlines == ["5,8"]


def test_a_repelled_landing_is_marked() -> None:
    built, result, log = run_walk(case("predator, roll 7: the landing"))
    ids = by_id(parse(walk_svg(built, result, log)))
    assert ids["repelled"].get("data-square") == "7,5"
    assert "walk-left" not in ids


def test_commando_fuses_are_drawn_as_they_are_placed_and_explode_at_the_end() -> None:
    data = case("commando, fuses at 6 and 12")
    built, result, log = run_walk(data)
    fuses = [
        [
            e.get("data-square")
            for e in with_class(parse(walk_svg(built, result, log, upto=k)), "fuse-mark")
        ]
        for k in (5, 6, 12)
    ]
    assert fuses == [[], ["5,6"], ["5,6", "6,9"]]
    last = parse(walk_svg(built, result, log))
    blown = sorted(e.get("data-square") for e in with_class(last, "exploded-mark"))
    assert blown == sorted(map(str, result.fused))


def test_a_double_intruder_walks_in_two_colours() -> None:
    data = case("double commando")
    built, result, log = run_walk(data)
    root = parse(walk_svg(built, result, log))
    ids = by_id(root)
    walks = [ids["walk-left"], ids["walk-right"]]
    assert [w.get("data-color") for w in walks] == [WALKER_COLORS["left"], WALKER_COLORS["right"]]
    assert WALKER_COLORS["left"] != WALKER_COLORS["right"]
    for walk, expected in zip(walks, data["expect"]["walkers"], strict=True):
        lines = {e.get("stroke") for e in with_class(walk, "route-line")}
        assert lines == {walk.get("data-color")}
        assert len(with_class(walk, "route")) == len(expected["path"])


def test_outcome_counts_name_aliens_goods_and_humans() -> None:
    from trucker.render.pictures.walk_words import eaten_words

    assert eaten_words(2, ("brown",), "RY", 3) == [
        "2 humans",
        "the brown alien",
        "goods RY",
        "3 battery tokens",
    ]
    assert eaten_words(1) == ["1 human"]


def test_renderers_load_neither_the_cli_nor_rich() -> None:
    probe = (
        "import json, sys; import trucker.render.pictures, trucker.render.pages.player; "
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    leaked = [
        m
        for m in json.loads(done.stdout)
        if m.split(".")[0] in ("rich", "typer") or m.startswith("trucker.cli")
    ]
    assert leaked == []


def test_cells_in_ids_are_row_then_column() -> None:
    built = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
    ids = by_id(parse(ship_svg(built)))
    assert Cell(7, 10) in built.tiles and "tile-7-10" in ids


def test_pictures_are_small_enough_to_commit() -> None:
    built = load_ship(SCENARIOS / "ships" / "class-iii-cruiser.toml")
    assert len(ship_svg(built, validate(built))) < 60_000


def test_a_tile_far_off_the_board_does_not_stretch_the_picture() -> None:
    """As in the text drawing, a tile on "7,99999999" is left out of the picture (it once
    asked for a hundred million columns and ran out of memory)."""
    s = compact_ship({"7,7": "start", "7,99999999": "pipe uuuu", "-99999999,7": "pipe uuuu"})
    near = compact_ship({"7,7": "start"})
    text = ship_svg(s, validate(s))
    assert len(text) < 2 * len(ship_svg(near, validate(near)))
    assert "tile-7-99999999" not in text


# -- radiation -------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [0, 1])
def test_a_leak_draws_every_network_with_its_tokens_and_the_crew_it_takes(number: int) -> None:
    """scenarios/radiation/cases.toml, worked out by hand: each network outlined with its token
    total (exploding ones dashed red), each tile losing a crew member tagged, and the ship after
    with exactly the destroyed tiles crossed out."""
    from trucker.core.rulings import Rulings
    from trucker.render.pictures.leak import radiation_svg
    from trucker.sim import encounters

    cases = tomllib.loads((SCENARIOS / "radiation" / "cases.toml").read_text(encoding="utf-8"))
    golden = cases["case"][number]
    rulings = Rulings(**golden.get("rulings", {}))
    built = load_ship(SCENARIOS / "radiation" / golden["ship"])
    found = encounters.radiation(built, rulings=rulings)
    plan = found.result.plan
    root = parse(radiation_svg(found.before, found.after, plan, found.lost_here, "leak"))
    networks = [
        {
            "tiles": e.get("data-squares").split(),
            "tokens": int(e.get("data-tokens")),
            "explodes": "explodes" in classes(e),
        }
        for e in with_class(root, "network")
    ]
    assert sorted(networks, key=str) == sorted(golden["networks"], key=str)
    crew = [e.get("data-square") for e in with_class(root, "crew-lost")]
    assert crew == [c["square"] for c in golden["crew_lost"]]
    crossed = sorted(e.get("data-square") for e in with_class(root, "lost-mark"))
    assert crossed == sorted(golden["destroyed"])
    words = " ".join(e.text or "" for e in root.iter(f"{NS}text"))
    for network in golden["networks"]:
        assert f"{network['tokens']} tokens" in words
