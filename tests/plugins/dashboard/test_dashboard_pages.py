"""What each page shows and does, through the memory API: search with its trail and
filters, a memory's facts and changes, conflicts, consolidation, agents, health, eval; on
the in-memory stores and on the PostgreSQL stack (records, full-text search, pgvector)."""

from __future__ import annotations

import csv
from datetime import UTC, datetime
from pathlib import Path

import pytest
from dash_fixtures import TOKEN, Filled, eval_units
from starlette.testclient import TestClient

from cognimem.engine import Engine
from cognimem_plugins.dashboard.security import Keys

CSRF = {"csrf": Keys(TOKEN).csrf}
pytestmark = pytest.mark.parametrize("backend", ["memory", "postgres"], indirect=True)


def test_search_draws_each_hits_trail_and_confidence(client: TestClient, filled: Filled) -> None:
    page = client.get("/search?q=orders+pagination").text
    assert page.index(filled.pair[0]) < page.index(filled.plain)  # vectors return the rest
    assert page.count('class="stage-retrieve"') >= 2 and 'class="stage-fuse"' in page
    assert "bm25" in page and "rrf" in page and "confidence <meter" in page


def test_search_filters_and_record_no_access(client: TestClient, engine: Engine,
                                             filled: Filled) -> None:
    assert filled.pair[0] not in client.get("/search?q=orders&project=ops").text
    assert filled.plain not in client.get("/search?q=orders&project=shop").text
    assert filled.plain in client.get("/search?q=database&project=ops").text
    listed = client.get("/search?project=ops").text  # no query: recent changes, filtered
    assert filled.plain in listed and filled.pair[0] not in listed
    assert filled.pair[0] not in client.get("/search?q=orders&tag=nope").text
    assert filled.plain not in client.get("/search?q=orders&tag=api").text
    assert filled.pair[0] in client.get("/search?q=orders&tag=api").text
    assert engine.get(filled.plain).access_count == 0  # looking is not recalling
    engine.archive(filled.plain)
    assert filled.plain not in client.get("/search?q=database").text
    assert filled.plain in client.get("/search?q=database&archived=1").text


def test_search_by_time_and_validity(client: TestClient, engine: Engine, filled: Filled) -> None:
    old = engine.add("The nightly build ran on jenkins",
                     valid_from=datetime(2024, 1, 1, tzinfo=UTC),
                     valid_until=datetime(2024, 6, 1, tzinfo=UTC)).memory
    assert old.id in client.get("/search?q=nightly+jenkins&as_of=2024-03-01").text
    assert old.id not in client.get("/search?q=nightly+jenkins&as_of=2024-09-01").text
    assert old.id not in client.get("/search?q=nightly+jenkins&since=2026-01-01").text
    assert old.id in client.get("/search?q=nightly+jenkins&since=2024-06-01").text


def test_a_bad_filter_is_one_line_naming_it(client: TestClient) -> None:
    response = client.get("/search?q=x&since=yesterday")
    assert response.status_code == 400 and "since: give a date" in response.text


def test_search_pages(client: TestClient, engine: Engine) -> None:
    engine.add_many([f"paging note number {i}" for i in range(25)], tags=["paged"])
    first = client.get("/search?q=paging+note&tag=paged").text
    assert 'class="next"' in first and "tag=paged&amp;page=2" in first
    second = client.get("/search?q=paging+note&tag=paged&page=2").text
    assert second.count('class="hit"') == 5 and 'class="next"' not in second
    newest = client.get("/search").text  # no query: the newest memories, paged
    assert newest.count('<div class="card') == 20 and 'class="next"' in newest


def test_the_memory_page_shows_its_facts(client: TestClient, engine: Engine,
                                         filled: Filled) -> None:
    engine.relate(filled.plain, filled.pair[0], "mentions")
    newer = engine.supersede(filled.plain, "The staging database runs on db-3").memory
    page = client.get(f"/memory/{filled.plain}").text
    assert "project ops" in page and "episodic · stm" in page
    assert f'href="/memory/{newer.id}"' in page  # the version chain and "superseded by"
    assert "mentions" in page and filled.pair[0] in page  # the edge
    assert ">add<" in page  # its events
    assert filled.conflict in page  # its open conflict


