"""Split by job, not by size: no class of the product has more than 30 methods (issue #38).

A class's methods are those it defines in its body plus those it inherits from project
classes (``cognimem``, ``cognimem_plugins``; not from the standard library, typing, pydantic
or other libraries): functions, properties, class and static methods, as attribute lookup
finds them. A member a facade delegates to a part in one line
(:class:`cognimem.delegation.delegate`, the engine's ``operation``) is not a method of the
facade: it is counted where the work is, in the part. This is how the DuckDB and PostgreSQL
record stores are built (one part per job) and how the engine is.

The stores were split under this test (DuckDBStore had 90 by this count, PostgresStore 48).
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from types import ModuleType

import pytest

import cognimem
import cognimem_plugins
from cognimem.delegation import delegate

LIMIT = 30
PROJECT = ("cognimem", "cognimem_plugins")

#: Classes that may have more, and why they cannot be split today.
ALLOWED = {
    # The record store's contract is what the engine, plugins and tests call (39 members:
    # memories, edges, accesses, events, graves, embeddings, metadata); its stores are
    # facades over parts, but changing the contract callers call is out of scope of #38.
    "cognimem.stores.RecordStore":
        "the contract callers call; its implementations are split by job",
    # Implements that contract over dicts in 166 lines: its 25 own methods are one or two
    # lines each; the rest are RecordStore's defaults, counted again here.
    "cognimem_plugins.memory_store.MemoryStore":
        "RecordStore's contract over dicts: the count is the contract's",
    # The typed client API, generated from the engine's operation declarations
    # (daemon/operations.py): one per-job Protocol each, of which these are the union, so
    # the count is the number of client operations.
    "cognimem.daemon.api.MemoryAPI": "the union of the generated per-job API protocols",
    "cognimem.daemon.remote.RemoteEngine": "the union of the generated per-job API mixins",
    # A conformance kit: each method is one test of the RecordStore contract, which every
    # store's test class inherits whole (pytest collects the methods of the class).
    "cognimem.testing.store_contract.RecordStoreContract": "one test per contract clause",
}


def _modules() -> Iterator[ModuleType]:
    for package in (cognimem, cognimem_plugins):
        yield package
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.rsplit(".", 1)[-1] == "__main__":  # importing one runs a command
                continue
            yield importlib.import_module(info.name)


def _classes(module: ModuleType) -> Iterator[type]:
    pending = [v for v in vars(module).values()
               if isinstance(v, type) and v.__module__ == module.__name__]
    while pending:
        cls = pending.pop()
        yield cls
        pending += [v for v in vars(cls).values()
                    if isinstance(v, type) and v.__module__ == module.__name__]


def _project(cls: type) -> bool:
    # (and this module's own classes, which check the count below)
    return cls.__module__.split(".")[0] in PROJECT or cls.__module__ == __name__


def _is_method(value: object) -> bool:
    if isinstance(value, delegate):
        return False
    return inspect.isfunction(value) or isinstance(
        value, property | classmethod | staticmethod | functools.cached_property)


def methods(cls: type) -> set[str]:
    """The names of ``cls``'s methods, as the module docstring counts them."""
    found: set[str] = set()
    for name in {n for klass in cls.__mro__ if _project(klass) for n in vars(klass)}:
        for klass in cls.__mro__:  # the class attribute lookup finds the value in
            if name in vars(klass):
                if _project(klass) and _is_method(vars(klass)[name]):
                    found.add(name)
                break
    return found


def _sizes() -> dict[str, int]:
    sizes = {}
    for module in _modules():
        for cls in _classes(module):
            sizes[f"{cls.__module__}.{cls.__qualname__}"] = len(methods(cls))
    return sizes


SIZES = _sizes()


def test_no_class_has_more_than_30_methods() -> None:
    over = {name: n for name, n in SIZES.items() if n > LIMIT and name not in ALLOWED}
    assert not over, (f"classes over {LIMIT} methods (split them by job, as the record "
                      f"stores are: a facade delegating to parts): {over}")


@pytest.mark.parametrize("name", sorted(ALLOWED))
def test_the_allowlist_holds_only_classes_that_are_over(name: str) -> None:
    assert name in SIZES, f"{name} is no longer a class: remove it from ALLOWED"
    assert SIZES[name] > LIMIT, f"{name} has {SIZES[name]} methods now: remove it from ALLOWED"


class _Part:
    def work(self) -> int:
        return 1


class _Facade:
    def __init__(self) -> None:
        self.part = _Part()

    work = delegate(_Part.work, to="part")


def test_a_delegation_is_counted_in_its_part_not_in_the_facade() -> None:
    facade = _Facade()
    assert facade.work() == 1
    assert methods(_Part) == {"work"}
    assert methods(_Facade) == {"__init__"}


@pytest.mark.parametrize("name", ["cognimem_plugins.duckdb_store.store.DuckDBStore",
                                  "cognimem_plugins.postgres.store.PostgresStore",
                                  "cognimem.engine.facade.Engine"])
def test_the_facades_are_small(name: str) -> None:
    assert SIZES[name] <= LIMIT
