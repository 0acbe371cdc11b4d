"""The studio's app: its settings (the folder, host, port and token), the state every route
reaches (``request.app.state.studio``), the pages and the guard in front of them.

A page is a module with ``PAGE`` (its title and path, for the menu) and ``routes()``; adding one
is adding it to :func:`pages`. Every page is also data: asked with ``Accept: application/json``
or ``?format=json``, it answers with the JSON its template is drawn from (as Datasette does).
"""

from __future__ import annotations

from types import ModuleType

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from trucker.core.errors import BadInput
from trucker.formats.folder import Folder
from trucker.web.answers import bad_input
from trucker.web.guard import BodyTooLarge, Guard
from trucker.web.push import Hub
from trucker.web.studio import Settings, Studio

__all__ = ["create_app", "pages"]


def pages() -> list[ModuleType]:
    """The page modules, in the menu's order."""
    from trucker.web import files, push, runs, shipyard

    return [shipyard, files, runs, push]


def _templates() -> Jinja2Templates:
    env = Environment(
        loader=PackageLoader("trucker.web", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return Jinja2Templates(env=env)


def create_app(settings: Settings) -> Starlette:
    """The app for ``settings``: every page's routes, the packaged static files, the guard."""
    folder = Folder(settings.folder)
    templates = _templates()
    modules = pages()
    menu = [m.PAGE for m in modules if getattr(m, "PAGE", None) is not None]
    templates.env.globals["menu"] = menu
    studio = Studio(settings, folder, templates, Hub())
    routes: list[BaseRoute] = [
        Mount("/static", app=StaticFiles(packages=[("trucker.web", "static")]), name="static")
    ]
    for module in modules:
        routes.extend(module.routes())
    app = Starlette(
        routes=routes,
        middleware=[Middleware(Guard, host=settings.host, token=settings.token)],
        exception_handlers={BadInput: _bad_input, BodyTooLarge: _too_large},
    )
    app.state.studio = studio
    return app


async def _bad_input(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadInput)
    return bad_input(exc)


async def _too_large(request: Request, exc: Exception) -> Response:
    return bad_input(BadInput.one("request", "", str(exc)), status=413)
