"""The guard's shipped model files: gzipped JSON without a timestamp, so the same model
gives the same bytes (a test compares the shipped file's hash with the training script's
record)."""

from __future__ import annotations

import gzip
from pathlib import Path


def write_gz(raw: bytes, path: Path) -> None:
    """Write ``raw`` to ``path`` gzipped, without a timestamp or a file name."""
    with path.open("wb") as out, gzip.GzipFile(fileobj=out, mode="wb", mtime=0,
                                               filename="") as packed:
        packed.write(raw)


def read_gz(path: Path) -> bytes:
    """The bytes :func:`write_gz` wrote to ``path``."""
    return gzip.decompress(path.read_bytes())
