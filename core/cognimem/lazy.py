"""Names a package exports but imports on first use (PEP 562's module ``__getattr__``):
a command-line call to a warm daemon must not pay for the engine, numpy or the plugin
manager because a package re-exports them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``homes`` maps each name to the module
    (relative to ``package``) that defines it. The first lookup imports it and caches the
    value in the package, so later lookups never call this again."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home, package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
