"""Subcommands that plugins add through ``cognimem_register_commands``.

The plugins are those the command line's profile loads (its ``[plugins]`` table: entry
points, allow and deny lists, modules, files); what commands they add is remembered between
runs (:mod:`.plugin_index`). A command's ``configure``
module is imported only for the command being run (or every one with ``argv=None``);
the others appear in ``cognimem --help`` by name and help line alone.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from ..errors import PluginError
from .common import add_global_options

if TYPE_CHECKING:  # a warm plugin command loads no pydantic model: the index is plain data
    from ..extensions import CommandSpec


def add_plugin_commands(subparsers: Any, argv: Sequence[str] | None,
                        chosen: str | None) -> None:
    """Add every plugin command to ``subparsers``; configure ``chosen`` (all when ``argv`` is
    None). The commands come from the plugin index (:mod:`.plugin_index`): a warm command
    loads no plugin but its own ``configure`` module.

    :raises PluginError: a command's name is taken, or its ``configure`` cannot be loaded.
    """
    from .plugin_index import plugin_index

    for entry in plugin_index(argv).commands:
        name = entry["name"]
        if name in subparsers.choices:
            _clash(entry)
        parser = subparsers.add_parser(name, help=entry["help"], description=entry["help"])
        add_global_options(parser)
        if argv is None or name == chosen:
            spec = SimpleNamespace(name=name, configure=entry["configure"])
            configure_of(spec, entry["plugin"])(parser)


def add_chosen_plugin_command(subparsers: Any, argv: Sequence[str], chosen: str,
                              core: frozenset[str]) -> bool:
    """Add and configure the plugin command ``chosen`` alone, when a plugin adds it; the
    core commands (``core``, by name) are then neither imported nor added. A warm plugin
    command so builds one subparser, as a core command does.

    :returns: whether a plugin adds ``chosen`` (else nothing was added).
    :raises PluginError: a plugin's command is named like a core command, or its
        ``configure`` cannot be loaded.
    """
    from .plugin_index import plugin_index

    entries = plugin_index(argv).commands
    for entry in entries:
        if entry["name"] in core:
            _clash(entry)
    for entry in entries:
        if entry["name"] == chosen:
            parser = subparsers.add_parser(chosen, help=entry["help"],
                                           description=entry["help"])
            add_global_options(parser)
            configure_of(SimpleNamespace(name=chosen, configure=entry["configure"]),
                         entry["plugin"])(parser)
            return True
    return False


def _clash(entry: dict[str, str]) -> None:
    raise PluginError(
        f"plugin {entry['plugin']!r} adds the command {entry['name']!r}, which cognimem "
        "already has; rename the plugin's command or deny the plugin in the profile's "
        "[plugins] table")


def configure_of(spec: CommandSpec | SimpleNamespace,
                 plugin: str) -> Callable[[argparse.ArgumentParser], Any]:
    """Import and return the function a command spec's ``configure`` names.

    :raises PluginError: ``configure`` is not ``"module:function"``, or does not import.
    """
    module_name, _, attribute = spec.configure.partition(":")
    where = f"plugin {plugin!r}, command {spec.name!r}"
    if not module_name or not attribute:
        raise PluginError(f"{where}: configure must be 'package.module:function', "
                          f"not {spec.configure!r}")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:
        raise PluginError(f"{where}: cannot import {module_name!r}: "
                          f"{type(exc).__name__}: {exc}") from exc
    function = getattr(module, attribute, None)
    if not callable(function):
        raise PluginError(f"{where}: {module_name!r} has no function {attribute!r}")
    configure: Callable[[argparse.ArgumentParser], Any] = function
    return configure
