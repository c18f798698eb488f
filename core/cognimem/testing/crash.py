"""The crash contract: a process writing through an engine is killed with SIGKILL at random
moments; after every kill, everything it saw acknowledged is there, whole.

A child process writes through ``Engine.from_profile`` (adds, batches, updates, relations)
and prints what returned. The parent kills it, reopens the stores and checks that every
acknowledged write is in the records and in both indexes at the right version, that
``check()`` finds nothing wrong, and that nothing half-written is visible: every memory has
exactly its ``add`` event, its embedding and one ``update`` event per version, every edge
its ``relate`` event, and the hash chain is intact.

Subclass :class:`CrashContract` and give the profile as the ``crash_overrides`` fixture (it
may be parametrized over stacks)::

    class TestMyStoreCrash(CrashContract):
        pytestmark = [pytest.mark.slow]

        @pytest.fixture
        def crash_overrides(self, tmp_path):
            return {"path": str(tmp_path / "store"), "records": {"use": "my-store"},
                    "embedder": {"use": "hash", "dim": 32}}
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

from ..engine import Engine
from ..profile import load_profile

#: The child: writes at random through an engine on the profile given as JSON overrides of
#: the ``test`` profile, printing ``a ID`` / ``u ID VERSION`` / ``r SOURCE TARGET`` after
#: each write returned.
CHILD = textwrap.dedent("""
    import json, random, sys
    from cognimem.engine import Engine
    from cognimem.profile import load_profile

    overrides, seed = json.loads(sys.argv[1]), int(sys.argv[2])
    engine = Engine.from_profile(load_profile(overrides=overrides, base="test"))
    rng = random.Random(seed)
    words = ("deploy cache parser index vector query merge branch release incident config "
             "worker queue retry timeout latency graph session budget review").split()
    out = sys.stdout
    out.write("ready\\n")
    out.flush()
    mine, n = [], 0

    def text():
        global n
        n += 1
        return f"crash note {seed}-{n}: " + " ".join(rng.choices(words, k=8))

    while True:
        roll = rng.random()
        if roll < 0.45:
            written = [engine.add(text(), tags=[rng.choice(words)])]
        elif roll < 0.75:
            written = engine.add_many([text() for _ in range(rng.randint(2, 6))])
        elif roll < 0.9 and mine:
            target = rng.choice(mine)
            after = engine.update(target, content=text()).memory
            out.write(f"u {after.id} {after.version}\\n")
            out.flush()
            continue
        elif len(mine) > 1:
            source, target = rng.sample(mine, 2)
            engine.relate(source, target, rng.choice(["relates_to", "mentions"]))
            out.write(f"r {source} {target}\\n")
            out.flush()
            continue
        else:
            continue
        mine.extend(w.id for w in written)
        out.write("".join(f"a {w.id}\\n" for w in written))
        out.flush()
""")


class Acknowledged:
    """What the children saw return, accumulated over every run."""

    def __init__(self) -> None:
        self.added: set[str] = set()
        self.versions: dict[str, int] = {}
        self.edges: set[tuple[str, str]] = set()

    def read(self, output: str) -> int:
        """Record the complete lines of a child's output; returns how many writes."""
        lines = output.split("\n")[:-1]  # the last piece is empty or cut off by the kill
        count = 0
        for line in lines:
            kind, *rest = line.split()
            if kind == "a":
                self.added.add(rest[0])
            elif kind == "u":
                self.versions[rest[0]] = max(self.versions.get(rest[0], 1), int(rest[1]))
            elif kind == "r":
                self.edges.add((rest[0], rest[1]))
            count += kind != "ready"
        return count


def verify(engine: Engine, acked: Acknowledged) -> int:
    """Everything acknowledged is there, whole; returns the number of memories."""
    records = engine._records
    memories = {m.id: m for m in records.iter_memories()}
    missing = acked.added - set(memories)
    assert not missing, f"acknowledged adds lost: {sorted(missing)[:5]}"
    for memory_id, version in acked.versions.items():
        assert memories[memory_id].version >= version, memory_id
    edges = {(e.source, e.target) for e in records.iter_edges()}
    assert acked.edges <= edges, sorted(acked.edges - edges)[:5]
    report = engine.check()
    assert report.ok, report
    assert engine.lexical is not None and engine.vectors is not None
    want = {i: m.version for i, m in memories.items()}
    assert engine.lexical.versions() == want
    assert engine.vectors.versions() == want
    events = list(records.iter_events())
    adds = Counter(e.target for e in events if e.op == "add")
    updates = Counter(e.target for e in events if e.op == "update")
    relates = Counter((e.target, e.payload["target"]) for e in events if e.op == "relate")
    assert set(adds) == set(memories) and all(n == 1 for n in adds.values())
    for memory_id, memory in memories.items():
        assert memory.version == 1 + updates[memory_id], memory_id
    assert set(relates) == edges
    assert set(records.get_embeddings(list(memories))) == set(memories)
    assert engine.embedder is not None
    assert all(m.embedding == engine.embedder.signature for m in memories.values())
    return len(memories)


class CrashContract:
    """SIGKILL of a writer mid-write loses nothing acknowledged and leaves nothing half-done.

    The subclass supplies the ``crash_overrides`` fixture (overrides of the ``test``
    profile: the stores under test, a path, an embedder) and may change the class
    settings below.
    """

    #: How many children are killed.
    kills: ClassVar[int] = 20
    #: The seed of the kill times and of the children's writes.
    seed: ClassVar[int] = 20261130
    #: Every ``any_moment_every``-th child is killed at any moment (opening, creating or
    #: reconciling the stores included); the others once they write.
    any_moment_every: ClassVar[int] = 5
    #: Seconds (low, high) a writing child lives before its kill.
    pause: ClassVar[tuple[float, float]] = (0.02, 0.5)
    #: Acknowledged writes expected per kill while writing, at least.
    writes_per_kill: ClassVar[float] = 1.0

    def test_killed_writers_lose_nothing_acknowledged(
            self, tmp_path: Path, crash_overrides: dict[str, Any]) -> None:
        profile = load_profile(overrides=crash_overrides, base="test")
        rng = random.Random(self.seed)
        acked = Acknowledged()
        writes = count = writing = 0
        for run in range(self.kills):
            out_file, err_file = tmp_path / f"run{run}.out", tmp_path / f"run{run}.err"
            with out_file.open("w") as out, err_file.open("w") as err:
                child = subprocess.Popen(
                    [sys.executable, "-c", CHILD, json.dumps(crash_overrides),
                     str(self.seed + run)], stdout=out, stderr=err)
            try:
                if run % self.any_moment_every == 0:
                    time.sleep(rng.uniform(0.05, 1.0))
                else:
                    # killed while writing: after its first acknowledged write (on a loaded
                    # machine a timed pause alone may end before the first write returns)
                    writing += 1
                    deadline = time.monotonic() + 60
                    while out_file.read_text().count("\n") < 2:
                        assert child.poll() is None, err_file.read_text()
                        assert time.monotonic() < deadline, "the child wrote nothing"
                        time.sleep(0.01)
                    time.sleep(rng.uniform(*self.pause))
            finally:
                child.send_signal(signal.SIGKILL)
                child.wait(timeout=60)
            assert child.returncode == -signal.SIGKILL, err_file.read_text()
            writes += acked.read(out_file.read_text())
            with Engine.from_profile(profile) as engine:
                count = verify(engine, acked)
        assert writes >= writing * self.writes_per_kill  # the kills landed while writing
        assert count >= len(acked.added) > 0
