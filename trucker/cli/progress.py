"""The progress bar of a long run (``trucker odds``): on stderr, at a terminal only."""

from __future__ import annotations

import time
from typing import Any

__all__ = ["progress"]


class progress:
    """A rich progress bar on stderr with rate and time left; nothing when quiet or when
    stderr is not a terminal."""

    def __init__(self, total: int, *, quiet: bool) -> None:
        self.total = total
        self.quiet = quiet
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> Any:
        from trucker.cli.output import err

        if self.quiet or not err.is_terminal:
            return None
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            TextColumn("flying"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]} flights/s"),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        )
        self.bar.start()
        self.task = self.bar.add_task("flights", total=self.total, rate="-")
        started = time.perf_counter()
        done = [0]

        def advance(count: int) -> None:
            done[0] += count
            rate = done[0] / max(time.perf_counter() - started, 1e-9)
            self.bar.update(self.task, advance=count, rate=f"{rate:,.0f}")

        return advance

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
