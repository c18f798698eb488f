"""``serve``, ``daemon start|stop|status`` and ``config CLIENT``: cognimem as an MCP server."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput, ProfileError
from ..mcp.clients import CLIENTS
from ..privacy import shown as display_path
from .common import add_global_options, cli_profile, command, console, emit

if TYPE_CHECKING:
    from rich.console import Console

    from ..profile import Profile


def register(subparsers: Any) -> None:
    """Add the serve, daemon and config commands."""
    p = command(subparsers, "serve", cmd_serve, "run the MCP server (stdio; --http for HTTP)",
                description="Run the MCP server for this profile and store. Over stdio by "
                "default (what agent clients start); --http serves streamable HTTP. An on-disk "
                "store is reached through its owner daemon, started if needed.")
    p.add_argument("--http", action="store_true", help="serve streamable HTTP instead of stdio")
    p.add_argument("--host", default="127.0.0.1", help="HTTP address (default: loopback only)")
    p.add_argument("--port", type=int, default=8765, help="HTTP port (default: 8765)")
    p.add_argument("--path", dest="http_path", default="/mcp",
                   help="HTTP endpoint path (default: /mcp)")
    p.add_argument("--agent", default=None,
                   help="the agent name recorded when the client sends none (clientInfo) "
                        "and COGNIMEM_AGENT is unset")
    p.add_argument("--project", default=None,
                   help="the project memories are filed under and recalled from (default: "
                        "COGNIMEM_PROJECT, else the git repository of the working directory)")
    p.add_argument("--public", action="store_true",
                   help="allow a --host beyond loopback (put a TLS proxy in front of it)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="another Host name clients use to reach the server (repeatable)")
    p.add_argument("--header-timeout", type=float, default=None, metavar="SECONDS",
                   help="HTTP: seconds a request's headers may take (default: 10)")
    p.add_argument("--body-timeout", type=float, default=None, metavar="SECONDS",
                   help="HTTP: seconds a request's body may take after its headers "
                        "(default: 30)")
    p.add_argument("--max-connections", type=int, default=None, metavar="N",
                   help="HTTP: connections open at once; more are answered 503 (default: 64)")
    p.add_argument("--max-body", type=int, default=None, metavar="BYTES",
                   help="HTTP: the largest request body; larger ones get 413 (default: 16 MiB)")
    p.add_argument("--mount", default=None, metavar="NAME",
                   help="HTTP: serve a plugin's web app on every other path, over the same "
                        "store and behind the same token (`--mount dashboard`: the dashboard "
                        "of `cognimem ui`)")

    p = command(subparsers, "daemon", cmd_daemon_help, "start, stop or inspect the store's "
                "owner daemon", description="The owner daemon is the one process that holds "
                "an on-disk store; MCP servers and CLI calls reach the store through it. It "
                "starts on first use and stops after an idle timeout.")
    actions = p.add_subparsers(dest="daemon_action", metavar="ACTION")
    s = _subcommand(actions, "start", cmd_daemon_start, "start the daemon (if not running)")
    s.add_argument("--idle-timeout", type=float, default=None, metavar="SECONDS",
                   help="stop after this long with no connection (default 600; <= 0: never; "
                   "or COGNIMEM_DAEMON_IDLE_TIMEOUT)")
    s.add_argument("--foreground", action="store_true",
                   help="run in this process until stopped (for service managers)")
    _subcommand(actions, "stop", cmd_daemon_stop, "stop the daemon")
    _subcommand(actions, "status", cmd_daemon_status,
                "show the daemon's pid, address and counters (exit 1 if none runs)")

    p = command(subparsers, "config", cmd_config, "print or --write an MCP client's config",
                description="Print the MCP configuration that makes CLIENT start `cognimem "
                "serve` with this profile and store; --write merges it into the client's "
                "config file (other entries kept, a timestamped backup made).")
    p.add_argument("client", choices=CLIENTS)
    p.add_argument("--write", action="store_true", help="merge it into the client's config file")
    p.add_argument("--path", dest="config_path", metavar="FILE",
                   help="the config file to write (default: the client's user-level file)")
    p.add_argument("--name", default=None,
                   help="the server's name in the client (default: the profile's [mcp] name)")
    p.add_argument("--agent", default=None,
                   help="the agent name this client records (when it sends none itself)")
    p.add_argument("--project", default=None,
                   help="the project this client works in (default: its git repository)")
    p.add_argument("--here", action="store_true",
                   help="write the repository's own per-project file (claude-code .mcp.json, "
                        "cursor .cursor/mcp.json, vscode .vscode/mcp.json) at the git root of "
                        "the working directory, bound to that project")
    p.add_argument("--http", dest="http_url", metavar="URL", default=None,
                   help="reach a running `cognimem serve --http` at URL (with its bearer "
                   "token) instead of starting a stdio server")


def _subcommand(actions: Any, name: str, func: Any, help: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = actions.add_parser(name, help=help, description=help)
    add_global_options(parser)
    parser.set_defaults(func=func)
    return parser


def _store(profile: Profile) -> Path:
    path = profile.store_path()
    if path is None:
        raise ProfileError("this profile keeps its store in memory, which has no daemon: give "
                           "--store PATH or a profile with an on-disk `path`")
    return path.resolve()


def check_buildable(profile: Profile, *, store: bool) -> None:
    """Refuse, in one line, a profile whose pipeline or tool set cannot be built (and with
    ``store``, a store path that cannot hold a store), before serving tools that all fail.

    :raises ProfileError: naming the key to fix.
    """
    from ..daemon.validate import check_profile, check_store_path
    from ..mcp.tools import select_specs

    path = profile.store_path()
    if path is not None:
        if store:
            check_store_path(path)
        elif path.exists() and not path.is_dir():
            raise ProfileError(f"the store path {display_path(path)!r} is a file, not a directory: "
                               "choose another path (--store or the profile's `path`)")
    select_specs(check_profile(profile), profile.mcp.tools)


# ---------------------------------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve MCP over stdio (or HTTP) until the client disconnects (or Ctrl-C)."""
    from ..mcp.server import serve_http, serve_stdio

    profile = cli_profile(args)
    check_buildable(profile, store=True)
    if args.http:
        from ..mcp.http_door import HttpLimits

        given = {name: getattr(args, name) for name in (
            "header_timeout", "body_timeout", "max_connections", "max_body")}
        try:
            limits = HttpLimits(**{k: v for k, v in given.items() if v is not None})
        except ValueError as exc:
            raise InvalidInput(f"--{exc}") from None
        serve_http(profile, host=args.host, port=args.port, path=args.http_path,
                   public=args.public, allow_hosts=tuple(args.allow_host),
                   agent=args.agent, project=args.project, limits=limits, mount=args.mount)
    elif args.mount:
        raise InvalidInput("--mount needs --http (a web app is served over HTTP)")
    else:
        serve_stdio(profile, agent=args.agent, project=args.project)
    return 0


