"""CPU of reading N memories by id from a kept store, in each form a store could read them (#45).

    cp -a runs/hnsw-1000000 /tmp/copy                       # --store-packed writes to it
    python lab/cognimem-lab/scripts/row_forms.py /tmp/copy/records.duckdb
    python lab/cognimem-lab/scripts/row_forms.py /tmp/copy/records.duckdb --store-packed

Opens the store's DuckDB file (read only unless ``--store-packed``), samples ids, then
times each form in turn on fresh random ids (``--count`` a read, ``--rounds`` reads a form,
the forms alternating), and prints a Markdown table of CPU milliseconds (median, p95) of the
whole process, DuckDB's threads included, the first five reads of each form left out:

* ``columns``: the 34 values of ``MEMORY_SELECT``, decoded (the store's read before #45);
* ``packed at read``: the id and one ``json_array`` of the rest, unpacked (the store's read);
* ``stored column``: a JSON copy of each row kept in a column ``packed`` beside the access
  columns (only when the file has that column: ``--store-packed`` adds and fills it first,
  printing what that costs, then reopens read only);
* ``id only``: the ids alone (the primary-key index's lookups, the floor of any form).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import duckdb

from cognimem_plugins import sql_rows as rows
from cognimem_plugins.duckdb_store import packed

_WHERE = "FROM memories WHERE list_contains(?::VARCHAR[], id)"
_TIMES = ("valid_from", "valid_until", "created_at", "updated_at")
#: the stored copy: every column but the id and the access columns the tally updates
_STORED = "json_array({})".format(", ".join(
    f"epoch_us({c})" if c in _TIMES else c for c in rows.MEMORY_COLUMNS[1:]
    if c not in ("last_accessed_at", "access_count")))


def store_packed(path: str) -> None:
    """Add the column ``packed`` and fill it (timed)."""
    con = duckdb.connect(path)
    con.execute("SET TimeZone = 'UTC'")
    for sql in ("ALTER TABLE memories ADD COLUMN packed VARCHAR",
                f"UPDATE memories SET packed = {_STORED}::VARCHAR", "CHECKPOINT"):
        wall, cpu = time.perf_counter(), time.process_time()
        con.execute(sql)
        print(f"{sql[:44]}: {time.perf_counter() - wall:.2f} s wall, "
              f"{time.process_time() - cpu:.2f} s CPU")
    con.close()


def forms(con: Any, stored: bool) -> dict[str, Callable[[list[str]], object]]:
    out: dict[str, Callable[[list[str]], object]] = {
        "columns": lambda ids: con.execute(f"SELECT {rows.MEMORY_SELECT} {_WHERE}",
                                           [ids]).fetchall(),
        "packed at read": lambda ids: [packed.unpack(r) for r in con.execute(
            f"SELECT {packed.PACKED_SELECT} {_WHERE}", [ids]).fetchall()],
        "id only": lambda ids: con.execute(f"SELECT id {_WHERE}", [ids]).fetchall(),
    }
    if stored:
        out["stored column"] = lambda ids: [json.loads(r[1]) for r in con.execute(
            f"SELECT id, packed, last_accessed_at::TIMESTAMP, access_count {_WHERE}",
            [ids]).fetchall()]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="a store's records.duckdb")
    parser.add_argument("--count", type=int, default=24, help="ids a read")
    parser.add_argument("--rounds", type=int, default=120, help="reads a form")
    parser.add_argument("--store-packed", action="store_true")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    if args.store_packed:
        store_packed(args.file)
    con = duckdb.connect(args.file, read_only=True, config={"memory_limit": "1GB"})
    con.execute("SET TimeZone = 'UTC'")
    columns = {r[0] for r in con.execute("DESCRIBE memories").fetchall()}
    todo = forms(con, "packed" in columns)
    wanted = args.count * args.rounds * len(todo)
    ids = [r[0] for r in con.execute(f"SELECT id FROM memories USING SAMPLE {wanted} ROWS")
           .fetchall()]
    random.Random(args.seed).shuffle(ids)
    spent: dict[str, list[float]] = {name: [] for name in todo}
    for _ in range(args.rounds):
        for name, read in todo.items():
            batch, ids = ids[: args.count], ids[args.count :]
            cpu = time.process_time()
            read(batch)
            spent[name].append((time.process_time() - cpu) * 1000)
    print(f"| {args.count} ids, {args.rounds} reads a form | CPU ms p50 | p95 |\n|---|---|---|")
    for name, ms in spent.items():
        ms = ms[5:]
        print(f"| {name} | {statistics.median(ms):.2f} | "
              f"{statistics.quantiles(ms, n=20)[-1]:.2f} |")


if __name__ == "__main__":
    main()
