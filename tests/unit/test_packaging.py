"""The wheel carries every package: pyproject lists packages by hand (two of them are mapped
from top-level folders), so a new subpackage must be added there, or the installed program
fails where the editable checkout works."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_is_in_the_wheel() -> None:
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "trucker").rglob("__init__.py")
    }
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"


def test_every_data_file_is_in_the_wheel() -> None:
    """A bundled file whose suffix no package-data pattern names works from a checkout and is
    missing from an installed wheel (`trucker examples` would not copy it)."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    missing = []
    for package, folder in setuptools["package-dir"].items():
        patterns = setuptools["package-data"][package]
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or path.suffix in (".py", ".pyc"):
                continue
            relative = path.relative_to(ROOT / folder)
            shallow = [p.removeprefix("**/") for p in patterns]
            if not any(relative.match(p) for p in [*patterns, *shallow]):
                missing.append(f"{folder}/{relative.as_posix()}")
    assert not missing, f"add a package-data pattern for: {missing}"
