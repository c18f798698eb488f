"""Every registered component (each row of ``cognimem plugins``) has a contract test class:
a subclass of its kind's contract in :mod:`cognimem.testing` that names it, somewhere in the
project's tests (``tests/``, ``contrib/*/tests``). Tools are covered per plugin (a
:class:`~cognimem.testing.ToolContract` calls every tool of its plugin).

The test classes are found by reading the test files (no test module is imported), so this
test sees the same classes whether the whole suite runs or only this file.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import cognimem.testing
from cognimem.plugins import PluginHost

ROOT = Path(__file__).resolve().parents[2]

#: Each component contract of cognimem.testing and the kind it tests.
CONTRACT_KINDS = {
    "RecordStoreContract": "records", "LexicalIndexContract": "lexical",
    "VectorIndexContract": "vectors", "EmbedderContract": "embedder",
    "ExtractorContract": "extractor", "RetrieverContract": "retriever",
    "FuserContract": "fuser", "RankerContract": "ranker", "DecayPolicyContract": "decay",
    "CalibratorContract": "calibrator", "GuardContract": "guard",
    "ConsolidatorContract": "consolidator", "SourceContract": "source",
    "DatasetContract": "dataset",
}
#: Contracts that are not about one component kind.
OTHER_CONTRACTS = {"ComponentContract", "CrashContract", "ToolContract"}
#: Kinds that have no contract yet, each listed with why, so that a new kind fails here.
WITHOUT_CONTRACT = {
    "command": "a plugin's CLI subcommand: tested by its plugin's CLI tests",
    "prompt": "an MCP prompt: tested by its plugin's MCP tests",
    "resource": "an MCP resource: tested by its plugin's MCP tests",
    "hooks": "a plugin's lifecycle hooks (not a component): tests/core/test_hooks.py",
    "web_app": "a plugin's web app of `serve --http --mount`: tests/mcp/test_mcp_web_apps.py",
}
#: Components that have no contract test class yet (the gaps this test found), by kind.
KNOWN_GAPS: set[tuple[str, str]] = set()
#: Plugins whose MCP tools have no ToolContract class yet.
KNOWN_TOOL_GAPS: set[str] = set()


def _test_files() -> Iterator[Path]:
    yield from (ROOT / "tests").rglob("*.py")
    yield from ROOT.glob("contrib/*/tests/**/*.py")


def _names(node: ast.ClassDef) -> dict[str, str]:
    """The class-level string constants of a class (``component = "x"``)."""
    found: dict[str, str] = {}
    for statement in node.body:
        if isinstance(statement, ast.Assign):
            targets = [t.id for t in statement.targets if isinstance(t, ast.Name)]
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            targets = [statement.target.id]
        else:
            continue
        value = statement.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.update(dict.fromkeys(targets, value.value))
    return found


def contract_classes() -> tuple[set[tuple[str, str]], set[str]]:
    """(kind, component) of every contract test class, and the plugins with a ToolContract."""
    covered: set[tuple[str, str]] = set()
    tool_plugins: set[str] = set()
    for path in _test_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                     for b in node.bases}
            names = _names(node)
            for base in bases & set(CONTRACT_KINDS):
                if "component" in names:
                    covered.add((CONTRACT_KINDS[base], names["component"]))
            if "ToolContract" in bases and "plugin" in names:
                tool_plugins.add(names["plugin"])
    return covered, tool_plugins


def test_every_contract_of_the_kit_is_mapped_to_its_kind() -> None:
    exported = {n for n in cognimem.testing.__all__ if n.endswith("Contract")}
    assert exported == set(CONTRACT_KINDS) | OTHER_CONTRACTS


def test_every_registered_component_has_a_contract_test_class() -> None:
    covered, tool_plugins = contract_classes()
    rows = PluginHost().describe()
    kinds = {row["kind"] for row in rows}
    assert kinds <= set(CONTRACT_KINDS.values()) | {"tool"} | set(WITHOUT_CONTRACT), (
        f"a kind with no contract: {sorted(kinds - set(CONTRACT_KINDS.values()))}")
    missing = {(row["kind"], row["name"]) for row in rows
               if row["kind"] in CONTRACT_KINDS.values()} - covered
    tools_missing = {row["plugin"] for row in rows if row["kind"] == "tool"} - tool_plugins
    assert missing == KNOWN_GAPS, f"components without a contract test class: {sorted(missing)}"
    assert tools_missing == KNOWN_TOOL_GAPS, (
        f"plugins whose tools have no ToolContract class: {sorted(tools_missing)}")
