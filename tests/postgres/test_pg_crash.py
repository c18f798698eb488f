"""The crash test on PostgreSQL: a child writing through an Engine on the postgres stack is
killed with SIGKILL at random moments; after every kill, everything it saw acknowledged is in
the records and both indexes, and the event chain is whole (the checks of the DuckDB crash
test, run against a real server)."""

from __future__ import annotations

import importlib.util
import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cognimem.engine import Engine
from cognimem.profile import load_profile

_spec = importlib.util.spec_from_file_location(
    "_crash_cases", Path(__file__).parents[1] / "plugins" / "test_crash_recovery.py")
assert _spec is not None and _spec.loader is not None
_cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cases)

KILLS = 8
SEED = 20261201


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_killed_writers_lose_nothing_acknowledged(tmp_path: Path, postgres_dsn: str) -> None:
    overrides = {
        "path": str(tmp_path / "home"),
        "records": {"use": "postgres", "dsn": postgres_dsn, "schema": "crash"},
        "lexical": {"use": "postgres"}, "vectors": {"use": "pgvector"},
        "embedder": {"use": "hash", "dim": 32},
    }
    profile = load_profile(overrides=overrides, base="test")
    rng = random.Random(SEED)
    acked = _cases.Acknowledged()
    writes = count = 0
    for run in range(KILLS):
        out_file, err_file = tmp_path / f"run{run}.out", tmp_path / f"run{run}.err"
        with out_file.open("w") as out, err_file.open("w") as err:
            child = subprocess.Popen(
                [sys.executable, "-c", _cases.CHILD, json.dumps(overrides), str(SEED + run)],
                stdout=out, stderr=err)
        try:
            if run % 4 == 0:  # any moment, connecting and creating the schema included
                time.sleep(rng.uniform(0.05, 1.0))
            else:  # while writing
                deadline = time.monotonic() + 60
                while not out_file.read_text().startswith("ready"):
                    assert child.poll() is None, err_file.read_text()
                    assert time.monotonic() < deadline, "the child did not start"
                    time.sleep(0.01)
                time.sleep(rng.uniform(0.1, 0.8))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=60)
        assert child.returncode == -signal.SIGKILL, err_file.read_text()
        writes += acked.read(out_file.read_text())
        with Engine.from_profile(profile) as engine:
            count = _cases.verify(engine, acked)
    assert writes >= KILLS // 2  # the kills did land while the children were writing
    assert count >= len(acked.added) > 0
