"""A project is named by its repository: every worktree of one repository shares it, two
unrelated repositories whose folders share a name never do; the memories filed under a
former name (a worktree's folder) are moved by ``cognimem projects --migrate`` and the
``project_repository`` tool. Real repositories (``git init``, ``git worktree add``)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.cli import main
from cognimem.mcp.server import build_server
from cognimem.names import project_for
from cognimem.profile import load_profile
from cognimem.repository import normalized_remote, repository_at
from cognimem.session import bound
from cognimem.testing import build_engine
from cognimem_plugins.intake.hooks import project_of
from cognimem_plugins.projects.moving import repository_report

ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
       "GIT_COMMITTER_EMAIL": "t@t", "PATH": "/usr/bin:/bin", "HOME": "/nonexistent",
       "GIT_CONFIG_NOSYSTEM": "1"}


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True,
                          check=True, env=ENV).stdout.strip()


def repo(folder: Path, *, commit: str | None = "first") -> Path:
    folder.mkdir(parents=True)
    git(folder, "init", "-q", "-b", "main")
    if commit:
        (folder / "a.txt").write_text(commit, encoding="utf-8")
        git(folder, "add", "-A")
        git(folder, "commit", "-q", "-m", commit)
    return folder


@pytest.fixture(autouse=True)
def _no_project_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COGNIMEM_PROJECT", raising=False)


def test_worktrees_share_the_project(tmp_path: Path) -> None:
    main_tree = repo(tmp_path / "shop")
    other = tmp_path / "elsewhere" / "shop-feature"
    git(main_tree, "worktree", "add", "-q", "-b", "feature", str(other))
    (other / "src").mkdir()
    name = project_for(main_tree)
    assert name is not None and re.fullmatch(r"shop@[0-9a-f]{8}", name)
    assert project_for(other / "src") == name
    assert project_of(str(other)) == name, "the agent hooks name it the same"
    assert repository_at(other).common == repository_at(main_tree).common  # type: ignore[union-attr]
    assert repository_at(other).identity.startswith("commit:")  # type: ignore[union-attr]


def test_unrelated_repositories_with_one_folder_name_never_share(tmp_path: Path) -> None:
    a = repo(tmp_path / "one" / "api", commit="alpha")
    b = repo(tmp_path / "two" / "api", commit="beta")
    assert project_for(a) != project_for(b)
    assert project_for(a).startswith("api@") and project_for(b).startswith("api@")  # type: ignore[union-attr]
    # the same remote, cloned twice, is one project; its credentials are never kept
    for folder in (a, b):
        git(folder, "remote", "add", "origin", "https://bob:s3cret@GitHub.com/acme/api.git")
    assert project_for(a) == project_for(b)
    assert repository_at(a).identity == "remote:github.com/acme/api"  # type: ignore[union-attr]
    assert normalized_remote("git@github.com:acme/api.git") == "github.com/acme/api"
    assert normalized_remote("ssh://git@github.com:22/acme/api") == "github.com/acme/api"


def test_a_repository_without_commits_is_named_by_its_git_directory(tmp_path: Path) -> None:
    a = repo(tmp_path / "x" / "new", commit=None)
    b = repo(tmp_path / "y" / "new", commit=None)
    assert project_for(a) != project_for(b) and project_for(a).startswith("new@")  # type: ignore[union-attr]
    before = project_for(a)
    (a / "f").write_text("x", encoding="utf-8")
    git(a, "add", "-A")
    git(a, "commit", "-q", "-m", "c")
    assert project_for(a) != before
    assert before in repository_at(a).former_names(), "its former name can be migrated"  # type: ignore[union-attr]


def test_migrate_moves_former_names_through_updates(tmp_path: Path) -> None:
    main_tree = repo(tmp_path / "shop")
    other = tmp_path / "shop-feature"
    git(main_tree, "worktree", "add", "-q", "-b", "feature", str(other))
    engine = build_engine()
    try:
        old_a = engine.add("deploys use rsync", scope={"project": "shop"}).id
        old_b = engine.add("feature flags in flags.toml", scope={"project": "shop-feature"}).id
        unrelated = engine.add("the api is versioned", scope={"project": "api"}).id
        with bound({"folder": str(other)}):
            dry = repository_report(engine)
            assert dry.former == {"shop-feature": 1, "shop": 1} | {
                k: 0 for k in dry.former if k not in ("shop", "shop-feature")}
            assert engine.get(old_a).scope.project == "shop", "a dry run moves nothing"
            done = repository_report(engine, apply=True)
        project = project_for(main_tree)
        assert done.moved == 2 and done.project == project
        assert {engine.get(i).scope.project for i in (old_a, old_b)} == {project}
        assert engine.get(old_a).version == 2, "an ordinary update"
        assert engine.get(unrelated).scope.project == "api"
        hits = engine.search("deploys", scope={"project": project}, include_global=False).hits
        assert {h.id for h in hits} == {old_a, old_b}, "found under the project"
    finally:
        engine.close()


def test_project_doors_cli_and_mcp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = repo(tmp_path / "shop")
    monkeypatch.chdir(folder)
    assert main(["projects", "--profile", "test", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["project"] == project_for(folder) and shown["identity"] == "commit"
    assert shown["applied"] is False and "shop" in shown["former"]
    server = build_server(load_profile("test", overrides={"mcp": {"tools": "full"}}))

    async def body(c: Client) -> dict[str, Any]:
        await c.call_tool("remember", {"content": "old memory", "project": "shop"})
        result = await c.call_tool("project_repository", {"migrate": True})
        assert not result.is_error, result.content
        return result.structured_content  # type: ignore[return-value]

    async def run() -> dict[str, Any]:
        async with Client(server) as client:
            return await body(client)

    done = anyio.run(run)
    assert done["moved"] == 1 and done["project"] == project_for(folder)
    monkeypatch.chdir(tmp_path)
    assert main(["projects", "--profile", "test"]) == 2
    assert "not inside a git repository" in capsys.readouterr().err

