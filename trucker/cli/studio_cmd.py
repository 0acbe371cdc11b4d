"""``trucker studio``: the shipyard in the browser, on a local server over a folder of ships."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

__all__ = ["studio"]


def studio(
    folder: Annotated[
        Path,
        typer.Argument(
            help="The folder of ship files to open, edit and save (nothing outside it is read "
            "or written).",
        ),
    ] = Path("."),
    port: Annotated[
        int, typer.Option("--port", "-p", min=1, max=65535, help="The port to listen on.")
    ] = 8765,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="Where to listen: 127.0.0.1 (this machine only), or e.g. 0.0.0.0 to serve the "
            "table's other devices, which then need the token the start-up line prints.",
        ),
    ] = "127.0.0.1",
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help="Do not open a browser.")
    ] = False,
    token: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--token",
            metavar="TEXT",
            help="The token other devices show (default: a random one, printed); only with --host.",
        ),
    ] = None,
) -> None:
    """Open the shipyard in the browser: build a ship by placing tiles, the legal squares
    shown and every rule checked as you go; open, save (comments kept) and share the ship
    files of FOLDER. Ctrl-C stops the server.

    Example: trucker studio my-ships/
    """
    from trucker.cli.common import bad_input
    from trucker.cli.output import err, out
    from trucker.formats.outputs import unwatched
    from trucker.web.serve import Refused, serve
    from trucker.web.studio import LOOPBACK, Settings, new_token

    if not folder.is_dir():
        raise bad_input(str(folder), "", "not a folder: give a folder of ship files")
    loopback = host in ("127.0.0.1", "localhost", "::1")
    if token is not None and loopback:
        raise bad_input("--token", "", "a token is for --host: on 127.0.0.1 none is needed")
    if token is not None and len(token) < 16:
        raise bad_input("--token", "", "at least 16 characters, so that it cannot be guessed")
    chosen = None if loopback else token or new_token()
    settings = Settings(folder.resolve(), LOOPBACK if host == "localhost" else host, port, chosen)

    def started() -> None:
        out.print(f"trucker studio: serving {settings.folder} at {settings.url}")
        if chosen is not None:
            import socket

            here = host if host not in ("0.0.0.0", "::") else socket.gethostname()
            out.print(
                f"listening on {host}: other devices open http://{here}:{port}/?token={chosen} "
                "(the token is required)"
            )
        out.print("Ctrl-C stops it.")
        if not no_browser:
            import webbrowser

            webbrowser.open(settings.url)

    try:
        with unwatched():  # the shipyard saves the files it opens: that is what it is for
            serve(settings, started)
    except Refused as exc:
        err.print(f"trucker studio: {exc}", style="red")
        raise typer.Exit(2) from None
    raise typer.Exit(0)
