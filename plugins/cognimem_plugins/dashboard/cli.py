"""``cognimem ui``: serve the dashboard on loopback over this store (through its owner
daemon for an on-disk store, so agents stay connected), behind the HTTP server's token."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cognimem.cli.common import open_engine
from cognimem.errors import InvalidInput
from cognimem.privacy import shown

DEFAULT_PORT = 8766


def configure(p: argparse.ArgumentParser) -> None:
    """Add ``ui``'s options."""
    p.description = ("Serve a web dashboard over this store at http://127.0.0.1:PORT: search "
                     "with the explain trail, memories (edit, forget, archive, restore, "
                     "relate), conflicts, consolidation and the graveyard, agents, health, "
                     "the graph and eval runs. It asks for the bearer token of `cognimem serve "
                     "--http` (made on first use). See docs/dashboard.md.")
    p.add_argument("--host", default="127.0.0.1", help="address (default: loopback only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"port (default: {DEFAULT_PORT})")
    p.add_argument("--public", action="store_true",
                   help="allow a --host beyond loopback (put a TLS proxy in front of it)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="another Host name the browser uses to reach it (repeatable)")
    p.add_argument("--agent", default="dashboard",
                   help="who the dashboard's changes are recorded as (default: dashboard)")
    p.add_argument("--eval", action="append", default=[], metavar="DIR", dest="eval_dirs",
                   help="a folder written by `cognimem eval --out` to compare on the Eval "
                        "runs page (repeatable)")
    p.add_argument("--print-url", action="store_true",
                   help="print the address with the token in it (one click logs in); by "
                        "default the token is not printed")
    p.set_defaults(func=cmd_ui)


def _folders(given: list[str]) -> list[Path]:
    folders = [Path(d).expanduser().resolve() for d in given]
    for folder, text in zip(folders, given, strict=True):
        if not (folder / "aggregated.csv").is_file():
            raise InvalidInput(f"--eval {text}: no aggregated.csv there; give a folder written "
                               "by `cognimem eval --out DIR`")
    return folders


def cmd_ui(args: argparse.Namespace) -> int:
    """Check the options, open the store, serve until Ctrl-C."""
    from cognimem.mcp.http_auth import allowed_hosts, check_bind, load_token, token_file

    from .app import serve

    check_bind(args.host, args.public)
    if not 0 < args.port < 65536:
        raise InvalidInput(f"--port {args.port}: give a port between 1 and 65535")
    folders = _folders(args.eval_dirs)
    token, made = load_token(create=True)
    hosts = allowed_hosts(args.host, args.port, tuple(args.allow_host))
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown_host}:{args.port}/login"
    where = (f"{url}?token={token}" if args.print_url else
             f"{url} (log in with the token in {shown(token_file())}"
             f"{', made now' if made else ''}; or run with --print-url)")
    with open_engine(args) as api:
        sys.stderr.write(f"cognimem ui: serving {where}\n")
        serve(api, host=args.host, port=args.port, token=token, hosts=hosts, agent=args.agent,
              eval_dirs=folders)
    return 0
