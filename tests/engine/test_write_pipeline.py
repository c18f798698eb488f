"""The write pipeline: every door applies every rule, one transaction per operation.

Each rule is a step of the engine's pipeline, not of a door, so each test drives the rule
through a door (the Python API, the daemon's API, the MCP tools, the agent hooks, the CLI)
on each record store (in memory, DuckDB, PostgreSQL) and checks what was stored and what was
written out.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem import hookimpl
from cognimem.cli.app import main
from cognimem.clock import ManualClock
from cognimem.daemon.access import open_store
from cognimem.engine import Engine, PreparedText
from cognimem.errors import InvalidInput
from cognimem.mcp.server import build_server
from cognimem.names import project_for
from cognimem.profile import load_profile
from cognimem.session import bound

TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
PASSWORD = "password=Sup3r-Secret!pw"

STORES = ["memory", "duckdb", "postgres"]


def _overrides(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> dict[str, Any]:
    if kind == "memory":
        return {}
    if kind == "duckdb":
        return {"path": str(tmp_path / "store"), "records": {"use": "duckdb"}}
    dsn = request.getfixturevalue("postgres_dsn")
    schema = "wp_" + os.urandom(4).hex()
    return {"path": str(tmp_path / "store"),
            "records": {"use": "postgres", "dsn": dsn, "schema": schema}}


@pytest.fixture(params=STORES)
def engine_on(request: pytest.FixtureRequest, tmp_path: Path,
              clock: ManualClock) -> Iterator[Engine]:
    """An engine of the `test` pipeline on each record store (hash embedder, the guard's
    hooks loaded as in every profile)."""
    eng = Engine.from_profile("test", clock=clock,
                              overrides=_overrides(request.param, tmp_path, request))
    yield eng
    eng.close()


def _events_text(engine: Engine) -> str:
    return json.dumps([e.model_dump(mode="json") for e in engine.events()])


# the session's scope --------------------------------------------------------------------


def test_a_write_in_a_session_takes_its_project_and_agent(engine_on: Engine) -> None:
    with bound({"project": "shop", "agent": "claude"}):
        mine = engine_on.add("the shop deploys on Fridays").memory
        everywhere = engine_on.add("I prefer tabs", scope={"project": None}).memory
        elsewhere = engine_on.add("billing uses stripe", scope={"project": "billing"}).memory
    outside = engine_on.add("no session here").memory
    assert (mine.scope.project, mine.scope.agent) == ("shop", "claude")
    assert everywhere.scope.project is None  # global on purpose
    assert elsewhere.scope.project == "billing"
    assert outside.scope.project is None and outside.scope.agent is None
    adds = {e.target: e.agent for e in engine_on.events() if e.op == "add"}
    assert adds[mine.id] == "claude"


def test_an_ingest_in_a_session_is_stored_in_its_project(engine_on: Engine,
                                                          tmp_path: Path) -> None:
    path = _transcript(tmp_path)
    with bound({"project": "shop"}):
        report = engine_on.ingest("transcript", str(path))
    assert report.added >= 3
    projects = {m.scope.project for m in engine_on.list_memories(limit=100)}
    assert projects == {"shop"}


def test_daemon_clients_send_their_session(tmp_path: Path) -> None:
    profile = load_profile("test", overrides={"path": str(tmp_path / "s"),
                                              "records": {"use": "duckdb"}})
    with open_store(profile) as remote:
        with bound({"project": "shop", "agent": "cursor"}):
            written = remote.add("the API paginates with cursors")  # a group-commit add
            batch = remote.add_many(["retries back off 2x", "timeouts are 30 s"])
            captured = remote.ingest("transcript", str(_transcript(tmp_path)))
        plain = remote.add("outside any session")
        assert written.memory.scope.project == "shop" and written.memory.scope.agent == "cursor"
        assert {w.memory.scope.project for w in batch} == {"shop"}
        assert captured.added >= 3
        stored = remote.list_memories(limit=100)
        assert {m.scope.project for m in stored if m.id != plain.id} == {"shop"}
        assert remote.get(plain.id).scope.project is None


def test_mcp_capture_of_a_project_bound_server_is_stored_in_its_project(
        tmp_path: Path) -> None:
    path = _transcript(tmp_path)
    srv = build_server(load_profile("test", overrides={"mcp": {
        "tools": "full", "read_roots": [str(tmp_path)]}}), project="shop", agent="claude")

    async def body() -> Any:
        async with Client(srv) as client:
            assert not (await client.call_tool("capture", {"path": str(path)})).is_error
            found = await client.call_tool("recall", {"query": "postgres billing",
                                                      "project": "other"})
            return found.structured_content

    recalled = anyio.run(body)
    # recall in another project sees none of the shop session's facts
    assert not [h for h in recalled["hits"] if "Postgres" in h["content"]]


def test_the_session_end_hook_stores_facts_in_the_sessions_project(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "shop"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    path = _transcript(tmp_path)
    store = tmp_path / "store"
    args = ["--profile", "test", "--profile", _duckdb_profile(tmp_path), "--store", str(store)]
    event = json.dumps({"transcript_path": str(path), "cwd": str(repo)})
    monkeypatch.setattr("sys.stdin", _Stdin(event))
    assert main(["hook", "session-end", *args]) == 0
    assert "cognimem hook" not in capsys.readouterr().err
    assert main(["list", "--json", "--limit", "100", *args]) == 0
    listed = json.loads(capsys.readouterr().out)
    rows = listed["memories"] if isinstance(listed, dict) else listed
    assert rows and {r["scope"]["project"] for r in rows} == {project_for(repo)}


def test_the_pre_compact_hook_through_the_daemon_reports_its_receipt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _transcript(tmp_path, chatter=12)
    args = ["--profile", "test", "--profile", _duckdb_profile(tmp_path),
            "--store", str(tmp_path / "store")]
    monkeypatch.setattr("sys.stdin", _Stdin(json.dumps({"transcript_path": str(path)})))
    assert main(["hook", "pre-compact", *args]) == 0
    err = capsys.readouterr().err
    assert "compaction receipt r" in err and "has no attribute" not in err


# the guard on every text -----------------------------------------------------------------


def test_secrets_in_every_field_are_redacted_in_the_store_and_the_events(
        engine_on: Engine) -> None:
    memory = engine_on.add("the deploy key rotates monthly",
                           tags=[TOKEN], scope={"project": TOKEN}).memory
    other = engine_on.add("the staging host is db-2").memory
    assert TOKEN not in json.dumps(memory.model_dump(mode="json"))
    assert TOKEN.lower() not in json.dumps(memory.model_dump(mode="json"))
    edge = engine_on.relate(memory.id, other.id, type=TOKEN)
    assert TOKEN not in edge.type
    engine_on.archive(other.id, reason=f"rotated, was {TOKEN}")
    updated = engine_on.update(memory.id, title=PASSWORD).memory  # a title-only update
    assert "Sup3r-Secret" not in (updated.title or "")
    assert updated.meta.get("redactions")
    export = json.dumps(engine_on.export())
    events = _events_text(engine_on)
    for text in (export, events):
        assert TOKEN not in text and TOKEN.lower() not in text and "Sup3r-Secret" not in text


def test_hook_cognimem_text_prepare(engine: Engine) -> None:
    """A plugin sees every free text of a write that is not content, named by ``where``."""
    seen: list[tuple[str, str]] = []

    class Spy:
        @hookimpl
        def cognimem_text_prepare(self, text: PreparedText, engine: Engine) -> None:
            seen.append((text.where, text.text))
            text.text = text.text.replace("secret", "[gone]")

    engine.host.pm.register(Spy())
    a = engine.add("one", tags=["Tag-secret"]).memory  # as given (validation lowercases)
    b = engine.add("two").memory
    edge = engine.relate(a.id, b.id, type="secret_link")
    engine.archive(b.id, reason="secret reason")
    assert {w for w, _t in seen} >= {"tag", "edge type", "reason"}
    assert a.tags == ["tag-[gone]"] and edge.type == "[gone]_link"
    assert engine.clean_text("a secret summary", "summary") == "a [gone] summary"


def test_the_compaction_summary_is_redacted_and_private(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _transcript(tmp_path, extra=[("user", f"We decided to use the token {TOKEN} for "
                                                 f"CI, and {PASSWORD} for the admin.")])
    out = tmp_path / "summary.md"
    assert main(["compact", str(path), "--profile", "test", "--out", str(out), "--json"]) == 0
    done = capsys.readouterr().out
    text = out.read_text(encoding="utf-8")
    for written in (text, done):
        assert TOKEN not in written and "Sup3r-Secret" not in written
    assert "[REDACTED:" in text
    assert stat.S_IMODE(out.stat().st_mode) == 0o600


# version chains ----------------------------------------------------------------------------


def test_a_chain_keeps_one_head_and_check_finds_and_mends_a_fork(engine_on: Engine) -> None:
    first = engine_on.add("the job timeout is 300 s").id
    head = engine_on.supersede(first, "the job timeout is 999 s").id
    with pytest.raises(InvalidInput, match=f"current version {head}"):
        engine_on.supersede(first, "the job timeout is 450 s")
    assert engine_on.check().ok
    # a fork as an older version left it: two current memories replacing one
    rival = engine_on.add("the job timeout is 450 s", supersedes=first).id
    report = engine_on.check()
    assert not report.ok and any("forked version chain" in p
                                 for p in report.supersession_problems)
    engine_on.check(repair=True)
    assert engine_on.check().ok
    heads = [m for m in engine_on.list_memories(limit=10) if m.superseded_by is None]
    assert [m.id for m in heads] == [rival]  # the newer replaces the older


# files the tools read ------------------------------------------------------------------------


def test_mcp_tools_read_only_inside_their_roots(tmp_path: Path) -> None:
    inside = tmp_path / "project"
    inside.mkdir()
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    secret = outside / "session.jsonl"
    secret.write_text(_transcript(tmp_path).read_text(encoding="utf-8"), encoding="utf-8")
    srv = build_server(load_profile("test", overrides={"mcp": {
        "tools": "full", "read_roots": [str(inside)]}}))

    async def body() -> list[Any]:
        async with Client(srv) as client:
            calls = [("capture", {"path": str(secret)}),
                     ("compact_transcript", {"path": str(secret)}),
                     ("ingest", {"source": "vault", "target": str(outside)}),
                     ("capture", {"path": "/proc/self/environ"})]
            results = [await client.call_tool(name, args) for name, args in calls]
            status = await client.call_tool("status", {})
            return [*results, status.structured_content]

    *refused, status = anyio.run(body)
    for result in refused:
        assert result.is_error
        assert "outside the folders" in result.content[0].text or \
            "not a regular file" in result.content[0].text
    assert status["memories"] == 0


def test_the_shell_reads_where_the_user_says_but_never_special_files(
        engine: Engine, tmp_path: Path) -> None:
    assert engine.ingest("transcript", str(_transcript(tmp_path))).added >= 3
    with pytest.raises(InvalidInput, match="not a regular file"):
        engine.ingest("transcript", "/proc/self/environ")


# one transaction per operation ---------------------------------------------------------------


class _Counting:
    """Counts the record store's outermost transactions."""

    def __init__(self, engine: Engine) -> None:
        self.commits = 0
        self._depth = 0
        inner = engine._records.transaction

        import contextlib

        @contextlib.contextmanager
        def counted() -> Iterator[None]:
            self._depth += 1
            try:
                with inner():
                    yield
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self.commits += 1

        engine._records.transaction = counted  # type: ignore[method-assign]


