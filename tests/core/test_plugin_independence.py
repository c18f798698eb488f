"""Plugins never import each other: the import-linter independence contract lists every
plugin the `cognimem` entry points register, so a new plugin cannot slip out of it."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_independence_contract_lists_every_first_party_plugin() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    plugins = {target.split(":")[0].removesuffix(".plugin")
               for target in data["project"]["entry-points"]["cognimem"].values()}
    [contract] = [c for c in data["tool"]["importlinter"]["contracts"]
                  if c["type"] == "independence"]
    assert set(contract["modules"]) == plugins
