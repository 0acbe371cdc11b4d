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
import trucker.rules.validate
import trucker.rules.repair
import trucker.formats.load
print(json.dumps(sorted(sys.modules)))
"""


def test_validate_imports_no_rendering_or_cli() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    modules = json.loads(done.stdout)
    assert "trucker.rules.validate" in modules
    leaked = [m for m in modules if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert leaked == []


VALIDATE = """
import json, sys
from trucker.cli.app import main
sys.argv = ["trucker", "validate", "--json", sys.argv[1]]
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def test_validating_a_well_formed_ship_imports_no_pydantic_or_networkx() -> None:
    """Start-up time (issue 2: at most 0.3 s in all): pydantic's models are built only for a
    file the fast path declines, to explain it, and networkx only for analysis."""
    from trucker.formats.catalogue import scenarios_root

    ship = str(scenarios_root() / "ships" / "class-iii-cruiser.toml")
    done = subprocess.run(
        [sys.executable, "-c", VALIDATE, ship], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout)["legal"] is True
    modules = json.loads(done.stderr.splitlines()[-1])
    leaked = [m for m in modules if m.split(".")[0] in ("pydantic", "networkx")]
    assert leaked == []
