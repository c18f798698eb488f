"""Rankers record trail steps only for an explained search: the same hits and scores either
way, and no step is built for a search whose trail would be dropped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import cognimem.components as components
from cognimem.engine import Engine
from cognimem.profile import load_profile


def test_unexplained_searches_rank_the_same_without_building_steps(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    original = components.StageScore

    def counting(**fields: Any) -> Any:
        built.append(fields["name"])
        return original(**fields)

    monkeypatch.setattr(components, "StageScore", counting)
    with Engine.from_profile(load_profile("default", environ=False),
                             path=str(tmp_path / "store")) as engine:
        engine.add_many([f"the billing service retries webhook {i} with backoff" for i in range(8)]
                        + ["deploys go out on Tuesdays", "the on-call rota is in the wiki"])
        engine.search("billing retries", record_access=True)  # accesses: ACT-R has use
        explained = engine.search("how does billing retry", explain=True, record_access=False)
        assert "actr" in built  # the explained search's steps
        built.clear()
        plain = engine.search("how does billing retry", record_access=False)
        assert built == []
        assert [(h.id, h.score) for h in plain.hits] == [(h.id, h.score) for h in explained.hits]
        assert all(h.trail == [] for h in plain.hits)
        assert all(any(s.name == "actr" for s in h.trail) for h in explained.hits)
    assert components.EXPLAINING.get() is True  # reset after each search
