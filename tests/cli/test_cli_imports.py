"""The command line starts fast: parsing a core command loads none of the heavy modules
(the engine, numpy, the plugin manager, pydantic-settings, the stores); a command loads them
only when it needs them. Guards the warm ``cognimem search`` path (docs/benchmarks.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cognimem.daemon.spawn import stop_daemon

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


def test_each_command_module_adds_the_commands_it_is_listed_with() -> None:
    """The parser imports only the module of the command named; the list must be right."""
    import argparse
    import importlib

    from cognimem.cli.app import COMMAND_MODULES

    for name, commands in COMMAND_MODULES.items():
        subparsers = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(f"cognimem.cli.{name}").register(subparsers)
        assert tuple(subparsers.choices) == commands, name


#: What a warm search must not load: the models' pydantic classes and pydantic itself (the
#: daemon sends a plain-data summary), the profile reader, the engine, the plugin manager,
#: the daemon's spawning code (only needed when no daemon answers), and rich's emoji table
#: (a memory's ``:name:`` is printed as written).
WARM_HEAVY = (*HEAVY, "pydantic_core", "annotated_types", "cognimem.daemon.spawn",
              "subprocess", "importlib.metadata", "cognimem.mcp.clients", "rich._emoji_codes")

WARM_PROBE = """
import json, sys
from cognimem.cli import main
code = main({argv!r})
print(json.dumps({{"code": code,
                  "loaded": sorted(m for m in {heavy!r} if m in sys.modules)}}))
"""


@pytest.mark.parametrize("output", [["--json", "--explain"], []], ids=["json", "table"])
def test_a_warm_search_loads_nothing_heavy(output: list[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``cognimem search`` against a running daemon decodes its answer without pydantic and
    without reading the profile; rich is loaded only to print a table."""
    monkeypatch.setenv("COGNIMEM_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.setenv("COGNIMEM_DAEMON_IDLE_TIMEOUT", "20")
    monkeypatch.delenv("COGNIMEM_NO_DAEMON", raising=False)
    store = tmp_path / "store"
    where = ["--profile", "test", "--store", str(store)]
    try:
        # The first command starts the daemon and remembers what the profile resolved to.
        subprocess.run([sys.executable, "-m", "cognimem", "add", "billing retries back off",
                        *where], capture_output=True, text=True, check=True, cwd=tmp_path)
        argv = ["search", "billing retries", *where, *output]
        heavy = tuple(m for m in WARM_HEAVY if output or m != "rich")
        out = subprocess.run([sys.executable, "-c", WARM_PROBE.format(argv=argv, heavy=heavy)],
                             capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    finally:
        stop_daemon(store)
    *printed, last = out.strip().splitlines()
    probe = json.loads(last)
    assert probe == {"code": 0, "loaded": []}
    shown = "\n".join(printed)
    if output:
        hit = json.loads(shown)["hits"][0]
        assert hit["content"] == "billing retries back off"
        assert [s["stage"] for s in hit["trail"]][:1] == ["retrieve"]  # explained
    else:
        assert "billing retries back off" in shown


PLUGIN_PROBE = """
import json, sys
from cognimem.cli import main
code = main({argv!r})
print(json.dumps({{"code": code, "plugins": sorted(m for m in sys.modules
                                                  if m.startswith("cognimem_plugins")),
                  "loaded": sorted(m for m in {heavy!r} if m in sys.modules)}}))
"""

HELLO_PLUGIN = '''
from cognimem import hookimpl
from cognimem.components import CommandSpec


@hookimpl
def cognimem_register_commands(register):
    register(CommandSpec(name="hello", help="{help}", configure="hello_cmd:configure"))
'''

HELLO_COMMAND = '''
def configure(parser):
    parser.set_defaults(func=lambda args: print("hello") or 0)
'''


def _probe(argv: list[str], cwd: Path) -> tuple[list[str], dict[str, object]]:
    # a command that is not a core one registers every core command (their names are taken),
    # so the config command's client table is loaded: a few milliseconds
    heavy = tuple(m for m in WARM_HEAVY if m not in ("rich", "cognimem.mcp.clients"))
    out = subprocess.run([sys.executable, "-c", PLUGIN_PROBE.format(argv=argv, heavy=heavy)],
                         capture_output=True, text=True, check=True, cwd=cwd).stdout
    *printed, last = out.strip().splitlines()
    return printed, json.loads(last)


def test_a_warm_plugin_command_loads_no_other_plugin(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The plugins' commands and table are remembered: once they are known, ``cognimem
    plugins`` and a plugin's command load no plugin (but the command's own module) and
    nothing heavy; an edited plugin file is read again."""
    monkeypatch.setenv("COGNIMEM_RUNTIME_DIR", str(tmp_path / "run"))
    (tmp_path / "hello_cmd.py").write_text(HELLO_COMMAND, encoding="utf-8")
    plugin = tmp_path / "hello_plugin.py"
    plugin.write_text(HELLO_PLUGIN.format(help="say hello"), encoding="utf-8")
    profile = tmp_path / "p.toml"
    profile.write_text(f'[plugins]\nfiles = ["{plugin}"]\n', encoding="utf-8")
    where = ["--profile", str(profile)]
    cold, probe = _probe(["plugins", "--json", *where], tmp_path)
    assert probe["code"] == 0 and probe["plugins"]  # the first run loads them all
    warm, probe = _probe(["plugins", "--json", *where], tmp_path)
    assert probe == {"code": 0, "plugins": [], "loaded": []}
    assert warm == cold
    printed, probe = _probe(["hello", *where], tmp_path)
    assert printed == ["hello"]
    assert probe == {"code": 0, "plugins": [], "loaded": []}
    plugin.write_text(HELLO_PLUGIN.format(help="say hello again"), encoding="utf-8")
    rows = json.loads("\n".join(_probe(["plugins", "--json", *where], tmp_path)[0]))
    assert {"kind": "command", "name": "hello", "doc": "say hello again"}.items() <= next(
        r for r in rows if r["name"] == "hello").items()
