"""A daemon serves only the code it started with: when a file of it changes on disk (an
upgrade, an edit of an editable install), it stops, and the next call runs on a daemon
started on the new code."""

from __future__ import annotations

import importlib
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from daemon_helpers import wait_until

from cognimem.daemon.codestamp import CodeStamp, plugin_packages
from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.runtime import read_owner_record
from cognimem.daemon.server import StoreDaemon
from cognimem.daemon.spawn import stop_daemon
from cognimem.engine import Engine
from cognimem.profile import Profile, load_profile


def profile(store: Path) -> Profile:
    """A store on disk, so a new daemon finds what the old one acknowledged."""
    return load_profile("test", overrides={"path": str(store), "records": {"use": "duckdb"}})


@pytest.fixture
def package(tmp_path: Path) -> Iterator[Path]:
    """A small importable package ``stampprobe`` (a module and a data file beside it)."""
    root = tmp_path / "site"
    folder = root / "stampprobe"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("RULES = 1\n", encoding="utf-8")
    (folder / "rules.json.gz").write_bytes(b"\x1f\x8b old table")
    (folder / "notes.md").write_text("not watched\n", encoding="utf-8")
    sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    importlib.import_module("stampprobe")
    yield folder
    sys.modules.pop("stampprobe", None)
    sys.path.remove(str(root))


def _touch(path: Path, text: str) -> None:
    before = os.stat(path).st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 10**9, before + 10**9))  # a coarse clock still sees it


def test_the_stamp_sees_a_changed_module(package: Path) -> None:
    stamp = CodeStamp(["stampprobe"], every=0)
    assert len(stamp) == 2  # the module and its data file, not the markdown beside them
    assert stamp.changed() is None
    _touch(package / "__init__.py", "RULES = 2\n")
    assert stamp.changed() == package / "__init__.py"


def test_the_stamp_sees_a_changed_or_removed_data_file(package: Path) -> None:
    stamp = CodeStamp(["stampprobe"], every=0)
    (package / "notes.md").write_text("edited, but not code\n", encoding="utf-8")
    assert stamp.changed() is None
    (package / "rules.json.gz").unlink()
    assert stamp.changed() == package / "rules.json.gz"


def test_the_stamp_ignores_packages_it_does_not_watch(package: Path) -> None:
    stamp = CodeStamp(["cognimem"], every=0)
    assert package / "__init__.py" not in stamp._files
    _touch(package / "__init__.py", "RULES = 3\n")
    assert stamp.changed() is None
    assert len(stamp) > 50  # the core's own modules are watched


def test_the_watched_packages_are_the_core_and_every_registered_plugin() -> None:
    packages = plugin_packages()
    assert {"cognimem", "cognimem_plugins"} <= packages


def test_a_look_is_due_once_per_period(package: Path) -> None:
    stamp = CodeStamp(["stampprobe"], every=3600)
    assert not stamp.due()
    assert CodeStamp(["stampprobe"], every=0).due()


def test_a_daemon_whose_code_changed_stops_and_the_next_call_runs_on_a_new_one(
        store: Path, package: Path) -> None:
    engine = Engine.from_profile(profile(store))
    served = StoreDaemon(engine, profile(store), idle_timeout=0,
                         code=CodeStamp(["stampprobe"], every=0))
    thread = threading.Thread(target=served.serve, daemon=True)
    thread.start()
    try:
        with RemoteEngine(profile(store)) as client:
            first = client.add("the deploy runs on tuesdays")
            assert client.status()["pid"] == os.getpid()  # served from this process
            _touch(package / "__init__.py", "RULES = 4\n")  # the upgrade
            thread.join(30)
            assert not thread.is_alive()  # the old daemon stopped by itself
            assert read_owner_record(store) is None
            # the same client goes on: its next call reaches a daemon on the new code
            assert client.get(first.id).content == "the deploy runs on tuesdays"
            assert client.status()["pid"] != os.getpid()
    finally:
        served.stop()
        thread.join(30)
        stop_daemon(store)
    assert wait_until(lambda: read_owner_record(store) is None)
