"""Pictures (SVG) of what the engine decided: ships and their violations, threats and their
hits, the exposure of each tile, intruders' walks. They never compute a rule.

One module per subject, on one canvas: :mod:`~trucker.render.pictures.canvas` (sizes, colours,
elements, panels), :mod:`~trucker.render.pictures.board` (squares, holes, the seam),
:mod:`~trucker.render.pictures.tiles` and :mod:`~trucker.render.pictures.icons` (tiles),
:mod:`~trucker.render.pictures.ship`, :mod:`~trucker.render.pictures.threats`,
:mod:`~trucker.render.pictures.heat` (exposure), :mod:`~trucker.render.pictures.leak` (radiation)
and :mod:`~trucker.render.pictures.walks`.

>>> from trucker.formats.catalogue import find_board, parts
>>> from trucker.core.ship import Ship
>>> svg = ship_svg(Ship(find_board("I"), {}, contents={}, part_facts=parts()))
>>> svg.startswith("<svg") and 'id="square-7-7"' in svg
True
"""

from trucker.render.pictures.canvas import SQUARE, WALKER_COLORS
from trucker.render.pictures.heat import exposure_svg
from trucker.render.pictures.ship import after_svg, boards_svg, ship_svg
from trucker.render.pictures.threats import hit_svg
from trucker.render.pictures.walk_words import outcome_lines, walk_title
from trucker.render.pictures.walks import walk_frames, walk_svg

__all__ = [
    "ship_svg",
    "hit_svg",
    "exposure_svg",
    "walk_svg",
    "walk_frames",
    "after_svg",
    "boards_svg",
    "walk_title",
    "outcome_lines",
    "WALKER_COLORS",
    "SQUARE",
]
