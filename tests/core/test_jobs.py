"""Jobs without a daemon (issue #40 point 4): the long operations run in the foreground as
the same units, with the same progress callback; the jobs' calls answer as the daemon's
do; the MCP tools start jobs; progress numbers only go up and end at the total."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cognimem.engine import Engine
from cognimem.engine.portable import IMPORT_BATCH
from cognimem.engine.steps import Sizer, Step, drive
from cognimem.errors import InvalidInput, NotFound
from cognimem_plugins.intake.tools import ingest as ingest_tool
from cognimem_plugins.mcp_tools.jobs import job_cancel, job_status, jobs_list


def export_of(n: int) -> dict[str, Any]:
    with Engine.from_profile("test") as engine:
        engine.add_many([f"note {i}: the heron ledger rollout number {i}" for i in range(n)])
        return engine.export()


def vault_of(folder: Path, notes: int) -> Path:
    folder.mkdir()
    for i in range(notes):
        (folder / f"note{i}.md").write_text(f"# Note {i}\n\nthe osprey audit step {i}\n")
    return folder


def test_an_import_job_in_the_foreground_reports_monotone_progress() -> None:
    heard: list[tuple[int, int | None]] = []
    with Engine.from_profile("test") as engine:
        engine.add("an existing memory")
        info = engine.start_job("import", export_of(IMPORT_BATCH + 5),
                                progress=lambda d, t: heard.append((d, t)))
        assert engine.stats()["memories"] == IMPORT_BATCH + 6
        assert engine.jobs() == [info] and engine.job(info.id) == info
    done = [d for d, _t in heard]
    assert done == sorted(done)
    n = IMPORT_BATCH + 5  # progress counts the memories written
    assert heard[-1] == (n, n) and info.done == info.total == n
    assert len({d for d in done if d}) > 1  # in several units
    assert info.state == "done" and info.typed_report().memories == IMPORT_BATCH + 5


def test_an_ingest_job_knows_its_total_once_scanned(tmp_path: Path) -> None:
    vault = vault_of(tmp_path / "vault", 150)
    heard: list[tuple[int, int | None]] = []
    with Engine.from_profile("test") as engine:
        info = engine.start_job("ingest", "vault", str(vault),
                                progress=lambda d, t: heard.append((d, t)))
    done = [d for d, _t in heard]
    assert done == sorted(done)
    assert heard[0][1] is None  # still scanning
    assert heard[-1] == (info.total, info.total) and info.total == 150 + 150
    assert info.typed_report().added == 150


def test_steps_run_by_hand_commit_whole_units() -> None:
    """Closed between two steps (a cancel), an import keeps the units it committed."""
    with Engine.from_profile("test") as engine:
        engine.add("an existing memory")
        steps = engine.import_steps(export_of(IMPORT_BATCH + 5))
        for step in steps:
            if step.done:
                break
        steps.close()
        assert 0 < step.done < IMPORT_BATCH + 5
        assert engine.stats()["memories"] == step.done + 1 == step.report.memories + 1
        assert engine.check().ok


def test_a_sizer_makes_units_last_about_the_time_asked() -> None:
    sizer = Sizer(first=32, least=8, most=256, seconds=0.1)
    sizer.took(32, 0.4)  # 4x too slow: halfway (in ratio) to 8
    assert sizer.size == 16
    sizer.took(16, 0.001)  # 100x too fast: halfway (in ratio) to 1,600
    assert sizer.size == 160
    sizer.took(160, 0.001)  # never past the most
    assert sizer.size == 256
    sizer.took(256, 100.0)
    assert sizer.size == 8


def test_drive_returns_the_report() -> None:
    def steps() -> Any:
        yield Step(0, 1)
        yield Step(1, 1)
        return "report"

    assert drive(steps()) == "report"


def test_bad_kinds_and_ids_are_refused_in_one_line() -> None:
    with Engine.from_profile("test") as engine:
        with pytest.raises(InvalidInput, match="'sleep' is not a kind of job"):
            engine.start_job("sleep")
        with pytest.raises(InvalidInput, match="job 'dream'"):
            engine.start_job("dream", nonsense=True)
        with pytest.raises(NotFound, match="no job 'jnope'"):
            engine.job("jnope")
        with pytest.raises(NotFound):
            engine.cancel_job("jnope")


def test_mcp_tools_start_and_follow_jobs(tmp_path: Path) -> None:
    vault = vault_of(tmp_path / "vault", 3)
    with Engine.from_profile("test") as engine:
        started = ingest_tool(engine, str(vault), background=True)
        assert started.job is not None and started.job.state == "done"  # no daemon: here
        assert jobs_list(engine).jobs == [started.job]
        assert job_status(engine, started.job.id) == started.job
        assert job_cancel(engine, started.job.id).state == "done"
        with pytest.raises(NotFound):
            job_status(engine, "jnope")