def test_each_operation_commits_once(engine_on: Engine, tmp_path: Path) -> None:
    a = engine_on.add("the cache TTL is 5 min").id
    b = engine_on.add("the queue is rabbitmq").id
    counter = _Counting(engine_on)
    operations = {
        "supersede": lambda: engine_on.supersede(a, "the cache TTL is 10 min"),
        "resolve": lambda: engine_on.resolve_conflict(
            engine_on.record_conflict(b, engine_on.add("the queue is kafka").id).id,
            "keep_a"),
        "ingest": lambda: engine_on.ingest("transcript", str(_transcript(tmp_path))),
    }
    for name, operation in operations.items():
        before = counter.commits
        operation()
        # the resolve line also adds and records (two operations before it)
        expected = 3 if name == "resolve" else 1
        assert counter.commits - before == expected, name


# helpers -------------------------------------------------------------------------------------


class _Stdin:
    def __init__(self, text: str) -> None:
        self.text = text

    def read(self) -> str:
        return self.text


def _duckdb_profile(tmp_path: Path) -> str:
    profile = tmp_path / "duck.toml"
    profile.write_text('[records]\nuse = "duckdb"\n', encoding="utf-8")
    return str(profile)


def _transcript(folder: Path, extra: list[tuple[str, str]] = (),  # type: ignore[assignment]
                chatter: int = 0) -> Path:
    turns = [
        ("user", "We decided to use Postgres 16 for the billing service."),
        ("assistant", "I will add the migration in db/migrations/0042_billing.sql today."),
        ("user", "Please always run `make lint` before you commit."),
        ("user", "Alice owns the payments API."),
        *extra,
        *[("assistant", "Let me look at the code around that part of the module first, "
                        "reading the surrounding functions before changing anything.")]
        * chatter,
    ]
    lines = []
    for role, text in turns:
        content: Any = text if role == "user" else [{"type": "text", "text": text}]
        lines.append(json.dumps({"type": role, "sessionId": "s-1",
                                 "message": {"role": role, "content": content}}))
    path = folder / "session.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# imports are untrusted input ----------------------------------------------------------------


