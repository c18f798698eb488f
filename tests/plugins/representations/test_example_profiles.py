"""The research profiles and the ``precise`` profile of the retrieval levers build and search."""

from __future__ import annotations

from pathlib import Path

import pytest

from cognimem.engine import Engine
from cognimem.profile import load_profile

ROOT = Path(__file__).resolve().parents[3]
PROFILES = [*(ROOT / "examples" / "research" / f"{n}.toml" for n in (
    "window", "chunks", "chunks-both", "feedback-lexical", "feedback-dense", "combined",
    "turns-max", "turns-top", "turns-sum", "precise-pooled", "window-pooled", "precise-late")),
    "precise"]
IN_MEMORY = {"path": ":memory:", "records": {"use": "memory"}, "lexical": {"use": "bm25"},
             "vectors": {"use": "exact"}, "embedder": {"use": "hash"}}


@pytest.mark.parametrize("ref", PROFILES, ids=lambda p: Path(p).stem)
def test_profile_builds_and_finds_by_context(ref: str | Path) -> None:
    profile = load_profile(ref, overrides=IN_MEMORY, environ=False)
    with Engine.from_profile(profile) as engine:
        first = engine.add("I adopted a puppy", meta={"session": "s1"}).id
        engine.add("We deploy on Fridays", meta={"session": "s2"})
        hits = engine.search("puppy", record_access=False).hits
        assert hits and hits[0].id == first
        labels = engine.retriever_labels
        assert len(labels) == len(profile.retrieve) >= 3
