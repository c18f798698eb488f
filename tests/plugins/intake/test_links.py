"""Wikilinks resolve by path, file name, title and frontmatter aliases (case-insensitive),
with labels and headings; unresolved ones are counted and listed in the run's summary and
linked once their note appears; a dry run reports the same links as the real run."""

from __future__ import annotations

from pathlib import Path

import pytest

from cognimem.cli.app import main
from cognimem.engine import Engine

ALICE = "---\ntitle: Alice\naliases: [AS, Ali]\n---\n# Alice Smith\nOwns the payments API.\n"
SHOP = "---\ntitle: Shop Project\n---\n# Shop\n## Goals\nShip the cart by May.\n"
INDEX = """# Index
## By file name
[[Alice Smith]] owns it.
## By title
Ask [[alice]].
## By alias, with a label
[[as|the owner]] decides.
## By path and heading
See [[projects/shop#Goals]].
## By title, other case
[[SHOP PROJECT]] is the big one.
## Not there yet
[[Missing Note]] and [[Later]].
"""


def vault(root: Path) -> Path:
    (root / "people").mkdir(parents=True)
    (root / "projects").mkdir()
    (root / "people" / "Alice Smith.md").write_text(ALICE, encoding="utf-8")
    (root / "projects" / "shop.md").write_text(SHOP, encoding="utf-8")
    (root / "index.md").write_text(INDEX, encoding="utf-8")
    return root


def link_lines(problems: list[str]) -> list[str]:
    return [p for p in problems if p.startswith(("links:", "unresolved link"))]


def targets(engine: Engine) -> dict[str, str]:
    """Section heading of index.md -> file of the note it links to."""
    memories = engine.list_memories(limit=100)
    file_of = {m.id: m.source.file for m in memories}
    out: dict[str, str] = {}
    for m in memories:
        if m.source.file == "index.md" and m.meta["vault"]["headings"][1:]:
            for edge in engine.edges(m.id):
                if edge.type == "wikilink" and edge.source == m.id:
                    out[m.meta["vault"]["headings"][-1]] = str(file_of[edge.target])
    return out


def test_links_resolve_by_name_title_alias_and_path(engine: Engine, tmp_path: Path) -> None:
    root = vault(tmp_path / "v")
    dry = engine.ingest("vault", str(root), dry_run=True)
    real = engine.ingest("vault", str(root))
    expected = ["links: 5 resolved, 2 unresolved",
                "unresolved link [[Missing Note]] in index.md:12",
                "unresolved link [[Later]] in index.md:12"]
    assert link_lines(dry.problems) == link_lines(real.problems) == expected
    assert real.links == 5
    assert targets(engine) == {
        "By file name": "people/Alice Smith.md", "By title": "people/Alice Smith.md",
        "By alias, with a label": "people/Alice Smith.md",
        "By path and heading": "projects/shop.md", "By title, other case": "projects/shop.md"}


def test_an_unresolved_link_resolves_when_its_note_appears(engine: Engine,
                                                           tmp_path: Path) -> None:
    root = vault(tmp_path / "v")
    engine.ingest("vault", str(root))
    unchanged = engine.ingest("vault", str(root))
    assert unchanged.unchanged == 3 and link_lines(unchanged.problems) == []
    (root / "later.md").write_text("# Later\nWritten after the index.\n", encoding="utf-8")
    dry = engine.ingest("vault", str(root), dry_run=True)
    run = engine.ingest("vault", str(root))
    assert link_lines(dry.problems) == link_lines(run.problems) == [
        "links: 6 resolved, 1 unresolved", "unresolved link [[Missing Note]] in index.md:12"]
    assert targets(engine)["Not there yet"] == "later.md"
    # titles and aliases of notes not read in a run still resolve (read from the store)
    (root / "index.md").write_text(INDEX + "\nAgain [[Ali]].\n", encoding="utf-8")
    edited = engine.ingest("vault", str(root))
    assert link_lines(edited.problems)[0] == "links: 7 resolved, 1 unresolved"


def test_cli_dry_run_reports_the_links_of_the_real_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = vault(tmp_path / "v")
    store = ["--profile", "test"]  # a fresh in-memory store each call
    assert main(["vault", "index", str(root), "--dry-run", *store]) == 0
    dry = capsys.readouterr().out
    assert main(["vault", "index", str(root), *store]) == 0
    real = capsys.readouterr().out
    assert "links: 5 resolved, 2 unresolved" in dry and "(dry run)" in dry
    listed = [ln for ln in real.splitlines() if ln.startswith(("  links:", "  unresolved"))]
    assert len(listed) == 3
    assert [ln for ln in dry.splitlines() if ln.startswith(("  links:", "  unresolved"))] == listed


def test_name_precedence_and_ties() -> None:
    from cognimem_plugins.intake.links import NameIndex

    index = NameIndex()
    index.add("deep/er/Plan.md", title="Roadmap")
    index.add("Plan.md", title="Old plan", aliases=["roadmap"])
    index.add("work/roadmap.md")
    assert index.resolve("plan") == "Plan.md"  # same file name: the one nearer the root
    assert index.resolve("deep/er/plan.md") == "deep/er/Plan.md"  # a path names one note
    assert index.resolve("Roadmap") == "work/roadmap.md"  # a file name before a title
    assert index.resolve("old PLAN") == "Plan.md" and index.resolve("nothing") is None


def test_an_edited_link_replaces_the_old_edge(engine: Engine, tmp_path: Path) -> None:
    root = vault(tmp_path / "v")
    engine.ingest("vault", str(root))
    (root / "index.md").write_text(INDEX.replace("[[Alice Smith]] owns it.",
                                                 "[[shop]] owns it."), encoding="utf-8")
    engine.ingest("vault", str(root))
    assert targets(engine)["By file name"] == "projects/shop.md"
    first = engine.list_memories(limit=100)
    by_name = next(m for m in first if m.source.file == "index.md"
                   and m.meta["vault"]["headings"][-1] == "By file name")
    assert [e.type for e in engine.edges(by_name.id)
            if e.source == by_name.id].count("wikilink") == 1
