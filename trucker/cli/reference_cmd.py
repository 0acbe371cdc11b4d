"""``trucker schema`` and ``trucker rulings``: the layout file's JSON Schema, and the named
interpretations with their defaults and sources (RULES §10)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from trucker.cli.options import EffortOpt, JsonOpt, ObjectiveOpt, RepairOpt, RulingOpt

__all__ = ["schema", "rulings"]


def schema(
    kind: Annotated[str, typer.Argument(help="ship (default) or board.")] = "ship",
) -> None:
    """Print the JSON Schema of the layout file format, for editors.

    Example: trucker schema > ship.schema.json
    """
    from trucker.cli.output import print_errors, print_json
    from trucker.core.errors import BadInput

    if kind == "ship":
        from trucker.formats.ship_file import ShipFile

        print_json(ShipFile.model_json_schema())
    elif kind == "board":
        from trucker.formats.board_file import BoardFile

        print_json(BoardFile.model_json_schema())
    else:
        print_errors(BadInput.one("schema", kind, "expected ship or board"))
        raise typer.Exit(2)


def rulings(
    defaults: Annotated[
        bool, typer.Option("--defaults", help="Print the defaults as loadable TOML.")
    ] = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print the table as Markdown (docs).")
    ] = False,
    impact: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--impact",
            metavar="SHIP",
            help="Fly this ship under each ruling's alternatives instead of the rulings as "
            "they are (same dice) and report the change in its odds (needs --deck).",
        ),
    ] = None,
    deck: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--deck", "-d", help="With --impact: random:I to random:IV or a deck file."),
    ] = None,
    flights: Annotated[
        int,
        typer.Option(
            "-n", "--flights", min=1, help="With --impact: flights to fly (at most 10,000,000)."
        ),
    ] = 1000,
    seed: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--seed", help="With --impact: the run's seed (printed when not given)."),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            "-w",
            min=1,
            help="With --impact: local processes, at most the CPUs this process may use.",
        ),
    ] = 1,
    dask: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--dask",
            metavar="ADDRESS",
            help="With --impact: a Dask scheduler (refused when it does not answer within 10 s).",
        ),
    ] = None,
    policy: Annotated[
        str,
        typer.Option(
            "--policy", help="With --impact: the captain (sensible, cautious, greedy or expert)."
        ),
    ] = "sensible",
    effort: EffortOpt = None,
    objective: ObjectiveOpt = None,
    repair: RepairOpt = False,
    ruling: RulingOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """List the named interpretations, their defaults, alternatives and sources (RULES §10);
    with --impact, which of them change a ship's odds.

    Example: trucker validate ship.toml --ruling thruster_clearance=one-square

    Example: trucker rulings --impact scenarios/ships/class-iii-cruiser.toml --deck random:III
    """
    if impact is not None:
        _impact(
            impact,
            deck,
            flights,
            seed,
            workers,
            dask,
            policy,
            repair,
            ruling,
            json_out,
            (effort, objective),
        )
    from trucker.cli.output import out, print_json
    from trucker.core.rulings import ruling_infos
    from trucker.formats.write import toml_value
    from trucker.render.rulings import rulings_markdown, rulings_toml

    infos = ruling_infos()
    if json_out:
        print_json(
            [
                {
                    "name": i.name,
                    "default": i.default,
                    "alternatives": i.alternatives,
                    "description": i.description,
                    "source": i.source,
                }
                for i in infos
            ]
        )
    elif defaults:
        sys.stdout.write(rulings_toml())
    elif markdown:
        sys.stdout.write(rulings_markdown())
    else:
        for info in infos:
            out.print(f"{info.name} = {toml_value(info.default)}", style="bold", end="")
            out.print(f"   ({info.source}; also: {info.alternatives})", style="bright_black")
            out.print(f"    {info.description}")
    raise typer.Exit(0)


def _impact(
    ship: Path,
    deck: str | None,
    flights: int,
    seed: int | None,
    workers: int,
    dask: str | None,
    policy: str,
    repair: bool,
    ruling: list[str] | None,
    json_out: bool,
    expert: tuple[int | None, str | None],
) -> None:
    """``rulings --impact``: one library call (:func:`trucker.play.impact.ruling_impact`)."""
    from trucker.cli.common import bad_input, draw_seed, expert_options, load_flight_ships
    from trucker.cli.flying import check_dask, check_flights, check_policy, deck_option, ended
    from trucker.cli.output import err, print_json, print_lines
    from trucker.cli.progress import progress
    from trucker.play.impact import ruling_impact, variants
    from trucker.play.parallel import worker_count
    from trucker.render.terminal.impact import impact_lines

    if deck is None:
        raise bad_input("--deck", "", "--impact needs a deck: random:III or a deck file")
    check_policy(policy)
    options = expert_options(policy == "expert", *expert)
    check_flights(flights)
    check_dask(dask, workers)
    if (usable := worker_count(workers)) < workers:
        err.print(f"note: --workers {workers}: this machine has {usable} CPUs, so {usable} fly")
        workers = usable
    (flying,), rulings = load_flight_ships([ship], ruling, repair=repair, quiet=json_out)
    the_deck = deck_option(deck)
    used_seed = draw_seed(seed)
    tried, _ = variants(rulings)
    extra = -(-len(tried) // 16)
    with progress(flights * (len(tried) + extra), quiet=json_out) as advance:
        result = ruling_impact(
            flying.ship,
            the_deck,
            rulings=rulings,
            seed=used_seed,
            flights=flights,
            captain=policy,
            captain_options=options,
            name=flying.ship.name or ship.stem,
            workers=workers,
            dask=dask,
            progress=advance,
        )
    code = ended(result.partial, result.stopped, dask)
    if json_out:
        print_json({"file": str(ship), **result.to_dict()})
    else:
        print_lines(impact_lines(result))
    raise typer.Exit(code)
