"""The branch scope (off by default): with ``[write] branch_scope`` a fact captured on a
branch other than the default one is kept to that branch (the write pipeline's scope rule),
left out of recall on every other branch (the same rule on the read path), and promoted
once the branch is merged (``cognimem branches --promote``, ``project_branches``). Real git
repositories in tmp_path."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.cli import main
from cognimem.engine import Engine
from cognimem.mcp.server import build_server
from cognimem.models import Query, Source
from cognimem.models.search import BRANCH_KEY
from cognimem.profile import load_profile
from cognimem.repository import branch_of, default_branch, head_branch
from cognimem.session import bound, current
from cognimem.testing import build_engine
from cognimem_plugins.projects.branching import branch_report

ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
       "GIT_COMMITTER_EMAIL": "t@t", "PATH": "/usr/bin:/bin", "HOME": "/nonexistent",
       "GIT_CONFIG_NOSYSTEM": "1"}
FACT = "We decided to deploy with blue-green releases."
CAPTURED = Source(session="session-1", file="session.jsonl")


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True,
                          check=True, env=ENV).stdout.strip()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """``shop`` on ``main`` with one commit, and a branch ``feature`` one commit ahead."""
    folder = tmp_path / "shop"
    folder.mkdir()
    git(folder, "init", "-q", "-b", "main")
    (folder / "a.txt").write_text("a\n", encoding="utf-8")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "first")
    git(folder, "checkout", "-q", "-b", "feature")
    (folder / "b.txt").write_text("b\n", encoding="utf-8")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "feature work")
    return folder


def test_the_branch_is_read_from_the_git_files(repo: Path, tmp_path: Path) -> None:
    assert (head_branch(repo), branch_of(repo)) == ("feature", "feature")
    assert default_branch(repo / ".git") == "main"
    other = tmp_path / "shop-main"
    git(repo, "worktree", "add", "-q", str(other), "main")
    assert (head_branch(other), branch_of(other)) == ("main", None), "the default branch"
    git(repo, "checkout", "-q", "--detach")
    assert branch_of(repo) is None
    git(repo, "pack-refs", "--all")  # a default branch found in packed-refs too
    assert not (repo / ".git/refs/heads/main").exists() and default_branch(repo / ".git")
    assert branch_of(tmp_path) is None, "outside a repository"
    with bound({"folder": str(other)}):
        assert current().branch is None
        git(other, "checkout", "-q", "-b", "fix")
        with bound({"folder": str(other)}):
            assert current().branch == "fix", "the same folder bound again is read again"
    (repo / ".git/refs/remotes/origin").mkdir(parents=True)
    (repo / ".git/refs/remotes/origin/HEAD").write_text("ref: refs/remotes/origin/trunk\n")
    assert default_branch(repo / ".git") == "trunk"
    assert branch_of(other) == "fix"


@pytest.fixture
def engine() -> Iterator[Engine]:
    eng = build_engine(overrides={"write": {"branch_scope": True}})
    yield eng
    eng.close()


def found(engine: Engine, text: str) -> bool:
    """Whether a search finds the captured fact."""
    return FACT in [h.memory.content for h in engine.search(text, k=5).hits]


def listed(engine: Engine) -> list[str]:
    return [m.content for m in engine.list_memories(query=Query(text="all"))]


def test_a_captured_fact_stays_on_its_branch_until_promoted(engine: Engine,
                                                            repo: Path) -> None:
    with bound({"folder": str(repo)}):
        kept = engine.add(FACT, source=CAPTURED).memory
        said = engine.add("remember: the staging host is staging-2").memory
        assert kept.meta[BRANCH_KEY] == "feature" and BRANCH_KEY not in said.meta
        assert found(engine, "deploy blue-green")
        report = branch_report(engine)
        assert [(r.branch, r.memories, r.merged) for r in report.branches] == [
            ("feature", 1, False)]
        assert branch_report(engine, promote=True).promoted == 0, "not merged: kept"
    git(repo, "checkout", "-q", "main")
    with bound({"folder": str(repo)}):
        assert not found(engine, "deploy blue-green"), "another branch does not see it"
        assert listed(engine) == [said.content]
        git(repo, "merge", "-q", "--no-ff", "-m", "merge", "feature")
        report = branch_report(engine, promote=True)
        assert (report.promoted, report.branches[0].merged) == (1, True)
        assert found(engine, "deploy blue-green")
    promoted = engine.get(kept.id)
    assert BRANCH_KEY not in promoted.meta and promoted.version == kept.version + 1
    assert [e.op for e in engine.events() if e.target == kept.id][-1] == "update"


def test_promoting_one_branch_by_name_and_bad_names(engine: Engine, repo: Path) -> None:
    with bound({"folder": str(repo)}):
        kept = engine.add(FACT, source=CAPTURED).memory
        with pytest.raises(Exception, match="is not a branch name"):
            branch_report(engine, promote=True, branch="--upload-pack=x")
        assert branch_report(engine, promote=True, branch="feature").promoted == 1
    assert BRANCH_KEY not in engine.get(kept.id).meta


def test_off_by_default_and_on_the_default_branch(repo: Path) -> None:
    plain = build_engine()
    try:
        with bound({"folder": str(repo)}):
            assert BRANCH_KEY not in plain.add(FACT, source=CAPTURED).memory.meta
    finally:
        plain.close()
    scoped = build_engine(overrides={"write": {"branch_scope": True}})
    try:
        git(repo, "checkout", "-q", "main")
        with bound({"folder": str(repo)}):
            assert BRANCH_KEY not in scoped.add(FACT, source=CAPTURED).memory.meta
    finally:
        scoped.close()


def transcript(folder: Path) -> Path:
    lines = [json.dumps({"type": role, "sessionId": "session-" + "0123456789abcdef" * 3,
                         "message": {"role": role, "content": text}})
             for role, text in (("user", FACT),
                                ("assistant", "Noted: deploys are blue-green from now on."))]
    path = folder / "session.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def persistent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
               capsys: pytest.CaptureFixture[str]) -> Iterator[list[str]]:
    """An on-disk store keeping branches, served by its daemon (stopped afterwards)."""
    monkeypatch.setenv("COGNIMEM_DAEMON_IDLE_TIMEOUT", "10")
    monkeypatch.delenv("COGNIMEM_PROJECT", raising=False)
    profile = tmp_path / "branches.toml"
    profile.write_text(
        f'path = "{tmp_path / "store"}"\n[records]\nuse = "duckdb"\n[lexical]\nuse = "bm25"\n'
        '[write]\nbranch_scope = true\n', encoding="utf-8")
    yield ["--profile", str(profile)]
    main(["daemon", "stop", "--profile", str(profile)])
    capsys.readouterr()


def cli(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> Any:
    assert main([*args, "--json"]) == status
    return json.loads(capsys.readouterr().out)


def test_cli_capture_on_a_branch_and_promote(repo: Path, persistent: list[str],
                                             tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(repo)
    assert cli(capsys, "capture", str(transcript(tmp_path)), *persistent)["added"] >= 1
    hits = cli(capsys, "search", "deploy blue-green", *persistent)["hits"]
    assert hits and hits[0]["content"] == FACT
    cli(capsys, "add", "the staging host is staging-2", *persistent)
    first = cli(capsys, "list", "--limit", "1", "--paged", *persistent)
    rest = cli(capsys, "list", "--limit", "5", "--cursor", first["next_cursor"], *persistent)
    assert len(first["memories"]) == 1 and rest["memories"], "a list pages on a branch"
    git(repo, "checkout", "-q", "main")
    assert FACT not in [h["content"] for h in
                        cli(capsys, "search", "deploy blue-green", *persistent)["hits"]]
    rows = cli(capsys, "branches", *persistent)["branches"]
    assert [(r["branch"], r["merged"]) for r in rows] == [("feature", False)]
    git(repo, "merge", "-q", "--no-ff", "-m", "merge", "feature")
    assert main(["branches", *persistent]) == 0
    assert "feature: 1 memories, merged" in capsys.readouterr().out
    done = cli(capsys, "branches", "--promote", *persistent)
    assert done["promoted"] == 1 and done["branches"][0]["promoted"] == 1
    assert cli(capsys, "search", "deploy blue-green", *persistent)["hits"][0]["content"] == FACT
    assert main(["branches", "--branch", "feature", *persistent]) == 2
    assert "add --promote" in capsys.readouterr().err


def test_mcp_capture_on_a_branch_and_promote(repo: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repo)  # the server's folder: its repository
    monkeypatch.delenv("COGNIMEM_PROJECT", raising=False)
    server = build_server(load_profile("test", overrides={
        "mcp": {"tools": "full"}, "write": {"branch_scope": True}}))
    path = transcript(repo)

    async def body(c: Client) -> None:
        async def recalled() -> list[str]:
            done = await c.call_tool("recall", {"query": "deploy blue-green"})
            assert done.structured_content is not None
            return [h["content"] for h in done.structured_content["hits"]]

        async def branches(**arguments: Any) -> dict[str, Any]:
            done = await c.call_tool("project_branches", arguments)
            assert not done.is_error and done.structured_content is not None, done.content
            return done.structured_content

        assert not (await c.call_tool("capture", {"path": str(path)})).is_error
        assert await recalled() == [FACT]
        git(repo, "checkout", "-q", "main")  # the same server, another branch
        assert await recalled() == []
        assert (await branches(promote=True))["promoted"] == 0
        git(repo, "merge", "-q", "--no-ff", "-m", "merge", "feature")
        assert (await branches(promote=True))["promoted"] == 1
        assert await recalled() == [FACT]

    async def run() -> None:
        async with Client(server) as client:
            await body(client)

    anyio.run(run)