def test_the_memory_page_shows_where_the_intake_found_it(client: TestClient,
                                                         engine: Engine) -> None:
    note = engine.add("run pnpm install first", source={"file": "notes/web.md", "line": 12},
                      meta={"vault": {"file": "notes/web.md", "headings": ["Web", "Setup"],
                                      "lines": [12, 18]}}).memory
    said = engine.add("we deploy on fridays", source={"session": "s-7"},
                      meta={"capture": {"session": "s-7", "turn": 4, "role": "user"}}).memory
    page = client.get(f"/memory/{note.id}").text
    assert "notes/web.md:12 (lines 12-18)" in page and ">Web &gt; Setup<" in page
    assert ">s-7 · 4 (user)<" in client.get(f"/memory/{said.id}").text


def test_redactions_are_counted_never_shown(client: TestClient, engine: Engine) -> None:
    secret = "AKIA" + "Q7RZ2M4TAW3XKL9B"  # not AWS's documented example (kept as public)
    written = engine.add(f"deploy with key {secret} on friday").memory
    page = client.get(f"/memory/{written.id}").text
    assert secret not in page and "[REDACTED:" in page
    redactions = page.split('id="redactions">')[1].split("</td>")[0]
    assert redactions.strip() and redactions.strip() != "none"


def test_edit_archive_restore_relate_forget(client: TestClient, engine: Engine,
                                            filled: Filled) -> None:
    mid = filled.plain
    edited = client.post(f"/memory/{mid}/edit", data={**CSRF, "content": "db-2 moved to db-4",
                                                      "title": "staging", "tags": "ops, db"})
    assert edited.status_code == 303
    memory = engine.get(mid)
    assert memory.content == "db-2 moved to db-4" and memory.tags == ["ops", "db"]
    assert memory.version == 2
    client.post(f"/memory/{mid}/archive", data=CSRF)
    assert engine.get(mid).archived
    client.post(f"/memory/{mid}/restore", data=CSRF)
    assert not engine.get(mid).archived
    client.post(f"/memory/{mid}/relate", data={**CSRF, "target": filled.pair[0]})
    assert [e.target for e in engine.edges(mid)] == [filled.pair[0]]
    missing = client.post(f"/memory/{mid}/relate", data={**CSRF, "target": "m-missing"})
    assert missing.status_code == 404 and len(engine.edges(mid)) == 1
    client.post(f"/memory/{mid}/forget", data=CSRF)
    assert mid not in engine.get_many([mid])
    assert [e.agent for e in engine.events()][-1] == "dashboard"


def test_resolving_a_conflict_in_one_click(client: TestClient, engine: Engine,
                                           filled: Filled) -> None:
    page = client.get("/conflicts").text
    assert filled.conflict in page and filled.plain in page and filled.hostile in page
    client.post(f"/conflicts/{filled.conflict}/resolve", data={**CSRF, "resolution": "keep_a"})
    assert not engine.conflicts(status="open")
    assert engine.get(filled.hostile).superseded_by == filled.plain
    assert 'id="no-conflicts"' in client.get("/conflicts").text
    again = client.post(f"/conflicts/{filled.conflict}/resolve",
                        data={**CSRF, "resolution": "keep_b"})
    assert again.status_code == 400 and "already resolved" in again.text


def test_dream_preview_apply_and_restore(client: TestClient, engine: Engine,
                                         filled: Filled) -> None:
    preview = client.get("/consolidation?preview=1&force=1").text
    assert "would merge" in preview and "/consolidation/apply" in preview
    assert not engine.graveyard()  # a preview changes nothing
    applied = client.post("/consolidation/apply", data={**CSRF, "force": "1"})
    assert applied.status_code == 200 and "Applied" in applied.text
    [grave] = engine.graveyard()
    assert grave.memory.id in filled.pair and grave.memory.id in applied.text
    client.post(f"/memory/{grave.memory.id}/restore", data={**CSRF, "next": "/consolidation"})
    assert not engine.graveyard()


def test_dream_undo_as_one_step(client: TestClient, engine: Engine, filled: Filled) -> None:
    assert "no dream run to undo" in client.get("/consolidation").text
    report = engine.dream(force=True)
    page = client.get("/consolidation").text
    assert f"Undo run {report.run}" in page and 'name="run"' in page
    stale = client.post("/consolidation/undo", data={**CSRF, "run": "dream-1"})
    assert stale.status_code == 400 and "not the one shown" in stale.text
    assert len(engine.graveyard()) == 1  # refused: nothing changed
    undone = client.post("/consolidation/undo", data={**CSRF, "run": report.run})
    assert undone.status_code == 200 and f"Undone: {report.run}" in undone.text
    assert not engine.graveyard() and not engine.get(filled.pair[0]).provenance
    assert "no dream run to undo" in undone.text