def cmd_daemon_help(args: argparse.Namespace) -> int:
    """``cognimem daemon`` without an action."""
    console(stderr=True).print("usage: cognimem daemon {start,stop,status} [--store PATH]")
    return 2


def cmd_daemon_start(args: argparse.Namespace) -> int:
    """Start the daemon for this store, or report the one already running."""
    from ..daemon.process import run_daemon
    from ..daemon.runtime import default_idle_timeout
    from ..daemon.spawn import (
        daemon_status,
        ensure_daemon,
        find_daemon,
        profile_fingerprint,
    )

    profile = cli_profile(args)
    store = _store(profile)
    if args.foreground:
        from ..daemon.validate import check_profile, check_store_path

        check_store_path(store)
        check_profile(profile)
        idle = default_idle_timeout() if args.idle_timeout is None else args.idle_timeout
        return run_daemon(profile, idle_timeout=idle,
                          fingerprint=profile_fingerprint(profile))
    running = find_daemon(store) is not None
    ensure_daemon(profile, idle_timeout=args.idle_timeout)
    status = daemon_status(store) or {}
    status["already_running"] = running
    emit(args, status, lambda out: _render_status(
        out, status, "already running" if running else "started"))
    return 0


def cmd_daemon_stop(args: argparse.Namespace) -> int:
    """Stop the daemon for this store."""
    from ..daemon.spawn import stop_daemon

    store = _store(cli_profile(args))
    record = stop_daemon(store)
    shown = display_path(store)
    data = {"stopped": record is not None, "store": shown,
            **({"pid": record.pid} if record else {})}
    emit(args, data, lambda out: out.print(
        f"stopped the daemon (pid {record.pid}) for {shown}" if record
        else f"no daemon serves {shown}"))
    return 0


