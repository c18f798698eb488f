"""The vault source end to end: sections with provenance and frontmatter, unchanged notes not
read, changed sections alone rewritten, deleted notes archived (restorable), renamed notes
moved, ignore files, bad files reported and skipped; from the engine, the CLI (through the
daemon) and over MCP."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.cli.app import main
from cognimem.engine import Engine
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile

DEPLOYS = """---
title: Deploys
tags: [ops, deploy]
kind: procedure
project: shop
owner: alice
---
# Deploys
We deploy with scripts/deploy.sh every Friday after the backup.

## Rollback
Run scripts/rollback.sh, then tell the on-call; see [[Database]].

```bash
# a comment, not a heading
make deploy
```
"""


def vault(root: Path) -> Path:
    (root / "sub").mkdir(parents=True)
    (root / "deploys.md").write_text(DEPLOYS, encoding="utf-8")
    (root / "sub" / "database.md").write_text("# Database\nPostgres 16 is the primary.\n",
                                              encoding="utf-8")
    (root / ".gitignore").write_text("private/\n", encoding="utf-8")
    (root / "private").mkdir()
    (root / "private" / "diary.md").write_text("# Diary\nnot for memory\n", encoding="utf-8")
    (root / ".cognimemignore").write_text("drafts.md\n", encoding="utf-8")
    (root / "drafts.md").write_text("# Draft\nhalf an idea\n", encoding="utf-8")
    (root / "image.md").write_bytes(b"\x89PNG\x00\x00binary")
    (root / "broken.md").write_text("---\ntitle: [unclosed\n---\n# Broken\ntext\n",
                                    encoding="utf-8")
    return root


def by_file(engine: Engine) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for m in engine.list_memories(limit=1000, include_archived=True):
        out.setdefault(m.source.file or "", []).append(m)
    return out


def test_first_index_maps_sections_frontmatter_and_provenance(engine: Engine,
                                                              tmp_path: Path) -> None:
    root = vault(tmp_path / "notes")
    report = engine.ingest("vault", str(root))
    assert report.added == 5 and report.groups == 4  # deploys 2, database 1, broken 2, image 0
    assert any("image.md: a binary file" in p for p in report.problems)
    assert any(p.startswith("broken.md:1: frontmatter is not valid YAML") for p in report.problems)
    notes = by_file(engine)
    assert set(notes) == {"deploys.md", "sub/database.md", "broken.md"}
    top, rollback = sorted(notes["deploys.md"], key=lambda m: m.source.line)
    assert top.title == "Deploys" and rollback.title == "Deploys > Deploys > Rollback"
    assert top.kind == "procedure" and top.tags == ["ops", "deploy"]
    assert top.scope.project == "shop" and top.meta["frontmatter"] == {"owner": "alice"}
    assert rollback.meta["vault"]["headings"] == ["Deploys", "Rollback"]
    assert "make deploy" in rollback.content  # the fence stayed whole, its comment inside
    first, last = rollback.meta["vault"]["lines"]
    assert DEPLOYS.splitlines()[first - 1] == "## Rollback" and last >= first + 5
    database = notes["sub/database.md"][0]
    links = [e for e in engine.edges(rollback.id) if e.type == "wikilink"]
    assert [e.target for e in links] == [database.id]


def test_reindex_reads_only_what_changed(engine: Engine, tmp_path: Path) -> None:
    root = vault(tmp_path / "notes")
    engine.ingest("vault", str(root))
    events = engine.store.last_event()
    assert events is not None
    again = engine.ingest("vault", str(root))
    assert again.unchanged == again.groups and again.added == again.updated == 0
    assert engine.store.last_event() == events  # nothing written
    text = DEPLOYS.replace("then tell the on-call", "then page the on-call")
    (root / "deploys.md").write_text(text, encoding="utf-8")
    changed = engine.ingest("vault", str(root))
    assert (changed.updated, changed.kept, changed.added) == (1, 1, 0)
    os.utime(root / "sub" / "database.md")  # touched, same bytes
    touched = engine.ingest("vault", str(root))
    assert touched.updated == touched.added == 0


def test_deleted_notes_leave_search_and_come_back(engine: Engine, tmp_path: Path) -> None:
    root = vault(tmp_path / "notes")
    engine.ingest("vault", str(root))
    content = (root / "sub" / "database.md").read_text(encoding="utf-8")
    (root / "sub" / "database.md").unlink()
    gone = engine.ingest("vault", str(root))
    assert gone.archived == 1
    assert not [h for h in engine.search("Postgres primary").hits
                if h.memory.source.file == "sub/database.md"]
    assert [g.memory.source.file for g in engine.graveyard()] == ["sub/database.md"]
    (root / "sub" / "database.md").write_text(content, encoding="utf-8")
    back = engine.ingest("vault", str(root))
    assert back.added == 1  # a new note again; the archived one stays restorable


def test_a_renamed_note_keeps_its_memories(engine: Engine, tmp_path: Path) -> None:
    root = vault(tmp_path / "notes")
    engine.ingest("vault", str(root))
    before = {m.id for m in by_file(engine)["sub/database.md"]}
    (root / "sub" / "database.md").rename(root / "db.md")
    report = engine.ingest("vault", str(root))
    assert report.moved == 1 and report.added == 0 and report.archived == 0
    assert {m.id for m in by_file(engine)["db.md"]} == before


def test_bad_targets_are_refused(engine: Engine, tmp_path: Path) -> None:
    from cognimem.errors import InvalidInput, ProfileError

    with pytest.raises(InvalidInput, match="not a folder"):
        engine.ingest("vault", str(tmp_path / "missing"))
    with pytest.raises(InvalidInput, match="absolute"):
        engine.ingest("vault", "notes")
    with pytest.raises(ProfileError, match="choose one of: transcript, vault"):
        engine.ingest("wiki", str(tmp_path))


def test_cli_through_the_daemon_and_context(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    root = vault(tmp_path / "notes")
    profile = tmp_path / "p.toml"
    profile.write_text('[records]\nuse = "duckdb"\n', encoding="utf-8")
    args = ["--profile", "test", "--profile", str(profile), "--store", str(tmp_path / "s")]
    try:
        assert main(["vault", "index", str(root), *args, "--json"]) == 0
        first = json.loads(capsys.readouterr().out)
        assert first["added"] == 5
        assert main(["vault", "index", str(root), *args, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["unchanged"] == 4
        assert main(["context", "--project", "shop", *args, "--json"]) == 0
        context = json.loads(capsys.readouterr().out)
        assert context["text"].startswith("# What to know in shop")
        assert all(f"[{i}]" in context["text"] for i in context["ids"])
    finally:
        main(["daemon", "stop", *args])


def test_mcp_ingest_and_startup_context(tmp_path: Path) -> None:
    root = vault(tmp_path / "notes")
    srv = build_server(load_profile("test", overrides={"mcp": {
        "tools": "full", "read_roots": [str(tmp_path)]}}))

    async def body() -> tuple[dict[str, Any], dict[str, Any], str]:
        async with Client(srv) as client:
            done = await client.call_tool("ingest", {"target": str(root)})
            ctx = await client.call_tool("startup_context", {"budget": 60})
            relative = await client.call_tool("ingest", {"target": "notes"})
            assert not done.is_error and not ctx.is_error and relative.is_error
            return (done.structured_content or {}, ctx.structured_content or {},
                    relative.content[0].text)  # type: ignore[union-attr]

    done, ctx, refused = anyio.run(body)
    assert done["added"] == 5 and "relative" in refused
    assert ctx["tokens"] <= 60 and ctx["left_out"] > 0


def test_watch_indexes_an_edited_note_and_stops(tmp_path: Path) -> None:
    """``vault index --watch`` in its own process: the first index, then an edit seen and
    indexed; Ctrl-C (SIGINT) stops it cleanly (``--watch-for`` bounds it if not), even when
    the process starts with SIGINT blocked (a parent's signal mask survives ``exec``: the
    full suite's pytest process had it blocked)."""
    import queue
    import re
    import signal
    import subprocess
    import sys
    import threading
    import time

    root = vault(tmp_path / "notes")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cognimem", "vault", "index", str(root), "--watch",
         "--watch-for", "120", "--profile", "test"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "OPENBLAS_NUM_THREADS": "1", "COLUMNS": "1000",
             "PYTHONFAULTHANDLER": "1"},
        preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}))
    lines: queue.Queue[str] = queue.Queue()
    assert proc.stdout is not None
    out = proc.stdout

    def pump() -> None:
        for line in out:
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    report = re.compile(r"(\d+) files, (\d+) unchanged, (\d+) added, (\d+) updated")

    def next_report() -> tuple[int, ...]:
        deadline = time.monotonic() + 110
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                continue
            found = report.search(line)
            if found:
                return tuple(int(n) for n in found.groups())
        raise AssertionError("no report from the watcher")

    try:
        files, _unchanged, added, _updated = next_report()
        assert files >= 2 and added >= 2
        time.sleep(1.0)  # the watcher is running once the first index is printed
        note = root / "sub" / "database.md"
        note.write_text(note.read_text(encoding="utf-8") + "\n## Added\n\nA new section.\n",
                        encoding="utf-8")
        seen = next_report()  # one run per save (tests/plugins/intake/test_watch.py)
        assert (seen[2], seen[3]) == (1, 0)  # the new section added, the first one kept
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(timeout=60)
        except subprocess.TimeoutExpired:  # say where it hangs: faulthandler dumps on SIGABRT
            proc.send_signal(signal.SIGABRT)
            proc.wait(timeout=30)
            stacks = proc.stderr.read() if proc.stderr else ""
            raise AssertionError(f"still running 60 s after SIGINT:\n{stacks[-6000:]}") from None
        assert code == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
