"""Subcommands that plugins add through ``cognimem_register_commands``.

The plugins are those the command line's profile loads (its ``[plugins]`` table: entry
points, allow and deny lists, modules, files), loaded once. A command's ``configure``
module is imported only for the command being run (or every one with ``argv=None``);
the others appear in ``cognimem --help`` by name and help line alone.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Sequence
from typing import Any

from ..components import CommandSpec
from ..errors import PluginError
from ..plugins import PluginHost
from .common import add_global_options, cli_profile


def plugin_host(argv: Sequence[str] | None) -> PluginHost:
    """The plugins the profile named by ``argv``'s global options loads."""
    pre = argparse.ArgumentParser(prog="cognimem", add_help=False)
    add_global_options(pre, suppress=False)
    args, _ = pre.parse_known_args(list(argv or []))
    settings = cli_profile(args).plugins
    return PluginHost(allow=settings.allow, deny=settings.deny, modules=settings.modules,
                      files=settings.files, entrypoints=settings.entrypoints)


def add_plugin_commands(subparsers: Any, argv: Sequence[str] | None,
                        chosen: str | None) -> None:
    """Add every plugin command to ``subparsers``; configure ``chosen`` (all when ``argv`` is
    None).

    :raises PluginError: a command's name is taken, or its ``configure`` cannot be loaded.
    """
    host = plugin_host(argv)
    for name, registration in host.components("command").items():
        spec: CommandSpec = registration.obj
        if name in subparsers.choices:
            raise PluginError(
                f"plugin {registration.plugin!r} adds the command {name!r}, which cognimem "
                "already has; rename the plugin's command or deny the plugin in the profile's "
                "[plugins] table")
        parser = subparsers.add_parser(name, help=spec.help, description=spec.help)
        add_global_options(parser)
        if argv is None or name == chosen:
            configure_of(spec, registration.plugin)(parser)


def configure_of(spec: CommandSpec, plugin: str) -> Callable[[argparse.ArgumentParser], Any]:
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
