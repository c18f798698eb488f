"""The root parser: global options, core subcommands, and the subcommands plugins add."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import sys
from collections.abc import Sequence

from ..errors import CognimemError, InvalidInput, NotFound, PluginError, ProfileError
from ..limits import clip
from ..privacy import hide_home
from ..session import bound
from .common import add_global_options

#: Modules that each define ``register(subparsers)``, and the commands each adds. Only the
#: module of the command named is imported (a warm ``cognimem search`` loads no other
#: command's imports); ``--help``, no command or a plugin's command load them all.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "memory_cmds": ("add", "search", "get", "delete", "list"),
    "update_cmd": ("update",),
    "sync_cmd": ("sync",),
    "plugins_cmds": ("plugins", "profiles"),
    "store_cmds": ("check", "purge", "reindex", "export", "import"),
    "eval_cmd": ("eval",),
    "serve_cmd": ("serve", "daemon", "config"),
    "maintain_cmd": ("maintain", "dream", "graveyard"),
    "conflicts_cmd": ("conflicts",),
    "migrate_cmd": ("migrate",),
    "jobs_cmd": ("jobs",),
}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv``: the core command it names, else every core command and the
    commands plugins add.

    Plugins are loaded only when ``argv`` names no core command (a plugin's command, or
    none for ``--help``); with ``argv=None`` every command is added and configured. A
    plugin's command is added alone (from the plugin index, :mod:`.plugin_index`), with no
    core command module imported.

    :raises PluginError: a plugin's command cannot be added (a clashing name, a bad spec).
    :raises ProfileError: the profile that says which plugins load is invalid.
    """
    parser = argparse.ArgumentParser(
        prog="cognimem",
        description="Persistent memory for AI coding agents.",
    )
    add_global_options(parser, suppress=False)
    parser.add_argument("--version", action=_Version, help="print cognimem's version and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = None if argv is None else command_word(argv)
    homes = [name for name, commands in COMMAND_MODULES.items() if chosen in commands]
    if not homes and argv is not None and chosen is not None:
        from .plugin_commands import add_chosen_plugin_command

        core = frozenset(c for commands in COMMAND_MODULES.values() for c in commands)
        if add_chosen_plugin_command(subparsers, argv, chosen, core):
            return parser  # a plugin's command: no core command module imported
    for name in homes or COMMAND_MODULES:
        module = importlib.import_module(f"{__package__}.{name}")
        module.register(subparsers)
    if argv is None or chosen not in subparsers.choices:
        from .plugin_commands import add_plugin_commands

        try:
            add_plugin_commands(subparsers, argv, chosen)
        except (PluginError, ProfileError) as exc:
            if chosen is not None:
                raise
            _report(exc, "warning")  # --help still lists the core commands
    return parser


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, read only when asked (a warm
    command does not pay for importlib.metadata)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help=str(kwargs.get("help", "")))

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        import cognimem

        print(f"cognimem {cognimem.__version__}")
        parser.exit()


def command_word(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names (the first word after the global options), if any."""
    pre = argparse.ArgumentParser(prog="cognimem", add_help=False)
    add_global_options(pre, suppress=False)
    _, rest = pre.parse_known_args(list(argv))
    for word in rest:
        if word == "--":
            break
        if not word.startswith("-"):
            return word
    return None


def _report(exc: BaseException, label: str = "error") -> None:
    from rich.console import Console
    from rich.markup import escape as rich_escape

    from .common import visible

    colour = "red" if label == "error" else "yellow"
    text = rich_escape(visible(clip(hide_home(str(exc)))))
    Console(stderr=True, soft_wrap=True, emoji=False).print(
        f"[{colour}]{label}:[/{colour}] {text}", markup=True, highlight=False)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 failure, 2 bad input, 141 when
    the reader of its output went away, as a pipe into ``head`` does)."""
    try:
        return _run(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:
        # the reader closed the pipe: nothing more to say, and nothing to flush at exit
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def _run(words: list[str]) -> int:
    for place, word in enumerate(words, 1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:  # bytes that are not UTF-8, kept by Python as surrogates
            _report(InvalidInput(f"argument {place} is not valid UTF-8 ({clip(ascii(word), 60)})"
                                 ": give text in UTF-8"))
            return 2
    try:
        parser = build_parser(words)
    except (PluginError, ProfileError) as exc:
        _report(exc)
        return 2
    args = parser.parse_args(words)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        with bound({"folder": _folder()}):  # where a fact's file names are looked up
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


def _folder() -> str | None:
    """The repository the command runs in (its root), else None."""
    from ..names import git_root

    try:
        root = git_root(os.getcwd())
    except OSError:  # the working folder was removed
        return None
    return str(root) if root is not None else None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
