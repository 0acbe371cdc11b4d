"""The rulings table as Markdown and as loadable TOML (trucker/render/rulings.py)."""

from __future__ import annotations

import tomllib

from trucker.core.rulings import DEFAULT_RULINGS, RULING_NAMES, RulingSource, resolve_rulings
from trucker.render.rulings import rulings_markdown, rulings_toml


def test_defaults_toml_loads_back_as_a_ships_rulings() -> None:
    """`trucker rulings --defaults` prints TOML a ship file can carry (STYLE §5.7)."""
    table = tomllib.loads(rulings_toml())["rulings"]
    assert set(table) == set(RULING_NAMES)
    assert resolve_rulings([RulingSource("defaults.toml", table)]) == DEFAULT_RULINGS


def test_markdown_table_lists_every_ruling() -> None:
    text = rulings_markdown()
    for name in RULING_NAMES:
        assert f"`{name}`" in text
