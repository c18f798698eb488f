"""``cognimem jobs`` and the long commands' jobs without a daemon (``COGNIMEM_NO_DAEMON=1``):
the job runs in the command's process, in the same units; a bad job id is one line, rc 2.
(Through a daemon: tests/daemon/test_daemon_jobs.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognimem.cli import main
from cognimem.engine import Engine


@pytest.fixture(autouse=True)
def in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COGNIMEM_NO_DAEMON", "1")


def test_import_runs_as_a_foreground_job(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    with Engine.from_profile("test") as source:
        source.add_many([f"fact {i} about the heron ledger" for i in range(30)])
        (tmp_path / "export.json").write_text(json.dumps(source.export()))
    store = ["--store", str(tmp_path / "store"), "--profile", "test", "--json"]
    assert main(["import", str(tmp_path / "export.json"), *store]) == 0
    assert json.loads(capsys.readouterr().out)["memories"] == 30
    assert main(["import", str(tmp_path / "export.json"), "--background", *store]) == 0
    ran = json.loads(capsys.readouterr().out)  # no daemon: run here, to the end
    assert ran["memories"] == 30 and "mode" in ran  # the report, as without it


@pytest.mark.parametrize("words", [["show", "jnope"], ["cancel", "jnope"], ["show"]],
                         ids=["show", "cancel", "no-id"])
def test_a_bad_job_id_is_one_line_rc_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       words: list[str]) -> None:
    status = main(["jobs", *words, "--store", str(tmp_path / "store"), "--profile", "test"])
    err = capsys.readouterr().err.strip()
    assert status == 2 and len(err.splitlines()) == 1
    assert "no job 'jnope'" in err or "needs a job id" in err


def test_jobs_lists_none_in_a_fresh_process(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["jobs", "--store", str(tmp_path / "store"), "--profile", "test"]) == 0
    assert "no jobs" in capsys.readouterr().out
