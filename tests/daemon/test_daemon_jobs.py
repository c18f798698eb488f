"""The daemon's jobs (issue #40 point 4): a long import or ingest runs in units beside the
other callers. Deterministic, no timings: a watcher holds the job between two units (on
the job's thread, with the store let go) while the test calls the daemon, then lets it go.

The daemon runs in the test process (``StoreDaemon.serve`` on a thread) so the test can
watch its jobs; clients reach it through its socket as every client does."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cognimem.cli import main
from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.server import StoreDaemon
from cognimem.engine import Engine
from cognimem.engine.jobinfo import JobInfo
from cognimem.engine.portable import IMPORT_BATCH
from cognimem.errors import NotFound
from cognimem.profile import Profile, load_profile

#: Memories in the export: more than the most an import unit takes.
MEMORIES = 2 * IMPORT_BATCH + 10


def profile(store: Path) -> Profile:
    return load_profile("test", overrides={
        "path": str(store), "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"}})


def export_of(folder: Path, n: int = MEMORIES) -> dict[str, Any]:
    """An export of ``n`` memories made by a real store."""
    with Engine.from_profile(profile(folder / "source")) as engine:
        engine.add_many([f"note {i}: the heron ledger rollout number {i}" for i in range(n)])
        return engine.export()


class Parked:
    """A job watcher that holds the job between two units once it has done ``after``
    units, until :meth:`release`; records every progress it sees."""

    def __init__(self, after: int = 1) -> None:
        self.after = after
        self.seen: list[JobInfo] = []
        self.parked = threading.Event()
        self.go = threading.Event()

    def __call__(self, info: JobInfo) -> None:
        self.seen.append(info)
        if info.done >= self.after and not self.parked.is_set():
            self.parked.set()
            assert self.go.wait(120), "the test never let the job go"

    def release(self) -> None:
        self.go.set()


@pytest.fixture
def daemon(store: Path) -> Iterator[StoreDaemon]:
    """The store's daemon, serving from a thread of this process."""
    engine = Engine.from_profile(profile(store))
    served = StoreDaemon(engine, profile(store), idle_timeout=0)
    thread = threading.Thread(target=served.serve, daemon=True)
    thread.start()
    with RemoteEngine(profile(store)) as warm:
        warm.add("the kestrel deploy runs on tuesdays")
    yield served
    served.stop()
    thread.join(60)


def client(store: Path) -> RemoteEngine:
    return RemoteEngine(profile(store)).connect()


def test_a_search_during_an_import_job_completes_before_the_job_ends(
        daemon: StoreDaemon, store: Path, tmp_path: Path) -> None:
    parked = Parked()
    daemon.jobs.watch(parked)
    data = export_of(tmp_path)
    result: dict[str, Any] = {}
    importer = threading.Thread(target=lambda: result.update(
        report=client(store).import_(data)))  # the plain call: a job, waited for
    importer.start()
    assert parked.parked.wait(120)
    with client(store) as searcher:  # while the import stands between two units
        hits = searcher.search("kestrel deploy", k=3).hits
        (job,) = searcher.jobs()
    assert hits and "kestrel" in hits[0].memory.content
    assert job.kind == "import" and job.state == "running"
    assert job.total is not None and 0 < job.done < job.total
    parked.release()
    importer.join(120)
    assert result["report"].memories == MEMORIES
    with client(store) as engine:
        assert engine.stats()["memories"] == MEMORIES + 1
        assert engine.check().ok


def test_cancel_stops_between_units_and_the_store_checks_clean(
        daemon: StoreDaemon, store: Path, tmp_path: Path) -> None:
    parked = Parked()
    daemon.jobs.watch(parked)
    with client(store) as submitter:
        started = submitter.start_job("import", export_of(tmp_path))
    assert parked.parked.wait(120)
    with client(store) as engine:
        asked = engine.cancel_job(started.id)
        assert asked.state == "running"  # it stops at its next step
        parked.release()
        ended = daemon.jobs.wait(started.id, 120)
        assert ended.state == "cancelled"
        report = ended.typed_report()
        # what committed stays, and is reported; none of the next unit was written
        assert 0 < report.memories == ended.done < MEMORIES
        assert engine.stats()["memories"] == report.memories + 1
        assert engine.check().ok
        assert engine.job(started.id).state == "cancelled"


def test_progress_is_monotone_and_ends_at_the_total(
        daemon: StoreDaemon, store: Path, tmp_path: Path) -> None:
    parked = Parked(after=10**9)  # never holds: only records
    daemon.jobs.watch(parked)
    with client(store) as engine:
        engine.import_(export_of(tmp_path))
        (job,) = engine.jobs()
    done = [info.done for info in parked.seen]
    assert done == sorted(done) and len(set(done)) > 2  # several units
    assert job.state == "done" and job.done == job.total == MEMORIES  # memories written
    assert all(info.total in (None, MEMORIES) for info in parked.seen)


def test_a_job_survives_its_client_disconnecting(
        daemon: StoreDaemon, store: Path, tmp_path: Path) -> None:
    parked = Parked()
    daemon.jobs.watch(parked)
    submitter = client(store)
    started = submitter.start_job("import", export_of(tmp_path))
    assert parked.parked.wait(120)
    submitter.close()  # the client goes away while its job runs
    parked.release()
    ended = daemon.jobs.wait(started.id, 120)
    assert ended.state == "done"
    with client(store) as engine:
        assert engine.job(started.id).state == "done"
        assert engine.stats()["memories"] == MEMORIES + 1


def test_an_ingest_job_lets_a_search_through(
        daemon: StoreDaemon, store: Path, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    for i in range(200):  # 200 notes: scanned in units of 64 groups
        (vault / f"note{i}.md").write_text(f"# Note {i}\n\nthe osprey audit step {i}\n")
    parked = Parked()
    daemon.jobs.watch(parked)
    with client(store) as submitter:
        started = submitter.start_job("ingest", "vault", str(vault))
    assert parked.parked.wait(120)
    with client(store) as searcher:
        assert searcher.search("kestrel deploy", k=3).hits
        assert searcher.job(started.id).state == "running"
    parked.release()
    ended = daemon.jobs.wait(started.id, 120)
    assert ended.state == "done" and ended.done == ended.total
    assert ended.typed_report().added == 200


def test_a_bad_job_id_is_one_line_rc_2(daemon: StoreDaemon, store: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with client(store) as engine, pytest.raises(NotFound, match="no job 'jnope'"):
        engine.job("jnope")
    for action in ("show", "cancel"):
        status = main(["jobs", action, "jnope", "--store", str(store), "--profile", "test"])
        err = capsys.readouterr().err.strip()
        assert status == 2
        assert len(err.splitlines()) == 1 and "no job 'jnope'" in err


def test_cli_import_in_the_background_then_jobs(
        daemon: StoreDaemon, store: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COGNIMEM_USE_RUNNING", "1")
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export_of(tmp_path, 20)))
    opts = ["--store", str(store), "--profile", "test", "--json"]
    assert main(["import", str(path), "--background", *opts]) == 0
    started = json.loads(capsys.readouterr().out)
    assert started["kind"] == "import"
    assert main(["jobs", "wait", started["id"], *opts]) == 0
    ended = json.loads(capsys.readouterr().out)
    assert ended["state"] == "done" and ended["report"]["memories"] == 20
    assert main(["jobs", *opts]) == 0
    assert [j["id"] for j in json.loads(capsys.readouterr().out)] == [started["id"]]
