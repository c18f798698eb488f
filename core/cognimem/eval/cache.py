"""The run cache: a system's run on a dataset is reused while nothing it depends on changed.

The key hashes everything a run depends on:

* the units' content (documents, their dates and ids; queries and when they are asked), so
  the data file, the dataset's options and ``limit`` all count, and the gold does not;
* the profile's content (every component and option; its name, description and store path
  are left out, since they do not change results);
* the source of every component the profile uses (every ``.py`` file in the folder of each
  component's module, so editing a ranker or its helpers invalidates its runs), of the core
  (``cognimem/*.py``) and of the runner (reporting code is left out);
* the cognimem version, the eval protocol version, the ranking depth and whether embeddings
  were shared between systems (which changes the timings, not the rankings).

Runs are stored as gzipped JSON under ``$COGNIMEM_CACHE_DIR/eval`` (else
``$XDG_CACHE_HOME/cognimem/eval``, else ``~/.cache/cognimem/eval``).
"""

from __future__ import annotations

import gzip
import hashlib
import inspect
import json
import logging
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..plugins import PluginHost
from ..profile import ComponentSpec, Profile
from .runner import SystemRun
from .units import EvalUnit

log = logging.getLogger("cognimem.eval")

#: Bumped when the runner's behaviour changes in a way that changes runs.
EVAL_PROTOCOL = 1

_CORE = Path(__file__).resolve().parents[1]


def default_cache_dir() -> Path:
    """Where runs are cached (see the module docstring)."""
    env = os.environ.get("COGNIMEM_CACHE_DIR")
    if env:
        return Path(env).expanduser() / "eval"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "cognimem" / "eval"


def units_digest(units: Sequence[EvalUnit]) -> str:
    """A digest of what the runner feeds the engine (documents and queries, not the gold)."""
    digest = hashlib.sha256()
    for unit in units:
        digest.update(f"unit\0{unit.id}\0".encode())
        for d in unit.documents:
            stamp = d.created_at.isoformat() if d.created_at else ""
            meta = json.dumps(dict(d.meta), sort_keys=True, default=str)
            digest.update(f"d\0{d.id}\0{d.scored_as}\0{d.kind}\0{stamp}\0{meta}\0".encode())
            digest.update(d.content.encode("utf-8"))
        for q in unit.queries:
            stamp = q.asked_at.isoformat() if q.asked_at else ""
            digest.update(f"q\0{q.id}\0{stamp}\0".encode())
            digest.update(q.text.encode("utf-8"))
    return digest.hexdigest()


def _specs(profile: Profile) -> list[tuple[str, ComponentSpec]]:
    out: list[tuple[str, ComponentSpec]] = [("records", profile.records), ("fuser", profile.fuse)]
    for kind, spec in (("lexical", profile.lexical), ("vectors", profile.vectors),
                       ("embedder", profile.embedder)):
        if spec is not None:
            out.append((kind, spec))
    for kind, specs in (("extractor", profile.extract), ("retriever", profile.retrieve),
                        ("ranker", profile.rank), ("decay", profile.decay),
                        ("guard", profile.guard)):
        out.extend((kind, s) for s in specs)
    return out


#: Files of this package that change what a run holds.
_RUNNER_FILES = ("runner.py", "units.py")


def source_folders(profile: Profile, plugins: Iterable[object] = ()) -> list[Path]:
    """The folders holding the code of every component the profile uses, and the core's."""
    folders = {_CORE}
    settings = profile.plugins
    host = PluginHost(allow=settings.allow, deny=settings.deny, modules=settings.modules,
                      files=settings.files, plugins=plugins, entrypoints=settings.entrypoints)
    for kind, spec in _specs(profile):
        registration = host.get(kind, spec.use)
        if registration is None:
            continue  # the engine will report the unknown component
        for cls in inspect.getmro(registration.obj):
            if cls.__module__.startswith("cognimem.") or cls is object:
                continue
            try:
                source = inspect.getsourcefile(cls)
            except TypeError:
                continue
            if source:
                folders.add(Path(source).resolve().parent)
    return sorted(folders)


def sources_digest(folders: Iterable[Path]) -> str:
    """A digest of every ``.py`` file directly inside the folders, and of the runner."""
    digest = hashlib.sha256()
    files = [f for folder in folders for f in sorted(folder.glob("*.py"))]
    files += [_CORE / "eval" / name for name in _RUNNER_FILES]
    for file in files:
        digest.update(str(file).encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()


def run_key(profile: Profile, units_hash: str, depth: int,
            plugins: Iterable[object] = (), shared_embeddings: bool = False) -> str:
    """The cache key of one system's run."""
    plugin_objects = list(plugins)
    payload = {
        "protocol": EVAL_PROTOCOL,
        "cognimem": __version__,
        "depth": depth,
        "shared_embeddings": shared_embeddings,
        "units": units_hash,
        "profile": profile.model_dump(mode="json", exclude={"path", "name", "description"}),
        "sources": sources_digest(source_folders(profile, plugin_objects)),
    }
    text = json.dumps(payload, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class RunCache:
    """Runs stored by key in one folder (None: caching off)."""

    def __init__(self, folder: str | Path | None) -> None:
        self.folder = Path(folder).expanduser() if folder is not None else None

    def _file(self, key: str) -> Path | None:
        return self.folder / f"{key}.json.gz" if self.folder is not None else None

    def load(self, key: str, name: str) -> SystemRun | None:
        """The cached run, or None (absent, caching off, or unreadable: then it is rerun)."""
        file = self._file(key)
        if file is None or not file.is_file():
            return None
        try:
            with gzip.open(file, "rt", encoding="utf-8") as data:
                payload: dict[str, Any] = json.load(data)
            return SystemRun.from_json(name, payload, key=key)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("ignoring unreadable cached run %s: %s", file, exc)
            return None

    def save(self, key: str, run: SystemRun) -> None:
        """Store a run (atomically: a crash never leaves half a file)."""
        file = self._file(key)
        if file is None:
            return
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".run-", dir=file.parent)
        try:
            with os.fdopen(handle, "wb") as raw, gzip.open(raw, "wt", encoding="utf-8") as out:
                json.dump(run.to_json(), out)
            os.replace(temporary, file)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
