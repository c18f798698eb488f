"""Hostile input at the command line: stored text that would drive the terminal, ids and
arguments too long or not UTF-8, files nested too deep, planted lock files, store and runtime
folders others control, and a reader that goes away. Each is one line and changes nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cognimem.cli import main
from cognimem.engine import Engine

COGNIMEM = str(Path(sys.executable).with_name("cognimem"))
HOSTILE = ("build \x1b[31mRED\x1b[0m then \x1b]0;owned\x07 and \x9b2J gone "
           "\u202eevil\u202c done")
PROFILE = ('[records]\nuse = "duckdb"\n[lexical]\nuse = "bm25"\n[vectors]\nuse = "exact"\n'
           '[embedder]\nuse = "hash"\n')


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """An on-disk store opened in each command's own process (no daemon): its CLI options."""
    for key in list(os.environ):
        if key.startswith("COGNIMEM_") and key != "COGNIMEM_RUNTIME_DIR":
            monkeypatch.delenv(key)
    monkeypatch.setenv("COGNIMEM_NO_DAEMON", "1")
    profile = tmp_path / "disk.toml"
    profile.write_text(f'path = "{tmp_path / "store"}"\n' + PROFILE, encoding="utf-8")
    yield ["--profile", str(profile)]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(err: str) -> str:
    assert "Traceback" not in err
    assert err.strip().count("\n") == 0, err
    return " ".join(err.split())


# terminal escapes ------------------------------------------------------------------------------


def test_stored_escapes_are_shown_not_run(capsys: pytest.CaptureFixture[str],
                                          store: list[str]) -> None:
    status, out, _ = run(capsys, "add", HOSTILE, *store, "--json")
    assert status == 0
    mid = json.loads(out)["id"]
    for command in (["search", "build"], ["get", mid], ["list"]):
        status, out, _ = run(capsys, *command, *store)
        assert status == 0
        assert "build" in out
        for raw in ("\x1b", "\x07", "\x9b", "\u202e"):
            assert raw not in out, (command, raw)
        assert "\\x1b" in out  # shown as its escape, where the text is shown whole
    for command in (["search", "build"], ["get", mid], ["list"]):
        status, out, _ = run(capsys, *command, *store, "--json")
        assert status == 0
        assert "\x9b" not in out and "\u202e" not in out and "\x1b" not in out
        assert json.loads(out)  # still JSON
    stored = json.loads(run(capsys, "get", mid, *store, "--json")[1])
    assert stored["content"] == HOSTILE  # the memory itself is unchanged


# ids, argv, files ------------------------------------------------------------------------------


def test_a_100_kb_id_is_not_echoed(capsys: pytest.CaptureFixture[str], store: list[str]) -> None:
    status, out, err = run(capsys, "get", "m" + "x" * 100_000, *store)
    assert status == 2 and out == ""
    assert len(err) < 1_500
    assert "cut: 100," in one_line_error(err)


def test_argv_that_is_not_utf8_is_one_line(tmp_path: Path, store: list[str]) -> None:
    result = subprocess.run([COGNIMEM, "get", b"m\xff\xfe", *store], capture_output=True,
                            timeout=120, env=os.environ)
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2
    assert "argument 2 is not valid UTF-8" in one_line_error(err)


def test_an_import_nested_1000_deep_is_refused(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path, store: list[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"format":"cognimem-export","version":1,"memories":[{"content":"x",'
                    '"meta":' + '{"a":' * 1000 + "1" + "}" * 1000 + "}]}", encoding="utf-8")
    status, _, err = run(capsys, "import", str(deep), *store)
    assert status == 2
    assert "nested more than 64 levels" in one_line_error(err)
    _, out, _ = run(capsys, "list", *store, "--json")
    assert json.loads(out) == []


def test_a_reader_that_goes_away_ends_quietly(tmp_path: Path, store: list[str]) -> None:
    """``cognimem --json list | head -1``: the reader is gone before the answer is written
    (here always; with head, when it has read its line)."""
    with Engine.from_profile(store[1]) as engine:
        engine.add("one memory to list")
    process = subprocess.Popen([COGNIMEM, "--json", "list", *store],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=os.environ)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141  # as a command ended by SIGPIPE
    assert "Traceback" not in err and "BrokenPipe" not in err, err


# folders and lock files ------------------------------------------------------------------------


def test_a_relative_runtime_folder_is_refused_at_once(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COGNIMEM_NO_DAEMON", raising=False)
    monkeypatch.setenv("COGNIMEM_RUNTIME_DIR", "run/daemons")
    began = time.monotonic()
    status, _, err = run(capsys, "add", "x", "--store", str(tmp_path / "store"))
    assert status == 2 and time.monotonic() - began < 10
    assert "COGNIMEM_RUNTIME_DIR='run/daemons' is a relative path" in one_line_error(err)


def test_a_symlinked_spawn_lock_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from cognimem.daemon.runtime import SPAWN_LOCK_FILE, run_path

    monkeypatch.delenv("COGNIMEM_NO_DAEMON", raising=False)
    monkeypatch.setenv("COGNIMEM_RUNTIME_DIR", str(tmp_path / "run"))
    store = tmp_path / "store"
    store.mkdir(mode=0o700)
    planted = tmp_path / "victim"
    planted.write_text("keep", encoding="utf-8")
    run_path(store, SPAWN_LOCK_FILE).symlink_to(planted)
    status, _, err = run(capsys, "add", "x", "--store", str(store), "--profile", "test")
    assert status == 1
    assert "cannot open the lock file" in one_line_error(err) and "remove it" in err
    assert planted.read_text(encoding="utf-8") == "keep"


def test_a_store_folder_others_can_write_is_refused(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path, store: list[str]) -> None:
    folder = tmp_path / "store"
    folder.mkdir()
    os.chmod(folder, 0o777)
    status, _, err = run(capsys, "add", "x", *store)
    assert status == 1
    assert f"run `chmod -R go-rwx {folder}`" in one_line_error(err)
    assert list(folder.iterdir()) == []


def test_a_store_folder_of_another_user_is_refused(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path, store: list[str]) -> None:
    folder = tmp_path / "store"
    folder.mkdir(mode=0o700)
    try:
        os.chown(folder, 65534, 65534)
    except PermissionError:
        pytest.skip("only root can give a folder to another user")
    status, _, err = run(capsys, "add", "x", *store)
    assert status == 1
    assert "belongs to another user (uid 65534)" in one_line_error(err)
    assert list(folder.iterdir()) == []
