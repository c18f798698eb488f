"""Stores are private to their user: the folder is created 0700, every file in it is 0600,
an existing folder others can read is reported with the chmod to run, exports are 0600."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from cognimem.cli.app import main
from cognimem.engine import Engine
from cognimem.privacy import shown

DISK = {"records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
        "vectors": {"use": "lancedb"}}


def loose(root: Path) -> list[str]:
    """Entries under ``root`` (and root itself) that others may read, write or enter."""
    out = [] if not (root.stat().st_mode & 0o077) else ["."]
    for path in root.rglob("*"):
        if not path.is_symlink() and path.stat().st_mode & 0o077:
            out.append(str(path.relative_to(root)))
    return out


def test_a_new_store_is_private(tmp_path: Path) -> None:
    old = os.umask(0o022)  # a usual umask: files would be 0644 unless made private
    try:
        store = tmp_path / "deep" / "store"
        with Engine.from_profile("test", overrides={"path": str(store), **DISK}) as engine:
            engine.add("a private note")
            assert stat.S_IMODE(store.stat().st_mode) == 0o700
        assert loose(store) == []
        assert any(p.is_file() for p in store.rglob("*"))
    finally:
        os.umask(old)


def test_a_store_others_can_read_is_reported(tmp_path: Path,
                                              caplog: pytest.LogCaptureFixture) -> None:
    store = tmp_path / "shared"
    store.mkdir(mode=0o755)
    os.chmod(store, 0o755)
    with caplog.at_level(logging.WARNING), \
            Engine.from_profile("test", overrides={"path": str(store), **DISK}):
        pass
    assert f"chmod -R go-rwx {store}" in caplog.text
    assert stat.S_IMODE(store.stat().st_mode) == 0o755  # reported, not changed behind the back


def test_cli_exports_are_private(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    assert main(["export", str(target), "--profile", "test"]) == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_paths_are_shown_from_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert shown(tmp_path / ".local" / "store") == "~/.local/store"
    assert shown("/srv/store") == "/srv/store"
    assert shown(str(tmp_path) + "-other") == str(tmp_path) + "-other"


def test_files_a_served_store_creates_are_private(tmp_path: Path) -> None:
    """Through the owner daemon (umask 077) files are private from their first byte, not
    only once the store closes."""
    old = os.umask(0o022)
    try:
        store = tmp_path / "served"
        profile = tmp_path / "p.toml"
        profile.write_text('[records]\nuse = "duckdb"\n[lexical]\nuse = "tantivy"\n'
                           '[vectors]\nuse = "lancedb"\n', encoding="utf-8")
        args = ["--profile", "test", "--profile", str(profile), "--store", str(store)]
        assert main(["add", "served and private", *args]) == 0
        assert loose(store) == []  # the daemon still holds the store open
        main(["daemon", "stop", *args])
    finally:
        os.umask(old)
