"""Code-anchored memories: anchors taken when a fact names a file of the project, the
``anchors`` ranker's fresh / stale / orphaned marks, and ``anchors_review`` /
``anchors_update`` (re-anchor, archive)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from anchor_helpers import RETRY, git, repository

from cognimem.engine import Engine
from cognimem.session import bound
from cognimem.testing import build_engine
from cognimem.testing.contracts import RankerContract
from cognimem_plugins.anchors.refs import named
from cognimem_plugins.anchors.review import review


class TestContract(RankerContract):
    component = "anchors"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository with src/net/retry.py committed."""
    return repository(tmp_path, commit=True)


@pytest.fixture
def engine(repo: Path) -> Iterator[Engine]:
    eng = build_engine(overrides={"rank": [{"use": "anchors"}]})
    with bound({"folder": str(repo)}):
        yield eng
    eng.close()


def test_references_named_in_text() -> None:
    refs = named("the retry logic lives in src/net/retry.py, backoff 2x; see "
                 "src/net/retry.py::backoff and lib/a.ts:10-20, not https://x.io/a.py")
    assert [(r.path, r.symbol, r.start, r.end) for r in refs] == [
        ("src/net/retry.py", None, None, None), ("src/net/retry.py", "backoff", None, None),
        ("lib/a.ts", None, 10, 20)]
    assert named("../etc/passwd.txt and /etc/hosts.conf") == []


def test_a_fact_naming_a_project_file_is_anchored(engine: Engine, repo: Path) -> None:
    written = engine.add("the retry logic lives in src/net/retry.py::backoff, backoff 2x")
    anchors = written.memory.meta["anchors"]
    assert [a["path"] for a in anchors] == ["src/net/retry.py"]
    assert anchors[0]["symbol"] == "backoff" and len(anchors[0]["hash"]) == 16
    assert anchors[0]["commit"] == git(repo, "rev-parse", "HEAD")
    assert written.memory.meta["anchor_root"] == str(repo.resolve())
    # a name that is not a file of the project, or lies outside it, anchors nothing
    (repo.parent / "outside.py").write_text("x = 1\n", encoding="utf-8")
    for text in ("see src/net/missing.py", "see ../outside.py", "see outside.py"):
        assert "anchors" not in engine.add(text).memory.meta


def test_no_anchor_outside_the_sessions_roots(repo: Path) -> None:
    eng = build_engine()
    try:
        with bound({"folder": str(repo), "roots": [str(repo / "docs")]}):
            assert "anchors" not in eng.add("retry in src/net/retry.py").memory.meta
        with bound({"folder": None}):
            assert "anchors" not in eng.add("retry again in src/net/retry.py").memory.meta
    finally:
        eng.close()


def states(engine: Engine, query: str) -> dict[str, str | None]:
    result = engine.search(query, k=10)
    return {h.memory.content: (h.memory.meta.get("anchor_state") or {}).get("state")
            for h in result.hits}


def test_fresh_stale_orphaned(engine: Engine, repo: Path) -> None:
    fact = "retry backoff doubles: src/net/retry.py::backoff"
    other = "retry jitter is zero: src/net/retry.py::jitter"
    engine.add(fact)
    engine.add(other)
    assert states(engine, "retry") == {fact: "fresh", other: "fresh"}
    # the backoff function changes: its memory is stale, the jitter one still fresh
    (repo / "src/net/retry.py").write_text(RETRY.replace("2 ** n", "3 ** n"), encoding="utf-8")
    assert states(engine, "retry") == {fact: "stale", other: "fresh"}
    hits = engine.search("retry backoff doubles", k=10, explain=True).hits
    stale = next(h for h in hits if h.memory.content == fact)
    assert stale.trail[-1].name == "anchors" and stale.trail[-1].detail["stale"] == 1.0
    assert "src/net/retry.py" in stale.trail[-1].detail["label"]
    (repo / "src/net/retry.py").unlink()
    assert states(engine, "retry") == {fact: "orphaned", other: "orphaned"}


