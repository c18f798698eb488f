"""The command line starts fast: parsing a core command loads none of the heavy modules
(the engine, numpy, the plugin manager, pydantic-settings, the stores); a command loads them
only when it needs them. Guards the warm ``cognimem search`` path (docs/benchmarks.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("numpy", "cognimem.engine", "cognimem.components", "cognimem.plugins",
         "cognimem.migrate", "cognimem.profile", "pydantic_settings", "duckdb", "pluggy",
         "rich", "mcp", "pydantic", "cognimem.models.memory", "cognimem.models.search")

PROBE = """
import json, sys
from cognimem.cli.app import build_parser
build_parser({argv!r}).parse_args({argv!r})
print(json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)))
"""


@pytest.mark.parametrize("argv", [
    ["search", "billing", "--store", "/nonexistent"],
    ["add", "a fact"], ["list"], ["get", "m1"], ["export", "-"], ["daemon", "status"],
    ["config", "claude-code"], ["migrate", "--to", "x"],
], ids=lambda a: a[0])
def test_parsing_a_core_command_loads_nothing_heavy(argv: list[str]) -> None:
    out = subprocess.run([sys.executable, "-c", PROBE.format(argv=argv, heavy=HEAVY)],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []
