"""Plugin subcommands (``cognimem_register_commands``): added to the parser, configured only
when run, refused when they clash, and never loaded for a core command."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cognimem.cli import main
from cognimem.cli.app import build_parser, command_word

PLUGIN = '''
from cognimem import hookimpl
from cognimem.components import CommandSpec


@hookimpl
def cognimem_register_commands(register):
    register(CommandSpec(name="{name}", help="say hello", configure="{module}:configure"))
'''

COMMAND_MODULE = '''
import json
import sys

CONFIGURED = []


def configure(parser):
    CONFIGURED.append(parser.prog)
    parser.add_argument("who")
    parser.set_defaults(func=run)


def run(args):
    sys.stdout.write(json.dumps({"hello": args.who, "json": args.json}) + "\\n")
    return 3
'''


@pytest.fixture
def plugin_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A profile loading a plugin file that adds ``hello`` (its module on ``sys.path``)."""
    (tmp_path / "hello_cmd.py").write_text(COMMAND_MODULE, encoding="utf-8")
    (tmp_path / "hello_plugin.py").write_text(
        PLUGIN.format(name="hello", module="hello_cmd"), encoding="utf-8")
    profile = tmp_path / "p.toml"
    profile.write_text('[plugins]\nfiles = ["hello_plugin.py"]\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield profile
    sys.modules.pop("hello_cmd", None)


def test_hook_cognimem_register_commands(plugin_profile: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A plugin's command runs with its own arguments and the global options."""
    code = main(["--profile", str(plugin_profile), "hello", "world", "--json"])
    assert code == 3
    assert capsys.readouterr().out.strip() == '{"hello": "world", "json": true}'


def test_plugin_command_is_configured_only_when_chosen(plugin_profile: Path) -> None:
    """Help lists the command by its help line; its module is imported only to run it."""
    parser = build_parser(["--profile", str(plugin_profile), "--help"])
    assert "say hello" in parser.format_help()
    assert "hello_cmd" not in sys.modules
    build_parser(["--profile", str(plugin_profile), "hello", "x"])
    assert sys.modules["hello_cmd"].CONFIGURED == ["cognimem hello"]


def test_core_command_loads_no_plugin() -> None:
    """A core command builds its parser without importing any plugin."""
    before = {m for m in sys.modules if m.startswith("cognimem_plugins")}
    parser = build_parser(["--json", "search", "x"])
    after = {m for m in sys.modules if m.startswith("cognimem_plugins")}
    assert after == before
    assert "graph" not in parser.format_help()


@pytest.mark.parametrize(("argv", "word"), [
    (["search", "x"], "search"),
    (["--profile", "a.toml", "--json", "graph", "stats"], "graph"),
    (["--store", "s", "--help"], None),
    ([], None),
], ids=["plain", "after-globals", "help", "empty"])
def test_command_word(argv: list[str], word: str | None) -> None:
    assert command_word(argv) == word


def test_clash_with_a_core_command_is_one_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A plugin command named like a core command is refused, naming the plugin."""
    (tmp_path / "clash.py").write_text(PLUGIN.format(name="search", module="nowhere"),
                                       encoding="utf-8")
    profile = tmp_path / "p.toml"
    profile.write_text('[plugins]\nfiles = ["clash.py"]\n', encoding="utf-8")
    assert main(["--profile", str(profile), "clash-target"]) == 2
    err = capsys.readouterr().err
    assert "adds the command 'search', which cognimem already has" in err
    assert "Traceback" not in err


def test_bad_configure_target_is_one_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A command whose module does not import fails with a line naming plugin and module."""
    (tmp_path / "broken.py").write_text(PLUGIN.format(name="broken", module="no_such_mod_xyz"),
                                        encoding="utf-8")
    profile = tmp_path / "p.toml"
    profile.write_text('[plugins]\nfiles = ["broken.py"]\n', encoding="utf-8")
    assert main(["--profile", str(profile), "broken"]) == 2
    err = capsys.readouterr().err
    assert "command 'broken'" in err and "no_such_mod_xyz" in err


def test_graph_command_comes_from_the_graph_plugin(capsys: pytest.CaptureFixture[str]) -> None:
    """``cognimem graph`` is the graph plugin's, listed by ``cognimem plugins``."""
    assert main(["plugins", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"kind": "command"' in out and '"plugin": "graph"' in out
    parser = build_parser(["graph", "stats"])
    assert "graph" in parser.format_help()


def test_call_tool_runs_a_tool_on_a_local_engine() -> None:
    """The one path for tool calls: a local engine runs the tool its plugins registered,
    and an unknown tool is one clear error."""
    from cognimem.errors import InvalidInput
    from cognimem.mcp.calls import call_tool
    from cognimem.testing import build_engine

    engine = build_engine()
    try:
        engine.add("the nightly backup runs at 02:00")
        stats = call_tool(engine, "status", {})
        assert stats.memories == 1
        with pytest.raises(InvalidInput, match="no tool 'no_such_tool'"):
            call_tool(engine, "no_such_tool", {})
    finally:
        engine.close()


WARM = """
import sys
from cognimem.cli.app import build_parser
parser = build_parser(["--profile", sys.argv[1], "context", "--trace"])
print(sorted(parser._subparsers._group_actions[0].choices))
print("pydantic" in sys.modules, "cognimem.cli.memory_cmds" in sys.modules)
print(sorted(m for m in sys.modules if m.startswith("cognimem_plugins.")))
"""


def test_a_warm_plugin_command_adds_itself_alone(tmp_path: Path) -> None:
    """Once the plugin index is kept, a plugin's command is parsed as a core one is: its
    own subparser only, no core command module, no pydantic model, no other plugin."""
    import subprocess

    profile = tmp_path / "p.toml"
    profile.write_text(f'path = "{tmp_path / "store"}"\n', encoding="utf-8")
    runs = [subprocess.run([sys.executable, "-c", WARM, str(profile)], capture_output=True,
                           text=True, check=True, cwd=tmp_path).stdout.splitlines()
            for _ in range(2)]
    assert runs[1] == ["['context']", "False False", "['cognimem_plugins.intake', "
                       "'cognimem_plugins.intake.cli']"], runs
