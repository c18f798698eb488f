"""``vault index --watch`` runs once per burst of edits: an editor's save made of several
writes is one run, and changes that cannot alter the index (a hidden folder's files, swap
files, other suffixes) wake nothing."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from cognimem.engine import Engine
from cognimem_plugins.intake.watching import relevant, watch_vault


def wait_for(reports: list[Any], n: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if len(reports) >= n:
            return True
        time.sleep(0.05)
    return len(reports) >= n


def test_one_run_per_burst_of_edits(engine: Engine, tmp_path: Path) -> None:
    root = tmp_path / "vault"
    (root / ".obsidian").mkdir(parents=True)
    note = root / "deploys.md"
    note.write_text("# Deploys\nEvery Friday.\n", encoding="utf-8")
    reports: list[Any] = []
    stop = threading.Event()
    thread = threading.Thread(target=watch_vault, args=(engine, str(root), reports.append, stop),
                              daemon=True)
    thread.start()
    try:
        assert wait_for(reports, 1, 30) and reports[0].added == 1
        time.sleep(1.5)  # the watcher is up
        # noise first: none of it can change the index
        (root / ".obsidian" / "workspace.json").write_text("{}", encoding="utf-8")
        (root / ".deploys.md.swp").write_text("x", encoding="utf-8")
        (root / "image.png").write_bytes(b"png")
        assert not wait_for(reports, 2, 2.0), "a run for changes that cannot matter"
        # one save as an editor makes it: truncate, write in parts, then touch
        with note.open("w", encoding="utf-8") as handle:
            handle.write("# Deploys\n")
            handle.flush()
            time.sleep(0.15)
            handle.write("Every Friday after the backup.\n")
            handle.flush()
            time.sleep(0.15)
            handle.write("\n## Rollback\nscripts/rollback.sh\n")
        time.sleep(0.1)
        note.touch()
        assert wait_for(reports, 2, 20), "no run after the edit"
        assert not wait_for(reports, 3, 3.0), "one save ran the index twice"
        assert (reports[1].updated, reports[1].added) == (1, 1)
    finally:
        stop.set()
        thread.join(timeout=30)
    assert not thread.is_alive()


def test_the_filter(tmp_path: Path) -> None:
    keep = relevant(tmp_path, (".md",))
    assert keep(None, str(tmp_path / "a" / "Note.MD"))
    assert keep(None, str(tmp_path / ".cognimemignore"))
    assert not keep(None, str(tmp_path / ".obsidian" / "x.md"))
    assert not keep(None, str(tmp_path / ".note.md.swp"))
    assert not keep(None, str(tmp_path / "picture.png"))
    assert not keep(None, "/elsewhere/note.md")
