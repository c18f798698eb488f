"""Meta-tests: hook specs are documented and tested, component bases stay small, and every
public core module has a docstring and postponed annotations."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from cognimem import hookspecs
from cognimem.components import KINDS, Component, LexicalIndex, RecordStore, VectorIndex
from cognimem.hookspecs import HOOK_NAMES

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
CORE = ROOT / "core" / "cognimem"

#: Stateful stores need several methods (put/get/delete...), so they are the documented
#: exceptions to "one abstract method per component" (see the components module docstring).
STORE_EXCEPTIONS: frozenset[type[Component]] = frozenset({RecordStore, LexicalIndex, VectorIndex})


def test_hook_names_are_complete() -> None:
    specs = {name for name, obj in vars(hookspecs).items()
             if name.startswith("cognimem_") and callable(obj)}
    assert set(HOOK_NAMES) == specs
    assert len(HOOK_NAMES) == len(set(HOOK_NAMES))
    assert all(name.startswith("cognimem_") for name in HOOK_NAMES)


@pytest.mark.parametrize("name", HOOK_NAMES)
def test_hook_spec_is_documented(name: str) -> None:
    spec = getattr(hookspecs, name)
    doc = inspect.getdoc(spec)
    assert doc, f"hook {name} has no docstring"
    for param in inspect.signature(spec).parameters:
        assert f":param {param}:" in doc, f"hook {name}: document parameter {param!r}"
    documented = set(re.findall(r":param (\w+):", doc))
    assert documented <= set(inspect.signature(spec).parameters), (
        f"hook {name} documents parameters it does not have: "
        f"{sorted(documented - set(inspect.signature(spec).parameters))}")
    assert re.search(r"^:returns:", doc, re.MULTILINE), f"hook {name}: add a `:returns:` line"
    assert "Called" in doc, f"hook {name}: say when it is called (\"Called ...\")"


def test_hook_specs_are_typed() -> None:
    for name in HOOK_NAMES:
        spec = getattr(hookspecs, name)
        signature = inspect.signature(spec)
        assert signature.return_annotation is not inspect.Signature.empty, name
        for param in signature.parameters.values():
            assert param.annotation is not inspect.Parameter.empty, f"{name}({param.name})"


def _test_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(TESTS.rglob("test_*.py")))


@pytest.mark.parametrize("name", HOOK_NAMES)
def test_every_hook_has_a_test(name: str) -> None:
    assert re.search(rf"^\s*def test_hook_{name}\(", _test_sources(), re.MULTILINE), (
        f"add `def test_hook_{name}(...)` under tests/ exercising the hook through an engine")


@pytest.mark.parametrize("kind", list(KINDS))
def test_component_bases_have_one_abstract_method(kind: str) -> None:
    base = KINDS[kind]
    abstract = sorted(base.__abstractmethods__)
    if base in STORE_EXCEPTIONS:
        assert len(abstract) > 1, f"{base.__name__} is listed as an exception but needs not be"
        return
    assert len(abstract) == 1, (
        f"{base.__name__} must have exactly one abstract method, has {abstract}")


def test_store_exceptions_are_documented() -> None:
    import cognimem.components as components

    doc = inspect.getdoc(components) or ""
    assert "stores and indexes" in doc
    assert set(KINDS.values()) >= STORE_EXCEPTIONS


@pytest.mark.parametrize("kind", list(KINDS))
def test_component_bases_have_options_and_kind(kind: str) -> None:
    base = KINDS[kind]
    assert base.kind == kind
    assert "extra" in base.Options.model_config and base.Options.model_config["extra"] == "forbid"
    assert inspect.getdoc(base), f"{base.__name__} needs a docstring"


def _public_modules() -> list[Path]:
    return sorted(p for p in CORE.rglob("*.py")
                  if p.name == "__init__.py" or not p.name.startswith("_"))


@pytest.mark.parametrize("path", _public_modules(),
                         ids=[str(p.relative_to(CORE)) for p in _public_modules()])
def test_module_has_docstring_and_future_annotations(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    assert ast.get_docstring(tree), f"{path.relative_to(ROOT)}: add a module docstring"
    future = any(
        isinstance(node, ast.ImportFrom) and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in tree.body
    )
    assert future, f"{path.relative_to(ROOT)}: add `from __future__ import annotations`"