def test_an_import_is_screened_like_a_write_unless_trusted(engine_on: Engine,
                                                           clock: ManualClock) -> None:
    with Engine.from_profile("test", clock=clock) as elsewhere:
        a = elsewhere.add("the CI deploy key").id
        b = elsewhere.add("the staging host is db-2").id
        elsewhere.relate(a, b, type="depends_on")
        data = elsewhere.export()
    # an export made elsewhere, edited to carry what a guard would never have stored
    data["memories"][0]["content"] = f"the CI deploy key is {TOKEN}"
    data["memories"][0]["tags"] = [TOKEN]
    data["edges"][0]["type"] = TOKEN
    report = engine_on.import_(data)
    assert report.screened >= 1 and not report.trusted
    stored = json.dumps(engine_on.export())
    assert TOKEN not in stored and TOKEN.lower() not in stored
    assert "[REDACTED:" in stored


# crash safety: a kill -9 inside an operation leaves nothing half done ------------------------

KILLER = """
import os, signal, sys
from cognimem import hookimpl
from cognimem.engine import Engine

class Killer:
    def __init__(self, when):
        self.when = when
    @hookimpl
    def cognimem_memory_derive(self, before, after, engine):
        if self.when(before, after):
            os.kill(os.getpid(), signal.SIGKILL)

import json
store, step = sys.argv[1], sys.argv[2]
overrides = {"path": store, **json.loads(sys.argv[4])}
whens = {
    # supersede: the new version is written, then the old one is linked to it
    "supersede": lambda b, a: a is not None and a.superseded_by is not None,
    # capture: the session's third fact is written after the first two
    "capture": lambda b, a: b is None and a is not None and "make lint" in a.content,
    # dream: the run folds a cluster into one memory, then retires the others
    "dream": lambda b, a: (b is not None and a is not None
                           and (a.archived or a.superseded_by is not None)),
}
with Engine.from_profile("test", overrides=overrides) as engine:
    ids = [m.id for m in engine.list_memories(limit=10)]
    engine.host.pm.register(Killer(whens[step]))
    if step == "supersede":
        engine.supersede(ids[-1], "the job timeout is 999 s")
    elif step == "capture":
        engine.ingest("transcript", sys.argv[3])
    else:
        engine.dream(force=True)
"""


