"""How DuckDB's time to read or update N memories by id grows with the store (issue #45).

    python lab/cognimem-lab/scripts/id_forms.py --sizes 100000 1000000 --dir /tmp/id-forms

Builds a memories table of the record store's current schema with SIZE synthetic rows (ids
shaped like the engine's, ~300 characters of content) in a DuckDB file per size (kept in
``--dir``: built once), reopens it, and times each form of "these ids" for 10-300 random
ids: the median of ``--repeat`` runs, each a fresh set of ids, in milliseconds of wall time
and of the process's CPU time, all DuckDB threads included (one JSON line per size, form
and count). The forms:

* ``in_unnest``: ``id IN (SELECT unnest(?))`` (answered from the primary-key index up to a
  point, then by a hash join over the whole table);
* ``list_contains``: ``list_contains(?, id)`` (a filter over the whole id column);
* ``in_list``: ``id IN (?, ?, ...)`` (one parameter per id);
* ``update_join``: the access counters' UPDATE joined with the ids' bumps (the store's
  form before #45); ``update_in``: the same UPDATE restricted by ``id IN (SELECT unnest(?))``
  too; ``update_each``: one UPDATE per id (``WHERE id = ?``) in one transaction;
* ``insert_log``: appending N access rows to the access table (a cost that should not grow).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

from cognimem_plugins import sql_rows as rows
from cognimem_plugins.duckdb_store.schema import CURRENT_DDL

COUNTS = (10, 30, 50, 100, 150, 300)

_FILL = """INSERT INTO memories SELECT
  'm' || substr(md5(i::VARCHAR), 1, 15), repeat(md5(i::VARCHAR) || ' ', 9), 'note', 'semantic',
  'hot', NULL, ['t' || (i % 50)], 'p' || (i % 20), NULL, NULL, NULL, NULL, NULL, NULL, [],
  NULL, NULL, 0.5, 1.0, false, NULL, NULL, '{}', now(), now(), NULL, 0, md5(i::VARCHAR || 'h'),
  'standin', 384, false, 1 FROM range(?) t(i)"""


def build(path: Path, size: int) -> None:
    """A store file of ``size`` synthetic memories (nothing else in its tables)."""
    con = duckdb.connect(str(path))
    for statement in CURRENT_DDL:
        con.execute(statement)
    con.execute(_FILL, [size])
    con.execute("CHECKPOINT")
    con.close()


def _time(con: Any, work: Any) -> tuple[float, float]:
    started, cpu = time.perf_counter(), time.process_time()
    work()
    return (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000


def forms(con: Any, ids: list[str]) -> dict[str, Any]:
    """Each form's work for ``ids``: a function of no arguments."""
    select = f"SELECT {rows.MEMORY_SELECT} FROM memories WHERE "
    now = datetime.now(UTC)
    counts, ats = [1] * len(ids), [now] * len(ids)
    marks = ", ".join("?" * len(ids))

    def in_unnest() -> None:
        con.execute(select + "id IN (SELECT unnest(?::VARCHAR[]))", [ids]).fetchall()

    def contains() -> None:
        con.execute(select + "list_contains(?::VARCHAR[], id)", [ids]).fetchall()

    def in_list() -> None:
        con.execute(select + f"id IN ({marks})", ids).fetchall()

    def _in_tx(statement: str, params: list[Any]) -> None:
        con.execute("BEGIN")
        con.execute(statement, params)
        con.execute("COMMIT")

    bump = ("UPDATE memories SET access_count = access_count + bump.n, last_accessed_at = "
            "greatest(coalesce(last_accessed_at, bump.at), bump.at) FROM (SELECT "
            "unnest(?::VARCHAR[]) AS id, unnest(?::INTEGER[]) AS n, "
            "unnest(?::TIMESTAMPTZ[]) AS at) AS bump WHERE memories.id = bump.id")

    def update_join() -> None:
        _in_tx(bump, [ids, counts, ats])

    def update_in() -> None:
        _in_tx(bump + " AND memories.id IN (SELECT unnest(?::VARCHAR[]))",
               [ids, counts, ats, ids])

    def update_each() -> None:
        con.execute("BEGIN")
        for i in ids:
            con.execute("UPDATE memories SET access_count = access_count + 1, last_accessed_at"
                        " = greatest(coalesce(last_accessed_at, ?), ?) WHERE id = ?",
                        [now, now, i])
        con.execute("COMMIT")

    def insert_log() -> None:
        _in_tx("INSERT INTO accesses SELECT unnest(?::VARCHAR[]), ?, NULL, NULL", [ids, now])

    return {"in_unnest": in_unnest, "list_contains": contains, "in_list": in_list,
            "update_join": update_join, "update_in": update_in, "update_each": update_each,
            "insert_log": insert_log}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--counts", type=int, nargs="+", default=list(COUNTS))
    parser.add_argument("--forms", nargs="+", default=None, help="only these forms")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--threads", type=int, default=None, help="DuckDB threads")
    parser.add_argument("--dir", type=Path, required=True)
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(45)
    for size in args.sizes:
        path = args.dir / f"memories-{size}.duckdb"
        if not path.exists():
            started = time.perf_counter()
            build(path, size)
            print(json.dumps({"size": size, "built_s": round(time.perf_counter() - started, 1)}),
                  flush=True)
        con = duckdb.connect(str(path))
        if args.threads:
            con.execute(f"SET threads = {args.threads}")
        every = [r[0] for r in con.execute("SELECT id FROM memories").fetchall()]
        for count in args.counts:
            names = args.forms or list(forms(con, []))
            times: dict[str, list[tuple[float, float]]] = {n: [] for n in names}
            for run in range(args.repeat + 1):
                work = forms(con, rng.sample(every, count))
                for name in names:
                    ms = _time(con, work[name])
                    if run:  # the first run warms DuckDB's buffers
                        times[name].append(ms)
            for name in names:
                print(json.dumps({
                    "size": size, "ids": count, "form": name,
                    "p50_ms": round(statistics.median(t[0] for t in times[name]), 2),
                    "cpu_p50_ms": round(statistics.median(t[1] for t in times[name]), 2)}),
                    flush=True)
        con.close()


if __name__ == "__main__":
    main()