def cmd_daemon_status(args: argparse.Namespace) -> int:
    """Show the running daemon's status; exit 1 when none runs or its door is saturated."""
    from ..daemon.spawn import daemon_status

    store = _store(cli_profile(args))
    status = daemon_status(store)
    if status is None:
        emit(args, {"running": False, "store": display_path(store)},
             lambda out: out.print(f"no daemon serves {display_path(store)}"))
        return 1
    if status.get("saturated"):
        emit(args, {"running": True, **status, "store": display_path(store)},
             lambda out: out.print(
                 f"the daemon (pid {status['pid']}) for {display_path(store)} runs but its "
                 f"door is saturated: {status['reason']}", markup=False, highlight=False))
        return 1
    emit(args, {"running": True, **status}, lambda out: _render_status(out, status, "running"))
    return 0


def _render_status(out: Console, status: dict[str, Any], state: str) -> None:
    from rich.table import Table

    table = Table(title=f"cognimem daemon: {state}", show_header=False)
    for key in ("store", "pid", "address", "profile", "started_at", "uptime_s", "memories",
                "connections", "requests", "idle_timeout_s", "version"):
        if key in status:
            table.add_row(key, str(status[key]))
    door = status.get("door")
    if door:
        table.add_row("door", f"{door['open']} open (at most {door['max_connections']}, "
                              f"{door['max_per_peer']} per process); {door['refused']} refused, "
                              f"{door['timed_out']} cut off at the {door['hello_timeout_s']}s "
                              "hello deadline")
    for name, times in (status.get("calls") or {}).items():  # tool:recall, api:search...
        table.add_row(name, f"{times['answered']} answered; last {times['window']}: p50 "
                            f"{times['p50_ms']} ms, p95 {times['p95_ms']} ms, "
                            f"max {times['max_ms']} ms")
    out.print(table)


def cmd_config(args: argparse.Namespace) -> int:
    """Print (or --write) the client's MCP configuration for this profile and store."""
    from ..agents import clean_name, git_root, project_for
    from ..mcp.clients import client_config, project_path, server_command, write_config

    profile = cli_profile(args)  # fails now, not in the client, if the profile is broken
    check_buildable(profile, store=False)
    if args.http_url:
        from ..mcp.clients import http_client_config
        from ..mcp.http_auth import load_token

        token, _ = load_token(create=False)
        config = http_client_config(args.client, url=args.http_url, token=token,
                                    name=args.name or profile.mcp.name, path=args.config_path)
    else:
        project, path = clean_name(args.project), args.config_path
        if args.here:
            root = git_root(Path.cwd())
            if root is None:
                raise InvalidInput("--here writes the repository's own MCP file, but the "
                                   "working directory is not inside a git repository: cd "
                                   "into it first")
            project = project or project_for(root)
            path = path or project_path(args.client, root)
        command_, arguments = server_command(getattr(args, "profile", []) or [],
                                             getattr(args, "store", None),
                                             agent=clean_name(args.agent), project=project)
        config = client_config(args.client, command=command_, args=arguments,
                               name=args.name or profile.mcp.name, path=path,
                               scope="project" if args.here else "user")
    if not args.write:
        sys.stdout.write(config.text())
        hint = config.hint()
        sys.stderr.write(f"# add to {display_path(config.path)}\n"
                         + (f"# {hint}\n" if hint else ""))
        return 0
    report = write_config(config)
    data = {"client": args.client, "path": display_path(report.path),
            "action": report.action, "name": config.name,
            "backup": display_path(report.backup) if report.backup else None}
    emit(args, data, lambda out: out.print(
        f"{report.action} server {config.name!r} in {data['path']}"
        + (f" (backup: {data['backup']})" if report.backup else "")))
    return 0