#: A dream run needs near-duplicates it can merge: the real embedder, the guard off.
DREAMING = {"embedder": {"use": "minilm"}, "guard": [], "consolidate": {
    "use": "dream", "min_memories": 0, "min_operations": 0, "min_hours": 0}}


@pytest.mark.parametrize("step", ["supersede", "capture", "dream"])
def test_a_kill_inside_an_operation_leaves_nothing_half_done(step: str, tmp_path: Path,
                                                             clock: ManualClock) -> None:
    import sys

    store = tmp_path / "store"
    settings: dict[str, Any] = {"records": {"use": "duckdb"},
                                **(DREAMING if step == "dream" else {})}
    overrides = {"path": str(store), **settings}
    with Engine.from_profile("test", overrides=overrides) as engine:
        engine.add("the job timeout is 300 s")
        if step == "dream":  # a cluster of repeats the run merges, then archives
            for text in ("Orders API uses cursor pagination",
                         "Orders API uses cursor pagination.",
                         "orders api uses cursor pagination!"):
                engine.add(text, on_duplicate="keep")
            assert engine.dream(dry_run=True, force=True).merges
        before = engine.export()["memories"]
    script = tmp_path / "kill.py"
    script.write_text(KILLER, encoding="utf-8")
    transcript = _transcript(tmp_path)
    done = subprocess.run([sys.executable, str(script), str(store), step, str(transcript),
                           json.dumps(settings)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == -9, done.stderr  # killed inside the operation
    with Engine.from_profile("test", overrides=overrides) as engine:
        report = engine.check()
        assert report.ok, report
        after = engine.export()["memories"]
    # all or nothing: the operation's writes are all absent, nothing is left to repair
    def shape(memories: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [(m["id"], m.get("superseded_by"), m.get("archived"), m["content"],
                 m.get("version")) for m in memories]

    assert shape(after) == shape(before)


# derived writes ------------------------------------------------------------------------------


def test_hook_cognimem_memory_derive(engine: Engine) -> None:
    """A plugin's derived writes join the write's transaction: they commit with it, or,
    when the write fails, neither they nor the write are stored and its undo runs."""
    undone: list[str] = []

    class Deriver:
        @hookimpl
        def cognimem_memory_derive(self, before: Any, after: Any, engine: Engine) -> None:
            if before is None and after is not None:
                engine.on_rollback(lambda: undone.append(after.id))
                engine.put_meta("spy", {after.id: after.content})
                if "boom" in after.content:
                    raise RuntimeError("the derived write failed")

    engine.host.pm.register(Deriver())
    last = engine.store.last_event()
    kept = engine.add("kept").id
    assert engine.store.get_meta("spy", kept) == "kept"
    ops = [e.op for e in engine.events(last.seq if last else 0)]
    assert ops == ["add", "meta"]  # one chain, in the write's order
    with pytest.raises(RuntimeError, match="derived write failed"):
        engine.add("boom")
    assert undone and engine.store.get_meta("spy", undone[0]) is None
    assert [m.content for m in engine.list_memories()] == ["kept"]
    assert engine.check().ok
