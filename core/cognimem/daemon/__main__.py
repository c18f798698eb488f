"""``python -m cognimem.daemon``: a spawned daemon reads ``{"profile": {...}}`` on stdin,
then owns the store until stopped."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys

from ..errors import CognimemError, ProfileError
from ..profile import Profile
from .runtime import default_idle_timeout
from .spawn import START_FAILED
from .wire import encode_error

log = logging.getLogger("cognimem.daemon")


def _fail(exc: BaseException) -> int:
    """Log the error, then write it as the last line the starting client reads."""
    log.error("%s", exc)
    sys.stderr.write(START_FAILED + json.dumps(encode_error(exc)) + "\n")
    sys.stderr.flush()
    return 2 if isinstance(exc, ProfileError) else 1


def main(argv: list[str] | None = None) -> int:
    """Entry point of a spawned daemon; returns its exit status."""
    from .process import run_daemon

    parser = argparse.ArgumentParser(prog="python -m cognimem.daemon",
                                     description="Own a cognimem store (started by cognimem).")
    parser.add_argument("--idle-timeout", type=float, default=None,
                        help="seconds with no connection before stopping (<= 0: never)")
    args = parser.parse_args(argv)
    os.umask(0o077)  # every file the store creates while served is private from its first byte
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s[%(process)d]: %(message)s")
    try:
        config = json.loads(sys.stdin.read())
        profile = Profile(**config["profile"])
        fingerprint = str(config.get("fingerprint", ""))
    except (ValueError, KeyError, TypeError) as exc:
        return _fail(ProfileError(f"bad daemon configuration on stdin: {exc}"))
    try:
        idle = default_idle_timeout() if args.idle_timeout is None else args.idle_timeout
        return run_daemon(profile, idle_timeout=idle, fingerprint=fingerprint)
    except CognimemError as exc:
        return _fail(exc)


if __name__ == "__main__":
    sys.exit(main())