def test_stale_ranks_below_fresh(engine: Engine, repo: Path) -> None:
    (repo / "src/net/other.py").write_text("def backoff():\n    pass\n", encoding="utf-8")
    a = engine.add("backoff policy is defined in src/net/retry.py::backoff").memory
    b = engine.add("backoff policy is defined in src/net/other.py::backoff").memory
    engine.add("the log policy is defined elsewhere")  # a weaker hit: the scores' spread
    before = [h.id for h in engine.search("backoff policy defined", k=3).hits][:2]
    first = before[0]
    changed = "src/net/retry.py" if first == a.id else "src/net/other.py"
    text = (repo / changed).read_text(encoding="utf-8")
    (repo / changed).write_text(text.replace("def backoff(", "def backoff(x, "),
                                encoding="utf-8")
    after = [h.id for h in engine.search("backoff policy defined", k=3).hits][:2]
    assert after == [before[1], before[0]], "the stale memory fell below the fresh one"
    assert {a.id, b.id} == set(after)


def test_review_reanchors_and_archives(engine: Engine, repo: Path) -> None:
    stale = engine.add("retry backoff: src/net/retry.py::backoff").memory
    gone = engine.add("the readme README.md says shop").memory
    fresh = engine.add("jitter: src/net/retry.py::jitter").memory
    (repo / "src/net/retry.py").write_text(RETRY.replace("2 ** n", "4 ** n"), encoding="utf-8")
    (repo / "README.md").unlink()
    listed = review(engine)
    assert (listed.checked, listed.stale, listed.orphaned) == (3, 1, 1)
    assert {m.id: m.state for m in listed.memories} == {stale.id: "stale", gone.id: "orphaned"}
    done = review(engine, action="reanchor", ids=[stale.id])
    assert [m.done for m in done.memories] == ["reanchored"]
    assert engine.get(stale.id).version == 2
    assert review(engine).stale == 0
    archived = review(engine, action="archive")
    assert [(m.id, m.done) for m in archived.memories] == [(gone.id, "archived")]
    assert engine.get(gone.id).archived and not engine.get(fresh.id).archived
    assert review(engine).memories == []


def test_an_edit_keeps_a_stale_anchor_stale(engine: Engine, repo: Path) -> None:
    memory = engine.add("retry backoff: src/net/retry.py::backoff").memory
    (repo / "src/net/retry.py").write_text(RETRY.replace("2 ** n", "5 ** n"), encoding="utf-8")
    engine.update(memory.id, importance=0.9)
    engine.update(memory.id, content="retry backoff doubles: src/net/retry.py::backoff")
    assert review(engine).stale == 1, "only a re-anchor takes the hash again"


def test_freshness_of_a_list_and_a_bad_session_folder(engine: Engine, repo: Path) -> None:
    from cognimem.errors import InvalidInput
    from cognimem.session import Session, current
    from cognimem_plugins.anchors.freshness import freshness_of

    kept = engine.add("jitter: src/net/retry.py::jitter").memory
    plain = engine.add("no code named here").memory
    (repo / "src/net/retry.py").write_text(RETRY.replace("return 0", "return 1"),
                                           encoding="utf-8")
    found = freshness_of([kept, plain], current())
    assert list(found) == [kept.id] and found[kept.id].state == "stale"
    assert found[kept.id].stale == ["src/net/retry.py"]
    with pytest.raises(InvalidInput, match="session folder must be a path"):
        Session.of({"folder": 5})


def test_a_root_given_in_meta_outside_the_roots_is_dropped(repo: Path, tmp_path: Path) -> None:
    secret = tmp_path / "elsewhere"
    secret.mkdir()
    (secret / "key.txt").write_text("s3cret\n", encoding="utf-8")
    eng = build_engine(overrides={"rank": [{"use": "anchors"}]})
    meta = {"anchors": [{"path": "key.txt", "hash": "0" * 16}], "anchor_root": str(secret)}
    try:
        with bound({"folder": str(repo), "roots": [str(repo)]}):
            written = eng.add("a note", meta=meta).memory
            assert "anchor_root" not in written.meta and "anchors" not in written.meta
        with bound({"folder": str(repo)}):  # the user's own shell: no roots, kept
            kept = eng.add("another note", meta=meta).memory
        with bound({"folder": str(repo), "roots": [str(repo)]}):
            hits = eng.search("another note", k=5).hits
            assert all("anchor_state" not in h.memory.meta for h in hits), \
                "a stored root outside the roots is never read"
        assert kept.meta["anchor_root"] == str(secret)
    finally:
        eng.close()
