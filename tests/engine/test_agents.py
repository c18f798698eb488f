"""Several agents on one engine: who wrote what, authority, sync offsets, project and
global memories, and what the store believed at a past moment."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cognimem.agents import Caller, cli_agent, git_root, project_for, server_caller
from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import InvalidInput, Refused
from cognimem.models import Query

TEAM = {"agents": {"authority": {"alice": 100, "lead": 50, "worker": 10}}}


@pytest.fixture
def team(clock: ManualClock) -> Iterator[Engine]:
    """An engine whose profile ranks alice (100) > lead (50) > worker (10) > others (0)."""
    eng = Engine.from_profile("test", clock=clock, overrides=TEAM)
    yield eng
    eng.close()


def ranked(resolve: str, clock: ManualClock) -> Engine:
    return Engine.from_profile("test", clock=clock, overrides={
        "agents": {**TEAM["agents"], "resolve": resolve}})


# identity ----------------------------------------------------------------------------------------


def test_writes_and_events_record_the_agent(engine: Engine) -> None:
    mine = engine.add("the build uses uv", agent="lead")
    theirs = engine.add("the docs use mkdocs", scope={"agent": "docs-bot"})
    assert mine.memory.scope.agent == "lead" and theirs.memory.scope.agent == "docs-bot"
    engine.update(mine.id, agent="worker", importance=0.9)
    engine.relate(mine.id, theirs.id, agent="worker")
    new = engine.supersede(mine.id, "the build uses uv and hatch", agent="worker")
    assert new.memory.scope.agent == "worker"  # the successor is the superseding agent's
    engine.archive(theirs.id, agent="alice")
    by_op = {(e.op, e.target): e.agent for e in engine.events()}
    assert by_op[("add", mine.id)] == "lead" and by_op[("add", theirs.id)] == "docs-bot"
    assert by_op[("update", mine.id)] == "worker" and by_op[("relate", mine.id)] == "worker"
    assert by_op[("supersede", mine.id)] == "worker" and by_op[("archive", theirs.id)] == "alice"


def test_the_caller_is_the_client_then_the_environment_then_the_config(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COGNIMEM_AGENT", "from-env")
    assert server_caller("claude-code", agent="cfg").agent == "claude-code"
    assert server_caller(None, agent="cfg") == Caller(agent="from-env", source="env")
    monkeypatch.delenv("COGNIMEM_AGENT")
    assert server_caller("  ", agent="cfg", project="shop") == Caller(
        agent="cfg", project="shop", source="config")
    assert server_caller(None).agent is None
    assert cli_agent("bob") == "bob" and cli_agent() not in ("", None)


def test_the_project_is_the_git_repository(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COGNIMEM_PROJECT", raising=False)
    (tmp_path / "shop" / ".git").mkdir(parents=True)
    deep = tmp_path / "shop" / "src" / "api"
    deep.mkdir(parents=True)
    assert git_root(deep) == (tmp_path / "shop").resolve()
    # named by the repository (here: no commit, no remote: its git directory), readably
    assert re.fullmatch(r"shop@[0-9a-f]{8}", project_for(deep) or "")
    monkeypatch.setenv("COGNIMEM_PROJECT", "storefront")
    assert project_for(deep) == "storefront"


# authority ---------------------------------------------------------------------------------------


def test_a_lower_authority_cannot_overrule_a_higher_ones_decision(team: Engine) -> None:
    decision = team.add("deploys run on Fridays", kind="decision", agent="lead").id
    before = team.events()
    for attempt in (lambda: team.delete(decision, agent="worker"),
                    lambda: team.archive(decision, agent="worker"),
                    lambda: team.supersede(decision, "deploys run on Mondays", agent="worker"),
                    lambda: team.update(decision, content="deploys: Mondays", agent="worker"),
                    lambda: team.update(decision, importance=0.1, agent="worker"),
                    lambda: team.update(decision, kind="note", agent="stranger")):
        with pytest.raises(Refused, match=r"agent '(worker|stranger)' \(authority (10|0)\) "
                                          r"cannot .* of agent 'lead' \(authority 50\)"):
            attempt()
    assert team.events() == before  # nothing was changed
    # adding to it is fine, and so is anything the owner or a higher authority does
    team.update(decision, tags=["ops"], importance=0.9, agent="worker")
    team.update(decision, importance=0.2, agent="lead")
    team.supersede(decision, "deploys run on Tuesdays", agent="alice")


def test_unguarded_memories_and_unnamed_writers_are_not_checked(team: Engine) -> None:
    note = team.add("lunch is at noon", agent="lead").id
    team.update(note, content="lunch is at one", agent="worker")  # not protected/decision
    guarded = team.add("never force-push main", protected=True, agent="alice").id
    with pytest.raises(Refused, match="a protected memory of agent 'alice'"):
        team.delete(guarded, agent="lead")
    team.delete(guarded)  # the engine's own callers (no agent) are not checked


def test_without_levels_nothing_is_refused(engine: Engine) -> None:
    decision = engine.add("use postgres", kind="decision", agent="lead").id
    engine.delete(decision, agent="worker")


def test_a_rival_replacement_is_refused_naming_the_head(clock: ManualClock) -> None:
    """Two agents replacing one fact must not fork its chain: the second is told which
    version is current, and nothing is written."""
    with ranked("log", clock) as eng:
        fact = eng.add("the staging host is db-1", kind="fact", agent="worker").id
        lead = eng.supersede(fact, "the staging host is db-2", agent="lead").id
        before = eng.store.last_event()
        with pytest.raises(InvalidInput, match=f"current version {lead}"):
            eng.supersede(fact, "the staging host is db-3", agent="worker")
        assert eng.store.last_event() == before
        assert eng.check().ok


@pytest.mark.parametrize("guarded", [False, True], ids=["fact", "decision"])
def test_replacing_the_head_explicitly_keeps_one_chain_under_authority(
        clock: ManualClock, guarded: bool) -> None:
    kind = "decision" if guarded else "fact"
    with ranked("higher", clock) as eng:
        fact = eng.add("the staging host is db-1", kind=kind, agent="worker").id
        lead = eng.supersede(fact, "the staging host is db-2", agent="lead").id
        if guarded:  # the head is the lead's decision: the worker may not overrule it
            with pytest.raises(Refused, match="cannot supersede"):
                eng.supersede(fact, "the staging host is db-3", agent="worker", to_head=True)
            assert eng.get(lead).superseded_by is None
        else:
            worker = eng.supersede(fact, "the staging host is db-3", agent="worker",
                                   to_head=True)
            assert worker.supersedes == lead and eng.get(lead).superseded_by == worker.id
        heads = [m for m in eng.list_memories(limit=10) if m.superseded_by is None]
        assert len(heads) == 1 and eng.check().ok


def test_a_lower_authority_cannot_resolve_against_a_higher_decision(team: Engine) -> None:
    a = team.add("retries: 3", kind="decision", agent="lead").id
    b = team.add("retries: 5", kind="decision", agent="worker").id
    conflict = team.record_conflict(a, b, found_by="test")
    assert conflict is not None
    with pytest.raises(Refused, match="cannot supersede"):
        team.resolve_conflict(conflict.id, "keep_b", agent="worker")
    assert team.resolve_conflict(conflict.id, "keep_a", agent="lead").status == "resolved"


# sync offsets ------------------------------------------------------------------------------------


def test_sync_repeats_until_acknowledged(engine: Engine) -> None:
    a = engine.add("alpha", agent="lead").id
    b = engine.add("beta", agent="lead").id
    engine.update(a, content="alpha two", agent="lead")
    engine.supersede(b, "beta two", agent="lead")
    engine.add("mine", agent="worker")
    first = engine.sync("worker")
    again = engine.sync("worker")  # the worker crashed before acknowledging: same changes
    assert first == again and first.offset == 0 and not first.more
    assert [(c.change, c.agent) for c in first.changes] == [
        ("added", "lead"), ("added", "lead"), ("updated", "lead"), ("added", "lead"),
        ("superseded", "lead")]  # the worker's own add is covered, not listed
    assert first.upto == first.head == engine.events()[-1].seq
    assert engine.acknowledge("worker", first.upto) == first.upto
    assert engine.sync("worker").changes == [] and engine.offset("worker") == first.upto
    assert engine.offset("lead") == 0  # offsets are per agent
    engine.delete(a, agent="lead")
    [deleted] = engine.sync("worker").changes
    assert (deleted.change, deleted.id) == ("deleted", a)
    assert engine.acknowledge("worker", 1) == first.upto  # never moves back


def test_sync_pages_and_refuses_bad_acknowledgements(engine: Engine) -> None:
    for n in range(5):
        engine.add(f"fact {n}", agent="lead")
    page = engine.sync("worker", limit=2)
    assert len(page.changes) == 2 and page.more and page.upto == page.changes[-1].seq
    engine.acknowledge("worker", page.upto)
    rest = engine.sync("worker", limit=10)
    assert len(rest.changes) == 3 and not rest.more
    with pytest.raises(InvalidInput, match="cannot acknowledge event 99"):
        engine.acknowledge("worker", 99)
    with pytest.raises(InvalidInput, match="agent's name"):
        engine.sync(" ")


def test_sync_lists_conflicts(engine: Engine) -> None:
    a = engine.add("timeout 5 s", agent="lead").id
    b = engine.add("timeout 9 s", agent="lead").id
    conflict = engine.record_conflict(a, b, agent="guard")
    assert conflict is not None
    [*_, change] = engine.sync("worker").changes
    assert (change.change, change.id, change.by, change.conflict) == (
        "conflict", a, b, conflict.id)


def test_offsets_survive_reopening_and_export(tmp_path: Path, clock: ManualClock) -> None:
    profile = {"records": {"use": "duckdb"}}
    with Engine.from_profile("test", path=tmp_path / "s", clock=clock,
                             overrides=profile) as eng:
        eng.add("alpha", agent="lead")
        eng.acknowledge("worker", eng.sync("worker").upto)
        eng.add("beta", agent="lead")
        exported = eng.export()
    with Engine.from_profile("test", path=tmp_path / "s", clock=clock,
                             overrides=profile) as eng:
        assert [c.change for c in eng.sync("worker").changes] == ["added"]
    with Engine.from_profile("test", clock=clock) as copy:
        copy.import_(exported)
        assert copy.offsets() == {"worker": 1}
        assert [c.id for c in copy.sync("worker").changes] == [
            m["id"] for m in exported["memories"] if m["content"] == "beta"]


# project and global memories ---------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["test", "default"])
def test_a_project_recall_includes_the_global_memories(profile: str, tmp_path: Path,
                                                       clock: ManualClock) -> None:
    path = tmp_path / "s" if profile == "default" else None
    with Engine.from_profile(profile, path=path, clock=clock) as eng:
        shop = eng.add("deploys use rsync", scope={"project": "shop"}).id
        eng.add("deploys use kubectl", scope={"project": "blog"})
        everywhere = eng.add("deploys need a changelog entry").id
        both = eng.search("deploys", scope={"project": "shop"}, include_global=True)
        assert {h.id for h in both.hits} == {shop, everywhere}
        only = eng.search("deploys", scope={"project": "shop"})
        assert [h.id for h in only.hits] == [shop]
        assert Query(text="x", scope={"project": "shop"}, include_global=True).admits(
            eng.get(everywhere))


# what the store believed ------------------------------------------------------------------------


def at(day: str) -> datetime:
    return datetime.fromisoformat(day).replace(tzinfo=UTC)


def test_a_history_with_corrections(clock: ManualClock) -> None:
    """Jan 1: the limit is 100/min (valid since June). Feb 1: corrected to 200/min from
    Jan 15 (the old one ends then). Mar 1: the change really happened on Jan 20."""
    with Engine.from_profile("test", clock=clock) as eng:
        clock.set(at("2026-01-01"))
        old = eng.add("the API rate limit is 100 requests a minute",
                      valid_from=at("2025-06-01")).id
        clock.set(at("2026-02-01"))
        new = eng.supersede(old, "the API rate limit is 200 requests a minute",
                            valid_from=at("2026-01-15")).id
        eng.update(old, valid_until=at("2026-01-15"))
        clock.set(at("2026-03-01"))
        eng.update(new, valid_from=at("2026-01-20"))
        clock.set(at("2026-04-01"))

        def ids(**params: object) -> list[str]:
            return [h.id for h in eng.search("API rate limit", **params).hits]

        # valid time, as known now
        assert ids(as_of=at("2025-12-01")) == [old]
        assert ids(as_of=at("2026-01-17")) == []  # the old one ended, the new not begun
        assert set(ids()) == {old, new}
        # transaction time: before the correction only the old memory existed, current
        [then] = eng.search("API rate limit", believed_at=at("2026-01-10")).hits
        assert then.id == old and then.memory.superseded_by is None
        assert then.memory.valid_until is None  # its end was recorded on Feb 1
        # both: on Feb 15 the store believed the new limit held from Jan 15
        assert ids(believed_at=at("2026-02-15"), as_of=at("2026-01-17")) == [new]
        assert ids(believed_at=at("2026-03-15"), as_of=at("2026-01-17")) == []
        # the superseded flag as believed at each time
        feb = {h.id: h.memory for h in eng.search("API rate limit",
                                                   believed_at=at("2026-02-15")).hits}
        assert feb[old].superseded_by == new
        assert ids(believed_at=at("2025-12-31")) == []  # nothing recorded yet


def test_a_text_edit_after_the_moment_is_flagged(engine: Engine, clock: ManualClock) -> None:
    memory = engine.add("the cache holds 10 entries").id
    moment = clock.now()
    clock.advance(hours=1)
    engine.update(memory, content="the cache holds 10 entries per shard")
    [hit] = engine.search("cache entries", believed_at=moment).hits
    assert hit.memory.meta["cognimem.changed_since"] == ["content"]


def test_a_conflict_an_agents_own_write_revealed_is_listed_for_it(engine: Engine) -> None:
    fact = engine.add("the port is 8080", agent="lead").id
    head = engine.supersede(fact, "the port is 8081", agent="lead").id
    mine = engine.add("the port is 9090", agent="worker").id
    engine.record_conflict(head, mine, kind="value", found_by="test", agent="worker")
    listed = [c.change for c in engine.sync("worker").changes]
    assert "conflict" in listed and "added" in listed  # the lead's add, not the worker's
    assert listed.count("added") == 2  # lead: the fact and its replacement


def test_add_many_takes_a_writer_per_item(engine: Engine) -> None:
    """The daemon's group commit joins several agents' adds in one add_many."""
    written = engine.add_many([{"content": "uses ruff", "agent": "lead"},
                               {"content": "uses mypy", "agent": "worker"}, "uses uv"],
                              agent="human")
    assert [w.memory.scope.agent for w in written] == ["lead", "worker", "human"]
    adds = {e.target: e.agent for e in engine.events() if e.op == "add"}
    assert [adds[w.id] for w in written] == ["lead", "worker", "human"]
