"""The default pipeline keeps searches beside writes in the daemon: a component added to it
without ``reads_beside_writes`` serialises every agent's recall behind every write (the
anchors ranker once did: 32 agents' recall p95 went from about 100 ms to 950 ms)."""

from __future__ import annotations

from pathlib import Path

from cognimem.daemon.reads import reads_beside_writes
from cognimem.engine import Engine


def test_the_default_profile_reads_beside_writes(tmp_path: Path) -> None:
    with Engine.from_profile("default", overrides={
            "path": str(tmp_path), "embedder": {"use": "hash"}}) as engine:
        blocking = [c.name for c in engine.components()
                    if not getattr(c, "reads_beside_writes", True)]
        assert reads_beside_writes(engine), blocking
