"""Mistakes give the same one line through the daemon as without it (exit 2), and
``serve`` / ``config`` refuse a profile that cannot build."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from cognimem.cli import main
from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.runtime import read_owner_record, run_path
from cognimem.errors import InvalidInput, StoreError
from cognimem.profile import load_profile

MODES = [pytest.param({}, id="daemon"), pytest.param({"COGNIMEM_NO_DAEMON": "1"}, id="local")]


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        env: dict[str, str], *argv: str) -> tuple[int, list[str]]:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    code = main(list(argv))
    err = capsys.readouterr().err
    return code, [line for line in err.splitlines() if line.strip()]


@pytest.fixture
def bad_ranker(tmp_path: Path) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text('[[rank]]\nuse = "no-such-ranker"\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("env", MODES)
def test_an_unknown_ranker_is_one_line(env: dict[str, str], bad_ranker: Path, store: Path,
                                       capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines = run(capsys, monkeypatch, env, "search", "x", "--profile", "test",
                      "--profile", str(bad_ranker), "--store", str(store))
    assert code == 2
    assert lines == ["error: profile key `rank[0].use` = 'no-such-ranker' is not a known "
                     "ranker; choose one of: " + lines[0].split("choose one of: ")[1]]
    assert not run_path(store, "daemon.log").exists()  # refused before any daemon started


@pytest.mark.parametrize("env", MODES)
def test_a_store_that_is_a_file_is_one_line(env: dict[str, str], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "afile"
    file.write_text("x", encoding="utf-8")
    code, lines = run(capsys, monkeypatch, env, "search", "x", "--store", str(file))
    assert code == 2
    assert len(lines) == 1 and "is a file, not a directory" in lines[0]
    assert file.read_text(encoding="utf-8") == "x"


@pytest.mark.parametrize("env", MODES)
def test_a_store_under_a_file_is_one_line(env: dict[str, str], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    code, lines = run(capsys, monkeypatch, env, "list", "--profile", "test",
                      "--store", str(tmp_path / "afile" / "store"))
    assert code == 2
    assert len(lines) == 1 and "cannot create the store directory" in lines[0]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
@pytest.mark.parametrize("env", MODES)
def test_a_store_under_a_read_only_parent_is_one_line(
        env: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    parent = tmp_path / "ro"
    parent.mkdir(mode=0o555)
    try:
        code, lines = run(capsys, monkeypatch, env, "list", "--profile", "test",
                          "--store", str(parent / "store"))
    finally:
        parent.chmod(0o755)
    assert code == 2
    assert len(lines) == 1 and "cannot create the store directory" in lines[0]
    assert "Permission denied" in lines[0]


def test_an_unwritable_runtime_folder_is_one_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    code, lines = run(capsys, monkeypatch, {"COGNIMEM_RUNTIME_DIR": str(tmp_path / "afile" / "d")},
                      "list", "--profile", "test", "--store", str(tmp_path / "store"))
    assert code == 2
    assert len(lines) == 1 and "cannot create the daemon runtime folder" in lines[0]
    assert "COGNIMEM_RUNTIME_DIR" in lines[0]


@pytest.mark.parametrize("command", [["serve"], ["config", "claude-code"]])
def test_serve_and_config_refuse_a_profile_that_cannot_build(
        command: list[str], bad_ranker: Path, store: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines = run(capsys, monkeypatch, {}, *command, "--profile", "test", "--profile",
                      str(bad_ranker), "--store", str(store))
    assert code == 2
    assert len(lines) == 1 and "`rank[0].use` = 'no-such-ranker'" in lines[0]
    assert capsys.readouterr().out == ""  # no config printed, nothing served


def test_config_refuses_an_unknown_tool_set(store: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COGNIMEM_MCP__TOOLS", "no-such-set")
    code, lines = run(capsys, monkeypatch, {}, "config", "claude-code", "--profile", "test",
                      "--store", str(store))
    assert code == 2
    assert len(lines) == 1 and "no-such-set" in lines[0]


# the daemon's door holds types and lengths; what it lets out is one line ------------------------


@pytest.fixture
def remote(store: Path) -> Iterator[RemoteEngine]:
    with RemoteEngine(load_profile("test", overrides={"path": str(store)})) as engine:
        yield engine


@pytest.mark.parametrize(("call", "field"), [
    pytest.param(lambda e, m: e.update(m, protected="yes"), "protected", id="protected-yes"),
    pytest.param(lambda e, m: e.update(m, protected=1), "protected", id="protected-1"),
    pytest.param(lambda e, m: e.update(m, importance="0.5"), "importance", id="importance"),
    pytest.param(lambda e, m: e.update(m, valid_from=1700000000), "valid_from", id="valid-from"),
    pytest.param(lambda e, m: e.search("keep", k="5"), "k", id="k"),
    pytest.param(lambda e, m: e.run_tool("update", {"id": m, "protected": "yes"}), "protected",
                 id="tool-protected"),
])
def test_arguments_of_the_wrong_type_are_refused(remote: RemoteEngine, call: Any,
                                                 field: str) -> None:
    mid = remote.add("keep me").id
    with pytest.raises(InvalidInput, match=f"`{field}`") as info:
        call(remote, mid)
    assert "\n" not in str(info.value)
    memory = remote.get(mid)
    assert memory.protected is False and memory.importance == 0.5 and memory.valid_from is None


def test_a_1_mb_reason_and_a_100_kb_id_are_refused(remote: RemoteEngine) -> None:
    mid = remote.add("keep me").id
    with pytest.raises(InvalidInput, match=r"the reason is 1,000,000 characters; the limit "
                                           r"is 1,000"):
        remote.archive(mid, reason="r" * 1_000_000)
    with pytest.raises(InvalidInput, match=r"the limit is 1,000"):
        remote.run_tool("forget", {"id": mid, "reason": "r" * 1_000_000})
    with pytest.raises(InvalidInput, match="a memory id is 100,001 characters") as info:
        remote.get("m" + "x" * 100_000)
    assert len(str(info.value)) < 300
    assert remote.get(mid).archived is False


def test_an_import_nested_1000_deep_is_one_line(remote: RemoteEngine) -> None:
    from cognimem.daemon.streams import stream_import

    text = ('{"format":"cognimem-export","version":1,"memories":[{"content":"x","meta":'
            + '{"a":' * 1000 + "1" + "}" * 1000 + "}]}")
    with pytest.raises(InvalidInput, match="nested more than 64 levels"):
        stream_import(remote, text, None)
    record = read_owner_record(remote.path)
    assert record is not None
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:  # a raw request
        sock.settimeout(30)
        sock.connect(record.socket)
        replies = sock.makefile("rb")
        sock.sendall(b'{"id":1,"method":"hello"}\n')
        assert "result" in json.loads(replies.readline())
        sock.sendall(b'{"id":2,"method":"call","op":"get","args":' + b"[" * 5000
                     + b"]" * 5000 + b"}\n")
        reply = replies.readline()
    assert b"nested more than 64 levels" in reply and reply.count(b"\n") == 1
    assert remote.stats()["memories"] == 0


def test_unexpected_errors_become_one_line() -> None:
    from pydantic import BaseModel

    from cognimem.daemon.checks import one_line_error

    class Strict(BaseModel):
        a: int
        b: int

    try:
        Strict.model_validate({"a": "x", "b": "y"})
    except ValidationError as exc:
        error = one_line_error(exc)
    assert isinstance(error, InvalidInput)
    assert str(error) == ("a: Input should be a valid integer, unable to parse string as an "
                          "integer; b: Input should be a valid integer, unable to parse string "
                          "as an integer")
    missing = one_line_error(FileNotFoundError(2, "No such file or directory", "/x/y"))
    assert isinstance(missing, StoreError) and "\n" not in str(missing)
    assert "No such file or directory (/x/y)" in str(missing)
    assert one_line_error(KeyError("bug")) is None  # a bug: logged with its traceback
