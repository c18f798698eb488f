"""Many writers: two processes with homes of their own (as two daemons on two machines) and
eight agents each write one PostgreSQL store at once; nothing is lost, nothing fails, the
event chain and the indexes check out, and every agent sees every other process's writes."""

from __future__ import annotations

import pytest

from cognimem_lab.pg_load import run


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_two_processes_eight_agents_each(postgres_dsn: str) -> None:
    report = run(postgres_dsn, processes=2, agents=8, writes=8, schema="many_writers",
                 timeout=240)
    assert report["errors"] == []
    assert report["acknowledged"] == report["distinct_ids"] == 2 * 8 * 8
    assert report["lost"] == []
    assert report["check_ok"]
    assert report["events"] == report["acknowledged"]  # one add event each, one chain
    # nothing is cached in process: the first look after a peer finished saw all of it
    assert report["max_visibility_wait_s"] < 1.0
