"""Daemons opening a new database at the same moment: ``CREATE SCHEMA IF NOT EXISTS`` is not
safe against itself in PostgreSQL (one of two racing creators fails with a unique
violation), so each creator takes an advisory lock first. Seen in the two-daemon load test:
one daemon died at open."""

from __future__ import annotations

import threading
from typing import Any

from cognimem_plugins.postgres.connect import connect, ensure_schema


def test_racing_creators_of_a_new_schema_all_succeed(postgres_dsn: str) -> None:
    rounds, racers = 15, 4
    connections = [connect(postgres_dsn, "public") for _ in range(racers)]
    errors: list[BaseException] = []
    try:
        for n in range(rounds):
            schema = f"race_{n}"
            start = threading.Barrier(racers)

            def create(con: Any, schema: str = schema, start: Any = start) -> None:
                start.wait(10)
                try:
                    ensure_schema(con, schema)
                except BaseException as exc:
                    errors.append(exc)

            threads = [threading.Thread(target=create, args=(con,)) for con in connections]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
        assert errors == []
        found = connections[0].execute(
            "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'race\\_%'").fetchone()
        assert found is not None and found[0] == rounds
    finally:
        for con in connections:
            for n in range(rounds):
                con.execute(f"DROP SCHEMA IF EXISTS race_{n} CASCADE")
            con.close()
