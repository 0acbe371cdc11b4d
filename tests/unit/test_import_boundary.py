"""The engine never needs the renderer or the CLI (STYLE §6.1): importing the validator loads no
trucker.render, trucker.cli, rich or typer module. Checked in a fresh interpreter, since this
test process has imported everything already."""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = ("trucker.render", "trucker.cli", "rich", "typer")

PROBE = """
import json, sys
import trucker.validate
import trucker.repair
import trucker.load
print(json.dumps(sorted(sys.modules)))
"""


def test_validate_imports_no_rendering_or_cli() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    modules = json.loads(done.stdout)
    assert "trucker.validate" in modules
    leaked = [m for m in modules if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert leaked == []
