"""The tests mirror the code: a plugin's tests sit in ``tests/plugins/NAME/`` where NAME is the
``cognimem_plugins`` package or module they test, and a module under ``tests/mcp`` that reaches
the owner daemon without anything of MCP belongs in ``tests/daemon``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
PLUGINS = ROOT / "plugins" / "cognimem_plugins"

#: What makes a test an MCP test: the SDK, its types, cognimem's server or its tools.
MCP_MODULES = ("mcp", "mcp_types", "cognimem.mcp", "cognimem_plugins.mcp_tools")


def plugin_names(plugins: Path) -> set[str]:
    """The packages (folders with ``__init__.py``) and modules of the plugins package."""
    return ({p.parent.name for p in plugins.glob("*/__init__.py")}
            | {p.stem for p in plugins.glob("*.py") if p.stem != "__init__"})


def misplaced_plugin_tests(tests: Path, plugins: Path) -> list[str]:
    """Modules under ``tests/plugins`` that are not inside a folder named for a plugin."""
    names = plugin_names(plugins)
    folder = tests / "plugins"
    return sorted(str(path.relative_to(tests)) for path in folder.rglob("*.py")
                  if path.name != "conftest.py" or path.parent != folder
                  if path.parent == folder or path.relative_to(folder).parts[0] not in names)


def imported(path: Path) -> set[str]:
    """Every module a source file imports (``from a.b import c`` gives ``a.b``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def daemon_only(path: Path) -> bool:
    """Whether a module imports ``cognimem.daemon`` and nothing of MCP."""
    found = imported(path)
    return (any(within(m, "cognimem.daemon") for m in found)
            and not any(within(m, p) for m in found for p in MCP_MODULES))


def daemon_tests_under_mcp(tests: Path) -> list[str]:
    """Test modules under ``tests/mcp`` that belong in ``tests/daemon``."""
    return sorted(str(path.relative_to(tests)) for path in (tests / "mcp").glob("test_*.py")
                  if daemon_only(path))


def test_plugin_tests_sit_in_a_folder_named_for_their_plugin() -> None:
    misplaced = misplaced_plugin_tests(TESTS, PLUGINS)
    assert not misplaced, (
        f"move {', '.join(misplaced)} into tests/plugins/NAME/, NAME being the "
        "cognimem_plugins package or module it tests (git mv keeps its history)")


def test_daemon_tests_are_not_under_mcp() -> None:
    misplaced = daemon_tests_under_mcp(TESTS)
    assert not misplaced, (
        f"{', '.join(misplaced)} test the daemon without MCP: move them to tests/daemon/")


def test_the_rules_see_what_they_are_for(tmp_path: Path) -> None:
    """Each rule flags a module put where it does not belong, and passes the right places."""
    plugins = tmp_path / "cognimem_plugins"
    (plugins / "guard").mkdir(parents=True)
    (plugins / "guard" / "__init__.py").touch()
    (plugins / "coalesce.py").touch()
    tests = tmp_path / "tests"
    for name in ("plugins/conftest.py", "plugins/guard/test_a.py", "plugins/guard/data/x.py",
                 "plugins/coalesce/test_b.py", "plugins/test_flat.py", "plugins/nothing/test_c.py",
                 "plugins/helper.py"):
        (tests / name).parent.mkdir(parents=True, exist_ok=True)
        (tests / name).touch()
    assert misplaced_plugin_tests(tests, plugins) == [
        "plugins/helper.py", "plugins/nothing/test_c.py", "plugins/test_flat.py"]

    (tests / "mcp").mkdir()
    spawn = "from cognimem.daemon.spawn import stop_daemon\n"
    sources = {"test_daemon_only.py": spawn, "test_tools.py": spawn + "from mcp import Client\n",
               "test_serve.py": "import cognimem.mcp.server\nimport cognimem.daemon\n",
               "test_cli.py": "from cognimem.cli import main\n"}
    for name, source in sources.items():
        (tests / "mcp" / name).write_text(source, encoding="utf-8")
    assert daemon_tests_under_mcp(tests) == ["mcp/test_daemon_only.py"]
