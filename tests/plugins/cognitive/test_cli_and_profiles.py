"""`cognimem maintain` and `cognimem graveyard`, the cognitive profile, optional plugins."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest

from cognimem.cli import maintain_cmd
from cognimem.cli.app import main
from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.profile import load_profile

EngineFactory = Callable[..., Engine]


@pytest.fixture
def aged(make_engine: EngineFactory, clock: ManualClock,
         monkeypatch: pytest.MonkeyPatch) -> Engine:
    """An engine with one unused 40-day-old memory and one protected one, used by the CLI."""
    engine = make_engine(decay=[{"use": "fademem"}])
    engine.add("an unused note about the old build")
    engine.add("we decided to keep the monorepo", tags=["decision"])
    clock.advance(days=40)
    monkeypatch.setattr(maintain_cmd, "open_engine", lambda args: contextlib.nullcontext(engine))
    return engine


def _json(capsys: pytest.CaptureFixture[str]) -> Any:
    return json.loads(capsys.readouterr().out)


def test_maintain_dry_run_lists_and_changes_nothing(aged: Engine,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["maintain", "--dry-run", "--json"]) == 0
    report = _json(capsys)
    assert report["dry_run"] is True and report["policies"] == ["fademem"]
    assert report["counts"] == {"archive": 1}
    (action,) = report["actions"]
    assert action["action"] == "archive" and "I 0.000 < 0.1" in action["reason"]
    assert not aged.graveyard()
    assert main(["maintain", "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert "dry run: nothing changed" in text and "dry run: 1 archive" in text


def test_maintain_then_graveyard_list_and_restore(aged: Engine,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["maintain", "--json"]) == 0
    assert _json(capsys)["counts"] == {"archive": 1}
    assert main(["graveyard", "--json"]) == 0
    (entry,) = _json(capsys)
    assert entry["content"] == "an unused note about the old build"
    assert entry["reason"].startswith("fademem: I 0.000")
    assert main(["graveyard", "list"]) == 0
    assert "an unused note" in capsys.readouterr().out
    assert main(["graveyard", "restore", entry["id"], "--json"]) == 0
    assert _json(capsys) == {"restored": entry["id"]}
    assert not aged.graveyard() and not aged.get(entry["id"]).archived
    events = [e.op for e in aged.events()]
    assert events[-2:] == ["archive", "restore"]


def test_graveyard_errors_name_the_fix(aged: Engine, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["graveyard", "restore"]) == 2
    assert "needs the id" in capsys.readouterr().err
    assert main(["graveyard", "restore", "m-nope"]) == 2
    assert "m-nope" in capsys.readouterr().err
    assert main(["graveyard", "restore", aged.list_memories()[0].id]) == 2
    assert "not archived" in capsys.readouterr().err


def test_maintain_without_policies(make_engine: EngineFactory, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    engine = make_engine()
    monkeypatch.setattr(maintain_cmd, "open_engine", lambda args: contextlib.nullcontext(engine))
    assert main(["maintain"]) == 0
    assert "no [[decay]] policy" in capsys.readouterr().out


def test_cognitive_profile_runs_end_to_end(clock: ManualClock) -> None:
    profile = load_profile("cognitive")
    assert [r.use for r in profile.rank] == ["actr", "supersession", "validity"]
    assert profile.rank[0].options == {"blend": "gain", "activation_scale": 40,
                                       "noise": False}
    assert [d.use for d in profile.decay] == ["fademem"]
    # the same pipeline on the fast test stores and embedder
    engine = Engine.from_profile(profile, clock=clock,
                                 overrides={"embedder": {"use": "hash"}})
    try:
        old = engine.add("the staging database is db-old").id
        new = engine.supersede(old, "the staging database is db-new").id
        hits = engine.search("staging database", explain=True).hits
        assert [h.id for h in hits[:2]] == [new, old]
        assert "rank:actr=" in hits[0].explain()
        clock.advance(days=40)
        assert engine.maintain(dry_run=True).counts() == {}  # both were just accessed
    finally:
        engine.close()


RANKERS = ["actr", "recency", "importance", "supersession", "validity"]


@pytest.mark.parametrize("subset", [c for n in (0, 1, 4) for c in combinations(RANKERS, n)],
                         ids=lambda c: "+".join(c) or "none")
def test_any_subset_of_the_plugins_runs(make_engine: EngineFactory, clock: ManualClock,
                                        subset: tuple[str, ...]) -> None:
    engine = make_engine(rank=[{"use": name} for name in subset],
                         decay=[{"use": "fademem"}] if "actr" in subset else [])
    old = engine.add("the release train leaves on fridays").id
    engine.supersede(old, "the release train leaves on thursdays")
    assert len(engine.search("release train").hits) == 2
    clock.advance(days=45)
    engine.maintain()
    assert len(engine.search("release train", k=5).hits) >= 1
