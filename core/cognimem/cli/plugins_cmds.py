"""``plugins`` and ``profiles``: what is installed and what can be selected."""

from __future__ import annotations

import argparse
import tomllib
from typing import TYPE_CHECKING, Any

from ..privacy import shown
from .common import command, emit

if TYPE_CHECKING:
    from rich.console import Console


def register(subparsers: Any) -> None:
    """Add the plugins and profiles commands."""
    command(subparsers, "plugins", cmd_plugins,
            "list every component with its plugin, version and options")
    command(subparsers, "profiles", cmd_profiles, "list the built-in profiles")


def cmd_plugins(args: argparse.Namespace) -> int:
    """List components of every installed (and profile-named) plugin."""
    from rich.table import Table

    from .plugin_index import plugin_index

    rows = plugin_index(_global_argv(args)).rows

    def render(out: Console) -> None:
        table = Table(title="cognimem components")
        for col in ("kind", "name", "plugin", "version", "options"):
            table.add_column(col)
        for row in rows:
            options = ", ".join(f"{k}={v['default']!r}" for k, v in row["options"].items())
            table.add_row(row["kind"], row["name"], row["plugin"], row["version"] or "-", options)
        out.print(table)

    emit(args, rows, render)
    return 0


def _global_argv(args: argparse.Namespace) -> list[str]:
    """The global options of ``args`` as words (what the plugin index is keyed by)."""
    words = [w for ref in getattr(args, "profile", []) or [] for w in ("--profile", str(ref))]
    return words + (["--store", args.store] if getattr(args, "store", None) else [])


def cmd_profiles(args: argparse.Namespace) -> int:
    """List the built-in profiles with their descriptions."""
    from rich.table import Table

    from ..profile import builtin_profiles

    rows = []
    for name, path in sorted(builtin_profiles().items()):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        rows.append({"name": name, "description": data.get("description", ""),
                     "path": shown(path)})

    def render(out: Console) -> None:
        table = Table(title="built-in profiles (use with --profile NAME)")
        table.add_column("name")
        table.add_column("description")
        for row in rows:
            table.add_row(row["name"], row["description"])
        out.print(table)

    emit(args, rows, render)
    return 0