def test_dream_undo_shows_why_not(client: TestClient, engine: Engine, filled: Filled) -> None:
    report = engine.dream(force=True)
    [grave] = engine.graveyard()
    engine.restore(grave.memory.id)  # a later write touched a memory of the run
    page = client.get("/consolidation").text
    assert f"memory {grave.memory.id} was changed since" in page
    assert "/consolidation/undo" not in page
    refused = client.post("/consolidation/undo", data={**CSRF, "run": report.run})
    assert refused.status_code == 400 and "cannot undo dream run" in refused.text


def test_agents_and_health(client: TestClient, engine: Engine, filled: Filled) -> None:
    engine.acknowledge("claude", 3)
    agents = client.get("/agents").text
    assert "claude" in agents and "shop" in agents and "ops" in agents
    engine.add("notes from a session", source={"session": "s-42", "file": "/v/a.md"})
    agents = client.get("/agents").text
    assert "session s-42" in agents and 'id="receipts"' in agents
    health = client.get("/health?check=1").text
    assert 'id="check" class="ok"' in health
    events = health.split('id="events"')[1]
    assert f'href="/memory/{filled.plain}"' in events and "<td>add</td>" in events
    assert "store is open in this process" in health


def _perquery(folder: Path) -> dict[tuple[str, str], float]:
    with (folder / "perquery.csv").open() as rows:
        return {(r["name"], r["qid"]): float(r["R@1"]) for r in csv.DictReader(rows)}


def test_eval_diff_lists_exactly_the_questions_that_differ(client: TestClient,
                                                           eval_dir: Path) -> None:
    scores = _perquery(eval_dir)
    differ = {q for (n, q), v in scores.items() if n == "bm25" and v != scores[("vectors", q)]}
    assert differ  # the fixture's two systems disagree somewhere
    page = client.get("/eval?a=0:bm25&b=0:vectors&metric=R@1").text
    rows = page.split('id="diff"')[1].split("</table>")[0]
    shown = {q for (_, q) in scores if f"<td>{q}</td>" in rows}
    assert shown == differ
    assert "Headline" in page and "Significance" in page and "Per category" in page
    assert "<li>u1#3</li>" in rows  # a ranking, side by side


def _ranks(folder: Path, system: str) -> dict[str, list[str]]:
    with (folder / f"{system}.trec").open() as lines:
        rows = sorted((q, int(r), d) for q, _z, d, r, *_rest in map(str.split, lines))
    out: dict[str, list[str]] = {}
    for qid, _rank, docid in rows:
        out.setdefault(qid, []).append(docid)
    return out


def test_eval_diff_shows_the_gold_evidence_between_the_rankings(client: TestClient,
                                                                eval_dir: Path) -> None:
    scores, units = _perquery(eval_dir), {q.id: q for q in eval_units()[0].queries}
    texts = {d.id: d.content for d in eval_units()[0].documents}
    ranks = {s: _ranks(eval_dir, s) for s in ("bm25", "vectors")}
    found = [(q, win, lose) for q in units for win, lose in (("bm25", "vectors"),
                                                                ("vectors", "bm25"))
             if scores[(win, q)] == 1.0 and scores[(lose, q)] == 0.0]
    assert found  # a question one system got at rank 1 and the other did not
    qid, win, lose = found[0]
    [gold] = units[qid].relevant
    page = client.get(f"/eval?a=0:{win}&b=0:{lose}&metric=R@1").text
    row = next(r for r in page.split('id="diff"')[1].split("<tr")
               if f"<td>{qid}</td>" in r)
    cells = row.split("<td")[1:]  # question, category, A, B, A's ranking, gold, B's ranking
    a, evidence, b = cells[4], cells[5], cells[6]
    assert a.startswith(f'><ol><li class="gold">{gold}</li>')  # A found it first
    lost = ranks[lose].get(qid, [])  # nothing retrieved: no line in the run file
    rank_b = lost.index(gold) + 1 if gold in lost else None
    assert f"A #1 · B {'#' + str(rank_b) if rank_b else 'lost'}" in evidence
    assert texts[gold] in evidence and units[qid].text in cells[1]  # the evidence, the question
    assert (f'<li class="gold">{gold}</li>' in b) == (rank_b is not None and rank_b <= 10)
    assert evidence.startswith(' class="evidence"')  # side by side: A, the gold, B


def test_eval_refuses_what_it_was_not_given(client: TestClient) -> None:
    assert client.get("/eval?a=5:bm25&b=0:vectors").status_code == 400
    assert client.get("/eval?a=0:nobody&b=0:vectors").status_code == 404
