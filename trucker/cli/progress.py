"""The progress bar of a long run (``trucker odds``, ``weigh``): on stderr, at a terminal
only."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

__all__ = ["progress"]


class progress:
    """A rich progress bar on stderr with rate and time left; nothing when quiet or when
    stderr is not a terminal. A run to a precision also shows the half-width it has reached,
    which :meth:`__enter__`'s function is given after each chunk, in the words of ``half``."""

    def __init__(
        self, total: int, *, quiet: bool, half: Callable[[float], str] | None = None
    ) -> None:
        self.total = total
        self.quiet = quiet
        self.half = half
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

        columns: list[Any] = [
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]} flights/s"),
        ]
        if self.half is not None:
            columns.append(TextColumn("{task.fields[half]}"))
        columns.append(TimeRemainingColumn())
        self.bar = Progress(*columns, console=err, transient=True)
        self.bar.start()
        self.task = self.bar.add_task("flying", total=self.total, rate="-", half="")
        started = time.perf_counter()
        done = [0]

        def advance(count: int, half_width: float | None = None) -> None:
            done[0] += count
            rate = done[0] / max(time.perf_counter() - started, 1e-9)
            half = "" if half_width is None or self.half is None else self.half(half_width)
            self.bar.update(self.task, advance=count, rate=f"{rate:,.0f}", half=half)

        return advance

    def restart(self, description: str, total: int) -> None:
        """Start the bar again for the next part of a run (a stage of ``trucker weigh``),
        with its own description and total."""
        if self.bar is not None:
            self.bar.reset(self.task, total=total, description=description)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
