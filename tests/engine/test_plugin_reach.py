"""No plugin reaches past the engine's plugin surface: the record store and the components'
context are the engine's own (``_records``, ``_ctx``, its kernel ``_k``). An AST scan of the
first-party plugins and contrib fails on any access to them through an engine, and the
named services a plugin uses instead are documented member by member."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cognimem.engine import Services, StoreView

ROOT = Path(__file__).resolve().parents[2]
SCANNED = [ROOT / "plugins" / "cognimem_plugins", ROOT / "contrib"]
DOCS = ROOT / "docs" / "plugins.md"
#: What a plugin may not read off an engine.
FORBIDDEN = frozenset({"records", "ctx", "_records", "_ctx", "_k"})


def _engine_names(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The parameters of ``func`` that hold an engine (annotated ``Engine``/``PluginEngine``
    or named ``engine``)."""
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    out = {"engine"}
    for arg in args:
        if arg.annotation is not None and "Engine" in ast.unparse(arg.annotation):
            out.add(arg.arg)
    return out


def _holds_engine(node: ast.expr, names: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Attribute):  # self.engine, tool.engine...
        return node.attr in ("engine", "_engine")
    return False


def reaches(source: str) -> list[str]:
    """``line: expression`` for every forbidden member read off an engine in ``source``."""
    tree = ast.parse(source)
    found: list[str] = []

    def visit(node: ast.AST, names: set[str]) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names = names | _engine_names(node)
        if (isinstance(node, ast.Attribute) and node.attr in FORBIDDEN
                and _holds_engine(node.value, names)):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        for child in ast.iter_child_nodes(node):
            visit(child, names)

    visit(tree, {"engine"})
    return found


@pytest.mark.parametrize("source", [
    "def f(engine):\n    return engine.records.get_meta('a', 'b')\n",
    "def f(e: Engine):\n    return e.ctx.services\n",
    "def f(e: 'PluginEngine'):\n    return e._records\n",
    "class T:\n    def f(self):\n        return self.engine._k.records\n",
    "def f(engine):\n    return lambda: engine.ctx.services.pop('k')\n",
], ids=["records", "ctx-annotated", "private", "self-engine", "lambda"])
def test_the_scan_finds_a_reach(source: str) -> None:
    assert reaches(source)


@pytest.mark.parametrize("source", [
    "def f(engine):\n    return engine.store.get_meta('a', 'b')\n",
    "def f(ctx: Context):\n    return ctx.records.last_event()\n",  # a component's context
    "def f(sctx):\n    return sctx.ctx.lexical\n",
], ids=["store", "component-context", "search-context"])
def test_the_scan_leaves_the_surface_alone(source: str) -> None:
    assert reaches(source) == []


def test_no_plugin_reaches_past_the_surface() -> None:
    files = [p for root in SCANNED for p in sorted(root.rglob("*.py"))
             if ".venv" not in p.parts and "build" not in p.parts]
    assert len(files) > 50  # the scan sees the plugins
    found = {str(p.relative_to(ROOT)): hits for p in files
             if (hits := reaches(p.read_text(encoding="utf-8")))}
    assert found == {}


@pytest.mark.parametrize("service", [StoreView, Services], ids=lambda c: c.__name__)
def test_every_service_method_is_documented(service: type) -> None:
    section = DOCS.read_text(encoding="utf-8").split(
        "## The engine a plugin receives", 1)[1].split("\n## ", 1)[0]
    member = "store" if service is StoreView else "services"
    row = next(line for line in section.splitlines() if line.startswith(f"| `{member}`"))
    documented = set(re.findall(r"`([a-z_]\w*)(?:\(|`)", row)) - {member}
    public = {n for n in vars(service) if not n.startswith("_")}
    assert documented == public


def opens_a_store_transaction(source: str) -> list[str]:
    """``line: expression`` for every ``X.records.transaction()`` in ``source``: a component
    opening the record store's transaction through its context (the engine's to open)."""
    return [f"{node.lineno}: {ast.unparse(node)}" for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "transaction" and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "records"]


def test_no_plugin_opens_the_record_stores_transaction() -> None:
    """Derived state goes through the engine (a source's ``Group.meta``, ``put_meta`` from
    ``cognimem_memory_derive``), so it commits with the write it belongs to."""
    assert opens_a_store_transaction("def f(ctx):\n    with ctx.records.transaction():\n"
                                     "        pass\n")
    assert opens_a_store_transaction("with self.transaction():\n    pass\n") == []  # a store
    files = [p for root in SCANNED for p in sorted(root.rglob("*.py"))
             if ".venv" not in p.parts and "build" not in p.parts]
    found = {str(p.relative_to(ROOT)): hits for p in files
             if (hits := opens_a_store_transaction(p.read_text(encoding="utf-8")))}
    assert found == {}
