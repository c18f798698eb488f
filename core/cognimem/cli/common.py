"""Options every command shares, and the helpers commands use to reach the engine and print."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ..daemon.api import MemoryAPI
    from ..profile import Profile


def add_global_options(parser: argparse.ArgumentParser, *, suppress: bool = True) -> None:
    """``--profile``, ``--store`` and ``--json``, accepted before or after the command."""
    default: Any = argparse.SUPPRESS
    group = parser.add_argument_group("global options")
    group.add_argument(
        "--profile", action="append", metavar="PROFILE",
        default=argparse.SUPPRESS if suppress else [],
        help="a profile file or built-in profile name; repeat to layer several",
    )
    group.add_argument("--store", metavar="PATH", default=default if suppress else None,
                       help="the store directory (overrides the profile's `path`)")
    group.add_argument("--json", action="store_true", default=default if suppress else False,
                       help="print JSON instead of tables")


def command(subparsers: Any, name: str, func: Callable[[argparse.Namespace], int | None],
            help: str, description: str | None = None) -> argparse.ArgumentParser:
    """Add a subcommand that runs ``func(args)`` and accepts the global options."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help, description=description or help)
    add_global_options(parser)
    parser.set_defaults(func=func)
    return parser


def cli_profile(args: argparse.Namespace) -> Profile:
    """The profile the command line asks for: built-in default, --profile files, env, --store."""
    from ..profile import load_profile

    overrides: dict[str, Any] = {}
    if getattr(args, "store", None):
        overrides["path"] = args.store
    return load_profile(*getattr(args, "profile", []) or [], overrides=overrides)


def open_engine(args: argparse.Namespace) -> MemoryAPI:
    """The memory API for this command's profile and store.

    An in-memory store is opened in this process. An on-disk store is reached through its
    owner daemon (started on first use), which is the one process that may hold it; the
    returned :class:`~cognimem.daemon.remote.RemoteEngine` implements the same
    :class:`~cognimem.daemon.api.MemoryAPI`. A daemon started here stops after a minute
    without clients (``COGNIMEM_DAEMON_IDLE_TIMEOUT`` changes that); ``COGNIMEM_NO_DAEMON=1``
    opens the store in this process instead. When the same profile inputs were resolved
    before, a warm daemon is reached without reading the profile again
    (:mod:`cognimem.daemon.resolved`).
    """
    from ..daemon import resolved
    from ..daemon.access import daemon_wanted, open_store
    from ..daemon.remote import RemoteEngine
    from ..daemon.runtime import default_idle_timeout

    refs = [str(r) for r in getattr(args, "profile", []) or []]
    store_arg = getattr(args, "store", None)
    idle = default_idle_timeout(cli=True)
    if daemon_wanted():
        known = resolved.lookup(refs, store_arg)
        if known is not None:
            remote = RemoteEngine(store=known[0], fingerprint=known[1], idle_timeout=idle,
                                  loader=lambda: cli_profile(args))
            return remote.connect()
    profile = cli_profile(args)
    store = profile.store_path()
    if store is not None and not daemon_wanted():
        from ..daemon.validate import check_store_path

        check_store_path(store)  # the same one line as through the daemon
    engine = open_store(profile, idle_timeout=idle)
    if isinstance(engine, RemoteEngine):
        from ..daemon.spawn import profile_fingerprint

        resolved.remember(refs, store_arg, engine.path, profile_fingerprint(profile))
    return engine


def iso_time(text: str) -> datetime:
    """An argparse type: an ISO 8601 date or time (naive = UTC); argparse names the flag
    in its error."""
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"give an ISO 8601 date or time, e.g. 2026-03-01 or 2026-03-01T09:30:00Z, "
            f"not {text[:40]!r}") from None
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def add_agent_option(parser: argparse.ArgumentParser) -> None:
    """``--agent NAME``: who the command acts as (default: COGNIMEM_AGENT, else the user)."""
    parser.add_argument("--agent", default=None,
                        help="act as this agent (default: COGNIMEM_AGENT, else your user name)")


def console(stderr: bool = False) -> Console:
    """A rich console (stdout by default). Emoji codes are left as written: a memory's
    ``:name:`` is text, not a picture (and the code table is not loaded)."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False, emoji=False)


def emit(args: argparse.Namespace, data: Any,
         render: Callable[[Console], None] | None = None) -> None:
    """Print ``data`` as JSON with ``--json``, else call ``render`` with a console."""
    if getattr(args, "json", False) or render is None:
        text = json.dumps(data, indent=2, default=str, ensure_ascii=False)
        # JSON escapes C0 controls itself; C1 controls and bidi overrides only appear inside
        # its strings, where \\uXXXX is the same value
        sys.stdout.write(_INVISIBLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n")
        return
    render(console())


#: Characters a terminal acts on instead of showing: C0 controls but tab and newline (ESC
#: starts colour, title, hyperlink and cursor sequences; CR overwrites the line), DEL, the C1
#: controls (0x9b is an 8-bit CSI), and the bidirectional overrides that reorder what is read.
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """``text`` with every character a terminal would act on written out as its escape
    (``\\x1b``, ``\\u202e``): stored content is shown, never run by the terminal."""
    return _INVISIBLE.sub(lambda m: ascii(m.group())[1:-1], text)


def escape(text: str) -> str:
    """``text`` made :func:`visible`, with rich markup escaped (rich loads only when
    something is printed)."""
    from rich.markup import escape as rich_escape

    return rich_escape(visible(text))


def table(*columns: str, **options: Any) -> Table:
    """A rich table (imported on first use, to keep the command line's start fast)."""
    from rich.table import Table

    return Table(*columns, **options)
