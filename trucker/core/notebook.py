"""Pictures in a notebook: a ship, a report or an encounter shown in Jupyter draws itself
(``_repr_svg_``, python-chess's habit) with the pictures of :mod:`trucker.render.pictures`.

The values live in the layers below ``render``, which never import it: the renderer is found by
its name when a notebook asks for the picture, and never otherwise. The engine never calls this.
"""

from __future__ import annotations

from importlib import import_module

__all__ = ["picture"]

RENDERER = "trucker.render.pictures"


def picture(name: str, *args: object) -> str:
    """The SVG picture :mod:`trucker.render.pictures` draws with the function ``name``."""
    drawn: str = getattr(import_module(RENDERER), name)(*args)
    return drawn
