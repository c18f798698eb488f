"""The root parser: global options, subcommands gathered from the command modules."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape as rich_escape

from ..errors import CognimemError, InvalidInput, NotFound, ProfileError
from .common import add_global_options

#: Modules that each define ``register(subparsers)``; a module adds one command group.
COMMAND_MODULES: tuple[str, ...] = (
    "memory_cmds",    # add, search, get, delete, list, update, relate
    "plugins_cmds",   # plugins, profiles
    "store_cmds",     # check, reindex, export, import
    "bench_cmd",      # bench
    "eval_cmd",       # eval
    "serve_cmd",      # serve, daemon, config
    "maintain_cmd",   # maintain, dream, graveyard
    "conflicts_cmd",  # conflicts
    "graph_cmd",      # graph
)


def build_parser() -> argparse.ArgumentParser:
    """The full parser with every command module's subcommands."""
    parser = argparse.ArgumentParser(
        prog="cognimem",
        description="Persistent memory for AI coding agents.",
    )
    add_global_options(parser, suppress=False)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__package__}.{name}":
                continue  # command group not built yet
            raise
        module.register(subparsers)
    return parser


def _report(exc: BaseException) -> None:
    Console(stderr=True, soft_wrap=True).print(
        f"[red]error:[/red] {rich_escape(str(exc))}", markup=True, highlight=False
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 failure, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        result = args.func(args)
    except (InvalidInput, NotFound, ProfileError) as exc:
        _report(exc)
        return 2
    except CognimemError as exc:
        _report(exc)
        return 1
    except KeyboardInterrupt:
        return 130
    return int(result or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
